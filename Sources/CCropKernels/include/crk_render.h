#ifndef CRK_RENDER_H
#define CRK_RENDER_H
// The compositor's per-pixel kernels, in C so that they are fast in debug builds too:
// a client's `swift test` builds CropReplay without optimization, where Swift's generic
// SIMD types and bounds checks cost 10-40x, while clang's unoptimized C costs 2-4x.
// Integer arithmetic only (and IEEE double where the Swift reference uses it, with
// contraction into fused multiply-adds turned off), so every CPU gives the same bytes.
// Each function documents the exact formula; Tests/CropReplayTests/KernelTests.swift
// checks them against plain Swift transcriptions on random inputs.
//
// This header: the compositor (photo sampling and layer blends).
#include <stddef.h>
#include <stdint.h>

/// Widens `count` RGBA texels to four 16-bit lanes each (one uint64 per texel).
void crk_expand(const uint8_t *src, uint64_t *dst, long count);

/// The same for texels read through an orientation map: texel t is src[(at + t * dx) * 4].
void crk_expand_oriented(const uint8_t *base, long at, long dx, uint64_t *dst, long count);

/// Horizontal bilinear pass: for column c with plan[c] = index | w1 << 23,
/// H = (T0 << 8) + (T1 - T0) * w1 per 16-bit lane (wrapping on the whole word), stored as
/// 8 bytes at out + c * stride (stride 6 writes three lanes, the fourth is overwritten by
/// the next column; the buffer has 8 spare bytes).
void crk_horizontal(const uint64_t *row, const uint32_t *plan, long n, uint8_t *out, long stride);

/// Vertical pass for opaque rows with v0 + v1 = 256:
/// out = (((top * v0) >> 8) + ((bottom * v1) >> 8) + 128) >> 8 computed as
/// (mulhi16(top, v0 << 8) + mulhi16(bottom, v1 << 8) + 128) >> 8; one weight 0 gives
/// (H + 128) >> 8 of the other row.
void crk_vertical(const uint16_t *top, const uint16_t *bottom, uint32_t v0, uint32_t v1, uint8_t *out, long count);

/// The general blend of n columns over the background bg (3 bytes): per column, with
/// P(t, b) = (t * v0) >> 8 + (b * v1) >> 8, PA = P(255 w, 255 w) for opaque images (w the
/// column's texel weight: 256, or weights[e] for the e-th entry of edge_columns) or
/// P(alpha_t, alpha_b) otherwise, out = min(255, (P * 255 + bg * (65280 - min(PA, 65280))
/// + 32640) / 65280). With only_edges, only the listed edge columns are written.
void crk_blend_columns(const uint16_t *top, const uint16_t *bottom, long lanes, uint32_t v0, uint32_t v1,
                       uint8_t *out, long n, const long *edge_columns, const uint32_t *edge_weights,
                       long edge_count, int opaque, int only_edges, const uint8_t *bg);

/// Draws one row of a photo at an angle (TurnedPhotoSampler). Column x samples the oriented
/// image at u = u0 + x du, v = v0 + x dv with u0 = x0 cos + u_row, du = step cos,
/// v0 = -x0 sin + v_row, dv = -step sin (IEEE doubles), held in 32.32 fixed point:
/// U(x) = trunc(u0 2^32) + x trunc(du 2^32) (int64; when |u0|, |v0|, |du| width or
/// |dv| width reach 2^29, U(x) = trunc((u0 + x du) 2^32) instead, for |u0 + x du| < 2^29),
/// and V(x) alike. With R = U + 2^23: i0 = R >> 32, wx = (R >> 24) & 255 (the fraction rounded
/// to 1/256, a carry moving to the next texel), and j0, wy from V. Columns with i0 in [-1, iw)
/// and j0 in [-1, ih) are sampled bilinearly from the premultiplied RGBA source through
/// origin + i dx + j dy (texels outside are transparent) and blended like
/// crk_blend_columns, with x0 = 256 - wx and y0 = 256 - wy; other columns between the first
/// and last sampled ones get bg. Returns the first sampled column and stores the last in
/// *last (-1 when none). With `opaque` (every source alpha 255), runs of sixteen (AVX-512) or
/// eight (AVX2) interior pixels, on x86-64 CPUs that have them, or of four take vector paths
/// with the same result.
long crk_turned_row(double x0, double step, long width, double cos_a, double sin_a, double u_row, double v_row,
                    const uint8_t *src, long iw, long ih, long origin, long dx, long dy,
                    uint8_t *out, const uint8_t *bg, long *last, int opaque);

/// The widest vector path the turned sampler may take: 2 (AVX-512, the default), 1 (AVX2) or 0
/// (the four-column path). Returns the level in use afterwards: the lower of `level` and what
/// the CPU runs (0 on CPUs other than x86-64). For tests: every path writes the same bytes.
int crk_set_wide_vectors(int level);

/// Reads one byte per 64 of p[first ... last] and p[last] (a prefetch the caller keeps
/// alive by summing the result).
uint32_t crk_touch(const uint8_t *p, long first, long last);

/// Fills `count` RGB pixels with (r, g, b) (memset when the three are equal).
void crk_fill_rgb(uint8_t *p, long count, uint8_t r, uint8_t g, uint8_t b);

/// The first m of m0, m0 - 1, m0 + 1, m0 - 2, ... (1024 tries, m in 0...65535) for which
/// some k makes crk_fixed_blend reproduce table[0 ..< 256] exactly: for each d,
/// 256 table[d] - h(d) <= k <= min(256 table[d] + 255 - h(d), 65535 - h(d)) with
/// h(d) = (256 d m) >> 16; k is the smallest such. Returns 0 when there is none.
int crk_fixed_blend_search(const uint8_t *table, long m0, uint16_t *m_out, uint16_t *k_out);

/// out = (((d << 8) * m) >> 16 + k) >> 8 for every byte d (a grey blend table).
void crk_fixed_blend(uint8_t *p, long count, uint16_t m, uint16_t k);

/// p[3i + c] = table[256 c + p[3i + c]] for `pixels` RGB pixels.
void crk_table_blend(uint8_t *p, long pixels, const uint8_t *table);

/// Partial coverage: a = values[j] * alpha (float widened to double), then per channel
/// p = (uint8)(c * a + p * (1 - a) + 0.5).
void crk_partial_blend(uint8_t *p, long count, const float *values, double alpha, double c0, double c1,
                       double c2);


/// Area-averaging downscale of an RGB image (separable box filter) in integers. Output pixel
/// (ox, oy) covers [ox sw/dw, (ox + 1) sw/dw) x [oy sh/dh, (oy + 1) sh/dh); along each axis every
/// source pixel it overlaps has its share of the overlap, rounded to 1/4096, the largest share
/// (the first of equals) taking what makes the shares sum to 4096, so a flat area keeps its
/// exact colour. Horizontal sums h = sum p * share (below 2^20), then v = sum h * share
/// vertically (below 2^32); each channel (v + 2^23) >> 24. `tmp` holds
/// crk_downscale_scratch(sw, sh, dw, dh) uint32 of scratch.
void crk_downscale(const uint8_t *src, long sw, long sh, uint8_t *dst, long dw, long dh, uint32_t *tmp);
long crk_downscale_scratch(long sw, long sh, long dw, long dh);

/// The same downscale when the size shrinks by exactly k (2 or 4) on both axes: every
/// weight is 1/k, a power of two, so the floating-point sums are exact and equal
/// (sum of the k x k pixels + k * k / 2) / (k * k) in integers, which this computes.
void crk_box_shrink(const uint8_t *src, long sw, long sh, long k, uint8_t *dst);

#endif
