// The turned sampler's eight-column steps in AVX2 (see turned_avx2.h): gathers instead of 32
// scalar loads, sixteen 16-bit lanes per register. Integer arithmetic only, so its bytes are
// the four-column path's on every CPU (a test runs both). Compiled for AVX2 by a function
// attribute and called only after a CPUID check, so the package needs no compiler flag.
#include "crk_render.h"
#include "turned_avx2.h"
#include <string.h>

#if defined(__x86_64__) && defined(__clang__)
#include <cpuid.h>
#include <immintrin.h>

/// -1 not yet known, 0 no, 1 yes (written with the same value by any thread that checks).
static int avx2_state = -1;
static int wide_allowed = 1;

static int cpu_has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    // The OS saves the YMM registers (XCR0 bits 1 and 2).
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & bit_AVX2) != 0;
}

int crk_turned_use_avx2(void) {
    int state = __atomic_load_n(&avx2_state, __ATOMIC_RELAXED);
    if (state < 0) {
        state = cpu_has_avx2();
        __atomic_store_n(&avx2_state, state, __ATOMIC_RELAXED);
    }
    return state && __atomic_load_n(&wide_allowed, __ATOMIC_RELAXED);
}

int crk_set_wide_vectors(int allowed) {
    __atomic_store_n(&wide_allowed, allowed ? 1 : 0, __ATOMIC_RELAXED);
    return crk_turned_use_avx2();
}

