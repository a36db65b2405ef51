// See crk_codec.h for the exact definitions.
#include "crk_codec.h"
#include "inline.h"
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

int crk_changed_box(const uint8_t *a, const uint8_t *b, long w, long h, long stride, long *x0, long *y0, long *x1,
                    long *y1) {
    long bx0 = w, bx1 = -1, by0 = -1, by1 = -1;
    for (long y = 0; y < h; y++) {
        const uint8_t *ra = a + y * stride, *rb = b + y * stride;
        if (memcmp(ra, rb, (size_t)w * 3) == 0) continue;
        if (by0 < 0) by0 = y;
        by1 = y;
        long l = 0;
        while (l < bx0 && memcmp(ra + l * 3, rb + l * 3, 3) == 0) l++;
        if (l < bx0) bx0 = l;
        long r = w - 1;
        while (r > bx1 && memcmp(ra + r * 3, rb + r * 3, 3) == 0) r--;
        if (r > bx1) bx1 = r;
    }
    if (by0 < 0) return 0;
    *x0 = bx0;
    *x1 = bx1 + 1;
    *y0 = by0;
    *y1 = by1 + 1;
    return 1;
}

/// Sum of |signed byte| (the filter heuristic's cost): min(v, 256 - v) per byte, summed
/// sixteen at a time with SSE2's sum of absolute differences where available.
static unsigned long cost(const uint8_t *v, long n) {
    unsigned long s = 0;
    long i = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    __m128i acc = zero;
    for (; i + 16 <= n; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(v + i));
        __m128i m = _mm_min_epu8(x, _mm_sub_epi8(zero, x));
        acc = _mm_add_epi64(acc, _mm_sad_epu8(m, zero));
    }
    s = (unsigned long)_mm_cvtsi128_si64(acc) + (unsigned long)_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc));
#endif
    for (; i < n; i++) s += v[i] < 128 ? v[i] : 256 - v[i];
    return s;
}

typedef uint8_t cu8x16 __attribute__((ext_vector_type(16)));
typedef int16_t ci16x16 __attribute__((ext_vector_type(16)));

CRK_INLINE cu8x16 load16(const uint8_t *p) {
    cu8x16 v;
    memcpy(&v, p, 16);
    return v;
}

/// The five PNG filters of one row, sixteen bytes at a time (vector code even at -O0), the
/// tail byte by byte; Paeth in 16-bit lanes.
static void filter_row(const uint8_t *cur, const uint8_t *up, long n, long bpp, uint8_t *f[5]) {
    long head = bpp < n ? bpp : n;
    for (long i = 0; i < head; i++) {
        // No left neighbour: Sub is None, Average halves up, Paeth predicts up.
        f[0][i] = cur[i];
        f[1][i] = cur[i];
        f[2][i] = (uint8_t)(cur[i] - up[i]);
        f[3][i] = (uint8_t)(cur[i] - (up[i] >> 1));
        f[4][i] = (uint8_t)(cur[i] - up[i]);
    }
    memcpy(f[0] + head, cur + head, (size_t)(n - head));
    long i = head;
    for (; i + 16 <= n; i += 16) {
        cu8x16 x = load16(cur + i), a = load16(cur + i - bpp), b = load16(up + i), c = load16(up + i - bpp);
        cu8x16 sub = x - a, upf = x - b;
        // floor((a + b) / 2) without a ninth bit.
        cu8x16 avg = x - ((a >> 1) + (b >> 1) + (a & b & 1));
        ci16x16 A = __builtin_convertvector(a, ci16x16), B = __builtin_convertvector(b, ci16x16);
        ci16x16 C = __builtin_convertvector(c, ci16x16);
        ci16x16 pa = B - C, pb = A - C, pc = A + B - C - C;  // p - a, p - b, p - c with p = a + b - c
        pa = pa < 0 ? -pa : pa;
        pb = pb < 0 ? -pb : pb;
        pc = pc < 0 ? -pc : pc;
        ci16x16 pred = (pa <= pb & pa <= pc) ? A : (pb <= pc ? B : C);
        cu8x16 paeth = x - __builtin_convertvector(pred, cu8x16);
        memcpy(f[1] + i, &sub, 16);
        memcpy(f[2] + i, &upf, 16);
        memcpy(f[3] + i, &avg, 16);
        memcpy(f[4] + i, &paeth, 16);
    }
    for (; i < n; i++) {
        f[1][i] = (uint8_t)(cur[i] - cur[i - bpp]);
        f[2][i] = (uint8_t)(cur[i] - up[i]);
        f[3][i] = (uint8_t)(cur[i] - ((cur[i - bpp] + up[i]) >> 1));
        int a = cur[i - bpp], b = up[i], c = up[i - bpp];
        int p = a + b - c;
        int pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p, pc = p > c ? p - c : c - p;
        int pred = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
        f[4][i] = (uint8_t)(cur[i] - pred);
    }
}

