/* Host references: application-shaped kernels (matmul.cl, reduce.cl,
 * histogram.cl, scan.cl, stencil.cl, bfs.cl, nbody.cl, bitonic.cl,
 * app_pipeline.cl), computed the straightforward sequential way. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hostref.h"

static int ref_matmul(hr_ctx *x)
{
  const float *A = hr_buf(x, "A", TC_FLOAT), *B = hr_buf(x, "B", TC_FLOAT);
  float *C = hr_buf(x, "C", TC_FLOAT);
  if (!A || !B || !C) return -1;
  int64_t M = hr_arg_i(x, 0, 3), N = hr_arg_i(x, 0, 4), K = hr_arg_i(x, 0, 5);
  if (M <= 0 || N <= 0 || K <= 0 || hr_count(x, "A") < (size_t)(M * K) || hr_count(x, "B") < (size_t)(K * N) ||
      hr_count(x, "C") < (size_t)(M * N))
    return hr_fail(x, "matmul: bad sizes");
  for (int64_t r = 0; r < M; r++)
    for (int64_t c = 0; c < N; c++) {
      float acc = 0.0f; /* the data makes every partial sum exact */
      for (int64_t k = 0; k < K; k++) acc += A[r * K + k] * B[k * N + c];
      C[r * N + c] = acc;
    }
  return 0;
}

/* two launches: partial sums of a grid-strided split, then their sum */
static int ref_reduce_int(hr_ctx *x)
{
  const int32_t *in = hr_buf(x, "in", TC_INT);
  int32_t *partial = hr_buf(x, "partial", TC_INT), *total = hr_buf(x, "total", TC_INT);
  if (!in || !partial || !total) return -1;
  const tc_launch *l = &x->c->launches[0];
  size_t gs = l->global[0], ls = l->local[0], ng = gs / ls;
  int64_t n = hr_arg_i(x, 0, 3);
  if (n < 0 || hr_count(x, "in") < (size_t)n || hr_count(x, "partial") < ng) return hr_fail(x, "reduce: bad sizes");
  uint32_t all = 0;
  for (size_t g = 0; g < ng; g++) {
    uint32_t s = 0;
    for (size_t i = 0; i < (size_t)n; i++)
      if ((i % gs) / ls == g) s += (uint32_t)in[i];
    partial[g] = (int32_t)s;
    all += s;
  }
  total[0] = (int32_t)all;
  return 0;
}

static int ref_reduce_float(hr_ctx *x)
{
  const float *in = hr_buf(x, "in", TC_FLOAT);
  float *partial = hr_buf(x, "partial", TC_FLOAT), *total = hr_buf(x, "total", TC_FLOAT);
  if (!in || !partial || !total) return -1;
  const tc_launch *l = &x->c->launches[0];
  size_t gs = l->global[0], ls = l->local[0], ng = gs / ls;
  int64_t n = hr_arg_i(x, 0, 3);
  if (n < 0 || hr_count(x, "in") < (size_t)n || hr_count(x, "partial") < ng) return hr_fail(x, "reduce: bad sizes");
  double all = 0;
  for (size_t g = 0; g < ng; g++) {
    double s = 0; /* exact: the data are multiples of 1/4 with small sums */
    for (size_t i = 0; i < (size_t)n; i++)
      if ((i % gs) / ls == g) s += in[i];
    partial[g] = (float)s;
    all += s;
  }
  total[0] = (float)all;
  return 0;
}

static int ref_histogram(hr_ctx *x)
{
  const uint32_t *data = hr_buf(x, "data", TC_UINT);
  uint32_t *hist = hr_buf(x, "hist", TC_UINT);
  if (!data || !hist) return -1;
  int64_t n = hr_arg_i(x, 0, 1);
  if (n < 0 || hr_count(x, "data") < (size_t)n || hr_count(x, "hist") < 256) return hr_fail(x, "histogram: bad sizes");
  for (int64_t i = 0; i < n; i++)
    for (int b = 0; b < 4; b++) hist[(data[i] >> (8 * b)) & 0xff]++;
  return 0;
}