__attribute__((target("avx2"))) long crk_turned_run_avx2(int64_t U, int64_t V, int64_t DU, int64_t DV, const uint32_t *s32,
                                                          long iw, long ih, long origin, long dx, long dy, uint8_t *o,
                                                          long steps) {
    const int64_t half = (int64_t)1 << 23;
    // Columns 0..3 and 4..7 of a step in 64-bit lanes: U + half + q DU (and V alike).
    __m256i u0 = _mm256_add_epi64(_mm256_set1_epi64x(U + half), _mm256_set_epi64x(3 * DU, 2 * DU, DU, 0));
    __m256i v0 = _mm256_add_epi64(_mm256_set1_epi64x(V + half), _mm256_set_epi64x(3 * DV, 2 * DV, DV, 0));
    const __m256i four_du = _mm256_set1_epi64x(4 * DU), four_dv = _mm256_set1_epi64x(4 * DV);
    const __m256i eight_du = _mm256_set1_epi64x(8 * DU), eight_dv = _mm256_set1_epi64x(8 * DV);
    // The high dwords are R >> 32 (the texel); bits 24..31 of the low dwords the weight.
    const __m256i odd = _mm256_set_epi32(7, 5, 3, 1, 7, 5, 3, 1), even = _mm256_set_epi32(6, 4, 2, 0, 6, 4, 2, 0);
    // Inside: 0 <= i < iw - 1 and 0 <= j < ih - 1, compared as unsigned (sign bit flipped).
    // A high dword is R >> 32 itself: coordinates stay below 2^30 on the stepped path.
    const __m256i flip = _mm256_set1_epi32((int)0x80000000u);
    const __m256i i_end = _mm256_set1_epi32((int)((uint32_t)(iw - 1) ^ 0x80000000u));
    const __m256i j_end = _mm256_set1_epi32((int)((uint32_t)(ih - 1) ^ 0x80000000u));
    const __m256i vdx = _mm256_set1_epi32((int)dx), vdy = _mm256_set1_epi32((int)dy), vdxy = _mm256_set1_epi32((int)(dx + dy));
    const __m256i vorigin = _mm256_set1_epi32((int)origin), pair = _mm256_set1_epi32(0x10001);
    const __m256i zero = _mm256_setzero_si256(), c256 = _mm256_set1_epi16(256), c128 = _mm256_set1_epi16(128);
    const __m256i rgb = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1, 0, 1, 2, 4, 5, 6, 8, 9, 10, 12,
                                         13, 14, -1, -1, -1, -1);
    const int *base = (const int *)s32;
    long done = 0;
    for (; done < steps; done++, o += 24) {
        __m256i u1 = _mm256_add_epi64(u0, four_du), v1 = _mm256_add_epi64(v0, four_dv);
        __m256i i = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(u0, odd), _mm256_permutevar8x32_epi32(u1, odd), 0xF0);
        __m256i j = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(v0, odd), _mm256_permutevar8x32_epi32(v1, odd), 0xF0);
        __m256i in_i = _mm256_cmpgt_epi32(i_end, _mm256_xor_si256(i, flip));
        __m256i in_j = _mm256_cmpgt_epi32(j_end, _mm256_xor_si256(j, flip));
        if (_mm256_movemask_epi8(_mm256_and_si256(in_i, in_j)) != -1) break;
        __m256i fu = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(u0, even), _mm256_permutevar8x32_epi32(u1, even), 0xF0);
        __m256i fv = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(v0, even), _mm256_permutevar8x32_epi32(v1, even), 0xF0);
        u0 = _mm256_add_epi64(u0, eight_du);
        v0 = _mm256_add_epi64(v0, eight_dv);
        // Each weight in both 16-bit halves of its column's dword, then over the column's lanes.
        __m256i wx2 = _mm256_mullo_epi32(_mm256_srli_epi32(fu, 24), pair);
        __m256i wy2 = _mm256_mullo_epi32(_mm256_srli_epi32(fv, 24), pair);
        // Texel offsets fit 32 bits: images hold at most 100 M pixels.
        __m256i off = _mm256_add_epi32(vorigin, _mm256_add_epi32(_mm256_mullo_epi32(i, vdx), _mm256_mullo_epi32(j, vdy)));
        __m256i t00 = _mm256_i32gather_epi32(base, off, 4);
        __m256i t10 = _mm256_i32gather_epi32(base, _mm256_add_epi32(off, vdx), 4);
        __m256i t01 = _mm256_i32gather_epi32(base, _mm256_add_epi32(off, vdy), 4);
        __m256i t11 = _mm256_i32gather_epi32(base, _mm256_add_epi32(off, vdxy), 4);
        __m256i r[2];
        for (int h = 0; h < 2; h++) {
            // Low half: columns 0, 1 (and 4, 5 in the upper 128 bits); high half: 2, 3 (6, 7).
            __m256i a = h ? _mm256_unpackhi_epi8(t00, zero) : _mm256_unpacklo_epi8(t00, zero);
            __m256i b = h ? _mm256_unpackhi_epi8(t10, zero) : _mm256_unpacklo_epi8(t10, zero);
            __m256i c = h ? _mm256_unpackhi_epi8(t01, zero) : _mm256_unpacklo_epi8(t01, zero);
            __m256i d = h ? _mm256_unpackhi_epi8(t11, zero) : _mm256_unpacklo_epi8(t11, zero);
            __m256i WX = h ? _mm256_unpackhi_epi32(wx2, wx2) : _mm256_unpacklo_epi32(wx2, wx2);
            __m256i WY = h ? _mm256_unpackhi_epi32(wy2, wy2) : _mm256_unpacklo_epi32(wy2, wy2);
            __m256i X0 = _mm256_sub_epi16(c256, WX);
            __m256i top = _mm256_add_epi16(_mm256_mullo_epi16(a, X0), _mm256_mullo_epi16(b, WX));
            __m256i bottom = _mm256_add_epi16(_mm256_mullo_epi16(c, X0), _mm256_mullo_epi16(d, WX));
            // (h * y0) >> 8 as mulhi(h, y0 << 8); y0 = 256 (wy = 0) takes the top row alone.
            __m256i s = _mm256_add_epi16(_mm256_mulhi_epu16(top, _mm256_slli_epi16(_mm256_sub_epi16(c256, WY), 8)),
                                         _mm256_mulhi_epu16(bottom, _mm256_slli_epi16(WY, 8)));
            s = _mm256_blendv_epi8(s, top, _mm256_cmpeq_epi16(WY, zero));
            r[h] = _mm256_srli_epi16(_mm256_add_epi16(s, c128), 8);
        }
        // Packing restores the column order per 128 bits: 0..3, then 4..7 (RGBA); drop alpha.
        __m256i px = _mm256_shuffle_epi8(_mm256_packus_epi16(r[0], r[1]), rgb);
        __m128i lo = _mm256_castsi256_si128(px), hi = _mm256_extracti128_si256(px, 1);
        _mm_storel_epi64((__m128i *)o, lo);
        uint32_t w = (uint32_t)_mm_extract_epi32(lo, 2);
        memcpy(o + 8, &w, 4);
        _mm_storel_epi64((__m128i *)(o + 12), hi);
        w = (uint32_t)_mm_extract_epi32(hi, 2);
        memcpy(o + 20, &w, 4);
    }
    return done * 8;
}

#else

int crk_turned_use_avx2(void) { return 0; }

int crk_set_wide_vectors(int allowed) {
    (void)allowed;
    return 0;
}

long crk_turned_run_avx2(int64_t U, int64_t V, int64_t DU, int64_t DV, const uint32_t *s32, long iw, long ih, long origin,
                         long dx, long dy, uint8_t *o, long steps) {
    (void)U, (void)V, (void)DU, (void)DV, (void)s32, (void)iw, (void)ih, (void)origin, (void)dx, (void)dy, (void)o, (void)steps;
    return 0;
}

#endif
