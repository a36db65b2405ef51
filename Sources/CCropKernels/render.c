// See crk_render.h for the exact formulas. Plain C99 plus clang's vector extensions
// (for the two element-wise loops); no floating-point contraction, so x86 and arm64
// round identically.
#pragma STDC FP_CONTRACT OFF
#include "crk_render.h"
#include <math.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef uint16_t u16x8 __attribute__((ext_vector_type(8)));
typedef uint32_t u32x8 __attribute__((ext_vector_type(8)));
typedef uint8_t u8x8 __attribute__((ext_vector_type(8)));
typedef uint8_t u8x16 __attribute__((ext_vector_type(16)));

/// (a * b) >> 16 per 16-bit lane: one instruction on x86-64 (clang does not find it on its own).
static inline u16x8 mulhi(u16x8 a, u16x8 b) {
#if defined(__SSE2__)
    return (u16x8)_mm_mulhi_epu16((__m128i)a, (__m128i)b);
#else
    return __builtin_convertvector((__builtin_convertvector(a, u32x8) * __builtin_convertvector(b, u32x8)) >> 16, u16x8);
#endif
}

void crk_expand(const uint8_t *src, uint64_t *dst, long count) {
    long t = 0;
    // Two texels (8 bytes) widen to eight 16-bit lanes at once.
    for (; t + 2 <= count; t += 2) {
        u8x8 b;
        memcpy(&b, src + t * 4, 8);
        u16x8 w = __builtin_convertvector(b, u16x8);
        memcpy(dst + t, &w, 16);
    }
    for (; t < count; t++) {
        const uint8_t *p = src + t * 4;
        dst[t] = (uint64_t)p[0] | (uint64_t)p[1] << 16 | (uint64_t)p[2] << 32 | (uint64_t)p[3] << 48;
    }
}

void crk_expand_oriented(const uint8_t *base, long at, long dx, uint64_t *dst, long count) {
    for (long t = 0; t < count; t++) {
        const uint8_t *p = base + at * 4;
        dst[t] = (uint64_t)p[0] | (uint64_t)p[1] << 16 | (uint64_t)p[2] << 32 | (uint64_t)p[3] << 48;
        at += dx;
    }
}

void crk_horizontal(const uint64_t *row, const uint32_t *plan, long n, uint8_t *out, long stride) {
    for (long c = 0; c < n; c++) {
        uint32_t e = plan[c];
        const uint64_t *p = row + (e & 0x7FFFFF);
        uint64_t t0 = p[0];
        uint64_t h = (t0 << 8) + (p[1] - t0) * (uint64_t)(e >> 23);
        memcpy(out + c * stride, &h, 8);
    }
}

static void lerp(const uint16_t *top, const uint16_t *bottom, uint16_t a, uint16_t b, uint8_t *out, long count) {
    long i = 0;
    const u16x8 va = (u16x8)a;
    const u16x8 vb = (u16x8)b;
    for (; i + 8 <= count; i += 8) {
        u16x8 t, u;
        memcpy(&t, top + i, 16);
        memcpy(&u, bottom + i, 16);
        u8x8 r = __builtin_convertvector((mulhi(t, va) + mulhi(u, vb) + (uint16_t)128) >> 8, u8x8);
        memcpy(out + i, &r, 8);
    }
    for (; i < count; i++) {
        uint16_t t = (uint16_t)(((uint32_t)top[i] * a) >> 16);
        uint16_t u = (uint16_t)(((uint32_t)bottom[i] * b) >> 16);
        out[i] = (uint8_t)((uint16_t)(t + u + 128) >> 8);
    }
}

void crk_vertical(const uint16_t *top, const uint16_t *bottom, uint32_t v0, uint32_t v1, uint8_t *out, long count) {
    if (v1 == 0 || v0 == 0) {
        const uint16_t *only = v1 == 0 ? top : bottom;
        for (long i = 0; i < count; i++) out[i] = (uint8_t)((uint16_t)(only[i] + 128) >> 8);
        return;
    }
    lerp(top, bottom, (uint16_t)(v0 << 8), (uint16_t)(v1 << 8), out, count);
}

