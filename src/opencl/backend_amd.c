/* The AMD backend (gfx900, gfx906, gfx1100): programs from source through
 * the clang-19 driver (src/compile), code objects read with the code-object
 * reader (src/isa/amdgpu/codeobj.c) for kernel and argument information.
 *
 * Execution waits for the AMD front end's C API (issue 12): until then a
 * launch is refused with a clear message.  Device memory is a host-side
 * table of 64-bit allocations, so buffers and transfers work on these
 * devices now; the AMD C API's memory replaces it when it lands. */
#include <stdlib.h>
#include <string.h>

#include "isa/amdgpu/codeobj.h"
#include "opencl/ocl.h"
#include "ventsim/compile.h"

#define AMD_BASE 0x100000000ull  /* first buffer address: above 4 GiB, so 64-bit addresses are exercised */
#define AMD_ALIGN 4096u

typedef struct amd_alloc {
  uint64_t addr, size;
  uint8_t *data;
} amd_alloc;

struct ocl_bdev {
  const ocl_devconf *conf;
  amd_alloc *a;        /* sorted by address */
  size_t n, cap;
  uint64_t top, used;
};

static int describe(ocl_devconf *c, vs_error *err)
{
  if (!c->wavefront) c->wavefront = (!strncmp(c->target, "gfx1", 4) && !c->wave64) ? 32 : 64;
  if (!c->max_wg_size) c->max_wg_size = 1024;
  if (!c->local_mem) c->local_mem = 65536;
  if (!c->global_mem) c->global_mem = 4ull << 30;
  if (!c->max_alloc || c->max_alloc > c->global_mem) c->max_alloc = c->global_mem;
  if (!c->constant_mem) c->constant_mem = c->max_alloc;
  if (!vs_codeobj_mach_of(c->target))
    return vs_error_set(err, VS_E_CONFIG, "target '%s' is not an AMD GPU processor", c->target);
  return 0;
}

static int open_dev(const ocl_devconf *c, ocl_bdev **out, vs_error *err)
{
  ocl_bdev *d = calloc(1, sizeof *d);
  if (!d) return vs_error_set(err, VS_E_NOMEM, "out of memory");
  d->conf = c;
  d->top = AMD_BASE;
  *out = d;
  return 0;
}

static void close_dev(ocl_bdev *d)
{
  if (!d) return;
  for (size_t i = 0; i < d->n; i++) free(d->a[i].data);
  free(d->a);
  free(d);
}

static int mem_alloc(ocl_bdev *d, uint64_t size, uint64_t *addr, vs_error *err)
{
  if (size > d->conf->max_alloc || d->used + size > d->conf->global_mem)
    return vs_error_set(err, VS_E_LIMIT, "%s: %llu bytes do not fit the device's %llu bytes of global memory "
                        "(%llu in use)", d->conf->name, (unsigned long long)size,
                        (unsigned long long)d->conf->global_mem, (unsigned long long)d->used);
  if (d->n == d->cap) {
    size_t nc = d->cap ? d->cap * 2 : 64;
    amd_alloc *na = realloc(d->a, nc * sizeof *na);
    if (!na) return vs_error_set(err, VS_E_NOMEM, "out of memory");
    d->a = na;
    d->cap = nc;
  }
  uint8_t *data = calloc(1, size);
  if (!data) return vs_error_set(err, VS_E_NOMEM, "out of host memory for %llu bytes", (unsigned long long)size);
  amd_alloc *x = &d->a[d->n++];
  x->addr = d->top;
  x->size = size;
  x->data = data;
  d->top += (size + AMD_ALIGN - 1) / AMD_ALIGN * AMD_ALIGN;
  d->used += size;
  *addr = x->addr;
  return 0;
}

static amd_alloc *find(ocl_bdev *d, uint64_t addr)
{
  size_t lo = 0, hi = d->n;
  while (lo < hi) {
    size_t m = (lo + hi) / 2;
    if (d->a[m].addr + d->a[m].size <= addr) lo = m + 1;
    else hi = m;
  }
  return lo < d->n && d->a[lo].addr <= addr && addr < d->a[lo].addr + d->a[lo].size ? &d->a[lo] : NULL;
}

