/* Host references: local memory (local_mem.cl) and memory-shaped kernels
 * (private_mem.cl, calls.cl, constant.cl, control_flow.cl), written from
 * what each kernel computes, work-group by work-group. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hostref.h"

static int ref_reduce_local(hr_ctx *x)
{
  const int32_t *in = hr_buf(x, "in", TC_INT);
  int32_t *out = hr_buf(x, "out", TC_INT);
  if (!in || !out) return -1;
  const tc_launch *l = &x->c->launches[0];
  size_t ls = l->local[0], ng = l->global[0] / ls;
  if (hr_count(x, "in") < l->global[0] || hr_count(x, "out") < ng) return hr_fail(x, "reduce_local: buffers too small");
  for (size_t g = 0; g < ng; g++) {
    uint32_t s = 0;
    for (size_t k = 0; k < ls; k++) s += (uint32_t)in[g * ls + k];
    out[g] = (int32_t)s;
  }
  return 0;
}

static int ref_scan_local(hr_ctx *x)
{
  const int32_t *in = hr_buf(x, "in", TC_INT);
  int32_t *out = hr_buf(x, "out", TC_INT);
  if (!in || !out) return -1;
  const tc_launch *l = &x->c->launches[0];
  size_t ls = l->local[0], n = l->global[0];
  if (hr_count(x, "in") < n || hr_count(x, "out") < n) return hr_fail(x, "scan_local: buffers too small");
  for (size_t g = 0; g < n / ls; g++) {
    uint32_t s = 0;
    for (size_t k = 0; k < ls; k++) {
      s += (uint32_t)in[g * ls + k];
      out[g * ls + k] = (int32_t)s;
    }
  }
  return 0;
}

static int ref_transpose_tile(hr_ctx *x)
{
  const float *in = hr_buf(x, "in", TC_FLOAT);
  float *out = hr_buf(x, "out", TC_FLOAT);
  if (!in || !out) return -1;
  int64_t w = hr_arg_i(x, 0, 2), h = hr_arg_i(x, 0, 3);
  if (w <= 0 || h <= 0 || hr_count(x, "in") < (size_t)(w * h) || hr_count(x, "out") < (size_t)(w * h))
    return hr_fail(x, "transpose_tile: bad sizes");
  for (int64_t y = 0; y < h; y++)
    for (int64_t c = 0; c < w; c++) out[c * h + y] = in[y * w + c];
  return 0;
}

static int ref_local_exchange(hr_ctx *x)
{
  const int32_t *in = hr_buf(x, "in", TC_INT);
  int32_t *out = hr_buf(x, "out", TC_INT);
  if (!in || !out) return -1;
  const tc_launch *l = &x->c->launches[0];
  size_t n = l->local[0], ng = l->global[0] / n;
  if (n > 256 || hr_count(x, "in") < l->global[0] || hr_count(x, "out") < 6 * l->global[0])
    return hr_fail(x, "local_exchange: bad sizes");
  int8_t lc[256];
  int16_t ls[256];
  int64_t ll[256];
  float lf[256];
  uint8_t lu[256];
  for (size_t g = 0; g < ng; g++) {
    const int32_t *v = in + g * n;
    for (size_t k = 0; k < n; k++) {
      lc[k] = (int8_t)v[k];
      ls[k] = (int16_t)(v[k] >> 4);
      ll[k] = (int64_t)v[k] * 100003;
      lf[k] = (float)(v[k] & 0xffff) * 0.5f;
      lu[n - 1 - k] = (uint8_t)(v[k] >> 8);
    }
    for (size_t k = 0; k < n; k++) {
      size_t r = (k + 1) % n, q = (k * 7 + 3) % n;
      int32_t *o = out + (g * n + k) * 6;
      o[0] = lc[r];
      o[1] = ls[q];
      o[2] = (int32_t)(ll[r] >> 17);
      o[3] = (int32_t)(lf[q] * 4.0f);
      o[4] = lu[k];
    }
    int16_t ls2[256];
    for (size_t k = 0; k < n; k++) ls2[k] = (int16_t)(ls[k] + lc[(k * 7 + 3) % n]);
    for (size_t k = 0; k < n; k++) out[(g * n + k) * 6 + 5] = ls2[(k + 1) % n] + ls2[(k * 7 + 3) % n];
  }
  return 0;
}

const hr_entry hostref_mem[] = {
  {"reduce_local", ref_reduce_local},
  {"scan_local", ref_scan_local},
  {"transpose_tile", ref_transpose_tile},
  {"local_exchange", ref_local_exchange},
  {NULL, NULL},
};
