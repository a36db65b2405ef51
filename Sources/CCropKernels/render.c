// See crk_render.h for the exact formulas. Plain C99 plus clang's vector extensions
// (for the two element-wise loops); no floating-point contraction, so x86 and arm64
// round identically.
#pragma STDC FP_CONTRACT OFF
#include "crk_render.h"
#include "inline.h"
#include "turned_wide.h"
#include <math.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef uint16_t u16x8 __attribute__((ext_vector_type(8)));
typedef uint32_t u32x8 __attribute__((ext_vector_type(8)));
typedef uint8_t u8x8 __attribute__((ext_vector_type(8)));
typedef uint8_t u8x4 __attribute__((ext_vector_type(4)));
typedef uint8_t u8x16 __attribute__((ext_vector_type(16)));

/// (a * b) >> 16 per 16-bit lane: one instruction on x86-64 (clang does not find it on its own).
CRK_INLINE u16x8 mulhi(u16x8 a, u16x8 b) {
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

CRK_INLINE uint32_t mix(uint32_t t, uint32_t b, uint32_t v0, uint32_t v1) { return ((t * v0) >> 8) + ((b * v1) >> 8); }

CRK_INLINE void blend_one(const uint16_t *t, const uint16_t *b, uint32_t weight, uint32_t v0, uint32_t v1, int opaque,
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

CRK_INLINE void texel(const uint8_t *src, long iw, long ih, long origin, long dx, long dy, long i, long j, uint32_t t[4]) {
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

/// One pixel, general form: any alpha, any texel inside or outside (see crk_turned_row).
/// wx, wy in 0..255 (a weight of 256 is the next texel at weight 0).
CRK_INLINE void turned_pixel(const uint8_t *src, long iw, long ih, long origin, long dx, long dy, long i0, long j0,
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

// Sixteen-lane helpers are always inlined, so no 256-bit value crosses a call (the warning
// is about a calling convention that never applies here).
#pragma clang diagnostic ignored "-Wpsabi"
typedef uint16_t u16x16 __attribute__((ext_vector_type(16)));
typedef uint32_t u32x4 __attribute__((ext_vector_type(4)));

/// mulhi on sixteen lanes (two eight-lane halves).
CRK_INLINE u16x16 mulhi16(u16x16 a, u16x16 b) {
    u16x8 lo = mulhi(__builtin_shufflevector(a, a, 0, 1, 2, 3, 4, 5, 6, 7), __builtin_shufflevector(b, b, 0, 1, 2, 3, 4, 5, 6, 7));
    u16x8 hi = mulhi(__builtin_shufflevector(a, a, 8, 9, 10, 11, 12, 13, 14, 15),
                     __builtin_shufflevector(b, b, 8, 9, 10, 11, 12, 13, 14, 15));
    return __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

/// Four weights, each repeated over a texel's four 16-bit lanes.
CRK_INLINE u16x16 spread4(const uint32_t w[4]) {
    u32x4 v = {w[0] * 0x10001u, w[1] * 0x10001u, w[2] * 0x10001u, w[3] * 0x10001u};
    u16x8 h = (u16x8)v;
    return __builtin_shufflevector(h, h, 0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7);
}

/// Four RGBA texels widened to 16-bit lanes.
CRK_INLINE u16x16 widen4(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
    u32x4 v = {a, b, c, d};
    return __builtin_convertvector((u8x16)v, u16x16);
}

/// 2^32, the fixed-point unit of crk_turned_row's coordinates.
static const double fixed_one = 4294967296.0;
/// |coordinate| bound (pixels, 2^29) under which the fixed-point form cannot overflow:
/// |U| stays below 2^61 + 2^61 plus the rounding half.
static const double fixed_limit = 536870912.0;

long crk_turned_row(double x0, double step, long width, double cos_a, double sin_a, double u_row, double v_row,
                    const uint8_t *src, long iw, long ih, long origin, long dx, long dy,
                    uint8_t *out, const uint8_t *bg, long *last_out, int opaque) {
    *last_out = -1;
    const double u0 = x0 * cos_a + u_row, du = step * cos_a;
    const double v0 = -x0 * sin_a + v_row, dv = -step * sin_a;
    const double w = (double)width;
    // The stepped form when nothing can overflow (NaN-safe: any NaN fails the test).
    const int stepped = fabs(u0) < fixed_limit && fabs(v0) < fixed_limit && fabs(du) * w < fixed_limit &&
                        fabs(dv) * w < fixed_limit;
    // Columns that can sample: u in [-1, iw) and v in [-1, ih), with a 1/1024 pixel margin for
    // the fixed-point rounding and one column each side for the division's.
    double lo = 0, hi = w - 1;
    const double margin = 1.0 / 1024;
    const double p0s[2] = {u0, v0}, ds[2] = {du, dv}, ends[2] = {(double)iw, (double)ih};
    for (int axis = 0; axis < 2; axis++) {
        double p0 = p0s[axis], d = ds[axis], a = -1 - margin, b = ends[axis] + margin;
        if (d == 0) {
            if (!(p0 >= a && p0 <= b)) return -1;
            continue;
        }
        double t1 = (a - p0) / d, t2 = (b - p0) / d;
        if (t1 > t2) {
            double t = t1;
            t1 = t2;
            t2 = t;
        }
        if (t1 - 1 > lo) lo = t1 - 1;
        if (t2 + 1 < hi) hi = t2 + 1;
    }
    if (!(lo <= hi)) return -1;  // also NaN
    long first_x = (long)lo, last_x = (long)hi;  // 0 <= lo <= hi <= width - 1
    if ((double)first_x < lo) first_x++;
    const int64_t half = (int64_t)1 << 23;  // half a 1/256 step: round the weight, carry into the index
    int64_t DU = stepped ? (int64_t)(du * fixed_one) : 0, DV = stepped ? (int64_t)(dv * fixed_one) : 0;
    int64_t U = stepped ? (int64_t)(u0 * fixed_one) + (int64_t)first_x * DU : 0;
    int64_t V = stepped ? (int64_t)(v0 * fixed_one) + (int64_t)first_x * DV : 0;
    const uint32_t *s32 = (const uint32_t *)src;
    const unsigned long iwm = (unsigned long)(iw - 1), ihm = (unsigned long)(ih - 1);
    long first = -1, last = -1;
    long x = first_x;
    const int wide = stepped && opaque ? crk_turned_wide_level() : 0;
    while (x <= last_x) {
        // Runs of sixteen (AVX-512) or eight (AVX2) columns while their texels are inside.
        long n = 0;
        if (wide >= 2 && x + 16 <= last_x + 1)
            n = crk_turned_run_avx512(U, V, DU, DV, s32, iw, ih, origin, dx, dy, out + x * 3, (last_x + 1 - x) / 16);
        if (n == 0 && wide >= 1 && x + 8 <= last_x + 1)
            n = crk_turned_run_avx2(U, V, DU, DV, s32, iw, ih, origin, dx, dy, out + x * 3, (last_x + 1 - x) / 8);
        if (n > 0) {
            if (first < 0) first = x;
            last = x + n - 1;
            x += n;
            U += n * DU;
            V += n * DV;
            continue;
        }
        if (stepped && opaque && x + 4 <= last_x + 1) {
            // Four columns at once when all sixteen texels are inside the opaque image: the
            // general form's integers, four pixels in sixteen 16-bit lanes (h <= 65280 fits;
            // (h * y0) >> 8 is mulhi(h, y0 << 8), and y0 = 256 takes h itself).
            long i[4], j[4];
            uint32_t wx[4], wy[4];
            unsigned long outside = 0;
            int64_t Uq = U + half, Vq = V + half;
            for (int q = 0; q < 4; q++, Uq += DU, Vq += DV) {
                i[q] = (long)(Uq >> 32);
                j[q] = (long)(Vq >> 32);
                wx[q] = (uint32_t)(Uq >> 24) & 255;
                wy[q] = (uint32_t)(Vq >> 24) & 255;
                outside |= ((unsigned long)i[q] >= iwm) | ((unsigned long)j[q] >= ihm);
            }
            if (!outside) {
                const uint32_t *p[4];
                for (int q = 0; q < 4; q++) p[q] = s32 + origin + i[q] * dx + j[q] * dy;
                u16x16 t00 = widen4(p[0][0], p[1][0], p[2][0], p[3][0]);
                u16x16 t10 = widen4(p[0][dx], p[1][dx], p[2][dx], p[3][dx]);
                u16x16 t01 = widen4(p[0][dy], p[1][dy], p[2][dy], p[3][dy]);
                u16x16 t11 = widen4(p[0][dx + dy], p[1][dx + dy], p[2][dx + dy], p[3][dx + dy]);
                u16x16 WX = spread4(wx), WY = spread4(wy);
                u16x16 X0 = (u16x16)256 - WX;
                u16x16 top = t00 * X0 + t10 * WX, bottom = t01 * X0 + t11 * WX;
                u16x16 s = mulhi16(top, ((u16x16)256 - WY) << 8) + mulhi16(bottom, WY << 8);
                u16x16 whole = (u16x16)(WY == (u16x16)0);  // y0 = 256: the top row alone
                s = (top & whole) | (s & ~whole);
                u16x16 r = (s + (u16x16)128) >> 8;  // <= 255: s <= 65280
                u8x16 b8 = __builtin_convertvector(r, u8x16);
                u32x4 px = (u32x4)b8;
                uint8_t *o4 = out + x * 3;
                uint32_t p0 = px[0], p1 = px[1], p2 = px[2], p3 = px[3];
                memcpy(o4, &p0, 4);
                memcpy(o4 + 3, &p1, 4);
                memcpy(o4 + 6, &p2, 4);
                memcpy(o4 + 9, &p3, 3);
                if (first < 0) first = x;
                last = x + 3;
                x += 4;
                U += 4 * DU;
                V += 4 * DV;
                continue;
            }
        }
        uint8_t *o = out + x * 3;
        int64_t Ux = U, Vx = V;
        if (!stepped) {
            double u = u0 + (double)x * du, v = v0 + (double)x * dv;
            if (!(fabs(u) < fixed_limit && fabs(v) < fixed_limit)) Ux = Vx = INT64_MIN / 2;
            else {
                Ux = (int64_t)(u * fixed_one);
                Vx = (int64_t)(v * fixed_one);
            }
        }
        long i0 = (long)((Ux + half) >> 32), j0 = (long)((Vx + half) >> 32);
        if (i0 >= -1 && i0 < iw && j0 >= -1 && j0 < ih) {
            if (first < 0) first = x;
            last = x;
            uint32_t wx = (uint32_t)((Ux + half) >> 24) & 255, wy = (uint32_t)((Vx + half) >> 24) & 255;
            turned_pixel(src, iw, ih, origin, dx, dy, i0, j0, wx, wy, bg, o);
        } else if (first >= 0) {
            memcpy(o, bg, 3);  // between the first and the last sampled column: the background
        }
        x++;
        U += DU;
        V += DV;
    }
    // Columns after the last sampled one keep whatever they had; the caller owns them.
    *last_out = last;
    return first;
}

uint32_t crk_touch(const uint8_t *p, long first, long last) {
    uint32_t sum = 0;
    for (long i = first; i <= last; i += 64) sum += p[i];
    return sum + p[last];
}

void crk_fill_rgb(uint8_t *p, long count, uint8_t r, uint8_t g, uint8_t b) {
    if (count <= 0) return;
    if (r == g && g == b) {
        memset(p, r, (size_t)count * 3);
        return;
    }
    p[0] = r;
    p[1] = g;
    p[2] = b;
    // Copies that double the filled part.
    long filled = 3, total = count * 3;
    while (filled < total) {
        long n = filled < total - filled ? filled : total - filled;
        memcpy(p + filled, p, (size_t)n);
        filled += n;
    }
}

int crk_fixed_blend_search(const uint8_t *table, long m0, uint16_t *m_out, uint16_t *k_out) {
    for (long step = 0; step < 1024; step++) {
        long m = m0 + (step % 2 == 0 ? step / 2 : -(step + 1) / 2);
        if (m < 0 || m > 65535) continue;
        long lo = 0, hi = 65535;
        for (long d = 0; d < 256; d++) {
            long h = (d * 256 * m) >> 16;
            long a = 256 * (long)table[d] - h, b = 256 * (long)table[d] + 255 - h, c = 65535 - h;
            if (a > lo) lo = a;
            if (b < hi) hi = b;
            if (c < hi) hi = c;
            if (lo > hi) break;  // no k for this m
        }
        if (lo <= hi) {
            *m_out = (uint16_t)m;
            *k_out = (uint16_t)lo;
            return 1;
        }
    }
    return 0;
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


/// Four uint32, aligned like one: `tmp` comes from a Swift array (4-byte aligned), so loads
/// and stores through it must not assume a vector's 16-byte alignment.
typedef uint32_t u32x4a4 __attribute__((ext_vector_type(4), aligned(4)));

/// The area taps of n source pixels onto m outputs (see crk_downscale): output o covers
/// [o n/m, (o + 1) n/m); each source pixel it overlaps gets its share, rounded to 1/4096, and
/// the largest share (the first of equals) takes what makes the sum 4096. At most n + m - 1
/// taps in all.
static void area_taps(long n, long m, uint32_t *start, uint32_t *count, uint32_t *index, uint32_t *weight) {
    const double scale = (double)n / (double)m;
    long k = 0;
    for (long o = 0; o < m; o++) {
        const double a = (double)o * scale, b = (double)(o + 1) * scale;
        const long first = k;
        long sum = 0, largest = k;
        for (long s = (long)floor(a); (double)s < b && s < n; s++) {
            const double lo = a > (double)s ? a : (double)s, hi = b < (double)(s + 1) ? b : (double)(s + 1);
            if (!(hi > lo)) continue;
            const long w = lround((hi - lo) / scale * 4096);
            index[k] = (uint32_t)s;
            weight[k] = (uint32_t)w;
            if (w > (long)weight[largest]) largest = k;
            sum += w;
            k++;
        }
        start[o] = (uint32_t)first;
        count[o] = (uint32_t)(k - first);
        if (k > first) weight[largest] = (uint32_t)((long)weight[largest] + 4096 - sum);
    }
}

long crk_downscale_scratch(long sw, long sh, long dw, long dh) {
    return (dw * sh + dw + sw) * 4 + 2 * dw + 2 * (sw + dw) + 2 * dh + 2 * (sh + dh);
}

void crk_downscale(const uint8_t *src, long sw, long sh, uint8_t *dst, long dw, long dh, uint32_t *tmp) {
    uint32_t *xstart = tmp + (dw * sh + dw + sw) * 4, *xcount = xstart + dw, *xindex = xcount + dw, *xweight = xindex + sw + dw;
    uint32_t *ystart = xweight + sw + dw, *ycount = ystart + dh, *yindex = ycount + dh, *yweight = yindex + sh + dh;
    area_taps(sw, dw, xstart, xcount, xindex, xweight);
    area_taps(sh, dh, ystart, ycount, yindex, yweight);
    // Three channels in one vector (the fourth lane is never read): a third of the operations
    // in a debug build (-O0), where this runs inside a client's tests. The vertical pass runs tap by tap
    // over a whole output row, so its inner loop is one multiply-add per pixel.
    u32x4a4 *sums = (u32x4a4 *)tmp;
    u32x4a4 *acc = sums + dw * sh;
    u32x4a4 *wide = acc + dw;
    for (long y = 0; y < sh; y++) {
        // The row widened once, a pixel per vector: four bytes read from each pixel (the fourth
        // is the next pixel's red, in a lane that is never used), the last pixel's three alone.
        const uint8_t *row = src + y * sw * 3;
        for (long x = 0; x + 1 < sw; x++) {
            u8x4 b;
            memcpy(&b, row + x * 3, 4);
            wide[x] = __builtin_convertvector(b, u32x4);
        }
        const uint8_t *lastp = row + (sw - 1) * 3;
        wide[sw - 1] = (u32x4){lastp[0], lastp[1], lastp[2], 0};
        u32x4a4 *o = sums + y * dw;
        for (long ox = 0; ox < dw; ox++) {
            u32x4 h = 0;
            const long end = xstart[ox] + xcount[ox];
            for (long t = xstart[ox]; t < end; t++) h += wide[xindex[t]] * xweight[t];
            o[ox] = h;
        }
    }
    for (long oy = 0; oy < dh; oy++) {
        const long end = ystart[oy] + ycount[oy];
        memset(acc, 0, (size_t)dw * 4 * sizeof(uint32_t));
        for (long t = ystart[oy]; t < end; t++) {
            const u32x4a4 *h = sums + yindex[t] * dw;
            const uint32_t w = yweight[t];
            for (long x = 0; x < dw; x++) acc[x] += h[x] * w;
        }
        uint8_t *o = dst + oy * dw * 3;
        for (long x = 0; x < dw; x++, o += 3) {
            u32x4 v = (acc[x] + (1u << 23)) >> 24;
            o[0] = (uint8_t)v.x;
            o[1] = (uint8_t)v.y;
            o[2] = (uint8_t)v.z;
        }
    }
}

void crk_box_shrink(const uint8_t *src, long sw, long sh, long k, uint8_t *dst) {
    long dw = sw / k, dh = sh / k, area = k * k;
    if (k == 2) {
        // Halving, the thumbnails' case: four pixels per output, written out (fast at -O0 too).
        for (long oy = 0; oy < dh; oy++) {
            const uint8_t *a = src + oy * 2 * sw * 3, *b = a + sw * 3;
            uint8_t *o = dst + oy * dw * 3;
            for (long ox = 0; ox < dw; ox++, a += 6, b += 6, o += 3) {
                o[0] = (uint8_t)((a[0] + a[3] + b[0] + b[3] + 2) >> 2);
                o[1] = (uint8_t)((a[1] + a[4] + b[1] + b[4] + 2) >> 2);
                o[2] = (uint8_t)((a[2] + a[5] + b[2] + b[5] + 2) >> 2);
            }
        }
        return;
    }
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
