// See crk_pixels.h for the exact definitions.
#include "crk_pixels.h"
#include "inline.h"
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

// ---- The sample photo -------------------------------------------------------------

/// A hash of a lattice point to 0 ... 255.
CRK_INLINE int lattice(long i, long j, long seed) {
    uint32_t h = (uint32_t)(i * 374761393L + j * 668265263L + seed * 2147483647L);
    h = (h ^ (h >> 13)) * 1274126177u;
    return (int)((h ^ (h >> 16)) & 255);
}

/// Smooth value noise at (x, y) in 1/256 lattice units: 0 ... 255.
static int noise2(long x, long y, long seed) {
    long i = x >> 8, j = y >> 8;
    int fx = (int)(x & 255), fy = (int)(y & 255);
    // Smoothstep weights in 0 ... 256.
    int sx = (fx * fx * (768 - 2 * fx)) >> 16, sy = (fy * fy * (768 - 2 * fy)) >> 16;
    int a = lattice(i, j, seed), b = lattice(i + 1, j, seed), c = lattice(i, j + 1, seed), d = lattice(i + 1, j + 1, seed);
    int top = a * (256 - sx) + b * sx, bottom = c * (256 - sx) + d * sx;
    return (top * (256 - sy) + bottom * sy) >> 16;
}

/// Fractal noise (four octaves): 0 ... 255.
static int fractal(long x, long y, long seed) {
    int sum = 0, weight = 0, amp = 8;
    for (int o = 0; o < 4; o++) {
        sum += noise2(x << o, y << o, seed + o) * amp;
        weight += amp;
        amp >>= 1;
    }
    return sum / weight;
}

CRK_INLINE uint8_t mix8(int a, int b, int t) { return (uint8_t)((a * (256 - t) + b * t) >> 8); }

/// The far and near ridge heights at u (1/1024 of the width), in 1/1024 of the height.
static long far_ridge(long u) { return 250 + fractal(u * 3, 0, 11) * 190 / 255; }
static long near_ridge(long u) { return 420 + fractal(u * 6 + 9000, 0, 23) * 70 / 255; }

/// Sky colour at height v (1/1024), before sun and clouds.
static void sky(long v, long horizon, int *r, int *g, int *b) {
    int t = (int)((v < 0 ? 0 : v) * 256 / horizon);
    if (t > 256) t = 256;
    *r = mix8(44, 214, t);
    *g = mix8(98, 226, t);
    *b = mix8(176, 240, t);
}

/// The landscape above the water line at (u, v): sky, sun, clouds, mountains, forest.
static void land(long u, long v, long w, long h, long horizon, int *r, int *g, int *b) {
    long far = far_ridge(u), nearR = near_ridge(u);
    if (v < far) {
        sky(v, horizon, r, g, b);
        long sunX = 700, sunY = 190, sunR = 48;
        long dx = (u - sunX) * w, dy = (v - sunY) * h;
        long m = w < h ? w : h;
        long d2 = (dx * dx + dy * dy) / (m * m);
        if (d2 < sunR * sunR) {
            *r = 255; *g = 245; *b = 218;
        } else if (d2 < 12 * sunR * sunR) {
            int glow = (int)(150 - d2 * 150 / (12 * sunR * sunR));
            *r = mix8(*r, 255, glow); *g = mix8(*g, 238, glow); *b = mix8(*b, 205, glow);
        }
        int cloud = fractal(u * 2, v * 5, 5) - 160;
        if (cloud > 0 && v < far - 40) {
            int c = cloud * 4 > 230 ? 230 : cloud * 4;
            *r = mix8(*r, 248, c); *g = mix8(*g, 249, c); *b = mix8(*b, 252, c);
        }
    } else if (v < nearR) {
        // The far range: blue-grey rock, lit on the left of each slope, snow near the peaks.
        int shade = fractal(u * 24, v * 24, 31);
        // A slope rising to the right faces away from the sun: darker (a wide baseline keeps it smooth).
        int light = (int)(far_ridge(u + 24) - far_ridge(u - 24)) * 2;
        light = light > 40 ? 40 : light < -40 ? -40 : light;
        *r = 104 + shade / 10 - light; *g = 114 + shade / 10 - light; *b = 146 + shade / 12 - light / 2;
        if (v < far + 45 && far < 330 && shade > 90) { *r = 236; *g = 240; *b = 246; }
    } else {
        // The near range: dark green forest, a little texture.
        int shade = fractal(u * 30, v * 30, 41);
        *r = 36 + shade / 14; *g = 78 + shade / 9; *b = 50 + shade / 16;
    }
}

