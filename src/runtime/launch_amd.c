/* The launch helper for AMD code objects (ventsim/launch.h,
 * docs/amdgpu-exec.md): the code object's image in a device buffer (one
 * base, spec amd-hsa.md 1.4), kernels and explicit arguments from the
 * metadata, and per launch the kernarg segment (explicit arguments, the
 * dynamic LDS offsets of __local arguments, the v5 or v4 hidden
 * arguments), the AQL dispatch packet and the printf buffer, then a
 * vs_launch with the AMD ABI block run with the device's settings. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "isa/amdgpu/codeobj.h"
#include "isa/amdgpu/printf.h"
#include "runtime/launch_int.h"
#include "runtime/rt.h"
#include "ventsim/amd_launch.h"
#include "ventsim/amdlaunch.h"
#include "ventsim/amdgpu.h"
#include "ventsim/driver.h"

struct amd_prog {
  vs_codeobj *co;
  amd_target target;
  vs_addr base;            /* the image: vaddr v is at base + v */
  uint64_t size;
  vs_addr printf_addr;     /* hidden_printf_buffer (allocated at the first use) */
  uint32_t printf_size;
  uint64_t dispatch_id;
};

int rt_amd_program_load(vs_program *p, vt_device_h dev, const void *elf, size_t len)
{
  static const char fn[] = "vs_program_load";
  vs_error err = {0};
  struct amd_prog *a = vs_calloc(1, sizeof *a, &err);
  if (!a) return rt_fail(fn, "%s", err.msg);
  p->amd = a;
  if (vs_codeobj_read(elf, len, p->name, &a->co, &err)) return rt_fail(fn, "%s", err.msg);
  a->target = amd_target_from_eflags(a->co->e_flags);
  if (a->target != AMD_GFX900 && a->target != AMD_GFX906 && a->target != AMD_GFX1100)
    return rt_fail(fn, "%s: code objects for %s are not executed by ventsim (gfx900, gfx906, gfx1100)", p->name,
                   a->co->processor ? a->co->processor : "this processor");
  const char *isa = amd_target_name(a->target);
  if (!dev) {
    if (vt_dev_open_isa(&dev, isa)) return -1;
    p->owns_dev = 1;
  } else {
    const char *have = vt_dev_isa(dev);
    if (!have) return -1;
    if (strcmp(have, isa))
      return rt_fail(fn, "%s is a code object for %s, the device is a %s device (open one with "
                     "vt_dev_open_isa(&dev, \"%s\"))", p->name, isa, have, isa);
  }
  p->dev = dev;
  a->size = a->co->image_size ? a->co->image_size : 4;
  if (vt_buf_alloc(dev, a->size, &a->base, 0, 0, 0)) return -1;
  for (size_t i = 0; i < a->co->nsegments; i++) {
    const vs_co_segment *s = &a->co->segments[i];
    if (s->filesz && vt_copy_to_dev(dev, a->base + s->vaddr, s->data, s->filesz, 0, 0)) return -1;
  }
  return 0;
}

void rt_amd_program_free(vs_program *p)
{
  struct amd_prog *a = p->amd;
  if (!a) return;
  if (p->dev && rt_is_open(p->dev)) {
    if (a->printf_addr) vt_one_buf_free(p->dev, 1, &a->printf_addr, 0, 0);
    if (a->base) vt_one_buf_free(p->dev, 1, &a->base, 0, 0);
  }
  vs_codeobj_free(a->co);
  free(a);
  p->amd = NULL;
}

int rt_amd_kernel_init(vs_kernel *k, const char *name)
{
  struct amd_prog *a = k->prog->amd;
  const vs_co_kernel *ck = vs_codeobj_kernel(a->co, name);
  if (!ck) {
    char names[512];
    size_t n = 0;
    names[0] = '\0';
    for (size_t i = 0; i < a->co->nkernels && n < sizeof names; i++)
      n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "", a->co->kernels[i].name);
    return rt_fail("vs_kernel_get", "%s has no kernel '%s' (it has: %s)", k->prog->name, name, names);
  }
  k->co = ck;
  k->entry = a->base + ck->entry;
  return 0;
}