void crk_png_filter(const uint8_t *pixels, long stride, long w, long h, long bpp, uint8_t *out) {
    long n = w * bpp;
    uint8_t *scratch = (uint8_t *)malloc((size_t)n * 5 + 1);
    uint8_t *zero = (uint8_t *)calloc((size_t)n + 1, 1);
    if (scratch == NULL || zero == NULL) {
        // Out of memory: filter None everywhere (valid, only larger).
        for (long y = 0; y < h; y++) {
            out[y * (n + 1)] = 0;
            memcpy(out + y * (n + 1) + 1, pixels + y * stride, (size_t)n);
        }
        free(scratch);
        free(zero);
        return;
    }
    uint8_t *f[5];
    for (int k = 0; k < 5; k++) f[k] = scratch + k * n;
    for (long y = 0; y < h; y++) {
        const uint8_t *cur = pixels + y * stride;
        const uint8_t *up = y > 0 ? pixels + (y - 1) * stride : zero;
        filter_row(cur, up, n, bpp, f);
        int best = 0;
        unsigned long bestCost = cost(f[0], n);
        for (int k = 1; k < 5; k++) {
            unsigned long c = cost(f[k], n);
            if (c < bestCost) {
                bestCost = c;
                best = k;
            }
        }
        out[y * (n + 1)] = (uint8_t)best;
        memcpy(out + y * (n + 1) + 1, f[best], (size_t)n);
    }
    free(scratch);
    free(zero);
}

long crk_lzw_encode(const uint8_t *in, long n, int min_code_size, uint8_t *out, long capacity) {
    const int clear = 1 << min_code_size, eoi = clear + 1;
    // The dictionary: (prefix << 8 | byte) -> code, open addressing over 8192 slots.
    enum { SLOTS = 8192 };
    static const uint32_t EMPTY = 0xFFFFFFFF;
    uint32_t *keys = (uint32_t *)malloc(SLOTS * sizeof(uint32_t));
    uint16_t *codes = (uint16_t *)malloc(SLOTS * sizeof(uint16_t));
    if (keys == NULL || codes == NULL) {
        free(keys);
        free(codes);
        return -1;
    }
    memset(keys, 0xFF, SLOTS * sizeof(uint32_t));
    long o = 0;
    uint32_t bits = 0;
    int nbits = 0, code_size = min_code_size + 1, next = eoi + 1;
    int overflow = 0;
#define EMIT(code)                                                  \
    do {                                                            \
        bits |= (uint32_t)(code) << nbits;                          \
        nbits += code_size;                                         \
        while (nbits >= 8) {                                        \
            if (o < capacity) out[o] = (uint8_t)bits; else overflow = 1; \
            o++;                                                    \
            bits >>= 8;                                             \
            nbits -= 8;                                             \
        }                                                           \
    } while (0)
    EMIT(clear);
    if (n > 0) {
        uint32_t prefix = in[0];
        for (long i = 1; i < n; i++) {
            uint32_t key = prefix << 8 | in[i];
            uint32_t slot = (key * 2654435761u) >> 19;
            while (keys[slot] != EMPTY && keys[slot] != key) slot = (slot + 1) & (SLOTS - 1);
            if (keys[slot] == key) {
                prefix = codes[slot];
                continue;
            }
            EMIT(prefix);
            if (next < 4096) {
                keys[slot] = key;
                codes[slot] = (uint16_t)next;
                if (next == (1 << code_size) && code_size < 12) code_size++;
                next++;
                if (next == 4096) {
                    EMIT(clear);
                    memset(keys, 0xFF, SLOTS * sizeof(uint32_t));
                    code_size = min_code_size + 1;
                    next = eoi + 1;
                }
            }
            prefix = in[i];
        }
        EMIT(prefix);
    }
    EMIT(eoi);
    if (nbits > 0) {
        if (o < capacity) out[o] = (uint8_t)bits; else overflow = 1;
        o++;
    }
#undef EMIT
    free(keys);
    free(codes);
    return overflow ? -1 : o;
}

