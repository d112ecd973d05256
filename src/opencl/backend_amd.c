/* The AMD backend (gfx900, gfx906, gfx1100): programs from source through
 * the clang-19 driver (src/compile), code objects read with the code-object
 * reader (src/isa/amdgpu/codeobj.c) for kernel and argument information,
 * and execution through the launch helper (ventsim/launch.h,
 * src/runtime/launch_amd.c) on a simulated device of the target's ISA
 * (vt_dev_open_isa): device memory is that device's memory (vt_buf_alloc),
 * transfers are vt_copy_*, a program is a vs_program loaded onto the
 * device and a launch sets the vs_kernel's arguments and runs
 * vs_kernel_launch, with the device's settings (VENTSIM_MODE, VENTSIM_STATS,
 * VENTSIM_CHECK, VENTSIM_SAVE_LAUNCHES ...) as for the Ventus device.
 * gfx1100 runs wave32 by default and wave64 when the device file says so
 * (compiled with -mwavefrontsize64); a device refuses no target the
 * front end executes (refuses() below). */
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "isa/amdgpu/codeobj.h"
#include "opencl/ocl.h"
#include "ventsim/compile.h"
#include "ventsim/driver.h"
#include "ventsim/launch.h"
#include "ventus.h"

struct ocl_bdev {
  const ocl_devconf *conf;
  vt_device_h dev;
};

/* Whether the device runs kernels: NULL, or why not */
static const char *refuses(const ocl_devconf *c)
{
  if (!strcmp(c->target, "gfx900") || !strcmp(c->target, "gfx906") || !strcmp(c->target, "gfx1100")) return NULL;
  return "ventsim executes gfx900, gfx906 and gfx1100 code objects only";
}

static int describe(ocl_devconf *c, vs_error *err)
{
  if (!c->wavefront) c->wavefront = (!strncmp(c->target, "gfx1", 4) && !c->wave64) ? 32 : 64;
  if (!c->max_wg_size) c->max_wg_size = 1024;
  if (!c->local_mem) c->local_mem = 65536;
  /* the runtime's buffers lie in [VT_CAPS_ALLOC_BASE_ADDR, 4 GiB) on every
   * device (as for Ventus), whatever the device file says */
  uint64_t base = 0x90000000ull;
  vt_dev_caps(NULL, VT_CAPS_ALLOC_BASE_ADDR, &base);
  if (!c->global_mem || c->global_mem > (1ull << 32) - base) c->global_mem = (1ull << 32) - base;
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
  if (vt_dev_open_isa(&d->dev, refuses(c) ? "gfx900" : c->target)) {
    free(d);
    return vs_error_set(err, VS_E_CONFIG, "%s", vt_last_error());
  }
  /* the device file's mode and timing configuration, unless the environment
   * chose (a named configuration that is not installed is left out, as the
   * platform does for the device's numbers) */
  const char *env_mode = getenv("VENTSIM_MODE"), *env_conf = getenv("VENTSIM_CONFIG");
  char tp[4096] = "", rel[512];
  if (c->timing_config[0]) {
    if (strchr(c->timing_config, '/')) snprintf(tp, sizeof tp, "%s", c->timing_config);
    else if (snprintf(rel, sizeof rel, "configs/%s.ini", c->timing_config), vs_data_file(rel, tp, sizeof tp)) tp[0] = 0;
  }
  if ((!env_conf || !*env_conf) && tp[0] && vt_ventsim_set(d->dev, "config", c->timing_config))
    fprintf(stderr, "ventsim OpenCL: %s: timing configuration '%s': %s\n", c->path, c->timing_config, vt_last_error());
  if ((!env_mode || !*env_mode) && c->mode[0] && vt_ventsim_set(d->dev, "mode", c->mode))
    fprintf(stderr, "ventsim OpenCL: %s: mode '%s': %s\n", c->path, c->mode, vt_last_error());
  *out = d;
  return 0;
}

static void close_dev(ocl_bdev *d)
{
  if (!d) return;
  vt_dev_close(d->dev);
  free(d);
}

