/* The only place that talks to libpng directly. libpng reports errors with longjmp, so every
 * setjmp lives here, in C, and Swift only sees return codes and messages. */
#ifndef TG_PNG_H
#define TG_PNG_H
#include <stdint.h>
#include <stddef.h>

/* What went wrong, which decides the message and the exit code on the Swift side. */
typedef enum {
    TG_OK = 0,
    TG_ERR_IO = 1,        /* cannot open or read the file */
    TG_ERR_EMPTY = 2,     /* zero bytes */
    TG_ERR_SIGNATURE = 3, /* not a PNG signature */
    TG_ERR_TRUNCATED = 4, /* ends before the image does */
    TG_ERR_CRC = 5,       /* a chunk's CRC does not match */
    TG_ERR_HEADER = 6,    /* IHDR invalid (bit depth, colour type, size) */
    TG_ERR_LIMIT = 7,     /* more pixels than the caller allows */
    TG_ERR_CORRUPT = 8,   /* anything else libpng rejects */
    TG_ERR_WRITE = 9,     /* encoding failed */
    TG_ERR_INTERLACED = 10, /* interlaced and over the pixels themegen buffers whole */
} tg_status;

typedef struct {
    uint32_t width, height;
    int bit_depth;   /* as stored: 1, 2, 4, 8 or 16 */
    int color_type;  /* PNG colour type: 0, 2, 3, 4 or 6 */
    int interlaced;
    int has_alpha;   /* an alpha channel or a tRNS chunk */
    int row_depth;   /* 8 or 16: the depth of the rows delivered */
    int channels;    /* 4 (RGBA), or 3 (RGB) for an opaque image opened with TG_READ_RGB_IF_OPAQUE */

    int has_cicp; uint8_t cicp[4];
    int has_iccp; char iccp_name[80];
    int has_srgb; int srgb_intent;
    int has_chrm; double chrm[8]; /* white x,y; red x,y; green x,y; blue x,y */
    int has_gama; double gama;    /* file gamma, e.g. 0.45455 */
} tg_png_info;

typedef struct tg_reader tg_reader;

/* Open flags. */
enum {
    /* Deliver RGB rows (no alpha filler) when the image has no alpha: saves a pass per row
     * for jobs that never look at alpha in opaque images. */
    TG_READ_RGB_IF_OPAQUE = 1,
    /* Every byte through libpng: no tg_idat.c fast path (for tests that compare the two). */
    TG_READ_LIBPNG_ONLY = 2,
};

/* Opens a PNG and reads up to the first IDAT. On failure returns NULL and fills status/err.
 * The image data of a non-interlaced 8-bit RGB or RGBA file (what design tools export) is then
 * read by tg_idat.c, about 1.4 times as fast as libpng; anything in it that is not clean sends
 * the reader back to libpng from the top, so every file gets libpng's exact answer. */
tg_reader *tg_reader_open_file(const char *path, uint64_t max_pixels, int flags, tg_status *status, char *err, size_t errlen);
/* Same over a memory buffer, which must outlive the reader. */
tg_reader *tg_reader_open_memory(const uint8_t *data, size_t len, uint64_t max_pixels, int flags, tg_status *status, char *err, size_t errlen);

const tg_png_info *tg_reader_info(const tg_reader *r);
/* The inflated iCCP profile, or NULL. */
const uint8_t *tg_reader_iccp(const tg_reader *r, uint32_t *len);

/* Reads the next `count` rows (RGBA, or RGB, see `channels`) into dest (row_depth 16: host-endian uint16). Interlaced
 * images are decoded whole on the first call, then handed out row by row. */
tg_status tg_reader_read_rows(tg_reader *r, void *dest, size_t stride, uint32_t count);
/* Reads what follows the image data, so trailing CRC errors are caught. */
tg_status tg_reader_finish(tg_reader *r);
const char *tg_reader_error(const tg_reader *r);
/* How the image data was read: the rows themegen's own reader (tg_idat.c) delivered, and whether
 * libpng then read the file again from the top (something in it was not clean). */
uint32_t tg_reader_fast_rows(const tg_reader *r);
int tg_reader_fell_back(const tg_reader *r);
void tg_reader_close(tg_reader *r);

/* Encoding. Rows are given packed in the target format (1 byte per palette index or gray
 * sample at depth 8; 16-bit samples host-endian). */
typedef struct {
    uint32_t width, height;
    int bit_depth;          /* 1, 2, 4, 8 or 16 */
    int color_type;         /* 0, 2, 3, 4 or 6 */
    const uint8_t *palette; /* RGB triples, for colour type 3 */
    int palette_count;
    const uint8_t *trns;    /* palette alpha, for colour type 3 */
    int trns_count;
    int srgb;               /* write an sRGB chunk (perceptual) */
    const uint8_t *iccp;    /* profile to embed as iCCP, or NULL */
    uint32_t iccp_len;
    const char *iccp_name;
    int compression_level;  /* zlib level */
    int compression_strategy; /* zlib strategy (Z_DEFAULT_STRATEGY = 0, Z_FILTERED = 1, Z_RLE = 3) */
    int filters;            /* PNG_FILTER_* mask, 0 for libpng's default */
} tg_write_params;

/* Encodes into a malloc'd buffer (free with tg_free). Packs sub-8-bit rows itself. */
tg_status tg_write_memory(const tg_write_params *p, const void *pixels, size_t stride,
                          uint8_t **out, size_t *outlen, char *err, size_t errlen);
void tg_free(void *p);

#endif