static int ref_scan(hr_ctx *x)
{
  const int32_t *in = hr_buf(x, "in", TC_INT);
  int32_t *out = hr_buf(x, "out", TC_INT), *sums = hr_buf(x, "sums", TC_INT), *offs = hr_buf(x, "offsets", TC_INT),
          *top = hr_buf(x, "top", TC_INT);
  if (!in || !out || !sums || !offs || !top) return -1;
  const tc_launch *l = &x->c->launches[0];
  size_t m = 2 * l->local[0];
  int64_t n = hr_arg_i(x, 0, 4);
  size_t nb = ((size_t)n + m - 1) / m;
  if (n < 0 || hr_count(x, "in") < (size_t)n || hr_count(x, "out") < (size_t)n || hr_count(x, "sums") < nb ||
      hr_count(x, "offsets") < nb)
    return hr_fail(x, "scan: bad sizes");
  uint32_t s = 0;
  for (int64_t i = 0; i < n; i++) {
    if ((size_t)i % m == 0) offs[(size_t)i / m] = (int32_t)s;
    out[i] = (int32_t)s;
    s += (uint32_t)in[i];
  }
  top[0] = (int32_t)s; /* the second level's single block total */
  for (size_t b = 0; b < nb; b++) {
    uint32_t t = 0;
    for (size_t i = b * m; i < (b + 1) * m && i < (size_t)n; i++) t += (uint32_t)in[i];
    sums[b] = (int32_t)t;
  }
  return 0;
}

static int ref_jacobi(hr_ctx *x)
{
  float *a = hr_buf(x, "a", TC_FLOAT), *b = hr_buf(x, "b", TC_FLOAT);
  if (!a || !b) return -1;
  const tc_launch *l = &x->c->launches[0];
  int64_t w = hr_arg_i(x, 0, 2), h = hr_arg_i(x, 0, 3);
  if (w < 1 || h < 1 || hr_count(x, "a") < (size_t)(w * h) || hr_count(x, "b") < (size_t)(w * h))
    return hr_fail(x, "jacobi: bad sizes");
  for (unsigned it = 0; it < l->repeat; it++) {
    float *src = (it & 1) ? b : a, *dst = (it & 1) ? a : b;
    for (int64_t y = 0; y < h; y++)
      for (int64_t c = 0; c < w; c++) {
        float v = src[y * w + c];
        if (c == 0 || y == 0 || c == w - 1 || y == h - 1) {
          dst[y * w + c] = v;
          continue;
        }
        float s = src[(y - 1) * w + c] + src[(y + 1) * w + c] + src[y * w + c - 1] + src[y * w + c + 1];
        dst[y * w + c] = v * 0.5f + s * 0.125f;
      }
  }
  return 0;
}

static int ref_bfs(hr_ctx *x)
{
  const int32_t *col = hr_buf(x, "col", TC_INT);
  int32_t *dist = hr_buf(x, "dist", TC_INT), *found = hr_buf(x, "found", TC_INT);
  if (!col || !dist || !found) return -1;
  int64_t src = hr_arg_i(x, 0, 1), nodes = hr_arg_i(x, 1, 3);
  unsigned levels = x->c->launches[1].repeat;
  if (nodes < 1 || src < 0 || src >= nodes || hr_count(x, "dist") < (size_t)nodes ||
      hr_count(x, "col") < 4 * (size_t)nodes || hr_count(x, "found") < levels)
    return hr_fail(x, "bfs: bad sizes");
  for (int64_t v = 0; v < nodes; v++) dist[v] = v == src ? 0 : -1;
  for (unsigned lv = 0; lv < levels; lv++)
    for (int64_t v = 0; v < nodes; v++) {
      if (dist[v] != (int32_t)lv) continue;
      for (int k = 0; k < 4; k++) {
        int32_t u = col[v * 4 + k];
        if (dist[u] == -1) {
          dist[u] = (int32_t)lv + 1;
          found[lv] |= 1;
        }
      }
    }
  return 0;
}

