// See crk_pixels.h for the exact definitions.
#include "crk_pixels.h"
#include <stdlib.h>
#include <string.h>

void crk_testcard(uint8_t *p, long w, long h) {
    static const uint8_t red[4] = {255, 0, 0, 255}, white[4] = {255, 255, 255, 255};
    // Two template rows (checker phases 0 and 1, green 0) in a scratch buffer; each plain
    // row copies its phase's template and sets its green.
    uint8_t *templ = (uint8_t *)malloc((size_t)w * 8);
    if (templ == NULL) return;
    for (int phase = 0; phase < 2; phase++) {
        uint8_t *t = templ + (long)phase * w * 4;
        for (long x = 0; x < w; x++) {
            uint8_t *q = t + x * 4;
            if (x < 4 || x >= w - 4) {
                memcpy(q, red, 4);
            } else if (x % 100 == 0) {
                memcpy(q, white, 4);
            } else {
                q[0] = (uint8_t)(x * 255 / (w - 1));
                q[1] = 0;
                q[2] = ((x / 64 + phase) % 2 == 0) ? 200 : 80;
                q[3] = 255;
            }
        }
    }
    for (long y = 0; y < h; y++) {
        uint8_t *row = p + y * w * 4;
        if (y < 4 || y >= h - 4) {
            for (long x = 0; x < w; x++) memcpy(row + x * 4, red, 4);
            continue;
        }
        if (y % 100 == 0) {
            for (long x = 0; x < w; x++) memcpy(row + x * 4, x < 4 || x >= w - 4 ? red : white, 4);
            continue;
        }
        memcpy(row, templ + ((y / 64) % 2) * w * 4, (size_t)w * 4);
        uint8_t g = (uint8_t)(y * 255 / (h - 1));
        for (long x = 4; x < w - 4; x++) row[x * 4 + 1] = g;
        for (long x = 100; x < w - 4; x += 100) row[x * 4 + 1] = 255;
    }
    free(templ);
}

int crk_premultiply(uint8_t *p, long count) {
    int opaque = 1;
    for (long i = 0; i < count; i++, p += 4) {
        unsigned a = p[3];
        if (a == 255) continue;
        opaque = 0;
        p[0] = (uint8_t)((p[0] * a + 127) / 255);
        p[1] = (uint8_t)((p[1] * a + 127) / 255);
        p[2] = (uint8_t)((p[2] * a + 127) / 255);
    }
    return opaque;
}

crk_diff crk_compare_rgb(const uint8_t *e, const uint8_t *a, long w, long h, long tolerance) {
    crk_diff d = {0, 0, -1, -1, -1, -1};
    for (long y = 0; y < h; y++) {
        const uint8_t *er = e + y * w * 3, *ar = a + y * w * 3;
        if (memcmp(er, ar, (size_t)w * 3) == 0) continue;
        for (long x = 0; x < w; x++) {
            long m = 0;
            for (int c = 0; c < 3; c++) {
                long v = (long)ar[x * 3 + c] - (long)er[x * 3 + c];
                if (v < 0) v = -v;
                if (v > m) m = v;
            }
            if (m > d.max_delta) d.max_delta = m;
            if (m > tolerance) {
                if (d.differing == 0) { d.x0 = x; d.x1 = x; d.y0 = y; d.y1 = y; }
                d.differing++;
                if (x < d.x0) d.x0 = x;
                if (x > d.x1) d.x1 = x;
                if (y < d.y0) d.y0 = y;
                if (y > d.y1) d.y1 = y;
            }
        }
    }
    return d;
}

typedef uint32_t u32x16 __attribute__((ext_vector_type(16)));
typedef uint8_t u8x16 __attribute__((ext_vector_type(16)));

uint32_t crk_adler32(uint32_t adler, const uint8_t *p, size_t n) {
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
    const u32x16 weights = {16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
    while (n > 0) {
        // 5552 bytes keep every lane and sum below 2^32 (zlib's NMAX). Sixteen bytes a step:
        // `sums` holds each lane's byte sum, `prefix` the sum of `sums` before each step.
        size_t chunk = n < 5552 ? n : 5552;
        n -= chunk;
        u32x16 sums = 0, prefix = 0;
        size_t steps = chunk / 16;
        for (size_t s = 0; s < steps; s++) {
            u8x16 bytes;
            memcpy(&bytes, p + s * 16, 16);
            prefix += sums;
            sums += __builtin_convertvector(bytes, u32x16);
        }
        u32x16 weighted = sums * weights;
        uint64_t sum = 0, psum = 0, wsum = 0;
        for (int j = 0; j < 16; j++) {
            sum += sums[j];
            psum += prefix[j];
            wsum += weighted[j];
        }
        b += (uint64_t)(steps * 16) * a + 16 * (psum & 0xFFFFFFFF) + (wsum & 0xFFFFFFFF);
        a += sum & 0xFFFFFFFF;
        p += steps * 16;
        for (size_t r = steps * 16; r < chunk; r++) {
            a += *p++;
            b += a;
        }
        a %= 65521;
        b %= 65521;
    }
    return (uint32_t)(b << 16 | a);
}