static inline uint32_t mix(uint32_t t, uint32_t b, uint32_t v0, uint32_t v1) { return ((t * v0) >> 8) + ((b * v1) >> 8); }

static inline void blend_one(const uint16_t *t, const uint16_t *b, uint32_t weight, uint32_t v0, uint32_t v1, int opaque,
                             uint8_t *q, const uint8_t *bg) {
    const uint32_t full = 255 * 256;
    uint32_t pa;
    if (opaque) {
        uint32_t ha = 255 * weight;
        pa = mix(ha, ha, v0, v1);
    } else {
        pa = mix(t[3], b[3], v0, v1);
    }
    uint32_t keep = full - (pa < full ? pa : full);
    for (int ch = 0; ch < 3; ch++) {
        uint32_t value = mix(t[ch], b[ch], v0, v1);
        uint32_t o = (value * 255 + (uint32_t)bg[ch] * keep + 255 * 128) / full;
        q[ch] = (uint8_t)(o < 255 ? o : 255);
    }
}

void crk_blend_columns(const uint16_t *top, const uint16_t *bottom, long lanes, uint32_t v0, uint32_t v1,
                       uint8_t *out, long n, const long *edge_columns, const uint32_t *edge_weights,
                       long edge_count, int opaque, int only_edges, const uint8_t *bg) {
    if (only_edges) {
        for (long e = 0; e < edge_count; e++) {
            long c = edge_columns[e];
            blend_one(top + c * lanes, bottom + c * lanes, edge_weights[e], v0, v1, opaque, out + c * 3, bg);
        }
        return;
    }
    long e = 0;
    for (long c = 0; c < n; c++) {
        uint32_t weight = 256;
        if (e < edge_count && edge_columns[e] == c) {
            weight = edge_weights[e];
            e++;
        }
        blend_one(top + c * lanes, bottom + c * lanes, weight, v0, v1, opaque, out + c * 3, bg);
    }
}

static inline void texel(const uint8_t *src, long iw, long ih, long origin, long dx, long dy, long i, long j, uint32_t t[4]) {
    if (i < 0 || i >= iw || j < 0 || j >= ih) {
        t[0] = t[1] = t[2] = t[3] = 0;
        return;
    }
    const uint8_t *p = src + (origin + i * dx + j * dy) * 4;
    t[0] = p[0];
    t[1] = p[1];
    t[2] = p[2];
    t[3] = p[3];
}

/// floor(x) for |x| < 2^62 without libm (baseline x86-64 has no rounding instruction): the
/// same value as floor.
static inline long floor_long(double x) {
    long t = (long)x;
    return (double)t > x ? t - 1 : t;
}

/// round(f * 256) (half away from zero) for f in [0, 1): exact, without libm.
static inline uint32_t weight256(double f) {
    double scaled = f * 256;  // exact: a power of two
    long w = (long)scaled;
    return (uint32_t)(scaled - (double)w >= 0.5 ? w + 1 : w);
}

/// One pixel, general form: any alpha, any texel inside or outside (see crk_turned_row).
static inline void turned_pixel(const uint8_t *src, long iw, long ih, long origin, long dx, long dy, long i0, long j0,
                                uint32_t wx, uint32_t wy, const uint8_t *bg, uint8_t *o) {
    const uint32_t full = 255 * 256;
    uint32_t t00[4], t10[4], t01[4], t11[4];
    texel(src, iw, ih, origin, dx, dy, i0, j0, t00);
    texel(src, iw, ih, origin, dx, dy, i0 + 1, j0, t10);
    texel(src, iw, ih, origin, dx, dy, i0, j0 + 1, t01);
    texel(src, iw, ih, origin, dx, dy, i0 + 1, j0 + 1, t11);
    uint32_t x0 = 256 - wx, y0 = 256 - wy;
    uint32_t s[4];
    for (int ch = 0; ch < 4; ch++)
        s[ch] = (((t00[ch] * x0 + t10[ch] * wx) * y0) >> 8) + (((t01[ch] * x0 + t11[ch] * wx) * wy) >> 8);
    if (s[3] >= full) {
        for (int ch = 0; ch < 3; ch++) {
            uint32_t r = (s[ch] + 128) >> 8;
            o[ch] = (uint8_t)(r < 255 ? r : 255);
        }
    } else {
        uint32_t keep = full - s[3];
        for (int ch = 0; ch < 3; ch++) {
            uint32_t r = (s[ch] * 255 + (uint32_t)bg[ch] * keep + 255 * 128) / full;
            o[ch] = (uint8_t)(r < 255 ? r : 255);
        }
    }
}

