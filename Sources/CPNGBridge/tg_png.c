#include "tg_png.h"
#include "tg_idat.h"
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Every function that calls into libpng (read_header, set_transforms, skip_rows,
 * decode_interlaced, tg_reader_read_rows, tg_reader_finish, tg_write_memory) arms its own setjmp
 * before its first
 * libpng call, so a longjmp always lands in the C frame that made the call, never in Swift and
 * never in a frame that has returned. Objects changed after a setjmp and read after the
 * longjmp live on the heap or in the reader struct, never in non-volatile locals. */

/* Documented limits (docs/png.md). libpng allocates an ancillary chunk's declared length before
 * it sees the end of the file, so a 41-byte file could cost gigabytes without them. */
#define TG_CHUNK_MALLOC_MAX (16u * 1024u * 1024u)   /* largest chunk kept in memory (an ICC profile) */
#define TG_CHUNK_CACHE_MAX 1000u                    /* ancillary chunks kept per file */
#define TG_MAX_SIDE 1000000u                        /* width and height, each */
#define TG_MAX_INTERLACED_PIXELS (16u * 1024u * 1024u) /* interlaced images are buffered whole */
/* Deflate cannot compress better than about 1032:1; a file with less data than that allows for
 * its declared size is truncated, whatever its header claims. */
#define TG_MAX_DEFLATE_RATIO 1100u

struct tg_reader {
    png_structp png;
    png_infop info;
    FILE *fp;
    const uint8_t *mem;
    size_t memlen, mempos;
    int eof_hit;
    int flags;
    uint8_t last_read[8];  /* what libpng read last, when it was 8 bytes: a chunk header */
    size_t last_read_len;
    tg_idat *fast;         /* the image data read by tg_idat.c, or NULL: by libpng */
    uint32_t fast_rows;    /* rows tg_idat.c delivered */
    int fell_back;         /* libpng took over from tg_idat.c */
    tg_png_info pub;
    uint8_t *iccp;
    uint32_t iccp_len;
    uint8_t *whole;        /* interlaced images only */
    size_t whole_stride;
    uint32_t next_row;
    tg_status status;
    char err[256];
};

/* ---- errors ---------------------------------------------------------------------------- */

static void on_error(png_structp png, png_const_charp msg) {
    tg_reader *r = (tg_reader *)png_get_error_ptr(png);
    if (r) snprintf(r->err, sizeof r->err, "%s", msg ? msg : "unknown libpng error");
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg) {
    (void)png; (void)msg; /* libpng recovers from these itself */
}

/* Sorts a libpng failure into one of our categories. */
static tg_status classify(const tg_reader *r, tg_status fallback) {
    if (r->eof_hit) return TG_ERR_TRUNCATED;
    if (strstr(r->err, "CRC")) return TG_ERR_CRC;
    if (strstr(r->err, "Not enough image data") || strstr(r->err, "Not enough compressed data"))
        return TG_ERR_TRUNCATED;
    return fallback;
}

static void set_err(char *err, size_t errlen, const char *msg) {
    if (err && errlen) snprintf(err, errlen, "%s", msg);
}

/* ---- input ----------------------------------------------------------------------------- */

static size_t raw_read(tg_reader *r, uint8_t *out, size_t n) {
    if (r->fp) return fread(out, 1, n, r->fp);
    size_t left = r->memlen - r->mempos;
    if (n > left) n = left;
    memcpy(out, r->mem + r->mempos, n);
    r->mempos += n;
    return n;
}

static void read_fn(png_structp png, png_bytep out, png_size_t n) {
    tg_reader *r = (tg_reader *)png_get_io_ptr(png);
    if (raw_read(r, out, n) != n) {
        r->eof_hit = 1;
        png_error(png, "unexpected end of file");
    }
    r->last_read_len = n;
    if (n == 8) memcpy(r->last_read, out, 8);
}

static size_t fast_read(void *ctx, uint8_t *out, size_t n) { return raw_read((tg_reader *)ctx, out, n); }