static void mem_free(ocl_bdev *d, uint64_t addr)
{
  amd_alloc *x = find(d, addr);
  if (!x || x->addr != addr) return;
  d->used -= x->size;
  free(x->data);
  size_t i = (size_t)(x - d->a);
  memmove(x, x + 1, (d->n - i - 1) * sizeof *x);
  d->n--;
}

static amd_alloc *range(ocl_bdev *d, uint64_t addr, uint64_t len, vs_error *err)
{
  amd_alloc *x = find(d, addr);
  if (!x || len > x->size - (addr - x->addr)) {
    vs_error_set(err, VS_E_USAGE, "%s: [0x%llx, 0x%llx) is not inside one buffer", d->conf->name,
                 (unsigned long long)addr, (unsigned long long)(addr + len));
    return NULL;
  }
  return x;
}

static int mem_write(ocl_bdev *d, uint64_t addr, const void *src, uint64_t len, vs_error *err)
{
  amd_alloc *x = range(d, addr, len, err);
  if (!x) return -1;
  memcpy(x->data + (addr - x->addr), src, len);
  return 0;
}

static int mem_read(ocl_bdev *d, uint64_t addr, void *dst, uint64_t len, vs_error *err)
{
  amd_alloc *x = range(d, addr, len, err);
  if (!x) return -1;
  memcpy(dst, x->data + (addr - x->addr), len);
  return 0;
}

static int build(const ocl_devconf *c, const char *src, size_t len, const char *options, ocl_build *b, vs_error *err)
{
  vs_cl_options o = {c->target, c->wave64, options, "program.cl", 0, 0, NULL};
  vs_cl_result r;
  int rc = vs_cl_compile(src, len, &o, &r, err);
  b->binary = r.binary;
  b->len = r.len;
  b->log = r.log;
  b->status = r.status;
  b->cl_std = r.cl_std;
  b->uniform_wg = r.uniform_work_group_size;
  return rc;
}

static int check_binary(const ocl_devconf *c, const uint8_t *bin, size_t len, vs_error *err)
{
  vs_codeobj *co = NULL;
  if (vs_codeobj_read(bin, len, "binary", &co, err)) return -1;
  int ok = !strcmp(co->processor, c->target);
  if (!ok) vs_error_set(err, VS_E_FORMAT, "the code object is for %s, the device is %s", co->processor, c->target);
  vs_codeobj_free(co);
  return ok ? 0 : -1;
}

static unsigned aq_of(vs_co_addr_space a)
{
  switch (a) {
  case VS_CO_AS_GLOBAL: case VS_CO_AS_GENERIC: return OCL_AQ_GLOBAL;
  case VS_CO_AS_CONSTANT: return OCL_AQ_CONSTANT;
  case VS_CO_AS_LOCAL: return OCL_AQ_LOCAL;
  default: return OCL_AQ_PRIVATE;
  }
}

typedef struct aprog {
  vs_codeobj *co;
} aprog;

static void unload(ocl_bdev *d, ocl_bprog *bp)
{
  (void)d;
  if (!bp) return;
  aprog *ap = bp->impl;
  if (ap) vs_codeobj_free(ap->co);
  free(ap);
  for (size_t i = 0; i < bp->nkernels; i++) ocl_kernel_info_free(&bp->kernels[i]);
  free(bp->kernels);
  free(bp);
}

