#include "cpng_shim.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
} reader_state;

typedef struct {
    char *message;
} error_state;

static void on_error(png_structp png, png_const_charp text) {
    error_state *state = (error_state *)png_get_error_ptr(png);
    if (state && state->message) {
        snprintf(state->message, CPNG_MESSAGE_SIZE, "%s", text ? text : "libpng error");
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void read_from_memory(png_structp png, png_bytep out, png_size_t length) {
    reader_state *state = (reader_state *)png_get_io_ptr(png);
    if (state->size - state->offset < length) {
        png_error(png, "file is truncated");
    }
    memcpy(out, state->data + state->offset, length);
    state->offset += length;
}

static int check_signature(const unsigned char *data, size_t size, char *message) {
    if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        snprintf(message, CPNG_MESSAGE_SIZE, "not a PNG file (bad signature)");
        return 1;
    }
    return 0;
}

/* Walks the chunks before the first IDAT (the headers): each must fit in the bytes that are
 * there, so no chunk's declared length is ever allocated for a file that cannot hold it (a
 * 44-byte file whose tEXt declares 2^31-1 bytes fails here, at once). */
static int check_header_chunks(const unsigned char *data, size_t size, char *message) {
    size_t at = 8;
    while (at + 8 <= size) {
        uint32_t length = ((uint32_t)data[at] << 24) | ((uint32_t)data[at + 1] << 16) | ((uint32_t)data[at + 2] << 8) | data[at + 3];
        char type[5];
        for (int i = 0; i < 4; i++) {
            unsigned char c = data[at + 4 + i];
            type[i] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
        }
        type[4] = 0;
        if (memcmp(type, "IDAT", 4) == 0) return 0;
        size_t left = size - at - 8;
        if (length > 0x7fffffffu || (size_t)length + 4 > left) {
            snprintf(message, CPNG_MESSAGE_SIZE,
                     "chunk %s at byte %zu declares %u bytes of data, but the file has %zu bytes after its header; expected a complete chunk",
                     type, at, length, left);
            return 1;
        }
        at += (size_t)length + 12;
    }
    return 0;
}

/* Text chunks are never used: libpng skips them without allocating their data. */
static void ignore_text_chunks(png_structp png) {
    static const png_byte text_chunks[] = {'t', 'E', 'X', 't', 0, 'z', 'T', 'X', 't', 0, 'i', 'T', 'X', 't', 0};
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, text_chunks, 3);
}

int cpng_read_size(const unsigned char *data, size_t size, uint32_t *width, uint32_t *height,
                   char message[CPNG_MESSAGE_SIZE]) {
    message[0] = 0;
    if (check_signature(data, size, message)) return 1;
    if (check_header_chunks(data, size, message)) return 1;
    error_state errors = {message};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &errors, on_error, on_warning);
    if (!png) { snprintf(message, CPNG_MESSAGE_SIZE, "out of memory"); return 1; }
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); snprintf(message, CPNG_MESSAGE_SIZE, "out of memory"); return 1; }
    reader_state reader = {data, size, 0};
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_set_chunk_cache_max(png, 1000);
    png_set_chunk_malloc_max(png, 16u * 1024u * 1024u);
    ignore_text_chunks(png);
    png_set_read_fn(png, &reader, read_from_memory);
    png_read_info(png, info);
    *width = png_get_image_width(png, info);
    *height = png_get_image_height(png, info);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