/* Returns 0 when a copy could not be allocated. */
static int read_colour_chunks(tg_reader *r) {
    png_structp png = r->png;
    png_infop info = r->info;
    tg_png_info *p = &r->pub;

    png_unknown_chunkp chunks = NULL;
    int n = png_get_unknown_chunks(png, info, &chunks);
    for (int i = 0; i < n; i++) {
        if (memcmp(chunks[i].name, "cICP", 4) == 0 && chunks[i].size == 4) {
            p->has_cicp = 1;
            memcpy(p->cicp, chunks[i].data, 4);
        }
    }

    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 proflen = 0;
    if (png_get_iCCP(png, info, &name, &compression, &profile, &proflen) && profile && proflen) {
        p->has_iccp = 1;
        snprintf(p->iccp_name, sizeof p->iccp_name, "%s", name ? name : "");
        r->iccp = malloc(proflen);
        if (!r->iccp) return 0;
        memcpy(r->iccp, profile, proflen);
        r->iccp_len = proflen;
    }

    int intent = 0;
    if (png_get_sRGB(png, info, &intent)) { p->has_srgb = 1; p->srgb_intent = intent; }

    double c[8];
    if (png_get_cHRM(png, info, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7])) {
        p->has_chrm = 1;
        memcpy(p->chrm, c, sizeof c);
    }

    double g = 0;
    if (png_get_gAMA(png, info, &g)) { p->has_gama = 1; p->gama = g; }
    return 1;
}

/* Bytes left to read after the header, or SIZE_MAX when unknown. */
static size_t bytes_left(tg_reader *r) {
    if (!r->fp) return r->memlen - r->mempos;
    struct stat st;
    long pos = ftell(r->fp);
    if (fstat(fileno(r->fp), &st) != 0 || pos < 0 || !S_ISREG(st.st_mode)) return SIZE_MAX;
    return st.st_size > pos ? (size_t)(st.st_size - pos) : 0;
}

/* The signature, then libpng reads every chunk up to the first IDAT. */
static tg_status read_header(tg_reader *r) {
    uint8_t sig[8];
    size_t got = raw_read(r, sig, 8);
    if (got == 0) { set_err(r->err, sizeof r->err, "file is empty"); return TG_ERR_EMPTY; }
    if (got < 8 || png_sig_cmp(sig, 0, 8) != 0) {
        set_err(r->err, sizeof r->err, "bad signature");
        return TG_ERR_SIGNATURE;
    }
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, on_error, on_warning);
    if (!r->png) { set_err(r->err, sizeof r->err, "out of memory"); return TG_ERR_IO; }
    r->info = png_create_info_struct(r->png);
    if (!r->info) { set_err(r->err, sizeof r->err, "out of memory"); return TG_ERR_IO; }

    if (setjmp(png_jmpbuf(r->png))) return classify(r, TG_ERR_HEADER);
    png_set_read_fn(r->png, r, read_fn);
    png_set_sig_bytes(r->png, 8);
    png_set_keep_unknown_chunks(r->png, PNG_HANDLE_CHUNK_ALWAYS, (png_const_bytep) "cICP", 1);
    /* Chunks themegen never looks at are skipped unread, whatever length they declare. */
    static const png_byte ignored[] =
        "tEXt\0zTXt\0iTXt\0tIME\0sPLT\0hIST\0pCAL\0sCAL\0eXIf\0oFFs\0pHYs\0sBIT\0bKGD\0sTER\0";
    png_set_keep_unknown_chunks(r->png, PNG_HANDLE_CHUNK_NEVER, ignored, (int)(sizeof ignored / 5));
    png_set_chunk_malloc_max(r->png, TG_CHUNK_MALLOC_MAX);
    png_set_chunk_cache_max(r->png, TG_CHUNK_CACHE_MAX);
    png_set_user_limits(r->png, TG_MAX_SIDE, TG_MAX_SIDE);
    png_read_info(r->png, r->info);
    return TG_OK;
}