long crk_turned_row(const double *xs, long width, double cos_a, double sin_a, double u_row, double v_row,
                    const uint8_t *src, long iw, long ih, long origin, long dx, long dy,
                    uint8_t *out, const uint8_t *bg, long *last_out, int opaque) {
    const double fw = (double)iw, fh = (double)ih;
    long first = -1, last = -1;
    for (long x = 0; x < width; x++) {
        double X = xs[x];
        double u = X * cos_a + u_row;
        double v = -X * sin_a + v_row;
        // The sampled range: floor(u) in [-1, iw), floor(v) in [-1, ih) (NaN-safe comparisons).
        if (!(u >= -1 && u < fw && v >= -1 && v < fh)) {
            // Columns between the first and the last sampled one keep the background.
            if (first >= 0) memcpy(out + x * 3, bg, 3);
            continue;
        }
        if (first < 0) first = x;
        last = x;
        long i0 = floor_long(u), j0 = floor_long(v);
        uint32_t wx = weight256(u - (double)i0);
        uint32_t wy = weight256(v - (double)j0);
        uint8_t *o = out + x * 3;
        if (opaque && i0 >= 0 && j0 >= 0 && i0 + 1 < iw && j0 + 1 < ih) {
            // All four texels inside an opaque image: red and blue, then green and alpha, in
            // two 32-bit lanes of one word; the same integers as the general form.
            const uint8_t *p00 = src + (origin + i0 * dx + j0 * dy) * 4;
            const uint8_t *p10 = p00 + dx * 4, *p01 = p00 + dy * 4, *p11 = p01 + dx * 4;
            uint32_t x0 = 256 - wx, y0 = 256 - wy;
            uint64_t a, b, c, d;
            memcpy(&a, p00, 4); memcpy(&b, p10, 4); memcpy(&c, p01, 4); memcpy(&d, p11, 4);
            a &= 0xFFFFFFFFu; b &= 0xFFFFFFFFu; c &= 0xFFFFFFFFu; d &= 0xFFFFFFFFu;
            #define SPREAD(q) ((((q) & 0xFFu) | (((q) >> 16) & 0xFFu) << 32))
            uint64_t rb00 = SPREAD(a), rb10 = SPREAD(b), rb01 = SPREAD(c), rb11 = SPREAD(d);
            uint64_t g00 = (a >> 8) & 0xFF, g10 = (b >> 8) & 0xFF, g01 = (c >> 8) & 0xFF, g11 = (d >> 8) & 0xFF;
            #undef SPREAD
            const uint64_t keep24 = 0x00FFFFFF00FFFFFFull;
            uint64_t top = ((rb00 * x0 + rb10 * wx) * y0 >> 8) & keep24;
            uint64_t bottom = ((rb01 * x0 + rb11 * wx) * wy >> 8) & keep24;
            uint64_t rb = top + bottom;
            uint32_t gs = (((uint32_t)(g00 * x0 + g10 * wx) * y0) >> 8) + (((uint32_t)(g01 * x0 + g11 * wx) * wy) >> 8);
            uint32_t r = (uint32_t)((rb & 0xFFFFFFFFu) + 128) >> 8, bl = (uint32_t)((rb >> 32) + 128) >> 8;
            uint32_t g = (gs + 128) >> 8;
            o[0] = (uint8_t)(r < 255 ? r : 255);
            o[1] = (uint8_t)(g < 255 ? g : 255);
            o[2] = (uint8_t)(bl < 255 ? bl : 255);
            continue;
        }
        turned_pixel(src, iw, ih, origin, dx, dy, i0, j0, wx, wy, bg, o);
    }
    *last_out = last;
    return first;
}

