#ifndef CJPEG_SHIM_H
#define CJPEG_SHIM_H
// A small C shim around libjpeg(-turbo). libjpeg reports errors with longjmp; every setjmp
// lives in shim.c, so no longjmp ever crosses a Swift frame. Errors come back as a non-zero
// return code and a message.
//
// Decoding is fixed for reproducible pixels: the accurate integer IDCT (JDCT_ISLOW), fancy
// upsampling, no block smoothing, RGB output; libjpeg-turbo's SIMD code for these is
// bit-exact with its C code, so every machine gives the same pixels.
#include <stddef.h>
#include <stdint.h>

#define CJPEG_MESSAGE_SIZE 256

typedef struct {
    unsigned char *pixels;  // RGBA, row-major, malloc'ed (free with cjpeg_free)
    uint32_t width;
    uint32_t height;
    char message[CJPEG_MESSAGE_SIZE];
} cjpeg_decoded;

/// Decodes a baseline or progressive JPEG (grey, YCbCr or RGB; CMYK is refused) to 8-bit
/// RGBA (alpha 255), as stored (the EXIF orientation is applied by the caller). Images wider
/// than max_width, taller than max_height or with more than max_pixels pixels are refused
/// before any pixel buffer is allocated; libjpeg's memory is limited to max_memory bytes.
int cjpeg_decode_rgba(const unsigned char *data, size_t size, uint32_t max_width, uint32_t max_height,
                      uint64_t max_pixels, long max_memory, cjpeg_decoded *out);

void cjpeg_free(unsigned char *pixels);

#endif
