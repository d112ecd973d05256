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


/* ---- work-item functions (workitem.cl) ------------------------------------ */

static int wi_one(hr_ctx *x, const hr_item *it, void *arg)
{
  uint32_t *out = arg;
  uint32_t *o = out + it->glinear * 28;
  o[0] = it->dims;
  for (int d = 0; d < 3; d++) {
    o[1 + d] = (uint32_t)it->gsize[d];
    o[4 + d] = (uint32_t)it->gid[d];
    o[7 + d] = (uint32_t)it->lsize[d];
    o[10 + d] = (uint32_t)it->enq_lsize[d];
    o[13 + d] = (uint32_t)it->lid[d];
    o[16 + d] = (uint32_t)it->ngroups[d];
    o[19 + d] = (uint32_t)it->grp[d];
    o[24 + d] = (uint32_t)it->offset[d];
  }
  o[22] = (uint32_t)it->glinear;
  o[23] = (uint32_t)it->llinear;
  o[27] = 0 + 10 * 1 + 100 * 1 + 1000 * 0 + 10000 * 1;
  (void)x;
  return 0;
}

static int ref_workitem_info(hr_ctx *x)
{
  uint32_t *out = hr_buf(x, "out", TC_UINT);
  if (!out) return -1;
  const tc_launch *l = &x->c->launches[0];
  if (hr_count(x, "out") < l->global[0] * l->global[1] * l->global[2] * 28)
    return hr_fail(x, "workitem_info: out smaller than the NDRange");
  return hr_for_each_item(x, 0, wi_one, out);
}

/* ---- control flow (control_flow.cl) --------------------------------------- */

static int ref_divergent(hr_ctx *x)
{
  const int32_t *in = hr_buf(x, "in", TC_INT);
  int32_t *out = hr_buf(x, "out", TC_INT);
  if (!in || !out) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "in") < n || hr_count(x, "out") < 6 * n) return hr_fail(x, "divergent: buffers too small");
  for (size_t i = 0; i < n; i++) {
    int32_t v = in[i], *o = out + 6 * i, a, sw;
    if (v & 1) a = (v & 2) ? v * 3 : v - 7;
    else if (v & 4) a = v >> 2;
    else if (v & 8) a = ~v;
    else a = v & 0xff;
    o[0] = a;
    uint32_t c = (uint32_t)v & 0xffffu, steps = 0;
    while (c > 1 && steps < 300) {
      c = (c & 1) ? 3 * c + 1 : c >> 1;
      steps++;
    }
    o[1] = (int32_t)steps;
    switch (v & 15) {
    case 0: sw = 10; break;
    case 1:
    case 2: sw = v * 2; break;
    case 3: sw = -v; break;
    case 5:
    case 6: sw = v + 1; break; /* case 5 falls through after a dead store */
    case 9: sw = 99; break;
    case 12: sw = v % 7; break;
    case 13: sw = (v >> 4) & 0x3ff; break;
    default: sw = 0;
    }
    o[2] = sw;
    int32_t acc = 0;
    for (int k = 0; k < (v & 31); k++) {
      if (k % 3 == 0) continue;
      if (acc > 100) break;
      acc += k * (v & 7);
    }
    o[3] = acc;
    if ((v & 0xff) == 0x42 || (v & 0x7ff) == 0x3) {
      o[4] = o[5] = -1;
      continue;
    }
    int32_t d = v & 0xffff, t = 0;
    do {
      t += d & 3;
      d >>= 2;
    } while (d);
    o[4] = t;
    o[5] = steps > 50 ? (int32_t)(steps * 2) : a > 0 ? 1 : 2;
  }
  return 0;
}

static int ref_barrier_loop(hr_ctx *x)
{
  const int32_t *in = hr_buf(x, "in", TC_INT);
  int32_t *out = hr_buf(x, "out", TC_INT);
  if (!in || !out) return -1;
  const tc_launch *l = &x->c->launches[0];
  size_t n = l->local[0], ng = l->global[0] / n;
  int64_t rounds = hr_arg_i(x, 0, 2);
  if (n > 256 || hr_count(x, "in") < l->global[0] || hr_count(x, "out") < l->global[0])
    return hr_fail(x, "barrier_loop: bad sizes");
  int32_t v[256], buf[256];
  for (size_t g = 0; g < ng; g++) {
    for (size_t k = 0; k < n; k++) v[k] = in[g * n + k];
    for (int64_t r = 0; r < rounds; r++) {
      memcpy(buf, v, n * sizeof *v);
      for (size_t k = 0; k < n; k++) {
        int32_t nb = buf[(k + 1 + (size_t)r) % n];
        if ((v[k] ^ (int32_t)r) & 1) v[k] = v[k] + nb;
        else if (nb > v[k]) v[k] = nb - v[k];
        else
          for (int q = 0; q < (nb & 7); q++) v[k] ^= q << r;
      }
    }
    memcpy(out + g * n, v, n * sizeof *v);
  }
  return 0;
}

