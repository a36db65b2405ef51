#include "cjpeg_shim.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
} error_state;

static void on_error(j_common_ptr info) {
    error_state *state = (error_state *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    snprintf(state->message, CJPEG_MESSAGE_SIZE, "%s", text);
    longjmp(state->jump, 1);
}

static void on_message(j_common_ptr info, int level) {
    // Warnings (corrupt data that libjpeg can skip) are errors here: a damaged file is
    // refused rather than decoded differently by different versions.
    if (level < 0) {
        error_state *state = (error_state *)info->err;
        char text[JMSG_LENGTH_MAX];
        (*info->err->format_message)(info, text);
        snprintf(state->message, CJPEG_MESSAGE_SIZE, "%s", text);
        longjmp(state->jump, 1);
    }
}

int cjpeg_decode_rgba(const unsigned char *data, size_t size, uint32_t max_width, uint32_t max_height,
                      uint64_t max_pixels, long max_memory, cjpeg_decoded *out) {
    out->pixels = NULL;
    out->width = 0;
    out->height = 0;
    out->message[0] = 0;
    if (size < 3 || data[0] != 0xFF || data[1] != 0xD8 || data[2] != 0xFF) {
        snprintf(out->message, CJPEG_MESSAGE_SIZE, "not a JPEG file (bad signature)");
        return 1;
    }
    struct jpeg_decompress_struct info;
    error_state errors;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_error;
    errors.base.emit_message = on_message;
    errors.message = out->message;
    // Volatile: assigned between setjmp and a possible longjmp.
    unsigned char *volatile pixels = NULL;
    unsigned char *volatile row = NULL;
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        return 1;
    }
    jpeg_create_decompress(&info);
    info.mem->max_memory_to_use = max_memory;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (info.image_width == 0 || info.image_height == 0 || info.image_width > max_width || info.image_height > max_height ||
        (uint64_t)info.image_width * info.image_height > max_pixels) {
        snprintf(out->message, CJPEG_MESSAGE_SIZE, "too large: %ux%u pixels", info.image_width, info.image_height);
        out->width = info.image_width;
        out->height = info.image_height;
        jpeg_destroy_decompress(&info);
        return 2;
    }
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        snprintf(out->message, CJPEG_MESSAGE_SIZE, "CMYK JPEGs are not supported");
        jpeg_destroy_decompress(&info);
        return 1;
    }
    info.out_color_space = JCS_RGB;
    info.dct_method = JDCT_ISLOW;
    info.do_fancy_upsampling = TRUE;
    info.do_block_smoothing = FALSE;
    info.quantize_colors = FALSE;
    jpeg_start_decompress(&info);
    size_t w = info.output_width, h = info.output_height;
    pixels = (unsigned char *)malloc(w * h * 4);
    row = (unsigned char *)malloc(w * 3);
    if (pixels == NULL || row == NULL) {
        snprintf(out->message, CJPEG_MESSAGE_SIZE, "out of memory");
        longjmp(errors.jump, 1);
    }
    while (info.output_scanline < info.output_height) {
        size_t y = info.output_scanline;
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(&info, rows, 1) != 1) {
            snprintf(out->message, CJPEG_MESSAGE_SIZE, "file is truncated");
            longjmp(errors.jump, 1);
        }
        unsigned char *o = pixels + y * w * 4;
        for (size_t x = 0; x < w; x++) {
            o[x * 4] = row[x * 3];
            o[x * 4 + 1] = row[x * 3 + 1];
            o[x * 4 + 2] = row[x * 3 + 2];
            o[x * 4 + 3] = 255;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    out->pixels = pixels;
    out->width = (uint32_t)w;
    out->height = (uint32_t)h;
    return 0;
}

void cjpeg_free(unsigned char *pixels) { free(pixels); }
