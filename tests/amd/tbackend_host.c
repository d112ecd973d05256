/* Back end: the host reference models (hostref.h).  A case without a
 * "reference" is skipped; the device supports every feature. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostref.h"

static const hr_entry *const tables[] = {hostref_int, hostref_float, hostref_vec, hostref_atomics, hostref_mem,
                                           hostref_apps};

static hr_fn find(const char *name)
{
  for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++)
    for (const hr_entry *e = tables[t]; e->name; e++)
      if (strcmp(e->name, name) == 0) return e->fn;
  return NULL;
}

int hr_fail(hr_ctx *x, const char *fmt, ...)
{
  if (!x->failed) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->err, x->errlen, fmt, ap);
    va_end(ap);
  }
  x->failed = 1;
  return -1;
}

void hr_printf(hr_ctx *x, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if (x->out_len + (size_t)n + 1 > x->out_cap) {
    size_t cap = x->out_cap ? x->out_cap : 4096;
    while (cap < x->out_len + (size_t)n + 1) cap *= 2;
    char *o = realloc(x->out, cap);
    if (!o) {
      hr_fail(x, "out of memory");
      return;
    }
    x->out = o;
    x->out_cap = cap;
  }
  va_start(ap, fmt);
  vsnprintf(x->out + x->out_len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  x->out_len += (size_t)n;
}

void *hr_buf(hr_ctx *x, const char *name, tc_type t)
{
  int i = tc_buffer_index(x->c, name);
  if (i < 0) {
    hr_fail(x, "reference '%s': the case has no buffer '%s'", x->c->reference, name);
    return NULL;
  }
  if (x->c->bufs[i].type != t) {
    hr_fail(x, "reference '%s': buffer '%s' is %s, the model expects %s", x->c->reference, name,
            tc_type_name(x->c->bufs[i].type), tc_type_name(t));
    return NULL;
  }
  return x->bufs[i];
}

size_t hr_count(hr_ctx *x, const char *name)
{
  int i = tc_buffer_index(x->c, name);
  return i < 0 ? 0 : x->c->bufs[i].count;
}

static const tc_arg *arg_of(hr_ctx *x, size_t l, size_t a, tc_arg_kind kind)
{
  if (l >= x->c->nlaunches || a >= x->c->launches[l].nargs || x->c->launches[l].args[a].kind != kind) {
    hr_fail(x, "reference '%s': launch %zu argument %zu is not what the model expects", x->c->reference, l, a);
    return NULL;
  }
  return &x->c->launches[l].args[a];
}

int64_t hr_arg_i(hr_ctx *x, size_t l, size_t a)
{
  const tc_arg *ar = arg_of(x, l, a, TC_ARG_SCALAR);
  if (!ar) return 0;
  switch (ar->size) {
  case 1: return (int8_t)ar->bytes[0];
  case 2: { int16_t v; memcpy(&v, ar->bytes, 2); return v; }
  case 4: { int32_t v; memcpy(&v, ar->bytes, 4); return v; }
  case 8: { int64_t v; memcpy(&v, ar->bytes, 8); return v; }
  }
  hr_fail(x, "reference '%s': launch %zu argument %zu is not an integer", x->c->reference, l, a);
  return 0;
}

double hr_arg_f(hr_ctx *x, size_t l, size_t a)
{
  const tc_arg *ar = arg_of(x, l, a, TC_ARG_SCALAR);
  if (!ar) return 0;
  if (ar->size == 4) { float f; memcpy(&f, ar->bytes, 4); return f; }
  if (ar->size == 8) { double d; memcpy(&d, ar->bytes, 8); return d; }
  hr_fail(x, "reference '%s': launch %zu argument %zu is not a float or double", x->c->reference, l, a);
  return 0;
}

const uint8_t *hr_arg_bytes(hr_ctx *x, size_t l, size_t a, size_t *size)
{
  const tc_arg *ar = arg_of(x, l, a, TC_ARG_SCALAR);
  if (!ar) return NULL;
  *size = ar->size;
  return ar->bytes;
}

void tb_ndrange_of(const tc_launch *l, tb_ndrange *nd)
{
  nd->dims = l->dims;
  for (int d = 0; d < 3; d++) {
    nd->global[d] = l->global[d];
    /* a NULL local size: one work-group per dimension up to 64 items;
     * models of such cases must not depend on it */
    nd->local[d] = l->local_null ? (l->global[d] < 64 ? l->global[d] : 64) : l->local[d];
    nd->offset[d] = l->offset[d];
    nd->groups[d] = (nd->global[d] + nd->local[d] - 1) / nd->local[d];
  }
}

