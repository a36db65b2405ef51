#ifndef CRK_PIXELS_H
#define CRK_PIXELS_H
// Whole-image kernels: the test card, premultiplication, image differences and checksums.
// See crk_render.h for why they are in C.
#include <stddef.h>
#include <stdint.h>

/// The built-in test card (docs/scenarios.md) into w * h RGBA pixels (w, h >= 1).
void crk_testcard(uint8_t *p, long w, long h);

/// A photo-like picture into w * h RGBA pixels (w, h >= 1): a landscape with sky, sun,
/// clouds, two mountain ranges, a lake with reflections and a meadow. Integer arithmetic
/// only (hashed value noise), so every machine makes the same pixels.
void crk_sample_photo(uint8_t *p, long w, long h);

/// Rows y0 ..< y1 of the same picture (the other rows untouched): bands may be drawn by
/// several threads at once.
void crk_sample_photo_rows(uint8_t *p, long w, long h, long y0, long y1);

/// Premultiplies `count` RGBA pixels in place: c = (c * a + 127) / 255 where a < 255.
/// Returns 1 when every alpha is 255 (nothing changed), else 0.
int crk_premultiply(uint8_t *p, long count);

/// The difference of two RGB images of w x h pixels: per pixel the largest channel
/// difference d; counts pixels with d > tolerance, their bounding box (x0 = -1 when
/// none) and the largest d.
typedef struct {
    long differing;
    long max_delta;
    long x0, y0, x1, y1;
} crk_diff;
crk_diff crk_compare_rgb(const uint8_t *expected, const uint8_t *actual, long w, long h, long tolerance);

/// Adler-32 of `count` bytes continuing from `adler` (pass 1 to start), as zlib.
uint32_t crk_adler32(uint32_t adler, const uint8_t *p, size_t count);

#endif