/* Raw samples as RGBA (or RGB, see TG_READ_RGB_IF_OPAQUE), no colour management. */
static tg_status set_transforms(tg_reader *r) {
    tg_png_info *p = &r->pub;
    if (setjmp(png_jmpbuf(r->png))) return classify(r, TG_ERR_CORRUPT);
    png_set_expand(r->png);
    if (!(p->color_type & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(r->png);
    p->channels = 4;
    if (!p->has_alpha) {
        if (r->flags & TG_READ_RGB_IF_OPAQUE) p->channels = 3;
        else png_set_add_alpha(r->png, p->bit_depth == 16 ? 0xffff : 0xff, PNG_FILLER_AFTER);
    }
    if (p->bit_depth == 16) {
        const uint16_t one = 1;
        if (*(const uint8_t *)&one == 1) png_set_swap(r->png);
    }
    if (p->interlaced) png_set_interlace_handling(r->png);
    png_read_update_info(r->png, r->info);
    if (png_get_rowbytes(r->png, r->info) != (size_t)p->width * p->channels * (p->row_depth / 8)) {
        set_err(r->err, sizeof r->err, "unexpected row layout");
        return TG_ERR_CORRUPT;
    }
    return TG_OK;
}

static int seekable(const tg_reader *r) {
    struct stat st;
    return !r->fp || (fstat(fileno(r->fp), &st) == 0 && S_ISREG(st.st_mode));
}

/* The image data of a non-interlaced 8-bit RGB or RGBA file is read by tg_idat.c, which is
 * faster than libpng (its row filters); libpng has just read the first IDAT's header. */
static void start_fast(tg_reader *r) {
    const tg_png_info *p = &r->pub;
    if ((r->flags & TG_READ_LIBPNG_ONLY) || p->interlaced || p->bit_depth != 8) return;
    if (!(p->color_type == PNG_COLOR_TYPE_RGB_ALPHA || (p->color_type == PNG_COLOR_TYPE_RGB && !p->has_alpha))) return;
    if (r->last_read_len != 8 || memcmp(r->last_read + 4, "IDAT", 4) != 0 || !seekable(r)) return;
    const uint8_t *h = r->last_read;
    uint32_t length = (uint32_t)h[0] << 24 | (uint32_t)h[1] << 16 | (uint32_t)h[2] << 8 | h[3];
    if (length > 0x7fffffffu) return;
    r->fast = tg_idat_start(length, p->width, p->height, p->color_type == PNG_COLOR_TYPE_RGB_ALPHA ? 4 : 3);
}

static tg_reader *open_common(tg_reader *r, uint64_t max_pixels, int flags, tg_status *status, char *err, size_t errlen) {
    r->flags = flags;
    tg_png_info *p = &r->pub;
    if ((*status = read_header(r)) != TG_OK) goto fail;
    png_uint_32 w, h;
    int depth, ctype, interlace;
    png_get_IHDR(r->png, r->info, &w, &h, &depth, &ctype, &interlace, NULL, NULL);
    p->width = w; p->height = h; p->bit_depth = depth; p->color_type = ctype;
    p->interlaced = interlace != PNG_INTERLACE_NONE;
    p->has_alpha = (ctype & PNG_COLOR_MASK_ALPHA) || png_get_valid(r->png, r->info, PNG_INFO_tRNS);
    p->row_depth = depth == 16 ? 16 : 8;
    if ((uint64_t)w * (uint64_t)h > max_pixels) {
        *status = TG_ERR_LIMIT;
        snprintf(r->err, sizeof r->err, "%ux%u", (unsigned)w, (unsigned)h);
        goto fail;
    }
    if (p->interlaced && (uint64_t)w * (uint64_t)h > TG_MAX_INTERLACED_PIXELS) {
        *status = TG_ERR_INTERLACED;
        snprintf(r->err, sizeof r->err, "%ux%u", (unsigned)w, (unsigned)h);
        goto fail;
    }
    {
        int channels_in_file = png_get_channels(r->png, r->info);
        uint64_t row = ((uint64_t)w * (uint64_t)channels_in_file * (uint64_t)depth + 7) / 8 + 1;
        size_t left = bytes_left(r);
        if (left != SIZE_MAX && (uint64_t)left * TG_MAX_DEFLATE_RATIO < row * (uint64_t)h) {
            *status = TG_ERR_TRUNCATED;
            snprintf(r->err, sizeof r->err, "%ux%u in %zu bytes", (unsigned)w, (unsigned)h, left);
            goto fail;
        }
    }
    if (!read_colour_chunks(r)) {
        *status = TG_ERR_IO; set_err(r->err, sizeof r->err, "out of memory copying the ICC profile");
        goto fail;
    }
    if ((*status = set_transforms(r)) != TG_OK) goto fail;
    start_fast(r);
    return r;
fail:
    set_err(err, errlen, r->err);
    tg_reader_close(r);
    return NULL;
}

tg_reader *tg_reader_open_file(const char *path, uint64_t max_pixels, int flags, tg_status *status, char *err, size_t errlen) {
    tg_reader *r = calloc(1, sizeof *r);
    if (!r) { *status = TG_ERR_IO; set_err(err, errlen, "out of memory"); return NULL; }
    r->fp = fopen(path, "rb");
    if (!r->fp) {
        *status = TG_ERR_IO; set_err(err, errlen, "cannot open file");
        free(r);
        return NULL;
    }
    return open_common(r, max_pixels, flags, status, err, errlen);
}

tg_reader *tg_reader_open_memory(const uint8_t *data, size_t len, uint64_t max_pixels, int flags, tg_status *status, char *err, size_t errlen) {
    tg_reader *r = calloc(1, sizeof *r);
    if (!r) { *status = TG_ERR_IO; set_err(err, errlen, "out of memory"); return NULL; }
    r->mem = data; r->memlen = len;
    return open_common(r, max_pixels, flags, status, err, errlen);
}

const tg_png_info *tg_reader_info(const tg_reader *r) { return &r->pub; }

const uint8_t *tg_reader_iccp(const tg_reader *r, uint32_t *len) {
    *len = r->iccp_len;
    return r->iccp;
}

const char *tg_reader_error(const tg_reader *r) { return r->err; }

uint32_t tg_reader_fast_rows(const tg_reader *r) { return r->fast_rows; }

int tg_reader_fell_back(const tg_reader *r) { return r->fell_back; }

static tg_status decode_interlaced(tg_reader *r) {
    size_t stride = (size_t)r->pub.width * r->pub.channels * (r->pub.row_depth / 8);
    png_bytep *rows = NULL;
    r->whole = malloc(stride * r->pub.height);
    rows = malloc(sizeof(png_bytep) * r->pub.height);
    if (!r->whole || !rows) { free(rows); snprintf(r->err, sizeof r->err, "out of memory"); return TG_ERR_IO; }
    for (uint32_t y = 0; y < r->pub.height; y++) rows[y] = r->whole + y * stride;
    r->whole_stride = stride;
    if (setjmp(png_jmpbuf(r->png))) {
        free(rows);
        return classify(r, TG_ERR_CORRUPT);
    }
    png_read_image(r->png, rows);
    free(rows);
    return TG_OK;
}

/* Decodes `count` rows into one reused row and drops them. */
static tg_status skip_rows(tg_reader *r, uint32_t count) {
    if (count == 0) return TG_OK;
    png_bytep row = malloc(png_get_rowbytes(r->png, r->info));
    if (!row) { snprintf(r->err, sizeof r->err, "out of memory"); return TG_ERR_IO; }
    if (setjmp(png_jmpbuf(r->png))) {
        free(row);
        return classify(r, TG_ERR_CORRUPT);
    }
    for (uint32_t y = 0; y < count; y++) png_read_row(r->png, row, NULL);
    free(row);
    return TG_OK;
}

/* tg_idat.c met something it does not vouch for: libpng reads the file again from the top and
 * goes past the rows already delivered (the same pixels: both decode the same bytes), so the
 * file gets exactly libpng's answer, error or not. */
static tg_status fall_back(tg_reader *r) {
    r->fell_back = 1;
    tg_idat_free(r->fast);
    r->fast = NULL;
    png_destroy_read_struct(&r->png, &r->info, NULL);
    if (r->fp) {
        if (fseek(r->fp, 0, SEEK_SET) != 0) { snprintf(r->err, sizeof r->err, "cannot read the file again"); return TG_ERR_IO; }
        clearerr(r->fp);
    } else {
        r->mempos = 0;
    }
    r->eof_hit = 0;
    r->err[0] = 0;
    tg_status status = read_header(r);
    if (status == TG_OK) status = set_transforms(r);
    if (status == TG_OK) status = skip_rows(r, r->next_row);
    return status;
}

/* One row from tg_idat.c (in the file's layout) into the caller's layout. */
static void deliver(const tg_reader *r, uint8_t *dest, const uint8_t *row) {
    uint32_t w = r->pub.width;
    if (r->pub.color_type == PNG_COLOR_TYPE_RGB_ALPHA || r->pub.channels == 3) {
        memcpy(dest, row, (size_t)w * r->pub.channels);
        return;
    }
    for (uint32_t x = 0; x < w; x++, dest += 4, row += 3) {
        dest[0] = row[0]; dest[1] = row[1]; dest[2] = row[2]; dest[3] = 0xff;
    }
}

tg_status tg_reader_read_rows(tg_reader *r, void *dest, size_t stride, uint32_t count) {
    if (r->status != TG_OK) return r->status;
    if (count > r->pub.height - r->next_row) {
        snprintf(r->err, sizeof r->err, "read past the last row");
        return r->status = TG_ERR_CORRUPT;
    }
    if (r->pub.interlaced) {
        if (!r->whole && (r->status = decode_interlaced(r)) != TG_OK) return r->status;
        for (uint32_t i = 0; i < count; i++)
            memcpy((uint8_t *)dest + i * stride, r->whole + (size_t)(r->next_row + i) * r->whole_stride, r->whole_stride);
        r->next_row += count;
        return TG_OK;
    }
    uint32_t done = 0;
    if (r->fast) {
        for (; done < count; done++) {
            const uint8_t *row = tg_idat_row(r->fast, fast_read, r);
            if (!row) break;
            deliver(r, (uint8_t *)dest + done * stride, row);
            r->next_row++;
            r->fast_rows++;
        }
        if (done == count) return TG_OK;
        if ((r->status = fall_back(r)) != TG_OK) return r->status;
    }
    png_bytep first = (png_bytep)dest + done * stride;
    uint32_t left = count - done;
    if (setjmp(png_jmpbuf(r->png))) return r->status = classify(r, TG_ERR_CORRUPT);
    for (uint32_t i = 0; i < left; i++) {
        png_read_row(r->png, first + i * stride, NULL);
        r->next_row++;
    }
    return TG_OK;
}

tg_status tg_reader_finish(tg_reader *r) {
    if (r->status != TG_OK) return r->status;
    if (r->fast) {
        if (r->next_row == r->pub.height && tg_idat_finish(r->fast, fast_read, r)) {
            tg_idat_free(r->fast);
            r->fast = NULL;
            return TG_OK;
        }
        if ((r->status = fall_back(r)) != TG_OK) return r->status;
    }
    if (setjmp(png_jmpbuf(r->png))) return r->status = classify(r, TG_ERR_CORRUPT);
    png_read_end(r->png, NULL);
    return TG_OK;
}

void tg_reader_close(tg_reader *r) {
    if (!r) return;
    tg_idat_free(r->fast);
    if (r->png) png_destroy_read_struct(&r->png, r->info ? &r->info : NULL, NULL);
    if (r->fp) fclose(r->fp);
    free(r->iccp);
    free(r->whole);
    free(r);
}

/* ---- output ---------------------------------------------------------------------------- */

typedef struct {
    uint8_t *data;
    size_t len, cap;
    int failed;
    char err[256];
} tg_buffer;

static void write_fn(png_structp png, png_bytep data, png_size_t n) {
    tg_buffer *b = (tg_buffer *)png_get_io_ptr(png);
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 65536;
        while (cap < b->len + n) cap *= 2;
        uint8_t *grown = realloc(b->data, cap);
        if (!grown) { b->failed = 1; png_error(png, "out of memory"); }
        b->data = grown; b->cap = cap;
    }
    memcpy(b->data + b->len, data, n);
    b->len += n;
}

static void flush_fn(png_structp png) { (void)png; }

static void on_write_error(png_structp png, png_const_charp msg) {
    tg_buffer *b = (tg_buffer *)png_get_error_ptr(png);
    if (b) snprintf(b->err, sizeof b->err, "%s", msg ? msg : "unknown libpng error");
    png_longjmp(png, 1);
}

tg_status tg_write_memory(const tg_write_params *p, const void *pixels, size_t stride,
                          uint8_t **out, size_t *outlen, char *err, size_t errlen) {
    if (p->color_type == PNG_COLOR_TYPE_PALETTE && (p->palette_count < 1 || p->palette_count > 256 ||
                                                    p->trns_count < 0 || p->trns_count > p->palette_count)) {
        set_err(err, errlen, "palette must have 1 to 256 entries");
        return TG_ERR_WRITE;
    }
    /* On the heap: write_fn changes it after the setjmp, and the longjmp path reads it. */
    tg_buffer *buf = calloc(1, sizeof *buf);
    if (!buf) { set_err(err, errlen, "out of memory"); return TG_ERR_WRITE; }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, buf, on_write_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_write_struct(&png, NULL);
        free(buf);
        set_err(err, errlen, "out of memory");
        return TG_ERR_WRITE;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(buf->data);
        set_err(err, errlen, buf->err);
        free(buf);
        return TG_ERR_WRITE;
    }
    png_set_write_fn(png, buf, write_fn, flush_fn);
    png_set_IHDR(png, info, p->width, p->height, p->bit_depth, p->color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (p->color_type == PNG_COLOR_TYPE_PALETTE) {
        png_color pal[256];
        for (int i = 0; i < p->palette_count; i++) {
            pal[i].red = p->palette[3 * i];
            pal[i].green = p->palette[3 * i + 1];
            pal[i].blue = p->palette[3 * i + 2];
        }
        png_set_PLTE(png, info, pal, p->palette_count);
        if (p->trns && p->trns_count > 0) png_set_tRNS(png, info, p->trns, p->trns_count, NULL);
    }
    if (p->iccp && p->iccp_len)
        png_set_iCCP(png, info, p->iccp_name ? p->iccp_name : "ICC Profile", PNG_COMPRESSION_TYPE_BASE,
                     p->iccp, p->iccp_len);
    else if (p->srgb)
        png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_compression_level(png, p->compression_level);
    png_set_compression_strategy(png, p->compression_strategy);
    if (p->filters) png_set_filter(png, PNG_FILTER_TYPE_BASE, p->filters);
    png_write_info(png, info);
    if (p->bit_depth < 8) png_set_packing(png);
    if (p->bit_depth == 16) {
        const uint16_t one = 1;
        if (*(const uint8_t *)&one == 1) png_set_swap(png);
    }
    for (uint32_t y = 0; y < p->height; y++)
        png_write_row(png, (png_const_bytep)pixels + (size_t)y * stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *out = buf->data;
    *outlen = buf->len;
    free(buf);
    return TG_OK;
}

void tg_free(void *p) { free(p); }
