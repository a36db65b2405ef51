#ifndef CDEFLATE_SHIM_H
#define CDEFLATE_SHIM_H
// The only code that includes libdeflate.h: whole-buffer deflate for animation frames, sheets
// and crops, the golden decoder's inflate, and CRC-32. libdeflate reports errors as return
// codes (no longjmp); they come back as -1 or 0.
#include <stddef.h>
#include <stdint.h>

/// An upper bound of cds_deflate's output for n input bytes (any level).
size_t cds_deflate_bound(size_t n);

/// A zlib stream (RFC 1950) of `n` bytes at `level` (1 ... 12; 6 is the default) into `out`
/// (`capacity` bytes, at least cds_deflate_bound(n)). Returns the size written, or -1.
long cds_deflate(const uint8_t *in, size_t n, int level, uint8_t *out, size_t capacity);

/// Decodes the zlib stream in[0 ..< n] into exactly out_count bytes at out: 1, or 0 when the
/// stream is malformed, ends early, holds more data or trailing bytes, or its Adler-32 differs.
int cds_inflate(const uint8_t *in, size_t n, uint8_t *out, size_t out_count);

/// CRC-32 of n bytes continuing from crc (0 to start).
uint32_t cds_crc32(uint32_t crc, const uint8_t *p, size_t n);

#endif