CRK_INLINE long bin_of(const uint8_t *p) { return (long)(p[0] >> 2) << 12 | (long)(p[1] >> 2) << 6 | (p[2] >> 2); }

crk_histogram *crk_histogram_new(void) { return calloc(1, sizeof(crk_histogram)); }

void crk_histogram_free(crk_histogram *hist) { free(hist); }

void crk_histogram_add(crk_histogram *hist, const uint8_t *rgb, long stride, long w, long h, long step) {
    if (step < 1) step = 1;
    for (long y = 0; y < h; y++) {
        const uint8_t *row = rgb + y * stride;
        for (long x = 0; x < w; x += step) {
            const uint8_t *p = row + x * 3;
            long b = bin_of(p);
            hist->count[b]++;
            hist->sum[0][b] += p[0];
            hist->sum[1][b] += p[1];
            hist->sum[2][b] += p[2];
            if (hist->exact_count > 255) continue;
            uint32_t key = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2] | 0x1000000;
            uint32_t slot = ((key * 2654435761u) >> 7) & 511;
            while (hist->exact_slots[slot] != 0 && hist->exact_slots[slot] != key) slot = (slot + 1) & 511;
            if (hist->exact_slots[slot] == 0) {
                if (hist->exact_count < 256) hist->exact[hist->exact_count] = key & 0xFFFFFF;
                hist->exact_count++;
                hist->exact_slots[slot] = key;
            }
        }
    }
}

typedef struct {
    long start, count;  // a range of `bins`
    double error;       // count-weighted squared error over all channels
    int channel;        // the channel of largest error
} hbox;

static void hbox_measure(const crk_histogram *h, const uint32_t *bins, hbox *b) {
    double n = 0, s[3] = {0, 0, 0}, q[3] = {0, 0, 0};
    for (long i = b->start; i < b->start + b->count; i++) {
        uint32_t bin = bins[i];
        double c = (double)h->count[bin];
        n += c;
        for (int k = 0; k < 3; k++) {
            // The bin's mean stands for its pixels (exact sums, so the mean is exact).
            double m = (double)h->sum[k][bin] / c;
            s[k] += c * m;
            q[k] += c * m * m;
        }
    }
    b->error = 0;
    b->channel = 0;
    double best = -1;
    for (int k = 0; k < 3; k++) {
        double e = n > 0 ? q[k] - s[k] * s[k] / n : 0;
        if (e < 0) e = 0;
        b->error += e;
        if (e > best) {
            best = e;
            b->channel = k;
        }
    }
    if (b->count < 2) b->error = 0;
}

static int compare_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/// Sorts bins[0 ..< n] by their mean on `channel` (in 1/2^20 steps), then by bin number: a
/// total order, so any sort algorithm gives the same result. `keys` has room for n.
static void sort_bins(const crk_histogram *h, uint32_t *bins, long n, int channel, uint64_t *keys) {
    for (long i = 0; i < n; i++) {
        uint32_t b = bins[i];
        uint64_t mean = (h->sum[channel][b] << 20) / h->count[b];
        keys[i] = mean << 18 | b;
    }
    qsort(keys, (size_t)n, sizeof(uint64_t), compare_u64);
    for (long i = 0; i < n; i++) bins[i] = (uint32_t)(keys[i] & ((1 << 18) - 1));
}

static int compare_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

