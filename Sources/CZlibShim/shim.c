#include "czlib_shim.h"
#include <zlib.h>

size_t czs_deflate_bound(size_t n) {
    // zlib's conservative deflateBound (any settings), plus the zlib wrapper and slack.
    return n + ((n + 7) >> 3) + ((n + 63) >> 6) + 5 + 6 + 64;
}

long czs_deflate(const uint8_t *in, size_t n, int level, uint8_t *out, size_t capacity) {
    z_stream s = {0};
    if (deflateInit2(&s, level, Z_DEFLATED, 15, 9, Z_FILTERED) != Z_OK) return -1;
    s.next_in = (Bytef *)in;
    s.next_out = out;
    s.avail_out = 0;
    // avail_in and avail_out are 32-bit: feed and drain in slices.
    size_t left_in = n, left_out = capacity;
    int status = Z_OK;
    while (status == Z_OK) {
        if (s.avail_in == 0) {
            uInt take = left_in > 0x40000000u ? 0x40000000u : (uInt)left_in;
            s.avail_in = take;
            left_in -= take;
        }
        if (s.avail_out == 0) {
            if (left_out == 0) break;
            uInt give = left_out > 0x40000000u ? 0x40000000u : (uInt)left_out;
            s.avail_out = give;
            left_out -= give;
        }
        status = deflate(&s, left_in == 0 ? Z_FINISH : Z_NO_FLUSH);
    }
    long written = status == Z_STREAM_END ? (long)s.total_out : -1;
    deflateEnd(&s);
    return written;
}

int czs_inflate(const uint8_t *in, size_t n, uint8_t *out, size_t out_count) {
    z_stream s = {0};
    if (inflateInit(&s) != Z_OK) return 0;
    s.next_in = (Bytef *)in;
    s.next_out = out;
    // avail_in and avail_out are 32-bit: feed and drain in slices. The output room is exactly
    // out_count, so a stream holding more data stops without reaching its end (refused).
    size_t left_in = n, left_out = out_count;
    int status = Z_OK;
    while (status == Z_OK) {
        if (s.avail_in == 0 && left_in > 0) {
            uInt take = left_in > 0x40000000u ? 0x40000000u : (uInt)left_in;
            s.avail_in = take;
            left_in -= take;
        }
        if (s.avail_out == 0 && left_out > 0) {
            uInt give = left_out > 0x40000000u ? 0x40000000u : (uInt)left_out;
            s.avail_out = give;
            left_out -= give;
        }
        uInt in_before = s.avail_in, out_before = s.avail_out;
        status = inflate(&s, Z_NO_FLUSH);
        // No progress possible: the input ended early or the output is full before the end.
        if (status == Z_OK && s.avail_in == in_before && s.avail_out == out_before) break;
        if (status == Z_BUF_ERROR) break;
    }
    int ok = status == Z_STREAM_END && s.total_out == out_count && s.avail_in == 0 && left_in == 0;
    inflateEnd(&s);
    return ok;
}

uint32_t czs_crc32(uint32_t crc, const uint8_t *p, size_t n) {
    uLong c = crc;
    while (n > 0) {
        uInt take = n > 0x40000000u ? 0x40000000u : (uInt)n;
        c = crc32(c, p, take);
        p += take;
        n -= take;
    }
    return (uint32_t)c;
}
