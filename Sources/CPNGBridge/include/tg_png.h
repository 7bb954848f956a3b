#ifndef TG_PNG_H
#define TG_PNG_H
#include <stdint.h>
#include <stddef.h>
#endif
