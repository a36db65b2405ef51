#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
// A small C shim around libpng. libpng reports errors with longjmp; every
// setjmp lives in shim.c, so no longjmp ever crosses a Swift frame. Errors
// come back as a non-zero return code and a message.
#include <stddef.h>
#include <stdint.h>

#define CPNG_MESSAGE_SIZE 256

/// Result of decoding: 8-bit RGBA pixels, row-major, malloc'ed (free with cpng_free).
typedef struct {
    unsigned char *pixels;
    uint32_t width;
    uint32_t height;
    char message[CPNG_MESSAGE_SIZE];
} cpng_decoded;

/// Reads only the header: width and height. Returns 0 on success.
int cpng_read_size(const unsigned char *data, size_t size, uint32_t *width, uint32_t *height,
                   char message[CPNG_MESSAGE_SIZE]);

/// Decodes any PNG libpng reads (gray, palette, 16-bit, alpha, interlaced) to 8-bit RGBA.
/// 16-bit samples keep their high byte; gamma and colour-profile chunks are ignored.
/// Images wider than max_width, taller than max_height or with more than max_pixels
/// pixels are refused before any pixel buffer is allocated.
int cpng_decode_rgba(const unsigned char *data, size_t size, uint32_t max_width, uint32_t max_height,
                     uint64_t max_pixels, cpng_decoded *out);

/// The same conversions to 8-bit RGB (alpha dropped, not composited): for goldens,
/// which are written as RGB, so a check can compare bytes directly.
int cpng_decode_rgb(const unsigned char *data, size_t size, uint32_t max_width, uint32_t max_height,
                    uint64_t max_pixels, cpng_decoded *out);

/// Encodes 8-bit pixels (channels 3 = RGB, 4 = RGBA) as a PNG in memory.
/// level: zlib level 0..9; filter: -1 adaptive (all filters), 0..4 a single filter;
/// strategy: -1 zlib's default, else a zlib strategy (3 = Z_RLE).
/// On success *out is malloc'ed (free with cpng_free).
int cpng_encode(const unsigned char *pixels, uint32_t width, uint32_t height, int channels,
                int level, int filter, int strategy, unsigned char **out, size_t *out_size,
                char message[CPNG_MESSAGE_SIZE]);

void cpng_free(void *pointer);

#endif