long crk_histogram_palette(const crk_histogram *hist, long max_colors, uint32_t *palette) {
    if (max_colors < 1) return 0;
    if (max_colors > 256) max_colors = 256;
    if (hist->exact_count > 0 && hist->exact_count <= max_colors) {
        memcpy(palette, hist->exact, (size_t)hist->exact_count * sizeof(uint32_t));
        qsort(palette, (size_t)hist->exact_count, sizeof(uint32_t), compare_u32);
        return hist->exact_count;
    }
    long used = 0;
    for (long i = 0; i < (1 << 18); i++) used += hist->count[i] > 0;
    if (used == 0) return 0;
    uint32_t *bins = (uint32_t *)malloc((size_t)used * sizeof(uint32_t));
    uint64_t *keys = (uint64_t *)malloc((size_t)used * sizeof(uint64_t));
    hbox *boxes = (hbox *)malloc((size_t)max_colors * sizeof(hbox));
    if (bins == NULL || keys == NULL || boxes == NULL) {
        free(bins);
        free(keys);
        free(boxes);
        return 0;
    }
    long k = 0;
    for (long i = 0; i < (1 << 18); i++)
        if (hist->count[i] > 0) bins[k++] = (uint32_t)i;
    long count = 1;
    boxes[0].start = 0;
    boxes[0].count = used;
    hbox_measure(hist, bins, &boxes[0]);
    while (count < max_colors) {
        long best = -1;
        for (long i = 0; i < count; i++)
            if (boxes[i].error > 0 && (best < 0 || boxes[i].error > boxes[best].error)) best = i;
        if (best < 0) break;
        hbox *b = &boxes[best];
        sort_bins(hist, bins + b->start, b->count, b->channel, keys);
        // The count-weighted median: the first bin where the running count reaches half.
        uint64_t total = 0, run = 0;
        for (long i = b->start; i < b->start + b->count; i++) total += hist->count[bins[i]];
        long split = b->start + 1;
        for (long i = b->start; i < b->start + b->count - 1; i++) {
            run += hist->count[bins[i]];
            split = i + 1;
            if (run * 2 >= total) break;
        }
        boxes[count].start = split;
        boxes[count].count = b->start + b->count - split;
        b->count = split - b->start;
        hbox_measure(hist, bins, b);
        hbox_measure(hist, bins, &boxes[count]);
        count++;
    }
    for (long i = 0; i < count; i++) {
        uint64_t n = 0, s[3] = {0, 0, 0};
        for (long j = boxes[i].start; j < boxes[i].start + boxes[i].count; j++) {
            n += hist->count[bins[j]];
            for (int c = 0; c < 3; c++) s[c] += hist->sum[c][bins[j]];
        }
        if (n == 0) n = 1;
        palette[i] = (uint32_t)((s[0] + n / 2) / n) << 16 | (uint32_t)((s[1] + n / 2) / n) << 8 | (uint32_t)((s[2] + n / 2) / n);
    }
    free(bins);
    free(keys);
    free(boxes);
    return count;
}

static const int bayer[16] = {0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5};

struct crk_nearest {
    long count;
    uint32_t palette[256];
    int32_t start[32768];      // candidates of cell c: list[start[c] ..< start[c] + size[c]]; -1: all
    uint16_t size[32768];
    uint8_t *list;
};

