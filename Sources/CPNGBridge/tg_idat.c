#include "tg_idat.h"
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define IN_SIZE 65536u          /* compressed bytes read at a time */
#define OUT_ROWS_MIN 65536u     /* inflated bytes produced at a time, at least two rows */

struct tg_idat {
    z_stream z;                 /* raw deflate: the zlib header and Adler-32 are read here */
    int header_read;
    uint32_t adler;             /* Adler-32 of what was inflated */
    uint8_t *in;                /* compressed bytes of the current IDAT, read but not inflated */
    uint32_t chunk_left;        /* bytes of the current IDAT's data not yet read */
    uint32_t crc;               /* CRC of the current IDAT so far (its type and data) */
    uint8_t *inflated;          /* filtered rows: [filter byte, row bytes] each */
    size_t inflated_cap, inflated_start, inflated_end;
    uint64_t image_bytes;       /* inflated bytes the image holds: rows with their filter bytes */
    uint64_t image_left;        /* of which still to inflate */
    uint8_t *rows;              /* three unfiltered rows, each with a byte of padding */
    int last;                   /* the row given last (zeros before the first): rows + last · (rowbytes + 1) */
    int waiting;                /* a row made with the last and not given yet, or −1 */
    size_t rowbytes, bpp;
    int ended;                  /* zlib reported the end of the stream */
};

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int is_letter(uint8_t c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

tg_idat *tg_idat_start(uint32_t first_length, uint32_t width, uint32_t height, int bpp) {
    tg_idat *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->bpp = (size_t)bpp;
    d->rowbytes = (size_t)width * d->bpp;
    d->image_bytes = d->image_left = (uint64_t)(d->rowbytes + 1) * height;
    d->inflated_cap = 2 * (d->rowbytes + 1) > OUT_ROWS_MIN ? 2 * (d->rowbytes + 1) : OUT_ROWS_MIN;
    d->in = malloc(IN_SIZE);
    d->inflated = malloc(d->inflated_cap + 1);
    d->rows = calloc(3, d->rowbytes + 1);
    if (!d->in || !d->inflated || !d->rows || inflateInit2(&d->z, -15) != Z_OK) {
        free(d->in); free(d->inflated); free(d->rows); free(d);
        return NULL;
    }
    d->last = 0;  /* zeros: the row above the first */
    d->waiting = -1;
    d->chunk_left = first_length;
    d->crc = (uint32_t)crc32(0, (const Bytef *)"IDAT", 4);
    d->adler = 1;
    return d;
}

void tg_idat_free(tg_idat *d) {
    if (!d) return;
    inflateEnd(&d->z);
    free(d->in); free(d->inflated); free(d->rows); free(d);
}

/* Reads and checks the current chunk's CRC. */
static int crc_matches(tg_idat *d, tg_read_fn read, void *ctx) {
    uint8_t b[4];
    return read(ctx, b, 4) == 4 && be32(b) == d->crc;
}

/* Reads a chunk header: its length, and its type into `type`. 0 when it cannot be read or is
 * malformed (libpng then says which). */
static int chunk_header(tg_idat *d, tg_read_fn read, void *ctx, uint32_t *length, uint8_t type[4]) {
    uint8_t h[8];
    if (read(ctx, h, 8) != 8) return 0;
    *length = be32(h);
    memcpy(type, h + 4, 4);
    if (*length > 0x7fffffffu) return 0;
    for (int i = 0; i < 4; i++) if (!is_letter(type[i])) return 0;
    d->crc = (uint32_t)crc32(0, type, 4);
    return 1;
}

/* More compressed bytes: the rest of the current IDAT, or the next IDAT's. 0 at anything else. */
static int read_input(tg_idat *d, tg_read_fn read, void *ctx) {
    while (d->chunk_left == 0) {
        uint32_t length;
        uint8_t type[4];
        if (!crc_matches(d, read, ctx) || !chunk_header(d, read, ctx, &length, type)) return 0;
        if (memcmp(type, "IDAT", 4) != 0) return 0;
        d->chunk_left = length;
    }
    size_t n = d->chunk_left < IN_SIZE ? d->chunk_left : IN_SIZE;
    if (read(ctx, d->in, n) != n) return 0;
    d->crc = (uint32_t)crc32(d->crc, d->in, (uInt)n);
    d->chunk_left -= (uint32_t)n;
    d->z.next_in = d->in;
    d->z.avail_in = (uInt)n;
    return 1;
}

/* One more byte of the zlib stream, outside the deflate data (its header and Adler-32). */
static int next_byte(tg_idat *d, tg_read_fn read, void *ctx, uint8_t *b) {
    if (d->z.avail_in == 0 && !read_input(d, read, ctx)) return 0;
    *b = *d->z.next_in++;
    d->z.avail_in--;
    return 1;
}

/* The zlib header (RFC 1950): deflate, no preset dictionary, its check bits right. zlib checks a
 * distance against the window the header declares only beyond what the same inflate call wrote,
 * so where the image is larger than a window under 32 KiB its verdict depends on how much is
 * asked at a time (libpng asks a row at a time): such streams are left to libpng. */
static int read_zlib_header(tg_idat *d, tg_read_fn read, void *ctx) {
    uint8_t cmf, flg;
    if (!next_byte(d, read, ctx, &cmf) || !next_byte(d, read, ctx, &flg)) return 0;
    unsigned window_bits = (cmf >> 4) + 8u;
    if ((cmf & 0x0f) != 8 || window_bits > 15 || ((unsigned)cmf << 8 | flg) % 31 != 0 || (flg & 0x20)) return 0;
    if (window_bits < 15 && d->image_bytes > (1u << window_bits)) return 0;
    d->header_read = 1;
    return inflateReset2(&d->z, -(int)window_bits) == Z_OK;
}

/* Inflates into `out`, keeping the Adler-32 of what comes out. 0 at a zlib error. */
static int inflate_into(tg_idat *d, uint8_t *out, size_t room, tg_read_fn read, void *ctx, size_t *made) {
    if (!d->header_read && !read_zlib_header(d, read, ctx)) return 0;
    if (d->z.avail_in == 0 && !read_input(d, read, ctx)) return 0;
    d->z.next_out = out;
    d->z.avail_out = (uInt)room;
    int ret = inflate(&d->z, Z_NO_FLUSH);
    *made = room - d->z.avail_out;
    d->adler = tg_adler32(d->adler, out, *made);
    if (ret == Z_STREAM_END) d->ended = 1;
    return ret == Z_OK || ret == Z_BUF_ERROR || ret == Z_STREAM_END;
}

/* Inflates until at least `need` bytes wait in `inflated`, never past the image's own bytes. */
static int fill(tg_idat *d, size_t need, tg_read_fn read, void *ctx) {
    if (d->inflated_start > 0) {
        memmove(d->inflated, d->inflated + d->inflated_start, d->inflated_end - d->inflated_start);
        d->inflated_end -= d->inflated_start;
        d->inflated_start = 0;
    }
    while (d->inflated_end < need) {
        if (d->ended) return 0;  /* the stream ended before the image */
        size_t room = d->inflated_cap - d->inflated_end, made;
        if (room > d->image_left) room = (size_t)d->image_left;
        if (room == 0) return 0;  /* asked for a row past the last */
        if (!inflate_into(d, d->inflated + d->inflated_end, room, read, ctx, &made)) return 0;
        d->inflated_end += made;
        d->image_left -= made;
    }
    return 1;
}

static uint8_t *row_buffer(const tg_idat *d, int i) { return d->rows + (size_t)i * (d->rowbytes + 1); }

const uint8_t *tg_idat_row(tg_idat *d, tg_read_fn read, void *ctx) {
    if (d->waiting >= 0) {
        d->last = d->waiting;
        d->waiting = -1;
        return row_buffer(d, d->last);
    }
    size_t need = d->rowbytes + 1;
    if (d->inflated_end - d->inflated_start < need && !fill(d, need, read, ctx)) return NULL;
    const uint8_t *f = d->inflated + d->inflated_start;
    if (f[0] > 4) return NULL;
    /* The two buffers other than the row given last, which the caller may still read. */
    int next = (d->last + 1) % 3, after = (d->last + 2) % 3;
    if (f[0] == 4 && d->inflated_end - d->inflated_start >= 2 * need && f[need] == 4) {
        tg_unpaeth_two_rows(row_buffer(d, next), row_buffer(d, after), f + 1, f + need + 1, row_buffer(d, d->last),
                            d->rowbytes, d->bpp);
        d->inflated_start += 2 * need;
        d->waiting = after;
    } else {
        tg_unfilter_row(f[0], row_buffer(d, next), f + 1, row_buffer(d, d->last), d->rowbytes, d->bpp);
        d->inflated_start += need;
    }
    d->last = next;
    return row_buffer(d, next);
}

int tg_idat_finish(tg_idat *d, tg_read_fn read, void *ctx) {
    if (d->image_left > 0 || d->inflated_end > d->inflated_start || d->waiting >= 0) return 0;
    /* The last block's end code may not be inflated yet; then the Adler-32. */
    while (!d->ended) {
        uint8_t extra;
        size_t made;
        if (!inflate_into(d, &extra, 1, read, ctx, &made) || made > 0) return 0;  /* more data than the image */
    }
    uint8_t check[4];
    for (int i = 0; i < 4; i++) if (!next_byte(d, read, ctx, &check[i])) return 0;
    if (be32(check) != d->adler) return 0;
    if (d->z.avail_in > 0 || d->chunk_left > 0 || !crc_matches(d, read, ctx)) return 0;
    /* Ancillary chunks with good CRCs, then IEND. A critical chunk (another IDAT, PLTE, ...)
     * is left to libpng. */
    for (;;) {
        uint32_t length;
        uint8_t type[4];
        if (!chunk_header(d, read, ctx, &length, type)) return 0;
        if (memcmp(type, "IEND", 4) == 0) return length == 0 && crc_matches(d, read, ctx);
        if (!(type[0] & 0x20)) return 0;
        while (length > 0) {
            size_t n = length < IN_SIZE ? length : IN_SIZE;
            if (read(ctx, d->in, n) != n) return 0;
            d->crc = (uint32_t)crc32(d->crc, d->in, (uInt)n);
            length -= (uint32_t)n;
        }
        if (!crc_matches(d, read, ctx)) return 0;
    }
}