static int mem_alloc(ocl_bdev *d, uint64_t size, uint64_t *addr, vs_error *err)
{
  if (size > d->conf->max_alloc)
    return vs_error_set(err, VS_E_LIMIT, "%s: %llu bytes are more than the device's largest allocation (%llu)",
                        d->conf->name, (unsigned long long)size, (unsigned long long)d->conf->max_alloc);
  if (vt_buf_alloc(d->dev, size, addr, 0, 0, 0)) return vs_error_set(err, VS_E_LIMIT, "%s", vt_last_error());
  return 0;
}

static void mem_free(ocl_bdev *d, uint64_t addr)
{
  vt_one_buf_free(d->dev, 1, &addr, 0, 0);
}

static int mem_write(ocl_bdev *d, uint64_t addr, const void *src, uint64_t len, vs_error *err)
{
  if (vt_copy_to_dev(d->dev, addr, src, len, 0, 0)) return vs_error_set(err, VS_E_USAGE, "%s", vt_last_error());
  return 0;
}

static int mem_read(ocl_bdev *d, uint64_t addr, void *dst, uint64_t len, vs_error *err)
{
  if (vt_copy_from_dev(d->dev, addr, dst, len, 0, 0)) return vs_error_set(err, VS_E_USAGE, "%s", vt_last_error());
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
  vs_program *p;      /* NULL on a device that does not execute */
} aprog;

static void unload(ocl_bdev *d, ocl_bprog *bp)
{
  (void)d;
  if (!bp) return;
  aprog *ap = bp->impl;
  if (ap) {
    vs_program_free(ap->p);
    vs_codeobj_free(ap->co);
  }
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
  if (!refuses(d->conf)) {
    if (!(ap->p = vs_program_load_mem(d->dev, bin, len, "program"))) {
      vs_error_set(err, VS_E_FORMAT, "%s", vt_last_error());
      goto bad;
    }
    for (size_t i = 0; i < bp->nkernels; i++)
      if (!vs_kernel_get(ap->p, bp->kernels[i].name)) {
        vs_error_set(err, VS_E_FORMAT, "kernel %s: %s", bp->kernels[i].name, vt_last_error());
        goto bad;
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
  aprog *ap = bp->impl;
  const char *why = refuses(d->conf);
  if (why || !ap->p) return vs_error_set(err, VS_E_STATE, "%s", why ? why : "the program is not loaded");
  vs_kernel *k = vs_kernel_get(ap->p, l->kernel->name);
  if (!k) return vs_error_set(err, VS_E_STATE, "%s", vt_last_error());
  for (unsigned i = 0; i < l->nargs; i++) {
    const ocl_launch_arg *a = &l->args[i];
    int rc;
    if (a->kind == OCL_ARG_BUFFER) rc = vs_kernel_set_arg_buffer(k, i, a->addr);
    else if (a->kind == OCL_ARG_LOCAL) rc = a->local_size > UINT32_MAX ? -1 : vs_kernel_set_arg_local(k, i, (uint32_t)a->local_size);
    else rc = vs_kernel_set_arg(k, i, a->size, a->value);
    if (rc) return vs_error_set(err, VS_E_USAGE, "%s", vt_last_error());
  }
  size_t g[3], lo[3];
  vs_launch_opts o;
  memset(&o, 0, sizeof o);
  vs_run_result res;
  memset(&res, 0, sizeof res);
  for (unsigned i = 0; i < 3; i++) {
    g[i] = (size_t)l->global[i];
    lo[i] = (size_t)l->local[i];
    o.global_offset[i] = (size_t)l->offset[i];
  }
  o.result = &res;
  int rc = vs_kernel_launch(k, l->work_dim, g, lo, &o);
  char mode[32] = "";
  vt_ventsim_get(d->dev, "mode", mode, sizeof mode);
  r->cycles = res.cycles;
  r->warp_insns = res.warp_insns;
  r->timing = !strcmp(mode, "timing");
  /* the runtime's message names the kernel, work-group, wave, pc, instruction and cause */
  if (rc) return vs_error_set(err, VS_E_KERNEL, "%s", vt_last_error());
  return 0;
}

const ocl_backend ocl_backend_amd = {
  "amd", describe, open_dev, close_dev, mem_alloc, mem_free, mem_write, mem_read,
  build, check_binary, load, unload, launch, 1 /* partial work-groups: hidden_remainder */, refuses,
};
