/* Host references: atomics kernels.  The work-items' atomic operations are
 * applied one after another in work-item order: one legal history.  The
 * final values that depend on the order (xchg, the cmpxchg winner) are
 * compared by the cases' properties, not against these. */
#include <math.h>
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


/* ---- OpenCL 2.0 atomics (atomics_c11.cl) ---------------------------------- */

static int ref_c11_global(hr_ctx *x)
{
  int32_t *ai = hr_buf(x, "ai", TC_INT), *au = hr_buf(x, "au", TC_INT), *slots = hr_buf(x, "slots", TC_INT),
          *olds = hr_buf(x, "olds", TC_INT);
  const int32_t *vals = hr_buf(x, "vals", TC_INT);
  if (!ai || !au || !slots || !olds || !vals) return -1;
  size_t n = x->c->launches[0].global[0], nb = n / 32;
  if (hr_count(x, "ai") < 8 || hr_count(x, "au") < 3 * nb || hr_count(x, "slots") < 2 * n ||
      hr_count(x, "olds") < 10 * n || hr_count(x, "vals") < n)
    return hr_fail(x, "c11_global: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) {
    int32_t v = vals[i], *o = olds + 10 * i;
    uint32_t bit = 1u << (i % 32);
    o[0] = ai[0];
    ai[0] = (int32_t)((uint32_t)ai[0] + (uint32_t)(i + 1));
    o[1] = ai[1];
    ai[1] = (int32_t)((uint32_t)ai[1] - 3u);
    o[2] = ai[2];
    ai[2] = (int32_t)(i + 1);
    o[3] = ai[3];
    if (v < ai[3]) ai[3] = v;
    o[4] = ai[4];
    if (v > ai[4]) ai[4] = v;
    o[5] = ai[5];
    if (ai[5] == 0) ai[5] = (int32_t)(i + 1);
    o[6] = ai[6];
    ai[6] = (int32_t)((uint32_t)ai[6] + 1u);
    o[7] = au[i / 32];
    au[i / 32] = (int32_t)((uint32_t)au[i / 32] | bit);
    o[8] = au[nb + i / 32];
    au[nb + i / 32] = (int32_t)((uint32_t)au[nb + i / 32] & ~bit);
    o[9] = au[2 * nb + i / 32];
    au[2 * nb + i / 32] = (int32_t)((uint32_t)au[2 * nb + i / 32] ^ bit);
    ai[7] = (int32_t)((uint32_t)ai[7] + (uint32_t)(i & 7));
    slots[i] = v ^ 0x5a5a;
    slots[n + i] = (int32_t)((uint32_t)slots[i] + 1u);
  }
  return 0;
}

static int ref_c11_local(hr_ctx *x)
{
  int32_t *cells = hr_buf(x, "cells", TC_INT), *olds = hr_buf(x, "olds", TC_INT);
  const int32_t *vals = hr_buf(x, "vals", TC_INT);
  if (!cells || !olds || !vals) return -1;
  const tc_launch *l = &x->c->launches[0];
  size_t n = l->global[0], ls = l->local[0];
  if (hr_count(x, "cells") < 6 * (n / ls) || hr_count(x, "olds") < 5 * n || hr_count(x, "vals") < n)
    return hr_fail(x, "c11_local: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) {
    int32_t *c = cells + 6 * (i / ls), v = vals[i], *o = olds + 5 * i;
    o[0] = c[0];
    c[0] = (int32_t)((uint32_t)c[0] + (uint32_t)(i + 1));
    o[1] = c[1];
    c[1] = (int32_t)(i + 1);
    o[2] = c[2];
    if (v < c[2]) c[2] = v;
    o[3] = c[3];
    if (v > c[3]) c[3] = v;
    o[4] = c[4];
    if (c[4] == 0) c[4] = (int32_t)(i + 1);
    c[5] = (int32_t)((uint32_t)c[5] - 2u);
  }
  return 0;
}

static int ref_c11_flag(hr_ctx *x)
{
  int32_t *winners = hr_buf(x, "winners", TC_INT);
  if (!winners || hr_count(x, "winners") < 2) return -1;
  winners[0] += 1; /* one test-and-set per round finds the flag clear */
  winners[1] += 1;
  return 0;
}

static int ref_c11_global64(hr_ctx *x)
{
  int64_t *al = hr_buf(x, "al", TC_LONG), *olds = hr_buf(x, "olds", TC_LONG);
  const int64_t *vals = hr_buf(x, "vals", TC_LONG);
  if (!al || !olds || !vals) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "al") < 6 || hr_count(x, "olds") < 5 * n || hr_count(x, "vals") < n)
    return hr_fail(x, "c11_global64: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) {
    int64_t v = vals[i], *o = olds + 5 * i;
    o[0] = al[0];
    al[0] = (int64_t)((uint64_t)al[0] + (uint64_t)i * 0x100000001ULL);
    o[1] = al[1];
    al[1] = (int64_t)(i + 1);
    o[2] = al[2];
    if (v < al[2]) al[2] = v;
    o[3] = al[3];
    if (v > al[3]) al[3] = v;
    o[4] = al[4];
    if (al[4] == 0) al[4] = (int64_t)(i + 1);
    al[5] ^= v;
  }
  return 0;
}

/* ---- float atomics (atomics_float.cl) ------------------------------------- */

static int ref_float_atomics(hr_ctx *x)
{
  float *cells = hr_buf(x, "cells", TC_FLOAT), *olds = hr_buf(x, "olds", TC_FLOAT);
  const float *vals = hr_buf(x, "vals", TC_FLOAT);
  if (!cells || !olds || !vals) return -1;
  const tc_launch *l = &x->c->launches[0];
  size_t n = l->global[0], ls = l->local[0];
  if (hr_count(x, "cells") < 8 + n / ls || hr_count(x, "olds") < 5 * n || hr_count(x, "vals") < n)
    return hr_fail(x, "float_atomics: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) {
    float v = vals[i], *o = olds + 5 * i, *ls_cell = &cells[8 + i / ls];
    o[0] = cells[0];
    cells[0] += v;
    o[1] = cells[1];
    cells[1] += v;
    o[2] = cells[2];
    cells[2] = fminf(cells[2], v);
    o[3] = cells[3];
    cells[3] = fmaxf(cells[3], v);
    o[4] = *ls_cell;
    *ls_cell += v;
    cells[4] += v;
    cells[5] = fminf(cells[5], v);
    cells[6] += v;
    cells[7] = fmaxf(cells[7], -v);
  }
  return 0;
}

const hr_entry hostref_atomics[] = {
  {"atomics32", ref_atomics32},
  {"atomics64", ref_atomics64},
  {"c11_global", ref_c11_global},
  {"c11_local", ref_c11_local},
  {"c11_flag", ref_c11_flag},
  {"c11_global64", ref_c11_global64},
  {"float_atomics", ref_float_atomics},
  {NULL, NULL},
};
