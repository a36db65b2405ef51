#include "cdeflate_shim.h"
#include <libdeflate.h>

size_t cds_deflate_bound(size_t n) {
    // libdeflate's bound for a NULL compressor holds for every level.
    return libdeflate_zlib_compress_bound(NULL, n);
}

long cds_deflate(const uint8_t *in, size_t n, int level, uint8_t *out, size_t capacity) {
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
    if (c == NULL) return -1;
    size_t written = libdeflate_zlib_compress(c, in, n, out, capacity);
    libdeflate_free_compressor(c);
    // 0 means the output did not fit; a zlib stream is never empty.
    return written == 0 ? -1 : (long)written;
}

int cds_inflate(const uint8_t *in, size_t n, uint8_t *out, size_t out_count) {
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    if (d == NULL) return 0;
    size_t used = 0, made = 0;
    // With room for exactly out_count bytes, a stream holding more stops short (refused); one
    // holding fewer reports fewer bytes made; bytes after the stream's end are left unread.
    enum libdeflate_result r = libdeflate_zlib_decompress_ex(d, in, n, out, out_count, &used, &made);
    libdeflate_free_decompressor(d);
    return r == LIBDEFLATE_SUCCESS && made == out_count && used == n;
}

uint32_t cds_crc32(uint32_t crc, const uint8_t *p, size_t n) {
    return libdeflate_crc32(crc, p, n);
}