static int load(ocl_bdev *d, const uint8_t *bin, size_t len, ocl_bprog **out, vs_error *err)
{
  if (check_binary(d->conf, bin, len, err)) return -1;
  ocl_bprog *bp = calloc(1, sizeof *bp);
  aprog *ap = calloc(1, sizeof *ap);
  if (!bp || !ap) {
    free(bp);
    free(ap);
    return vs_error_set(err, VS_E_NOMEM, "out of memory");
  }
  bp->impl = ap;
  if (vs_codeobj_read(bin, len, "program", &ap->co, err)) goto bad;
  vs_codeobj *co = ap->co;
  if (co->nkernels && !(bp->kernels = calloc(co->nkernels, sizeof *bp->kernels))) goto oom;
  for (size_t i = 0; i < co->nkernels; i++) {
    const vs_co_kernel *ck = &co->kernels[i];
    ocl_kernel_info *k = &bp->kernels[bp->nkernels++];
    if (!(k->name = strdup(ck->name))) goto oom;
    k->args_known = 1;
    k->max_wg_size = ck->max_flat_workgroup_size;
    for (int j = 0; j < 3; j++) k->reqd_wg[j] = ck->reqd_workgroup_size[j];
    k->local_mem = ck->group_segment_fixed_size;
    k->private_mem = ck->private_segment_fixed_size;
    k->pref_multiple = ck->wavefront_size;
    if (k->reqd_wg[0]) {
      char a[96];
      snprintf(a, sizeof a, "reqd_work_group_size(%u,%u,%u)", ck->reqd_workgroup_size[0], ck->reqd_workgroup_size[1],
               ck->reqd_workgroup_size[2]);
      if (!(k->attributes = strdup(a))) goto oom;
    }
    k->nargs = (unsigned)ck->nexplicit;
    if (k->nargs && !(k->args = calloc(k->nargs, sizeof *k->args))) goto oom;
    for (unsigned j = 0; j < k->nargs; j++) {
      const vs_co_arg *ca = &ck->args[j];
      ocl_arg_info *a = &k->args[j];
      a->name = ca->name ? strdup(ca->name) : NULL;
      a->type_name = ca->type_name ? strdup(ca->type_name) : NULL;
      a->size = ca->size;
      a->address = aq_of(ca->address_space);
      switch (ca->kind) {
      case VS_CO_ARG_BY_VALUE: a->kind = OCL_ARG_VALUE; a->address = OCL_AQ_PRIVATE; break;
      case VS_CO_ARG_GLOBAL_BUFFER: a->kind = OCL_ARG_BUFFER; break;
      case VS_CO_ARG_DYNAMIC_SHARED_POINTER: a->kind = OCL_ARG_LOCAL; a->address = OCL_AQ_LOCAL; break;
      case VS_CO_ARG_IMAGE: a->kind = OCL_ARG_IMAGE; break;
      case VS_CO_ARG_SAMPLER: a->kind = OCL_ARG_SAMPLER; break;
      default: a->kind = OCL_ARG_UNSUPPORTED;
      }
      if ((ca->is_const && a->kind != OCL_ARG_VALUE) || a->address == OCL_AQ_CONSTANT) a->type_qual |= CL_KERNEL_ARG_TYPE_CONST;
      if (ca->is_restrict) a->type_qual |= CL_KERNEL_ARG_TYPE_RESTRICT;
      if (ca->is_volatile) a->type_qual |= CL_KERNEL_ARG_TYPE_VOLATILE;
      if (ca->is_pipe) a->type_qual |= CL_KERNEL_ARG_TYPE_PIPE;
    }
  }
  *out = bp;
  return 0;
oom:
  vs_error_set(err, VS_E_NOMEM, "out of memory");
bad:
  unload(d, bp);
  return -1;
}

static int launch(ocl_bdev *d, ocl_bprog *bp, const ocl_launch *l, ocl_launch_result *r, vs_error *err)
{
  (void)bp; (void)r;
  return vs_error_set(err, VS_E_STATE, "AMD execution not available yet: kernel '%s' is built for %s and its "
                      "arguments are checked, but the AMD front end (issue 12) that runs it has not landed",
                      l->kernel->name, d->conf->target);
}

const ocl_backend ocl_backend_amd = {
  "amd", describe, open_dev, close_dev, mem_alloc, mem_free, mem_write, mem_read,
  build, check_binary, load, unload, launch, 1 /* partial work-groups: hidden_remainder */, 0,
};
