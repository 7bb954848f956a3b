#include "tg_idat.h"
#include <string.h>

/* PNG's five row filters undone (PNG spec, section 9), for 3 and 4 bytes per pixel. Each pixel
 * depends on the one to its left, so the work goes a pixel at a time with the pixel's bytes side
 * by side in one vector (clang's vector extensions: SSE2 on x86-64, NEON on arm64), as libpng's
 * own SSE2 and NEON filters do; Debian's libpng is built without them. */

typedef int16_t px16 __attribute__((vector_size(8)));  /* one pixel, 16 bits a sample */
typedef uint8_t px8 __attribute__((vector_size(4)));

/* Reads 4 bytes; for 3-byte pixels the 4th belongs to the next pixel (or the row's padding) and
 * is never used: it is overwritten by the next store or lies past the row. */
static inline px16 load(const uint8_t *p) {
    px8 v;
    memcpy(&v, p, 4);
    return __builtin_convertvector(v, px16);
}

static inline void store(uint8_t *p, px16 v) {
    px8 b = __builtin_convertvector(v & 0xff, px8);
    memcpy(p, &b, 4);
}

static inline px16 absolute(px16 v) {
    px16 sign = v >> 15;
    return (v ^ sign) - sign;
}

static inline px16 choose(px16 mask, px16 yes, px16 no) { return (mask & yes) | (~mask & no); }

static void sub(uint8_t *out, const uint8_t *in, size_t n, size_t bpp) {
    px16 a = {0, 0, 0, 0};
    for (size_t i = 0; i < n; i += bpp) {
        a = (load(in + i) + a) & 0xff;
        store(out + i, a);
    }
}

static void up(uint8_t *out, const uint8_t *in, const uint8_t *prev, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(in[i] + prev[i]);
}

static void average(uint8_t *out, const uint8_t *in, const uint8_t *prev, size_t n, size_t bpp) {
    px16 a = {0, 0, 0, 0};
    for (size_t i = 0; i < n; i += bpp) {
        a = (load(in + i) + ((a + load(prev + i)) >> 1)) & 0xff;
        store(out + i, a);
    }
}

/* One pixel: the filtered bytes `x` plus whichever of left (a), up (b) and up-left (c) is
 * nearest to a + b − c, ties to a, then b. |p − a| = |b − c| does not depend on the pixel to
 * the left. */
static inline px16 paeth_pixel(px16 x, px16 a, px16 b, px16 c) {
    px16 pa = b - c, pb = a - c;
    px16 pc = absolute(pa + pb);
    pa = absolute(pa);
    pb = absolute(pb);
    px16 nearest = choose((pa <= pb) & (pa <= pc), a, choose(pb <= pc, b, c));
    return (x + nearest) & 0xff;
}

static void paeth(uint8_t *out, const uint8_t *in, const uint8_t *prev, size_t n, size_t bpp) {
    px16 a = {0, 0, 0, 0}, c = {0, 0, 0, 0};
    for (size_t i = 0; i < n; i += bpp) {
        px16 b = load(prev + i);
        a = paeth_pixel(load(in + i), a, b, c);
        store(out + i, a);
        c = b;
    }
}

void tg_unpaeth_two_rows(uint8_t *out, uint8_t *out2, const uint8_t *in, const uint8_t *in2, const uint8_t *prev,
                         size_t n, size_t bpp) {
    /* Each pixel waits for the one to its left, so one row is a chain of dependent steps; the
     * row below can run one pixel behind, its up and up-left pixels just made, and the two
     * chains overlap. */
    px16 a = {0, 0, 0, 0}, c = {0, 0, 0, 0}, a2 = {0, 0, 0, 0}, c2 = {0, 0, 0, 0};
    px16 b = load(prev);
    a = paeth_pixel(load(in), a, b, c);
    store(out, a);
    c = b;
    for (size_t i = bpp; i < n; i += bpp) {
        px16 above = a;  /* the upper row's pixel i − bpp: up for the lower row's */
        b = load(prev + i);
        a = paeth_pixel(load(in + i), a, b, c);
        store(out + i, a);
        c = b;
        a2 = paeth_pixel(load(in2 + i - bpp), a2, above, c2);
        store(out2 + i - bpp, a2);
        c2 = above;
    }
    a2 = paeth_pixel(load(in2 + n - bpp), a2, a, c2);
    store(out2 + n - bpp, a2);
}

void tg_unfilter_row(int filter, uint8_t *out, const uint8_t *in, const uint8_t *prev, size_t n, size_t bpp) {
    switch (filter) {
    case 0: memcpy(out, in, n); break;
    case 1: sub(out, in, n, bpp); break;
    case 2: up(out, in, prev, n); break;
    case 3: average(out, in, prev, n, bpp); break;
    default: paeth(out, in, prev, n, bpp); break;
    }
}