crk_nearest *crk_nearest_new(const uint32_t *palette, long count, const crk_histogram *hint) {
    if (count < 1 || count > 256) return NULL;
    crk_nearest *n = (crk_nearest *)malloc(sizeof(crk_nearest));
    if (n == NULL) return NULL;
    n->count = count;
    memcpy(n->palette, palette, (size_t)count * sizeof(uint32_t));
    long capacity = 32768L * 16, used = 0;
    n->list = (uint8_t *)malloc((size_t)capacity);
    if (n->list == NULL) {
        free(n);
        return NULL;
    }
    for (long cell = 0; cell < 32768; cell++) {
        long lo[3] = {(cell >> 10) << 3, ((cell >> 5) & 31) << 3, (cell & 31) << 3};
        if (hint != NULL) {
            // A 5-bit cell holds the 6-bit bins (2r + a, 2g + b, 2b + c) for a, b, c in {0, 1}.
            int seen = 0;
            for (int k = 0; k < 8 && !seen; k++) {
                long bin = ((lo[0] >> 2) + (k >> 2)) << 12 | ((lo[1] >> 2) + ((k >> 1) & 1)) << 6 | ((lo[2] >> 2) + (k & 1));
                seen = hint->count[bin] > 0;
            }
            if (!seen) {
                n->start[cell] = -1;
                continue;
            }
        }
        // The smallest over entries of the largest distance to the cell; entries whose
        // smallest distance exceeds it can never be nearest for a colour in the cell.
        long bound = -1;
        long mins[256];
        for (long i = 0; i < count; i++) {
            long pc[3] = {(long)(palette[i] >> 16), (long)((palette[i] >> 8) & 255), (long)(palette[i] & 255)};
            long dmin = 0, dmax = 0;
            for (int k = 0; k < 3; k++) {
                long a = lo[k], b = lo[k] + 7;
                long near = pc[k] < a ? a - pc[k] : pc[k] > b ? pc[k] - b : 0;
                long far = pc[k] - a > b - pc[k] ? pc[k] - a : b - pc[k];
                if (far < 0) far = -far;
                dmin += near * near;
                dmax += far * far;
            }
            mins[i] = dmin;
            if (bound < 0 || dmax < bound) bound = dmax;
        }
        n->start[cell] = (int32_t)used;
        long first = used;
        for (long i = 0; i < count; i++) {
            if (mins[i] > bound) continue;
            if (used == capacity) {
                capacity *= 2;
                uint8_t *grown = (uint8_t *)realloc(n->list, (size_t)capacity);
                if (grown == NULL) {
                    free(n->list);
                    free(n);
                    return NULL;
                }
                n->list = grown;
            }
            n->list[used++] = (uint8_t)i;
        }
        n->size[cell] = (uint16_t)(used - first);
    }
    return n;
}

void crk_nearest_free(crk_nearest *n) {
    if (n == NULL) return;
    free(n->list);
    free(n);
}

/// The nearest entry of colour (r, g, b) by a search of its cell's candidates.
CRK_INLINE uint8_t nearest_search(const crk_nearest *n, int r, int g, int b) {
    long cell = (long)(r >> 3) << 10 | (long)(g >> 3) << 5 | (b >> 3);
    long best = -1, bestD = 0;
    long all = n->start[cell] < 0;
    long m = all ? n->count : n->size[cell];
    for (long k = 0; k < m; k++) {
        long i = all ? k : n->list[n->start[cell] + k];
        uint32_t p = n->palette[i];
        long dr = r - (long)(p >> 16), dg = g - (long)((p >> 8) & 255), db = b - (long)(p & 255);
        long dist = dr * dr + dg * dg + db * db;
        if (best < 0 || dist < bestD) {
            bestD = dist;
            best = i;
        }
    }
    return (uint8_t)(best < 0 ? 0 : best);
}

void crk_nearest_map(const crk_nearest *n, const uint8_t *rgb, long stride, long w, long h, int dither, uint8_t *out) {
    // Colours already searched in this call, by a hash of the colour (a pure function of
    // the colour, so the cache changes no result): photos repeat most colours.
    enum { slots = 4096 };
    uint32_t keys[slots];
    uint8_t values[slots];
    memset(keys, 0xFF, sizeof keys);  // 0xFFFFFFFF: no colour
    for (long y = 0; y < h; y++) {
        const uint8_t *row = rgb + y * stride;
        uint8_t *o = out + y * w;
        uint32_t last = 0xFFFFFFFFu;  // the previous pixel's colour (runs skip the cache)
        uint8_t last_index = 0;
        for (long x = 0; x < w; x++) {
            int r = row[x * 3], g = row[x * 3 + 1], b = row[x * 3 + 2];
            if (dither) {
                int d = bayer[(y & 3) * 4 + (x & 3)] - 8;
                r = r + d < 0 ? 0 : r + d > 255 ? 255 : r + d;
                g = g + d < 0 ? 0 : g + d > 255 ? 255 : g + d;
                b = b + d < 0 ? 0 : b + d > 255 ? 255 : b + d;
            }
            uint32_t c = (uint32_t)r << 16 | (uint32_t)g << 8 | (uint32_t)b;
            if (c == last) {
                o[x] = last_index;
                continue;
            }
            last = c;
            uint32_t slot = (c * 2654435761u) >> 20;
            if (keys[slot] != c) {
                keys[slot] = c;
                values[slot] = nearest_search(n, r, g, b);
            }
            o[x] = last_index = values[slot];
        }
    }
}