void crk_fixed_blend(uint8_t *p, long count, uint16_t m, uint16_t k) {
    long i = 0;
    const u16x8 vm = (u16x8)m;
    for (; i + 8 <= count; i += 8) {
        u8x8 d;
        memcpy(&d, p + i, 8);
        u16x8 hi = mulhi(__builtin_convertvector(d, u16x8) << 8, vm);
        u8x8 r = __builtin_convertvector((hi + k) >> 8, u8x8);
        memcpy(p + i, &r, 8);
    }
    for (; i < count; i++) {
        uint16_t hi = (uint16_t)(((uint32_t)(uint16_t)(p[i] << 8) * m) >> 16);
        p[i] = (uint8_t)((uint16_t)(hi + k) >> 8);
    }
}

void crk_table_blend(uint8_t *p, long pixels, const uint8_t *table) {
    for (long i = 0; i < pixels; i++, p += 3) {
        p[0] = table[p[0]];
        p[1] = table[256 + p[1]];
        p[2] = table[512 + p[2]];
    }
}

void crk_partial_blend(uint8_t *p, long count, const float *values, double alpha, double c0, double c1, double c2) {
    for (long j = 0; j < count; j++, p += 3) {
        double a = (double)values[j] * alpha;
        double keep = 1 - a;
        p[0] = (uint8_t)(c0 * a + (double)p[0] * keep + 0.5);
        p[1] = (uint8_t)(c1 * a + (double)p[1] * keep + 0.5);
        p[2] = (uint8_t)(c2 * a + (double)p[2] * keep + 0.5);
    }
}


void crk_downscale(const uint8_t *src, long sw, long sh, uint8_t *dst, long dw, long dh, const long *xstart,
                   const long *xcount, const long *xindex, const double *xweight, const long *ystart,
                   const long *ycount, const long *yindex, const double *yweight, double *tmp) {
    for (long y = 0; y < sh; y++) {
        for (long ox = 0; ox < dw; ox++) {
            double r = 0, g = 0, b = 0;
            for (long t = xstart[ox]; t < xstart[ox] + xcount[ox]; t++) {
                const uint8_t *p = src + (y * sw + xindex[t]) * 3;
                double wt = xweight[t];
                r += (double)p[0] * wt;
                g += (double)p[1] * wt;
                b += (double)p[2] * wt;
            }
            double *o = tmp + (y * dw + ox) * 3;
            o[0] = r;
            o[1] = g;
            o[2] = b;
        }
    }
    for (long oy = 0; oy < dh; oy++) {
        for (long x = 0; x < dw; x++) {
            double r = 0, g = 0, b = 0;
            for (long t = ystart[oy]; t < ystart[oy] + ycount[oy]; t++) {
                const double *p = tmp + (yindex[t] * dw + x) * 3;
                double wt = yweight[t];
                r += p[0] * wt;
                g += p[1] * wt;
                b += p[2] * wt;
            }
            uint8_t *o = dst + (oy * dw + x) * 3;
            double v[3] = {r + 0.5, g + 0.5, b + 0.5};
            for (int c = 0; c < 3; c++) o[c] = (uint8_t)(v[c] < 255 ? v[c] : 255);
        }
    }
}

void crk_box_shrink(const uint8_t *src, long sw, long sh, long k, uint8_t *dst) {
    long dw = sw / k, dh = sh / k, area = k * k;
    for (long oy = 0; oy < dh; oy++) {
        for (long ox = 0; ox < dw; ox++) {
            unsigned sum[3] = {0, 0, 0};
            for (long dy = 0; dy < k; dy++) {
                const uint8_t *p = src + ((oy * k + dy) * sw + ox * k) * 3;
                for (long dx = 0; dx < k; dx++) {
                    sum[0] += p[dx * 3];
                    sum[1] += p[dx * 3 + 1];
                    sum[2] += p[dx * 3 + 2];
                }
            }
            uint8_t *o = dst + (oy * dw + ox) * 3;
            for (int c = 0; c < 3; c++) o[c] = (uint8_t)((sum[c] + (unsigned)area / 2) / (unsigned)area);
        }
    }
}
