/* Host references: vector kernels (vectors.cl), element by element as the
 * OpenCL C specification defines swizzles, select, shuffle and the
 * vector relational results (-1 for true). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "hostref.h"

static int ref_vec_float(hr_ctx *x)
{
  const float *a = hr_buf(x, "a", TC_FLOAT);
  float *out = hr_buf(x, "out", TC_FLOAT);
  if (!a || !out) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "a") < 8 * n + 16 || hr_count(x, "out") < 64 * n)
    return hr_fail(x, "vec_float: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) {
    const float *p = a + 4 * i, *q = a + 4 * i + 4, *t = a + 1 + 3 * i, *u = a + 7 + 3 * i, *e = a + 8 * i,
                *s = a + 2 * i, *w = a + 5 + 2 * i;
    float *o = out + 64 * i;
    const float wv[4] = {w[0], w[1], w[1], w[0]};
    for (int k = 0; k < 4; k++) {
      o[k] = p[k] + q[k];
      o[4 + k] = p[k] * q[k] - q[3 - k];
      o[8 + k] = p[k / 2] * q[3 - k] + wv[k];
      o[12 + k] = fmaxf(p[k], q[k]) - fminf(p[k], q[(k + 1) % 4]);
      o[16 + k] = p[k] < q[k] ? q[k] : p[k];
      o[20 + k] = p[k] > q[k] ? p[k] : -q[k];
    }
    o[24] = t[1] * u[2] - t[2] * u[1];
    o[25] = t[2] * u[0] - t[0] * u[2];
    o[26] = t[0] * u[1] - t[1] * u[0];
    o[27] = p[0] * q[0] + p[1] * q[1] + p[2] * q[2] + p[3] * q[3];
    o[28] = t[0] * u[0] + t[1] * u[1] + t[2] * u[2];
    o[29] = w[0] * w[1] + w[1] * w[0];
    for (int k = 0; k < 8; k++) o[30 + k] = e[k] * e[7 - k] + e[2 * (k / 2)];
    float s2[16];
    for (int k = 0; k < 16; k++) s2[k] = s[15 - k] - s[k];
    for (int k = 0; k < 4; k++) {
      o[38 + k] = s2[k] + s2[4 + k] + s2[8 + k] + s2[12 + k];
      o[42 + k] = p[k] + (q[k] - p[k]) * 0.25f;
      o[46 + k] = fminf(fmaxf(p[k], -2.0f), 2.0f) + (p[k] < q[k] ? 0.0f : 1.0f) + copysignf(fabsf(q[k]), p[k]);
    }
    o[50] = q[1];
    o[51] = p[1];
    o[52] = q[3];
    o[53] = t[2];
    const float f8[8] = {p[1], p[3], q[0], q[2], w[0], w[1], t[1], t[2]};
    memcpy(o + 54, f8, sizeof f8);
    o[62] = s[0] + s[5] + s[10] + s[15];
    o[63] = floorf(p[0] + q[1]) + ceilf(e[3]) + rintf(s[9] * 0.5f);
  }
  return 0;
}

static int8_t sat8(int v) { return v > 127 ? 127 : v < -128 ? -128 : (int8_t)v; }

static int ref_vec_int(hr_ctx *x)
{
  const int32_t *a = hr_buf(x, "a", TC_INT);
  int32_t *out = hr_buf(x, "out", TC_INT);
  int8_t *cout = hr_buf(x, "cout", TC_CHAR);
  int64_t *lout = hr_buf(x, "lout", TC_LONG);
  if (!a || !out || !cout || !lout) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "a") < 8 * n + 8 || hr_count(x, "out") < 60 * n || hr_count(x, "cout") < 32 * n ||
      hr_count(x, "lout") < 8 * n)
    return hr_fail(x, "vec_int: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) {
    const int32_t *p = a + 4 * i, *q = a + 4 * i + 4, *e = a + 8 * i;
    int32_t *o = out + 60 * i;
    int16_t h[8];
    for (int k = 0; k < 8; k++) h[k] = (int16_t)e[k];
    int32_t pq[4];
    for (int k = 0; k < 4; k++) pq[k] = p[k] ^ q[(k + 1) % 4];
    int8_t c[16];
    uint8_t uc[16];
    memcpy(c, pq, 16);
    memcpy(uc, q, 16);
    for (int k = 0; k < 4; k++) {
      uint32_t up = (uint32_t)p[k], uq = (uint32_t)q[k], sh = uq & 31;
      o[k] = p[k] + q[k];
      o[4 + k] = p[k] * q[k];
      o[8 + k] = (int32_t)(up << sh);
      o[12 + k] = (int32_t)(up >> sh);
      o[16 + k] = p[k] >> sh;
      o[20 + k] = p[k] < q[k] ? -1 : 0;
      o[24 + k] = p[k] > q[k] ? q[k] : p[k];
      o[28 + k] = (int32_t)(sh ? (up << sh) | (up >> (32 - sh)) : up);
      int32_t mn = p[k] < q[k] ? p[k] : q[k], mx3 = p[3 - k] > q[3 - k] ? p[3 - k] : q[3 - k];
      o[32 + k] = mn ^ mx3;
      int j = k ^ 1; /* .yxwz */
      uint32_t ad = p[j] > q[j] ? (uint32_t)p[j] - (uint32_t)q[j] : (uint32_t)q[j] - (uint32_t)p[j];
      o[36 + k] = ad == (uint32_t)p[k] ? p[k] : q[k];
      o[40 + k] = p[q[k] & 3];
    }
    const int sel[8] = {7, 0, 6, 1, 5, 2, 4, 3};
    for (int k = 0; k < 8; k++) o[44 + k] = sel[k] < 4 ? p[sel[k]] : q[sel[k] - 4];
    int any_neg = 0, all_q = 1, any_eq = 0, all_h = 1;
    for (int k = 0; k < 4; k++) {
      any_neg |= p[k] < 0;
      all_q &= q[k] > -1000000;
      any_eq |= e[4 + k] == e[k];
    }
    for (int k = 0; k < 8; k++) all_h &= h[k] < 0;
    o[52] = any_neg | all_q << 1 | any_eq << 2 | all_h << 3;
    o[53] = __builtin_popcount((uint32_t)p[0]) + (q[1] ? __builtin_clz((uint32_t)q[1]) : 32) +
            (int32_t)((uint32_t)(p[2] & 0xfff) * (uint32_t)(q[3] & 0xfff) + 7u);
    const int32_t *v3 = a + 3 + 3 * i;
    o[54] = v3[0] * 3 + v3[2];
    o[55] = v3[1] * -5 + v3[0];
    o[56] = v3[2] * 7 + v3[1];
    int8_t *oc = cout + 32 * i;
    for (int k = 0; k < 16; k++) {
      oc[k] = sat8(c[k] + (int8_t)uc[k]);
      int m = c[k] * 3;
      oc[16 + k] = (int8_t)(uint8_t)(m > 255 ? 255 : m < 0 ? 0 : m);
    }
    int16_t hs[8];
    const int perm[8] = {1, 3, 5, 7, 0, 2, 4, 6};
    for (int k = 0; k < 8; k++)
      hs[k] = (int16_t)(h[perm[k]] + (int16_t)(uint16_t)((uint16_t)(uint8_t)c[k] << 8 | uc[8 + k]));
    uint64_t l[2];
    memcpy(l, p, 16);
    int64_t *ol = lout + 8 * i;
    ol[0] = (int64_t)(l[0] * l[1] + (uint64_t)(int64_t)hs[0]);
    ol[1] = (int64_t)(l[1] * l[0] + (uint64_t)(int64_t)hs[7]);
    ol[2] = (int64_t)p[0] * q[2];
    ol[3] = (int64_t)p[1] * q[3];
    uint32_t mh[4];
    for (int k = 0; k < 4; k++)
      mh[k] = (uint32_t)(((uint64_t)(uint32_t)p[k] * (uint32_t)q[k]) >> 32) + (uint32_t)p[k];
    memcpy(&ol[4], mh, 16);
    int32_t h01, h67;
    memcpy(&h01, h, 4);
    memcpy(&h67, h + 6, 4);
    ol[6] = (int64_t)hs[3] + h01;
    ol[7] = (int64_t)hs[4] + h67;
  }
  return 0;
}


