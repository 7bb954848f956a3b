#include "tg_png.h"