int crk_index_box(const uint8_t *a, const uint8_t *b, long w, long h, long *x0, long *y0, long *x1, long *y1) {
    long bx0 = w, bx1 = -1, by0 = -1, by1 = -1;
    for (long y = 0; y < h; y++) {
        const uint8_t *ra = a + y * w, *rb = b + y * w;
        if (memcmp(ra, rb, (size_t)w) == 0) continue;
        if (by0 < 0) by0 = y;
        by1 = y;
        long l = 0;
        while (l < bx0 && ra[l] == rb[l]) l++;
        if (l < bx0) bx0 = l;
        long r = w - 1;
        while (r > bx1 && ra[r] == rb[r]) r--;
        if (r > bx1) bx1 = r;
    }
    if (by0 < 0) return 0;
    *x0 = bx0;
    *x1 = bx1 + 1;
    *y0 = by0;
    *y1 = by1 + 1;
    return 1;
}

long crk_index_region(const uint8_t *prev, const uint8_t *cur, long w, long x0, long y0, long bw, long bh,
                      int transparent, uint8_t *out) {
    long replaced = 0;
    for (long y = 0; y < bh; y++) {
        const uint8_t *c = cur + (y0 + y) * w + x0;
        uint8_t *o = out + y * bw;
        if (prev == NULL) {
            memcpy(o, c, (size_t)bw);
            continue;
        }
        const uint8_t *p = prev + (y0 + y) * w + x0;
        for (long x = 0; x < bw; x++) {
            if (c[x] == p[x]) {
                o[x] = (uint8_t)transparent;
                replaced++;
            } else {
                o[x] = c[x];
            }
        }
    }
    return replaced;
}

void crk_fast_deflate(const uint8_t *data, long from, long to, long first, long d, const uint32_t *literals,
                      const uint64_t *matches, uint8_t *out, long *pos_io, uint64_t *bitbuf_io, uint64_t *bitcount_io) {
    long pos = *pos_io;
    uint64_t bitbuf = *bitbuf_io, bitcount = *bitcount_io;
#define PUT(bits, count)                                   \
    do {                                                   \
        bitbuf |= (uint64_t)(bits) << bitcount;            \
        bitcount += (count);                               \
        if (bitcount >= 32) {                              \
            uint64_t le = bitbuf;                          \
            memcpy(out + pos, &le, 8);                     \
            pos += 4;                                      \
            bitbuf >>= 32;                                 \
            bitcount -= 32;                                \
        }                                                  \
    } while (0)
    long i = from;
    while (i < to) {
        int match = 0;  // three bytes equal to those d back
        if (i >= first && i + 3 <= to) {
            uint32_t here, back;
            memcpy(&here, data + i, 4);
            memcpy(&back, data + i - d, 4);
            match = ((here ^ back) & 0xFFFFFFu) == 0;
        }
        if (match) {
            long max_length = to - i < 258 ? to - i : 258;
            long length = 3;
            while (length < max_length) {
                uint64_t a, b;
                memcpy(&a, data + i + length, 8);
                memcpy(&b, data + i + length - d, 8);
                uint64_t x = a ^ b;
                if (x == 0) {
                    length += 8;
                    continue;
                }
                length += __builtin_ctzll(x) >> 3;
                break;
            }
            if (length > max_length) length = max_length;
            uint64_t m = matches[length];
            PUT(m & 0xFFFFFFFFFFFFull, m >> 48);
            i += length;
        } else {
            uint32_t l = literals[data[i]];
            PUT(l & 0xFFFF, l >> 16);
            i += 1;
        }
    }
#undef PUT
    *pos_io = pos;
    *bitbuf_io = bitbuf;
    *bitcount_io = bitcount;
}

int crk_same_bytes(const uint8_t *a, const uint8_t *b, long n) { return n <= 0 || memcmp(a, b, (size_t)n) == 0; }