/* ---- private memory (private_mem.cl) -------------------------------------- */

static int ref_private_dynamic(hr_ctx *x)
{
  const int32_t *in = hr_buf(x, "in", TC_INT);
  int32_t *out = hr_buf(x, "out", TC_INT);
  if (!in || !out) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "in") < n || hr_count(x, "out") < 2 * n) return hr_fail(x, "private_dynamic: buffers too small");
  for (size_t i = 0; i < n; i++) {
    int32_t arr[48], v = in[i], s = 0;
    for (int k = 0; k < 48; k++) arr[k] = v * k + (k ^ (int32_t)i);
    for (int k = 0; k < 16; k++) {
      int j = (v + k * 7) % 48;
      if (j < 0) j += 48;
      arr[j] += k;
      s += arr[(j * 5) % 48];
    }
    out[2 * i] = s;
    out[2 * i + 1] = arr[(uint32_t)v % 48];
  }
  return 0;
}

static int ref_private_const(hr_ctx *x)
{
  const float *in = hr_buf(x, "in", TC_FLOAT);
  float *out = hr_buf(x, "out", TC_FLOAT);
  if (!in || !out) return -1;
  size_t n = x->c->launches[0].global[0];
  const float w[5] = {0.5f, -1.25f, 2.0f, 0.125f, 3.5f};
  for (size_t i = 0; i < n && i < hr_count(x, "in") && i < hr_count(x, "out"); i++) {
    float v = in[i];
    out[i] = (((w[4] * v + w[3]) * v + w[2]) * v + w[1]) * v + w[0];
  }
  return 0;
}

static int cmp_int32(const void *a, const void *b)
{
  int32_t p = *(const int32_t *)a, q = *(const int32_t *)b;
  return p < q ? -1 : p > q;
}

static int ref_private_sort(hr_ctx *x)
{
  const int32_t *in = hr_buf(x, "in", TC_INT);
  int32_t *out = hr_buf(x, "out", TC_INT);
  if (!in || !out) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "in") < 32 * n || hr_count(x, "out") < 32 * n) return hr_fail(x, "private_sort: buffers too small");
  memcpy(out, in, 32 * n * sizeof *out);
  for (size_t i = 0; i < n; i++) qsort(out + 32 * i, 32, sizeof *out, cmp_int32);
  return 0;
}

static int ref_private_structs(hr_ctx *x)
{
  const int32_t *in = hr_buf(x, "in", TC_INT);
  int32_t *out = hr_buf(x, "out", TC_INT);
  if (!in || !out) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "in") < n || hr_count(x, "out") < n) return hr_fail(x, "private_structs: buffers too small");
  for (size_t i = 0; i < n; i++) {
    int32_t v = in[i], key[8], s = 0;
    float weight[8];
    int16_t tag[8][3];
    for (int k = 0; k < 8; k++) {
      key[k] = v ^ (k * 0x1111);
      weight[k] = (float)k * 0.25f;
      for (int t = 0; t < 3; t++) tag[k][t] = (int16_t)(v >> (k + t));
    }
    int j = v & 7;
    for (int r = 0; r < 4; r++) {
      s += key[j] + tag[j][r % 3] + (int32_t)(weight[j] * 8.0f);
      j = (j * 3 + tag[j][0]) & 7;
    }
    out[i] = s;
  }
  return 0;
}

/* ---- calls (calls.cl) ----------------------------------------------------- */

static int32_t mix3(int32_t a, int32_t b, int32_t c) { return (a * 31 + b) ^ (int32_t)((uint32_t)c << 3); }
static int32_t chain_d(int32_t v) { return v * 3 + 1; }
static int32_t chain_c(int32_t v) { return chain_d(v) ^ 0x55; }
static int32_t chain_b(int32_t v) { return chain_c(v + 2) - chain_d(v); }
static int32_t chain_a(int32_t v) { return chain_b(v) + chain_c(v >> 1); }

static int32_t divergent_callee(int32_t v)
{
  if (v & 1) return v * 5;
  int32_t s = 0;
  for (int k = 0; k < (v & 15); k++) s += k;
  return s;
}

