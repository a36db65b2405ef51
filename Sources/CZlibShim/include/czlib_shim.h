#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
// The only code that includes zlib.h: one-shot deflate for animation frames. zlib reports
// errors as return codes (no longjmp); they come back as -1.
#include <stddef.h>
#include <stdint.h>

/// An upper bound of czs_deflate's output for n input bytes.
size_t czs_deflate_bound(size_t n);

/// A zlib stream (RFC 1950) of `n` bytes at `level` (1 ... 9) with the "filtered" strategy
/// (tuned for PNG-filtered data) and the largest window and memory level, into `out`
/// (`capacity` bytes, at least czs_deflate_bound(n)). Returns the size written, or -1.
long czs_deflate(const uint8_t *in, size_t n, int level, uint8_t *out, size_t capacity);

/// Decodes the zlib stream in[0 ..< n] into exactly out_count bytes at out: 1, or 0 when the
/// stream is malformed, ends early, holds more data or trailing bytes, or its Adler-32 differs.
int czs_inflate(const uint8_t *in, size_t n, uint8_t *out, size_t out_count);

/// CRC-32 of n bytes continuing from crc (0 to start), in slices of at most 1 GiB.
uint32_t czs_crc32(uint32_t crc, const uint8_t *p, size_t n);

#endif