static int ref_nbody(hr_ctx *x)
{
  const float *pos = hr_buf(x, "pos", TC_FLOAT), *vel = hr_buf(x, "vel", TC_FLOAT);
  float *npos = hr_buf(x, "npos", TC_FLOAT), *nvel = hr_buf(x, "nvel", TC_FLOAT), *acc = hr_buf(x, "acc", TC_FLOAT);
  if (!pos || !vel || !npos || !nvel || !acc) return -1;
  size_t n = x->c->launches[0].global[0];
  double dt = hr_arg_f(x, 0, 6), eps2 = hr_arg_f(x, 0, 7);
  if (hr_count(x, "pos") < 4 * n || hr_count(x, "acc") < 4 * n) return hr_fail(x, "nbody: bad sizes");
  for (size_t i = 0; i < n; i++) {
    double a[3] = {0, 0, 0};
    for (size_t j = 0; j < n; j++) {
      double d[3], r2 = eps2;
      for (int c = 0; c < 3; c++) {
        d[c] = (double)pos[4 * j + c] - pos[4 * i + c];
        r2 += d[c] * d[c];
      }
      double s = pos[4 * j + 3] / (r2 * sqrt(r2));
      for (int c = 0; c < 3; c++) a[c] += d[c] * s;
    }
    for (int c = 0; c < 3; c++) {
      double v = vel[4 * i + c] + a[c] * dt;
      acc[4 * i + c] = (float)a[c];
      nvel[4 * i + c] = (float)v;
      npos[4 * i + c] = (float)(pos[4 * i + c] + v * dt);
    }
    acc[4 * i + 3] = 0.0f;
    nvel[4 * i + 3] = vel[4 * i + 3];
    npos[4 * i + 3] = pos[4 * i + 3];
  }
  return 0;
}

static int cmp_i32(const void *a, const void *b)
{
  int32_t p = *(const int32_t *)a, q = *(const int32_t *)b;
  return p < q ? -1 : p > q;
}

/* bitonic_local sorts blocks of 2 * local size; bitonic_global sorts all */
static int ref_bitonic(hr_ctx *x)
{
  int32_t *data = hr_buf(x, "data", TC_INT);
  if (!data) return -1;
  const tc_launch *l = &x->c->launches[0];
  size_t n = hr_count(x, "data");
  if (strcmp(l->kernel, "bitonic_local") == 0) {
    size_t m = 2 * l->local[0];
    for (size_t b = 0; b + m <= n && b < 2 * l->global[0]; b += m) qsort(data + b, m, sizeof *data, cmp_i32);
  } else {
    qsort(data, n, sizeof *data, cmp_i32);
  }
  return 0;
}

static int ref_app_pipeline(hr_ctx *x)
{
  const float *A = hr_buf(x, "A", TC_FLOAT), *B = hr_buf(x, "B", TC_FLOAT);
  float *C = hr_buf(x, "C", TC_FLOAT), *rows = hr_buf(x, "rows", TC_FLOAT), *total = hr_buf(x, "total", TC_FLOAT);
  uint32_t *hist = hr_buf(x, "hist", TC_UINT);
  if (!A || !B || !C || !rows || !total || !hist) return -1;
  int64_t n = hr_arg_i(x, 0, 3);
  if (n < 1 || hr_count(x, "A") < (size_t)(n * n) || hr_count(x, "C") < (size_t)(n * n) ||
      hr_count(x, "rows") < (size_t)n || hr_count(x, "hist") < 256)
    return hr_fail(x, "app_pipeline: bad sizes");
  double all = 0;
  for (int64_t r = 0; r < n; r++) {
    double rs = 0;
    for (int64_t c = 0; c < n; c++) {
      float acc = 0.0f;
      for (int64_t k = 0; k < n; k++) acc += A[r * n + k] * B[k * n + c];
      C[r * n + c] = acc;
      rs += acc;
      int bin = (int)acc / 4 + 128;
      hist[bin < 0 ? 0 : bin > 255 ? 255 : bin]++;
    }
    rows[r] = (float)rs;
    all += rs;
  }
  total[0] = (float)all;
  return 0;
}

const hr_entry hostref_apps[] = {
  {"matmul", ref_matmul},
  {"reduce_int", ref_reduce_int},
  {"reduce_float", ref_reduce_float},
  {"histogram", ref_histogram},
  {"scan", ref_scan},
  {"jacobi", ref_jacobi},
  {"bfs", ref_bfs},
  {"nbody", ref_nbody},
  {"bitonic", ref_bitonic},
  {"app_pipeline", ref_app_pipeline},
  {NULL, NULL},
};