int rt_amd_set_arg(vs_kernel *k, unsigned index, size_t size, const void *value)
{
  static const char fn[] = "vs_kernel_set_arg";
  (void)value;
  const vs_co_kernel *ck = k->co;
  if (index >= ck->nexplicit)
    return rt_fail(fn, "kernel '%s' has %zu arguments (index %u)", k->name, ck->nexplicit, index);
  const vs_co_arg *ar = &ck->args[index];
  if (ar->kind == VS_CO_ARG_DYNAMIC_SHARED_POINTER)
    return rt_fail(fn, "kernel '%s', argument %u is a __local pointer: give its size with "
                   "vs_kernel_set_arg_local", k->name, index);
  if (size != ar->size)
    return rt_fail(fn, "kernel '%s', argument %u (%s): %zu bytes given, the kernel takes %u", k->name, index,
                   ar->type_name ? ar->type_name : ar->value_kind, size, ar->size);
  return 0;
}

int vs_kernel_set_arg_local(vs_kernel *k, unsigned index, uint32_t bytes)
{
  static const char fn[] = "vs_kernel_set_arg_local";
  rt_ok();
  if (!k) return rt_fail(fn, "the kernel is NULL");
  if (!k->co) return rt_fail(fn, "kernel '%s': __local arguments are for AMD code objects", k->name);
  if (index >= k->co->nexplicit)
    return rt_fail(fn, "kernel '%s' has %zu arguments (index %u)", k->name, k->co->nexplicit, index);
  if (k->co->args[index].kind != VS_CO_ARG_DYNAMIC_SHARED_POINTER)
    return rt_fail(fn, "kernel '%s', argument %u is not a __local pointer", k->name, index);
  if (bytes == 0 || bytes > VS_AMD_LDS_MAX)
    return rt_fail(fn, "kernel '%s', argument %u: %u bytes of local memory (1..%u)", k->name, index, bytes,
                   VS_AMD_LDS_MAX);
  free(k->args[index].data);
  k->args[index].data = NULL;
  k->args[index].size = 0;
  k->args[index].set = 1;
  k->local_bytes[index] = bytes;
  return 0;
}