static int decode(const unsigned char *data, size_t size, uint32_t max_width, uint32_t max_height,
                  uint64_t max_pixels, cpng_decoded *out, int channels) {
    out->pixels = NULL;
    out->width = 0;
    out->height = 0;
    out->message[0] = 0;
    if (check_signature(data, size, out->message)) return 1;
    if (check_header_chunks(data, size, out->message)) return 1;
    error_state errors = {out->message};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &errors, on_error, on_warning);
    if (!png) { snprintf(out->message, CPNG_MESSAGE_SIZE, "out of memory"); return 1; }
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); snprintf(out->message, CPNG_MESSAGE_SIZE, "out of memory"); return 1; }
    reader_state reader = {data, size, 0};
    /* volatile: modified between setjmp and a possible longjmp */
    unsigned char *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(pixels);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_set_user_limits(png, max_width, max_height);
    png_set_chunk_cache_max(png, 1000);
    png_set_chunk_malloc_max(png, 64u * 1024u * 1024u);
    ignore_text_chunks(png);
    png_set_read_fn(png, &reader, read_from_memory);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    if ((uint64_t)width * (uint64_t)height > max_pixels) {
        png_error(png, "image has too many pixels");
    }
    int color = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    if (depth == 16) png_set_strip_16(png);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (channels == 4) {
        if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
            png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
        }
    } else if ((color & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_strip_alpha(png);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t rowbytes = png_get_rowbytes(png, info);
    if (rowbytes != (size_t)width * (size_t)channels) {
        png_error(png, "unexpected pixel layout after conversion");
    }
    pixels = (unsigned char *)malloc(rowbytes * (size_t)height);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * (size_t)height);
    if (!pixels || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * rowbytes;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    return 0;
}

typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} writer_state;

static void write_to_memory(png_structp png, png_bytep bytes, png_size_t length) {
    writer_state *state = (writer_state *)png_get_io_ptr(png);
    if (state->size + length > state->capacity) {
        size_t capacity = state->capacity ? state->capacity : 65536;
        while (capacity < state->size + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(state->data, capacity);
        if (!grown) png_error(png, "out of memory");
        state->data = grown;
        state->capacity = capacity;
    }
    memcpy(state->data + state->size, bytes, length);
    state->size += length;
}

static void flush_memory(png_structp png) { (void)png; }

int cpng_encode(const unsigned char *pixels, uint32_t width, uint32_t height, int channels,
                int level, int filter, int strategy, unsigned char **out, size_t *out_size,
                char message[CPNG_MESSAGE_SIZE]) {
    message[0] = 0;
    *out = NULL;
    *out_size = 0;
    if (channels != 3 && channels != 4) { snprintf(message, CPNG_MESSAGE_SIZE, "channels must be 3 or 4"); return 1; }
    error_state errors = {message};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &errors, on_error, on_warning);
    if (!png) { snprintf(message, CPNG_MESSAGE_SIZE, "out of memory"); return 1; }
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_write_struct(&png, NULL); snprintf(message, CPNG_MESSAGE_SIZE, "out of memory"); return 1; }
    writer_state writer = {NULL, 0, 0};
    writer_state *volatile writer_ptr = &writer;
    if (setjmp(png_jmpbuf(png))) {
        free(writer_ptr->data);
        png_destroy_write_struct(&png, &info);
        return 1;
    }
    png_set_write_fn(png, &writer, write_to_memory, flush_memory);
    png_set_IHDR(png, info, width, height, 8, channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    if (strategy >= 0) png_set_compression_strategy(png, strategy);
    int filters = PNG_ALL_FILTERS;
    switch (filter) {
        case 0: filters = PNG_FILTER_NONE; break;
        case 1: filters = PNG_FILTER_SUB; break;
        case 2: filters = PNG_FILTER_UP; break;
        case 3: filters = PNG_FILTER_AVG; break;
        case 4: filters = PNG_FILTER_PAETH; break;
        default: break;
    }
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    size_t stride = (size_t)width * (size_t)channels;
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = writer.data;
    *out_size = writer.size;
    return 0;
}

int cpng_decode_rgba(const unsigned char *data, size_t size, uint32_t max_width, uint32_t max_height,
                     uint64_t max_pixels, cpng_decoded *out) {
    return decode(data, size, max_width, max_height, max_pixels, out, 4);
}

int cpng_decode_rgb(const unsigned char *data, size_t size, uint32_t max_width, uint32_t max_height,
                    uint64_t max_pixels, cpng_decoded *out) {
    return decode(data, size, max_width, max_height, max_pixels, out, 3);
}

void cpng_free(void *pointer) { free(pointer); }