static int ref_calls(hr_ctx *x)
{
  const int32_t *in = hr_buf(x, "in", TC_INT);
  int32_t *out = hr_buf(x, "out", TC_INT);
  int64_t *lout = hr_buf(x, "lout", TC_LONG);
  float *fout = hr_buf(x, "fout", TC_FLOAT);
  if (!in || !out || !lout || !fout) return -1;
  const tc_launch *l = &x->c->launches[0];
  size_t n = l->global[0], ls = l->local[0];
  if (ls < 8 || hr_count(x, "in") < n || hr_count(x, "out") < 6 * n || hr_count(x, "lout") < n ||
      hr_count(x, "fout") < n)
    return hr_fail(x, "calls: bad sizes");
  for (size_t i = 0; i < n; i++) {
    int32_t v = in[i], *o = out + 6 * i;
    o[0] = mix3(v, (int32_t)i, v >> 4);
    o[1] = chain_a(v);
    o[2] = (v & 2) ? divergent_callee(v) : mix3(v, 1, 2);
    int32_t s = 0;
    for (size_t k = 0; k < 8; k++) s += in[(i / ls) * ls + k] & 0xff;
    o[3] = s;
    int32_t priv[5];
    for (int k = 0; k < 5; k++) priv[k] = v + k;
    o[4] = priv[v & 3] + priv[4];
    o[5] = chain_d(v) + (int32_t)i;
    int32_t ti = (int32_t)i;
    lout[i] = ((int64_t)ti << 33) + ti * 7 + (int64_t)((float)ti * 0.5f * 4.0f) + (v & 0xffff);
    float f = (float)(v & 0xff);
    fout[i] = f - 1.0f + 2.0f * 2.0f - f * 0.5f + 3.0f + 4.0f * 0.5f - 5.0f + 6.0f + 7.0f - f + 8.0f + 9.0f -
              10.0f + 11.0f + f * 0.25f * 4.0f - 12.0f + 13.0f + 14.0f - 15.0f + f * 0.25f;
  }
  return 0;
}

/* ---- __constant (constant.cl) --------------------------------------------- */

static int ref_constant_tables(hr_ctx *x)
{
  static const int32_t primes[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
  static const float scale[8] = {0.5f, 1.0f, 1.5f, 2.0f, -0.25f, 4.0f, 8.0f, -16.0f};
  static const struct { int32_t base; int16_t step; int8_t shift; } rules[4] = {
    {100, 3, 1}, {-50, -7, 2}, {0, 11, 0}, {12345, 1, 5}};
  const int32_t *in = hr_buf(x, "in", TC_INT), *carg = hr_buf(x, "carg", TC_INT);
  int32_t *out = hr_buf(x, "out", TC_INT);
  float *fout = hr_buf(x, "fout", TC_FLOAT);
  if (!in || !carg || !out || !fout) return -1;
  size_t n = x->c->launches[0].global[0];
  int64_t nc = hr_arg_i(x, 0, 2);
  if (nc <= 0 || (size_t)nc > hr_count(x, "carg") || hr_count(x, "in") < n || hr_count(x, "out") < 3 * n)
    return hr_fail(x, "constant_tables: bad sizes");
  for (size_t i = 0; i < n; i++) {
    int32_t v = in[i];
    const int r = v & 3;
    out[3 * i] = primes[v & 15] * carg[(uint32_t)v % (uint32_t)nc];
    out[3 * i + 1] = (rules[r].base + rules[r].step * (v >> 8)) >> rules[r].shift;
    out[3 * i + 2] = carg[(i * 7) % (uint32_t)nc] + primes[(v >> 4) & 15];
    fout[i] = scale[v & 7] * (float)(v >> 16);
  }
  return 0;
}

/* ---- arguments by value (struct_args.cl) ---------------------------------- */

static int ref_struct_args(hr_ctx *x)
{
  int64_t *out = hr_buf(x, "out", TC_LONG);
  if (!out) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "out") < 32 * n) return hr_fail(x, "struct_args: out too small");
  size_t sz;
  int64_t w[23];
  w[0] = hr_arg_i(x, 0, 1);
  w[1] = (uint8_t)hr_arg_i(x, 0, 2);
  w[2] = hr_arg_i(x, 0, 3);
  w[3] = (uint16_t)hr_arg_i(x, 0, 4);
  w[4] = hr_arg_i(x, 0, 5);
  w[5] = (uint32_t)hr_arg_i(x, 0, 6);
  w[6] = hr_arg_i(x, 0, 7);
  w[7] = hr_arg_i(x, 0, 8);
  w[8] = hr_arg_i(x, 0, 9);   /* the float's bits, as int */
  w[9] = hr_arg_i(x, 0, 10);  /* the double's bits */
  const uint8_t *f4 = hr_arg_bytes(x, 0, 11, &sz), *i3 = hr_arg_bytes(x, 0, 12, &sz);
  const uint8_t *m = hr_arg_bytes(x, 0, 13, &sz), *b = hr_arg_bytes(x, 0, 14, &sz);
  if (x->failed || !f4 || !i3 || !m || !b) return -1;
  int32_t f[4], iv[3], words[64];
  memcpy(f, f4, 16);
  memcpy(iv, i3, 12);
  memcpy(words, b, 256);
  w[10] = f[0] ^ f[3];
  w[11] = (int32_t)((uint32_t)f[1] + (uint32_t)f[2]);
  w[12] = iv[0] * 3 + iv[1] * 5 + iv[2] * 7;
  /* mixed: c@0 i@4 f@8 s@12 d@16 l@24 u@32 (C layout) */
  int8_t mc;
  int32_t mi, mf;
  int16_t ms;
  int64_t md, ml;
  memcpy(&mc, m, 1);
  memcpy(&mi, m + 4, 4);
  memcpy(&mf, m + 8, 4);
  memcpy(&ms, m + 12, 2);
  memcpy(&md, m + 16, 8);
  memcpy(&ml, m + 24, 8);
  w[13] = mc;
  w[14] = mi;
  w[15] = mf;
  w[16] = ms;
  w[17] = md;
  w[18] = ml;
  w[19] = m[32] | m[33] << 8 | m[34] << 16;
  int64_t sum = 0;
  for (int k = 0; k < 64; k++) sum += (int64_t)words[k] * (k + 1);
  w[20] = sum;
  for (size_t g = 0; g < n; g++) {
    int64_t *o = out + 32 * g;
    memcpy(o, w, 21 * sizeof *w);
    o[21] = words[g % 64];
    o[22] = (int64_t)g;
  }
  return 0;
}

