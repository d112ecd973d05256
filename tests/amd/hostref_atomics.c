/* Host references: atomics kernels.  The work-items' atomic operations are
 * applied one after another in work-item order: one legal history.  The
 * final values that depend on the order (xchg, the cmpxchg winner) are
 * compared by the cases' properties, not against these. */
#include <stdint.h>
#include <string.h>

#include "hostref.h"

/* T: element type, U: unsigned type, BITS: width */
#define ATOMICS_REF(NAME, T, U, TC, UTC, BITS)                                                   \
  static int ref_##NAME(hr_ctx *x)                                                               \
  {                                                                                              \
    T *cells = hr_buf(x, "cells", TC), *olds = hr_buf(x, "olds", TC);                            \
    U *ucells = hr_buf(x, "ucells", UTC), *uolds = hr_buf(x, "uolds", UTC);                      \
    const T *vals = hr_buf(x, "vals", TC);                                                       \
    if (!cells || !olds || !ucells || !uolds || !vals) return -1;                                \
    const tc_launch *l = &x->c->launches[0];                                                     \
    size_t n = l->global[0], ls = l->local[0], nb = n / BITS;                                    \
    int local = strstr(l->kernel, "local") != NULL;                                              \
    size_t ng = local ? n / ls : 1;                                                              \
    if (hr_count(x, "cells") < 12 * ng || hr_count(x, "olds") < 8 * n || hr_count(x, "uolds") < 3 * n || \
        hr_count(x, "vals") < n || hr_count(x, "ucells") < (local ? 3 * ng : 3 * nb + 3))        \
      return hr_fail(x, #NAME ": buffers smaller than the NDRange");                             \
    for (size_t i = 0; i < n; i++) {                                                             \
      size_t g = local ? i / ls : 0, li = i % ls;                                                \
      T *c = cells + 12 * g, v = vals[i], *o = olds + 8 * i;                                     \
      U *u = uolds + 3 * i;                                                                      \
      U bit = (U)1 << ((local ? li : i) % BITS);                                                 \
      U *uc0 = local ? &ucells[3 * g] : &ucells[i / BITS];                                       \
      U *uc1 = local ? &ucells[3 * g + 1] : &ucells[nb + i / BITS];                              \
      U *uc2 = local ? &ucells[3 * g + 2] : &ucells[2 * nb + i / BITS];                          \
      o[0] = c[0];                                                                               \
      c[0] = (T)((U)c[0] + (U)(i + 1));                                                          \
      o[1] = c[1];                                                                               \
      c[1] = (T)((U)c[1] - 3);                                                                   \
      o[2] = c[2];                                                                               \
      c[2] = (T)(i + 1);                                                                         \
      o[3] = c[3];                                                                               \
      c[3] = (T)((U)c[3] + 1);                                                                   \
      o[4] = c[4];                                                                               \
      c[4] = (T)((U)c[4] - 1);                                                                   \
      o[5] = c[5];                                                                               \
      if (v < c[5]) c[5] = v;                                                                    \
      o[6] = c[6];                                                                               \
      if (v > c[6]) c[6] = v;                                                                    \
      o[7] = c[7];                                                                               \
      if (c[7] == 0) c[7] = (T)(i + 1);                                                          \
      u[0] = *uc0;                                                                               \
      *uc0 &= ~bit;                                                                              \
      u[1] = *uc1;                                                                               \
      *uc1 |= bit;                                                                               \
      u[2] = *uc2;                                                                               \
      *uc2 ^= bit;                                                                               \
      c[8] = (T)((U)c[8] + 2);                                                                   \
      if (v < c[9]) c[9] = v;                                                                    \
      if (v > c[10]) c[10] = v;                                                                  \
      if (!local) {                                                                              \
        ucells[3 * nb] |= (U)v & (U)0x0f0f0f0f0f0f0f0fULL;                                       \
        ucells[3 * nb + 1] ^= (U)v;                                                              \
        ucells[3 * nb + 2] &= (U)v | ((U)1 << (BITS - 1)) | 1;                                   \
      }                                                                                          \
      c[11] = (T)((U)c[11] + (U)((local ? li : i) & 7));                                         \
    }                                                                                            \
    return 0;                                                                                    \
  }

ATOMICS_REF(atomics32, int32_t, uint32_t, TC_INT, TC_UINT, 32)
ATOMICS_REF(atomics64, int64_t, uint64_t, TC_LONG, TC_ULONG, 64)

const hr_entry hostref_atomics[] = {
  {"atomics32", ref_atomics32},
  {"atomics64", ref_atomics64},
  {NULL, NULL},
};