/* subgroups.cl with sub-groups of 32 consecutive work-items (local linear
 * id order), one legal partition; the case compares records only through
 * its "subgroups" property */
static int ref_subgroup_ops(hr_ctx *x)
{
  const int32_t *in = hr_buf(x, "in", TC_INT);
  int32_t *rec = hr_buf(x, "rec", TC_INT);
  if (!in || !rec) return -1;
  const tc_launch *l = &x->c->launches[0];
  size_t n = l->global[0], ls = l->local[0], sz = 32;
  if (l->dims != 1 || n % ls || hr_count(x, "in") < n || hr_count(x, "rec") < 24 * n)
    return hr_fail(x, "subgroup_ops: a 1-D uniform NDRange and buffers of its size");
  size_t nsg = (ls + sz - 1) / sz;
  for (size_t base = 0; base < n; base += ls)
    for (size_t lid0 = 0; lid0 < ls; lid0 += sz) {
      size_t g0 = base + lid0, m = ls - lid0 < sz ? ls - lid0 : sz;
      uint32_t add = 0, pre = 0;
      int32_t mn = INT32_MAX, mx = INT32_MIN, any = 0, all = 1, runmax = INT32_MIN;
      for (size_t k = 0; k < m; k++) {
        int32_t v = in[g0 + k];
        add += (uint32_t)v;
        mn = v < mn ? v : mn;
        mx = v > mx ? v : mx;
        any |= v > 500;
        all &= v > -500;
      }
      for (size_t k = 0; k < m; k++) {
        int32_t v = in[g0 + k], *o = rec + (g0 + k) * 24;
        runmax = v > runmax ? v : runmax;
        int32_t nb = (k ^ 1) < m ? in[g0 + (k ^ 1)] : v;
        o[0] = (int32_t)m;
        o[1] = (int32_t)sz;
        o[2] = (int32_t)nsg;
        o[3] = (int32_t)(lid0 / sz);
        o[4] = (int32_t)k;
        o[5] = v;
        o[6] = (int32_t)add;
        o[7] = mn;
        o[8] = mx;
        o[9] = (int32_t)(pre + (uint32_t)v);
        o[10] = (int32_t)pre;
        o[11] = runmax;
        o[12] = in[g0];
        o[13] = any;
        o[14] = all;
        o[15] = o[20] = o[21] = nb;
        o[16] = (int32_t)(base / ls);
        o[17] = (int32_t)(lid0 + k);
        o[18] = (int32_t)nsg;
        o[19] = in[g0 + m - 1];
        o[22] = in[g0];
        o[23] = 0;
        pre += (uint32_t)v;
      }
    }
  return 0;
}

const hr_entry hostref_vec[] = {
  {"vec_float", ref_vec_float},
  {"vec_int", ref_vec_int},
  {"subgroup_ops", ref_subgroup_ops},
  {NULL, NULL},
};