void crk_sample_photo(uint8_t *p, long w, long h) { crk_sample_photo_rows(p, w, h, 0, h); }

void crk_sample_photo_rows(uint8_t *p, long w, long h, long y0, long y1) {
    // Positions in 1/1024 of the width and height.
    const long horizon = 520, shore = 700;
    // A pixel is a function of (u, v) alone, positions in 1/1024 of the width and height: a
    // pixel (or a row, within the band) with the same position as the one before is a copy.
    const long first = y0 < 0 ? 0 : y0;
    for (long y = first; y < y1 && y < h; y++) {
        long v = y * 1024 / h;
        if (y > first && v == (y - 1) * 1024 / h) {
            memcpy(p + y * w * 4, p + (y - 1) * w * 4, (size_t)w * 4);
            continue;
        }
        for (long x = 0; x < w; x++) {
            long u = x * 1024 / w;
            uint8_t *q = p + (y * w + x) * 4;
            if (x > 0 && u == (x - 1) * 1024 / w) {
                memcpy(q, q - 4, 4);
                continue;
            }
            int r, g, b;
            if (v < horizon) {
                land(u, v, w, h, horizon, &r, &g, &b);
            } else if (v < shore) {
                // The lake mirrors the landscape, darker and bluer, with soft horizontal ripples.
                long ripple = (noise2(u * 3, v * 40, 7) - 128) / 6;
                land(u + ripple / 2, 2 * horizon - v, w, h, horizon, &r, &g, &b);
                r = r * 3 / 5 + 10; g = g * 3 / 5 + 22; b = b * 3 / 5 + 44;
                r += (int)ripple / 3; g += (int)ripple / 3; b += (int)ripple / 2;
            } else {
                // The meadow: greens, lighter towards the viewer, gently textured.
                int shade = fractal(u * 16, v * 16, 53);
                int t = (int)((v - shore) * 256 / (1024 - shore));
                r = 62 + shade / 9 + t / 8;
                g = 112 + shade / 6 + t / 6;
                b = 40 + shade / 14;
            }
            // A tree on the meadow at the left: a trunk and a round crown.
            long tx = 250, ground = 820;
            long cdx = (u - tx) * w, cdy = (v - 610) * h, m = w < h ? w : h;
            long crown = (cdx * cdx + cdy * cdy) / (m * m);
            if (crown < 95 * 95) {
                int shade = fractal(u * 20, v * 20, 61);
                int lit = (int)((cdx + cdy) / m);  // lit from the top right
                r = 40 + shade / 8 - lit / 12; g = 104 + shade / 5 - lit / 8; b = 36 + shade / 12;
            } else if (u > tx - 9 && u < tx + 9 && v > 640 && v < ground) {
                r = 92; g = 62; b = 40;
            }
            // A red cabin by the shore at the right.
            if (u > 780 && u < 860 && v > 650 && v < 705) { r = 170; g = 42; b = 36; }
            if (u > 770 && u < 870 && v >= 615 && v <= 650 && (v - 615) * 4 >= (u > 820 ? u - 820 : 820 - u) * 3 - 45 * 3 + 0) {
                r = 70; g = 48; b = 44;
            }
            if (u > 800 && u < 816 && v > 668 && v < 705) { r = 60; g = 40; b = 32; }
            q[0] = (uint8_t)(r < 0 ? 0 : r > 255 ? 255 : r);
            q[1] = (uint8_t)(g < 0 ? 0 : g > 255 ? 255 : g);
            q[2] = (uint8_t)(b < 0 ? 0 : b > 255 ? 255 : b);
            q[3] = 255;
        }
    }
}