/* ---- printf (printf.cl) --------------------------------------------------- */

static int ref_printf_formats(hr_ctx *x)
{
  const int32_t *vi = hr_buf(x, "vi", TC_INT);
  const float *vf = hr_buf(x, "vf", TC_FLOAT);
  if (!vi || !vf) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "vi") < n || hr_count(x, "vf") < n) return hr_fail(x, "printf_formats: buffers too small");
  for (size_t k = 0; k < n; k++) {
    int i = (int)k, v = vi[k];
    double f = vf[k];
    hr_printf(x, "wi %d: d=%d u=%u x=%x X=%X o=%o\n", i, v, (unsigned)v, (unsigned)v, (unsigned)v,
              (unsigned)v & 0777u);
    hr_printf(x, "wi %d: f=%f e=%e g=%g F=%.3f E=%.2E G=%G\n", i, f, f, f, f, f, f);
    hr_printf(x, "wi %d: s=%s c=%c [%5d] [%-5d] [%05d] %%\n", i, "text", 'A' + i % 26, v & 0xff, i, i);
    hr_printf(x, "wi %d: l=%lld lu=%llu lx=%llx\n", i, (long long)v * 1000003LL,
              (unsigned long long)(uint32_t)v << 20, (unsigned long long)(uint32_t)v << 28);
    hr_printf(x, "wi %d: v=%d,%d,%d,%d vf=%f,%f\n", i, v, 1, -2, i, f, 0.5);
    hr_printf(x, "ptr=(masked)\n");
  }
  hr_printf(x, "hello from work-item 0 of %u\n", (unsigned)n);
  return 0;
}

const hr_entry hostref_mem[] = {
  {"reduce_local", ref_reduce_local},
  {"scan_local", ref_scan_local},
  {"transpose_tile", ref_transpose_tile},
  {"local_exchange", ref_local_exchange},
  {"workitem_info", ref_workitem_info},
  {"divergent", ref_divergent},
  {"barrier_loop", ref_barrier_loop},
  {"private_dynamic", ref_private_dynamic},
  {"private_const", ref_private_const},
  {"private_sort", ref_private_sort},
  {"private_structs", ref_private_structs},
  {"calls", ref_calls},
  {"constant_tables", ref_constant_tables},
  {"struct_args", ref_struct_args},
  {"printf_formats", ref_printf_formats},
  {NULL, NULL},
};
