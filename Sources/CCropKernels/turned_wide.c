// The turned sampler's wide steps (see turned_wide.h): eight columns in AVX2 and sixteen in
// AVX-512, with gathers instead of scalar loads. Integer arithmetic only, so their bytes are
// the four-column path's on every CPU (a test runs every path the CPU has). Each is compiled
// for its instruction set by a function attribute and called only after a CPUID check, so
// the package needs no compiler flag.
#include "crk_render.h"
#include "turned_wide.h"
#include <string.h>

#if defined(__x86_64__) && defined(__clang__)
#include <cpuid.h>
#include <immintrin.h>

/// The widest path this CPU and OS run: -1 not yet known, else 0 (none), 1 (AVX2), 2 (AVX-512
/// F and BW); written with the same value by any thread that checks.
static int cpu_level = -1;
/// The widest path allowed (crk_set_wide_vectors).
static int allowed_level = 2;

static int cpu_wide_level(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    // The OS saves the YMM registers (XCR0 bits 1 and 2), and for AVX-512 the opmask and ZMM
    // registers too (bits 5, 6 and 7).
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    if (!(b & bit_AVX2)) return 0;
    return (b & bit_AVX512F) && (b & bit_AVX512BW) && (lo & 0xE0) == 0xE0 ? 2 : 1;
}

int crk_turned_wide_level(void) {
    int level = __atomic_load_n(&cpu_level, __ATOMIC_RELAXED);
    if (level < 0) {
        level = cpu_wide_level();
        __atomic_store_n(&cpu_level, level, __ATOMIC_RELAXED);
    }
    int allowed = __atomic_load_n(&allowed_level, __ATOMIC_RELAXED);
    return level < allowed ? level : allowed;
}

