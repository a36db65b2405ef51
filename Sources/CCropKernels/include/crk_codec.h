#ifndef CRK_CODEC_H
#define CRK_CODEC_H
// Kernels of the animation encoders: frame differences, PNG row filters, GIF palettes,
// palette mapping and LZW. See crk_render.h for why they are in C. Deterministic: the
// same input gives the same bytes on every CPU.
#include <stddef.h>
#include <stdint.h>

/// The bounding box of pixels that differ between two RGB images of w x h pixels
/// (rows `stride` bytes apart): returns 0 when none differ, else 1 with the box in
/// [*x0, *x1) x [*y0, *y1).
int crk_changed_box(const uint8_t *a, const uint8_t *b, long w, long h, long stride, long *x0, long *y0, long *x1,
                    long *y1);

/// PNG filtering of w x h pixels of `bpp` bytes (rows `stride` bytes apart) into `out`
/// (h * (1 + w * bpp) bytes): each row takes the filter (None, Sub, Up, Average, Paeth)
/// whose output has the smallest sum of |signed byte|, the first one on ties; the row above
/// the first is zeros (a frame or sub-frame is its own image).
void crk_png_filter(const uint8_t *pixels, long stride, long w, long h, long bpp, uint8_t *out);

/// 1 when a[0 ..< n] and b[0 ..< n] are equal (memcmp), else 0.
int crk_same_bytes(const uint8_t *a, const uint8_t *b, long n);

/// The fast deflater's inner loop (FastDeflater in Swift keeps the stream's state): codes
/// data[from ..< to] with the fixed Huffman codes, as literals and as matches at distance d
/// only (allowed at positions >= first, never crossing `to`, found 8 bytes at a time, at
/// most 258 long). `literals[s]`: reversed code in the low 16 bits, its length above;
/// `matches[len]` (len 3...258): the bits in the low 48 bits, their count above. Bits go out
/// LSB first into *bitbuf (*bitcount of them pending); whenever 32 or more are pending, 8
/// bytes are stored at out + *pos and *pos advances by 4. `data` must be readable 8 bytes
/// past `to`.
void crk_fast_deflate(const uint8_t *data, long from, long to, long first, long d, const uint32_t *literals,
                      const uint64_t *matches, uint8_t *out, long *pos, uint64_t *bitbuf, uint64_t *bitcount);

/// GIF LZW of n indices with the given minimum code size (2 ... 8): variable-width codes up
/// to 12 bits, a clear code first and whenever the table fills. Writes at most `capacity`
/// bytes; returns the byte count, or -1 when `capacity` is too small (n * 2 + 16 always
/// suffices).
long crk_lzw_encode(const uint8_t *indices, long n, int min_code_size, uint8_t *out, long capacity);

/// A colour histogram for a palette shared by every frame of a GIF: 2^18 bins (6 bits per
/// channel), each with its pixel count and the sums of the pixels' exact channels; and the
/// exact colours seen, while there are at most 255 of them. Zero-initialize it.
typedef struct {
    uint64_t count[1 << 18];
    uint64_t sum[3][1 << 18];
    uint32_t exact_slots[512];  // colour | 2^24, 0 = empty
    uint32_t exact[256];
    long exact_count;           // 256 once there are more than 255 colours
} crk_histogram;

/// A zeroed histogram from calloc (its pages are zeroed by the system as they are first
/// touched: no 8 MB clear, which a debug build's Swift would do byte by byte), or NULL when
/// memory is short. Free it with crk_histogram_free.
crk_histogram *crk_histogram_new(void);
void crk_histogram_free(crk_histogram *hist);

/// Adds every `step`-th pixel of each row of a w x h RGB image (rows `stride` bytes apart).
void crk_histogram_add(crk_histogram *hist, const uint8_t *rgb, long stride, long w, long h, long step);

/// A palette of at most max_colors (1 ... 256) colours from a histogram. When the sampled
/// pixels have at most max_colors colours, the palette is exactly those colours, in
/// increasing order. Otherwise boxes of bins are
/// split, the box with the largest count-weighted squared error first, across its channel of
/// largest error at the count-weighted median; each box's colour is the rounded mean of its
/// pixels. Returns the palette size (0 for an empty histogram).
long crk_histogram_palette(const crk_histogram *hist, long max_colors, uint32_t *palette);

/// Exact nearest-colour search in a fixed palette: per cell of 32 x 32 x 32 colours, the
/// palette entries that can be nearest to some colour in the cell (built once, read-only,
/// shareable between threads). With a histogram, only the cells its colours fall in get a
/// list; colours in other cells are compared with every entry (the same answer, slower).
typedef struct crk_nearest crk_nearest;
crk_nearest *crk_nearest_new(const uint32_t *palette, long count, const crk_histogram *hint);
void crk_nearest_free(crk_nearest *n);

/// Maps w x h RGB pixels to the nearest palette index (squared RGB distance, lowest index
/// on ties), after an ordered Bayer 4x4 offset of -8 ... +7 per channel when `dither`
/// (the pattern anchored to (0, 0) of the image).
void crk_nearest_map(const crk_nearest *n, const uint8_t *rgb, long stride, long w, long h, int dither, uint8_t *out);

/// The bounding box of the indices that differ between two w x h index maps: returns 0 when
/// none differ, else 1 with the box in [*x0, *x1) x [*y0, *y1).
int crk_index_box(const uint8_t *a, const uint8_t *b, long w, long h, long *x0, long *y0, long *x1, long *y1);

/// The box [x0, x0 + bw) x [y0, y0 + bh) of `cur` (w wide) into `out` (bw * bh bytes), each
/// index equal to `prev`'s at the same place replaced by `transparent` (prev may be NULL).
/// Returns how many were replaced.
long crk_index_region(const uint8_t *prev, const uint8_t *cur, long w, long x0, long y0, long bw, long bh,
                      int transparent, uint8_t *out);

#endif
