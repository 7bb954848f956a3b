/* themegen's own reading of the image data of a clean 8-bit RGB or RGBA PNG, the kind design
 * tools export: IDAT chunks, CRCs, the zlib stream (its header and Adler-32 here, the deflate
 * data by zlib's raw inflate), row filters, the chunks up to IEND. libpng
 * reads the header and every chunk before the image data; this takes over from the first IDAT.
 * It gives up at the first thing that is not clean (a CRC, a filter, a zlib error, data left
 * over, a chunk it does not know after the image data) and the reader starts again with libpng
 * from the top, so every file it cannot vouch for gets exactly libpng's answer. */
#ifndef TG_IDAT_H
#define TG_IDAT_H
#include <stddef.h>
#include <stdint.h>

typedef size_t (*tg_read_fn)(void *ctx, uint8_t *out, size_t n);

typedef struct tg_idat tg_idat;

/* Starts after the first IDAT's 8-byte header (its data length `first_length`), for `height`
 * rows of `width` pixels of `bpp` bytes (3 or 4). NULL when memory is short. */
tg_idat *tg_idat_start(uint32_t first_length, uint32_t width, uint32_t height, int bpp);
/* The next unfiltered row (width · bpp bytes, valid until the next call), or NULL: not clean. */
const uint8_t *tg_idat_row(tg_idat *d, tg_read_fn read, void *ctx);
/* After the last row: the end of the zlib stream, the last IDAT's CRC, then the chunks up to
 * IEND with their CRCs. 1 when all of it is clean, 0 when not. */
int tg_idat_finish(tg_idat *d, tg_read_fn read, void *ctx);
void tg_idat_free(tg_idat *d);

/* Adler-32 of n more bytes (RFC 1950), `adler` 1 to start. */
uint32_t tg_adler32(uint32_t adler, const uint8_t *p, size_t n);

/* Undoes one row's filter (0 to 4) into `out` (n bytes). `prev` is the row above, unfiltered
 * (zeros for the first row). `in`, `prev` and `out` may be read or written one byte past n. */
void tg_unfilter_row(int filter, uint8_t *out, const uint8_t *in, const uint8_t *prev, size_t n, size_t bpp);

/* Two Paeth-filtered rows at once: `out` from `in` under `prev`, `out2` from `in2` under `out`. */
void tg_unpaeth_two_rows(uint8_t *out, uint8_t *out2, const uint8_t *in, const uint8_t *in2, const uint8_t *prev,
                         size_t n, size_t bpp);

#endif