int crk_set_wide_vectors(int level) {
    __atomic_store_n(&allowed_level, level < 0 ? 0 : level, __ATOMIC_RELAXED);
    return crk_turned_wide_level();
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

__attribute__((target("avx512f,avx512bw"))) long crk_turned_run_avx512(int64_t U, int64_t V, int64_t DU, int64_t DV,
                                                                     const uint32_t *s32, long iw, long ih, long origin,
                                                                     long dx, long dy, uint8_t *o, long steps) {
    // The AVX2 step's arithmetic on twice the lanes: columns 0..7 and 8..15 of a step in two
    // registers of 64-bit lanes, their high dwords (the texels) and low dwords (the weights in
    // bits 24..31) picked into one register each.
    const int64_t half = (int64_t)1 << 23;
    __m512i u0 = _mm512_add_epi64(_mm512_set1_epi64(U + half),
                                  _mm512_set_epi64(7 * DU, 6 * DU, 5 * DU, 4 * DU, 3 * DU, 2 * DU, DU, 0));
    __m512i v0 = _mm512_add_epi64(_mm512_set1_epi64(V + half),
                                  _mm512_set_epi64(7 * DV, 6 * DV, 5 * DV, 4 * DV, 3 * DV, 2 * DV, DV, 0));
    const __m512i eight_du = _mm512_set1_epi64(8 * DU), eight_dv = _mm512_set1_epi64(8 * DV);
    const __m512i sixteen_du = _mm512_set1_epi64(16 * DU), sixteen_dv = _mm512_set1_epi64(16 * DV);
    const __m512i odd = _mm512_set_epi32(31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1);
    const __m512i even = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
    const __m512i i_end = _mm512_set1_epi32((int)(iw - 1)), j_end = _mm512_set1_epi32((int)(ih - 1));
    const __m512i vdx = _mm512_set1_epi32((int)dx), vdy = _mm512_set1_epi32((int)dy), vdxy = _mm512_set1_epi32((int)(dx + dy));
    const __m512i vorigin = _mm512_set1_epi32((int)origin);
    const __m512i zero = _mm512_setzero_si512(), c256 = _mm512_set1_epi16(256), c128 = _mm512_set1_epi16(128);
    const __m512i rgb = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1));
    // Each 128 bits hold four RGB pixels in their first twelve bytes: close the gaps.
    const __m512i close = _mm512_set_epi32(15, 15, 15, 15, 14, 13, 12, 10, 9, 8, 6, 5, 4, 2, 1, 0);
    const __mmask64 bytes48 = ((__mmask64)1 << 48) - 1;
    long done = 0;
    for (; done < steps; done++, o += 48) {
        __m512i u1 = _mm512_add_epi64(u0, eight_du), v1 = _mm512_add_epi64(v0, eight_dv);
        __m512i i = _mm512_permutex2var_epi32(u0, odd, u1), j = _mm512_permutex2var_epi32(v0, odd, v1);
        // Inside: 0 <= i < iw - 1 and 0 <= j < ih - 1 (unsigned compares).
        if ((_mm512_cmplt_epu32_mask(i, i_end) & _mm512_cmplt_epu32_mask(j, j_end)) != 0xFFFF) break;
        __m512i fu = _mm512_permutex2var_epi32(u0, even, u1), fv = _mm512_permutex2var_epi32(v0, even, v1);
        u0 = _mm512_add_epi64(u0, sixteen_du);
        v0 = _mm512_add_epi64(v0, sixteen_dv);
        __m512i wx = _mm512_srli_epi32(fu, 24), wy = _mm512_srli_epi32(fv, 24);
        __m512i wx2 = _mm512_or_si512(_mm512_slli_epi32(wx, 16), wx), wy2 = _mm512_or_si512(_mm512_slli_epi32(wy, 16), wy);
        __m512i off = _mm512_add_epi32(vorigin, _mm512_add_epi32(_mm512_mullo_epi32(i, vdx), _mm512_mullo_epi32(j, vdy)));
        __m512i t00 = _mm512_i32gather_epi32(off, s32, 4);
        __m512i t10 = _mm512_i32gather_epi32(_mm512_add_epi32(off, vdx), s32, 4);
        __m512i t01 = _mm512_i32gather_epi32(_mm512_add_epi32(off, vdy), s32, 4);
        __m512i t11 = _mm512_i32gather_epi32(_mm512_add_epi32(off, vdxy), s32, 4);
        __m512i r[2];
        for (int h = 0; h < 2; h++) {
            __m512i a = h ? _mm512_unpackhi_epi8(t00, zero) : _mm512_unpacklo_epi8(t00, zero);
            __m512i b = h ? _mm512_unpackhi_epi8(t10, zero) : _mm512_unpacklo_epi8(t10, zero);
            __m512i c = h ? _mm512_unpackhi_epi8(t01, zero) : _mm512_unpacklo_epi8(t01, zero);
            __m512i d = h ? _mm512_unpackhi_epi8(t11, zero) : _mm512_unpacklo_epi8(t11, zero);
            __m512i WX = h ? _mm512_unpackhi_epi32(wx2, wx2) : _mm512_unpacklo_epi32(wx2, wx2);
            __m512i WY = h ? _mm512_unpackhi_epi32(wy2, wy2) : _mm512_unpacklo_epi32(wy2, wy2);
            __m512i X0 = _mm512_sub_epi16(c256, WX);
            __m512i top = _mm512_add_epi16(_mm512_mullo_epi16(a, X0), _mm512_mullo_epi16(b, WX));
            __m512i bottom = _mm512_add_epi16(_mm512_mullo_epi16(c, X0), _mm512_mullo_epi16(d, WX));
            __m512i s = _mm512_add_epi16(_mm512_mulhi_epu16(top, _mm512_slli_epi16(_mm512_sub_epi16(c256, WY), 8)),
                                         _mm512_mulhi_epu16(bottom, _mm512_slli_epi16(WY, 8)));
            s = _mm512_mask_blend_epi16(_mm512_cmpeq_epi16_mask(WY, zero), s, top);
            r[h] = _mm512_srli_epi16(_mm512_add_epi16(s, c128), 8);
        }
        __m512i px = _mm512_permutexvar_epi32(close, _mm512_shuffle_epi8(_mm512_packus_epi16(r[0], r[1]), rgb));
        _mm512_mask_storeu_epi8(o, bytes48, px);
    }
    return done * 16;
}

#else

int crk_turned_wide_level(void) { return 0; }

int crk_set_wide_vectors(int level) {
    (void)level;
    return 0;
}

long crk_turned_run_avx2(int64_t U, int64_t V, int64_t DU, int64_t DV, const uint32_t *s32, long iw, long ih, long origin,
                         long dx, long dy, uint8_t *o, long steps) {
    (void)U, (void)V, (void)DU, (void)DV, (void)s32, (void)iw, (void)ih, (void)origin, (void)dx, (void)dy, (void)o, (void)steps;
    return 0;
}

long crk_turned_run_avx512(int64_t U, int64_t V, int64_t DU, int64_t DV, const uint32_t *s32, long iw, long ih, long origin,
                           long dx, long dy, uint8_t *o, long steps) {
    (void)U, (void)V, (void)DU, (void)DV, (void)s32, (void)iw, (void)ih, (void)origin, (void)dx, (void)dy, (void)o, (void)steps;
    return 0;
}

#endif