int hr_for_each_item(hr_ctx *x, size_t l, int (*fn)(hr_ctx *, const hr_item *, void *), void *arg)
{
  tb_ndrange nd;
  tb_ndrange_of(&x->c->launches[l], &nd);
  hr_item it;
  memset(&it, 0, sizeof it);
  it.dims = nd.dims;
  for (int d = 0; d < 3; d++) {
    it.gsize[d] = nd.global[d];
    it.enq_lsize[d] = nd.local[d];
    it.ngroups[d] = nd.groups[d];
    it.offset[d] = nd.offset[d];
  }
  for (size_t gz = 0; gz < nd.groups[2]; gz++)
    for (size_t gy = 0; gy < nd.groups[1]; gy++)
      for (size_t gx = 0; gx < nd.groups[0]; gx++) {
        size_t g[3] = {gx, gy, gz};
        for (int d = 0; d < 3; d++) {
          it.grp[d] = g[d];
          size_t rem = nd.global[d] - g[d] * nd.local[d];
          it.lsize[d] = rem < nd.local[d] ? rem : nd.local[d];
        }
        for (size_t lz = 0; lz < it.lsize[2]; lz++)
          for (size_t ly = 0; ly < it.lsize[1]; ly++)
            for (size_t lx = 0; lx < it.lsize[0]; lx++) {
              size_t li[3] = {lx, ly, lz};
              for (int d = 0; d < 3; d++) {
                it.lid[d] = li[d];
                it.gid[d] = g[d] * nd.local[d] + li[d] + nd.offset[d];
              }
              it.glinear = ((it.gid[2] - nd.offset[2]) * nd.global[1] + (it.gid[1] - nd.offset[1])) * nd.global[0] +
                           (it.gid[0] - nd.offset[0]);
              it.llinear = (lz * it.lsize[1] + ly) * it.lsize[0] + lx;
              int r = fn(x, &it, arg);
              if (r) return r;
            }
      }
  return 0;
}

static void *host_open(const char *device, char *err, size_t errlen)
{
  (void)err;
  (void)errlen;
  (void)device;
  static int dummy;
  return &dummy;
}

static const char *host_describe(void *st)
{
  (void)st;
  return "host C reference models (tests/amd/hostref_*.c)";
}

static int host_supports(void *st, unsigned bit)
{
  (void)st;
  (void)bit;
  return 1;
}

static int host_run(void *st, tb_job *job, char *err, size_t errlen)
{
  (void)st;
  const tc_case *c = job->c;
  if (!c->reference) {
    snprintf(err, errlen, "skipped: the case has no host reference");
    return -1;
  }
  hr_fn fn = find(c->reference);
  if (!fn) {
    snprintf(err, errlen, "no host reference named '%s'", c->reference);
    return -1;
  }
  hr_ctx x = {c, job->bufs, NULL, 0, 0, err, errlen, 0};
  int r = fn(&x);
  if (r == 0 && x.failed) r = -1;
  if (r != 0) {
    if (!x.failed) snprintf(err, errlen, "reference '%s' failed", c->reference);
    free(x.out);
    return -1;
  }
  job->printf_text = x.out;
  job->printf_len = x.out_len;
  return 0;
}

static void host_close(void *st) { (void)st; }

const tb_backend tb_backend_host = {
  "host", "(none)", host_open, host_describe, host_supports, host_run, host_close,
};