/* ---- the printf buffer (spec 1.3): u32 write offset, u32 size, records ---- */
static void put(uint8_t *b, uint64_t v, unsigned n)
{
  for (unsigned i = 0; i < n; i++) b[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get(const uint8_t *b, unsigned n)
{
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++) v |= (uint64_t)b[i] << (8 * i);
  return v;
}

/* Prints the records of the buffer and empties it */
static int drain_printf(vs_program *p, FILE *out)
{
  struct amd_prog *a = p->amd;
  uint8_t hdr[8];
  if (vt_copy_from_dev(p->dev, a->printf_addr, hdr, 8, 0, 0)) return -1;
  uint32_t used = (uint32_t)get(hdr, 4);
  if (used > a->printf_size - 8) used = a->printf_size - 8;
  if (!used) return 0;
  vs_error err = {0};
  uint8_t *b = vs_malloc(used, &err);
  if (!b) return rt_fail("vs_kernel_launch", "%s", err.msg);
  int rc = vt_copy_from_dev(p->dev, a->printf_addr + 8, b, used, 0, 0);
  if (rc == 0) vs_amd_printf_records(out, a->co, b, used);
  free(b);
  put(hdr, 0, 4);
  if (rc == 0) rc = vt_copy_to_dev(p->dev, a->printf_addr, hdr, 4, 0, 0);
  fflush(out);
  return rc;
}

static uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

/* The launch as DIR/KERNEL_N.amdlaunch/ (ventsim/amdlaunch.h) */
static int save_launch(vs_kernel *k, const char *dir, unsigned work_dim, const uint64_t *g, const uint64_t *l,
                       const uint64_t *off, const vs_amd_abi *abi, vs_addr ka_addr, uint32_t lds)
{
  vs_program *p = k->prog;
  struct amd_prog *a = p->amd;
  const vs_co_kernel *ck = k->co;
  vs_amdlaunch al;
  memset(&al, 0, sizeof al);
  vs_amdl_arg args[VS_KERNEL_MAX_ARGS];
  al.kernel = k->name;
  snprintf(al.target, sizeof al.target, "%s", amd_target_name((amd_target)abi->target));
  al.co_name = p->name;
  al.code = p->image;
  al.code_len = p->len;
  al.code_base = a->base;
  al.work_dim = work_dim;
  for (int i = 0; i < 3; i++) {
    al.global[i] = g[i];
    al.local[i] = l[i];
    al.offset[i] = off[i];
  }
  for (size_t i = 0; i < ck->nexplicit && i < VS_KERNEL_MAX_ARGS; i++) {
    vs_amdl_arg *x = &args[al.nargs++];
    memset(x, 0, sizeof *x);
    const kernel_arg *ka = &k->args[i];
    if (ck->args[i].kind == VS_CO_ARG_DYNAMIC_SHARED_POINTER) {
      x->kind = VS_AMDL_LOCAL;
      x->local_size = k->local_bytes[i];
    } else if (ck->args[i].kind == VS_CO_ARG_GLOBAL_BUFFER && ka->size == 8) {
      x->kind = VS_AMDL_BUFFER;
      memcpy(&x->addr, ka->data, 8);
    } else {
      x->kind = VS_AMDL_VALUE;
      x->bytes = ka->data;
      x->size = ka->size;
    }
  }
  al.args = args;
  al.entry = k->entry;
  al.kd_addr = abi->kd_addr;
  al.kernarg_addr = abi->kernarg_addr;
  al.packet_addr = abi->packet_addr;
  al.queue_addr = abi->queue_addr;
  al.dispatch_id = abi->dispatch_id;
  al.dynamic_lds = abi->dynamic_lds;
  al.max_flat_wg_size = abi->max_flat_wg_size;
  al.lds_bytes = lds;
  al.private_bytes = ck->private_segment_fixed_size;
  al.vgprs = ck->vgpr_count;
  al.sgprs = ck->sgpr_count;
  al.wave_size = amd_target_is_wave64((amd_target)abi->target) ? 64 : 32;
  al.printf_addr = a->printf_addr;
  al.printf_size = a->printf_addr ? a->printf_size : 0;
  const vs_addr roles[3] = {a->base, ka_addr, a->printf_addr};
  return rt_save_amd_launch(p->dev, dir, &al, roles);
}

int rt_amd_launch(vs_kernel *k, unsigned work_dim, const size_t *global, const size_t *local,
                  const vs_launch_opts *opt)
{
  static const char fn[] = "vs_kernel_launch";
  vs_program *p = k->prog;
  struct amd_prog *a = p->amd;
  const vs_co_kernel *ck = k->co;
  const char *kn = k->name;
  if (work_dim < 1 || work_dim > 3) return rt_fail(fn, "kernel '%s': work_dim %u is not 1, 2 or 3", kn, work_dim);
  if (!global) return rt_fail(fn, "kernel '%s': the global size is NULL", kn);
  /* where the launch is saved (ventsim/amdlaunch.h): the options, the
   * program, the device's save-launches setting */
  char save[4096] = "";
  const char *save_dir = opt && opt->save_dir ? opt->save_dir : p->save_dir;
  if (!save_dir) {
    if (vt_ventsim_get(p->dev, "save-launches", save, sizeof save)) return -1;
    if (save[0]) save_dir = save;
  }
  uint32_t maxwg = ck->max_flat_workgroup_size ? ck->max_flat_workgroup_size : 1024;
  uint64_t g[3] = {1, 1, 1}, l[3] = {1, 1, 1}, off[3] = {0, 0, 0};
  for (unsigned i = 0; i < work_dim; i++) {
    g[i] = global[i];
    if (g[i] == 0 || g[i] > UINT32_MAX)
      return rt_fail(fn, "kernel '%s': global size %llu in dimension %u is outside 1..4294967295", kn,
                     (unsigned long long)g[i], i);
    if (local) {
      l[i] = local[i];
      if (l[i] == 0 || l[i] > maxwg)
        return rt_fail(fn, "kernel '%s': local size %llu in dimension %u is outside 1..%u "
                       "(max_flat_workgroup_size)", kn, (unsigned long long)l[i], i, maxwg);
    }
    if (opt) off[i] = opt->global_offset[i];
  }
  if (!local) rt_choose_local(g, work_dim, maxwg, l);
  uint64_t items = l[0] * l[1] * l[2];
  if (items > maxwg)
    return rt_fail(fn, "kernel '%s': a work-group of %llu x %llu x %llu = %llu work-items is more than its "
                   "max_flat_workgroup_size %u", kn, (unsigned long long)l[0], (unsigned long long)l[1],
                   (unsigned long long)l[2], (unsigned long long)items, maxwg);

  /* the kernarg segment and the dispatch packet, in one buffer */
  uint32_t kasize = ck->kernarg_segment_size;
  uint64_t pkt_off = align_up(kasize ? kasize : 8, 64), total = pkt_off + 64;
  vs_error err = {0};
  uint8_t *buf = vs_calloc(1, total, &err);
  if (!buf) return rt_fail(fn, "%s", err.msg);
  uint32_t lds = ck->group_segment_fixed_size, dyn = 0;
  int rc = 0;
  for (size_t i = 0; i < ck->nexplicit && rc == 0; i++) {
    const vs_co_arg *ar = &ck->args[i];
    const kernel_arg *ka = &k->args[i];
    if (!ka->set) {
      rc = rt_fail(fn, "kernel '%s': argument %zu is not set", kn, i);
      break;
    }
    if ((uint64_t)ar->offset + ar->size > kasize) {
      rc = rt_fail(fn, "kernel '%s': argument %zu lies outside the kernarg segment", kn, i);
      break;
    }
    if (ar->kind == VS_CO_ARG_DYNAMIC_SHARED_POINTER) { /* an LDS offset above the static LDS */
      uint32_t al = ar->pointee_align > 4 ? ar->pointee_align : 4;
      uint32_t at = (uint32_t)align_up(lds + dyn, al);
      dyn = at + k->local_bytes[i] - lds;
      put(buf + ar->offset, at, 4);
    } else {
      memcpy(buf + ar->offset, ka->data, ar->size);
    }
  }
  if (rc == 0 && lds + dyn > VS_AMD_LDS_MAX)
    rc = rt_fail(fn, "kernel '%s': %u bytes of static LDS and %u of __local arguments are more than the "
                 "%u bytes of a work-group", kn, lds, dyn, VS_AMD_LDS_MAX);
  int has_printf = 0;
  for (size_t i = ck->nexplicit; i < ck->nargs; i++)
    if (!strcmp(ck->args[i].value_kind, "hidden_printf_buffer")) has_printf = 1;
  if (rc == 0 && has_printf && !a->printf_addr) {
    char v[32];
    if (vt_ventsim_get(p->dev, "print-buffer", v, sizeof v)) rc = -1;
    uint64_t sz = rc ? 0 : strtoull(v, NULL, 10);
    if (rc == 0 && vt_buf_alloc(p->dev, sz, &a->printf_addr, 0, 0, 0)) rc = -1;
    uint8_t hdr[8];
    put(hdr, 0, 4);
    put(hdr + 4, sz, 4);
    if (rc == 0 && vt_copy_to_dev(p->dev, a->printf_addr, hdr, 8, 0, 0)) rc = -1;
    a->printf_size = (uint32_t)sz;
  }
  uint64_t ka_addr = 0;
  if (rc == 0 && vt_buf_alloc(p->dev, total, &ka_addr, 0, 0, 0)) rc = -1;
  vs_addr pkt = ka_addr + pkt_off;
  /* hidden arguments, by kind (v5 and v4 alike) */
  static const char *const xyz = "xyz";
  for (size_t i = ck->nexplicit; i < ck->nargs && rc == 0; i++) {
    const vs_co_arg *ar = &ck->args[i];
    const char *vk = ar->value_kind;
    uint8_t *b = buf + ar->offset;
    if ((uint64_t)ar->offset + ar->size > kasize) continue;
    size_t L = strlen(vk);
    int dim = L > 2 && vk[L - 2] == '_' && strchr(xyz, vk[L - 1]) ? (int)(vk[L - 1] - 'x') : -1;
    if (dim >= 0 && !strncmp(vk, "hidden_block_count_", 19)) put(b, g[dim] / l[dim], ar->size);
    else if (dim >= 0 && !strncmp(vk, "hidden_group_size_", 18)) put(b, l[dim], ar->size);
    else if (dim >= 0 && !strncmp(vk, "hidden_remainder_", 17)) put(b, g[dim] % l[dim], ar->size);
    else if (dim >= 0 && !strncmp(vk, "hidden_global_offset_", 21)) put(b, off[dim], ar->size);
    else if (!strcmp(vk, "hidden_grid_dims")) put(b, work_dim, ar->size);
    else if (!strcmp(vk, "hidden_printf_buffer")) put(b, a->printf_addr, ar->size);
    else if (!strcmp(vk, "hidden_dynamic_lds_size")) put(b, dyn, ar->size);
  }
  /* the AQL kernel dispatch packet (spec 2.5) */
  uint8_t *q = buf + pkt_off;
  put(q + 0, 2u | 1u << 8 | 2u << 9 | 2u << 11, 2); /* KERNEL_DISPATCH, barrier, system acquire/release */
  put(q + 2, work_dim, 2);
  for (int i = 0; i < 3; i++) {
    put(q + 4 + 2 * i, l[i], 2);
    put(q + 12 + 4 * i, g[i], 4);
  }
  put(q + 24, ck->private_segment_fixed_size, 4);
  put(q + 28, lds + dyn, 4);
  put(q + 32, a->base + ck->kd_addr, 8);
  put(q + 40, ka_addr, 8);
  if (rc == 0 && vt_copy_to_dev(p->dev, ka_addr, buf, total, 0, 0)) rc = -1;
  free(buf);
  if (rc == 0) {
    vs_amd_abi abi;
    memset(&abi, 0, sizeof abi);
    abi.magic = VS_AMD_ABI_MAGIC;
    if (vt_copy_from_dev(p->dev, a->base + ck->kd_addr, abi.kd, 64, 0, 0)) rc = -1;
    /* gfx1100: the kernel descriptor's ENABLE_WAVEFRONT_SIZE32 says the wave size */
    vs_co_kd kd;
    vs_codeobj_decode_kd(abi.kd, &kd);
    abi.target = amd_target_with_wave64(a->target, !kd.wavefront_size32);
    abi.kd_addr = a->base + ck->kd_addr;
    abi.kernarg_addr = ka_addr;
    abi.packet_addr = pkt;
    abi.dispatch_id = a->dispatch_id++;
    abi.dynamic_lds = dyn;
    abi.max_flat_wg_size = maxwg;
    if (rc == 0 && save_dir) rc = save_launch(k, save_dir, work_dim, g, l, off, &abi, ka_addr, lds + dyn);
    vs_launch L;
    memset(&L, 0, sizeof L);
    L.name = kn;
    L.entry = k->entry;
    L.dims = work_dim;
    for (int i = 0; i < 3; i++) {
      L.global[i] = g[i];
      L.local[i] = (uint32_t)l[i];
      L.offset[i] = off[i];
    }
    L.wave_size = amd_target_is_wave64((amd_target)abi.target) ? 64 : 32;
    L.lds_bytes = lds + dyn;
    L.private_bytes = ck->private_segment_fixed_size;
    L.vgprs = ck->vgpr_count;
    L.sgprs = ck->sgpr_count;
    L.wg_sms = vs_amd_abi_wg_sms(&abi);
    L.abi = &abi;
    L.abi_size = sizeof abi;
    if (rc == 0) rc = rt_run_launch(p->dev, &L, opt ? opt->result : NULL);
  }
  char keep[VS_ERRMSG_MAX + 64];
  snprintf(keep, sizeof keep, "%s", vt_last_error());
  if (has_printf && a->printf_addr && drain_printf(p, rt_dev_print_stream(p->dev)) && rc == 0) return -1;
  if (ka_addr) vt_one_buf_free(p->dev, 1, &ka_addr, 0, 0);
  if (rc) {
    rt_restore_error(keep);
    return -1;
  }
  return 0;
}
