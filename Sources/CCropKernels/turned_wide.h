#ifndef CRK_TURNED_WIDE_H
#define CRK_TURNED_WIDE_H
// The wide steps of crk_turned_row (x86-64 only, chosen at run time): internal to the kernels.
#include <stdint.h>

/// The widest path to use: 2 (AVX-512 F and BW), 1 (AVX2) or 0 (none), as far as this CPU and
/// OS run it and crk_set_wide_vectors allows.
int crk_turned_wide_level(void);

/// Up to `steps` runs of eight columns, the four-column vector path's integers: U, V are the
/// 32.32 coordinates of the first column (the rounding half not yet added), stepping by DU,
/// DV. Stops before the first run with any of its 32 texels outside [0, iw - 1) x [0, ih - 1)
/// of the opaque source. Writes the RGB pixels of the runs done at o; returns their columns.
long crk_turned_run_avx2(int64_t U, int64_t V, int64_t DU, int64_t DV, const uint32_t *s32, long iw, long ih, long origin,
                         long dx, long dy, uint8_t *o, long steps);

/// The same with runs of sixteen columns (AVX-512): returns the columns done (a multiple of 16).
long crk_turned_run_avx512(int64_t U, int64_t V, int64_t DU, int64_t DV, const uint32_t *s32, long iw, long ih, long origin,
                           long dx, long dy, uint8_t *o, long steps);
#endif
