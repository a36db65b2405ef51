#ifndef CRK_TURNED_AVX2_H
#define CRK_TURNED_AVX2_H
// The AVX2 step of crk_turned_row (x86-64 only, chosen at run time): internal to the kernels.
#include <stdint.h>

/// 1 when this CPU and OS run AVX2 code and crk_set_wide_vectors has not turned it off.
int crk_turned_use_avx2(void);

/// Up to `steps` runs of eight columns, the four-column vector path's integers: U, V are the
/// 32.32 coordinates of the first column (the rounding half not yet added), stepping by DU,
/// DV. Stops before the first run with any of its 32 texels outside [0, iw - 1) x [0, ih - 1)
/// of the opaque source. Writes the RGB pixels of the runs done at o; returns their columns.
long crk_turned_run_avx2(int64_t U, int64_t V, int64_t DU, int64_t DV, const uint32_t *s32, long iw, long ih, long origin,
                         long dx, long dy, uint8_t *o, long steps);
#endif
