#ifndef CRK_INLINE_H
#define CRK_INLINE_H
// Small helpers called per pixel or per byte: inlined even in debug builds (clang's -O0 still
// runs the always-inline pass), where a call per pixel would cost more than the work.
#define CRK_INLINE static inline __attribute__((always_inline))
#endif
