/* The launch helper (include/ventsim/launch.h), built only on the driver
 * API: buffers, uploads and launches go through vt_* calls on the
 * program's device, so there is one implementation of allocation and one
 * launch path (with its settings, saves, print drain and counters). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runtime/launch_int.h"
#include "runtime/rt.h"
#include "ventsim/launch.h"


/* ---- programs ---- */

static int upload(vs_program *p)
{
  if (vt_upload_kernel_bytes(p->dev, p->image, p->len, 0)) return -1;
  return rt_program_gen(p->dev, &p->gen);
}

vs_program *vs_program_load_mem(vt_device_h dev, const void *elf, size_t len, const char *name)
{
  static const char fn[] = "vs_program_load";
  rt_ok();
  if (!name) name = "program";
  if (!elf || len == 0) {
    rt_fail(fn, "%s: no program bytes given", name);
    return NULL;
  }
  vs_error err = {0};
  vs_program *p = vs_calloc(1, sizeof *p, &err);
  if (!p || !(p->name = vs_strdup(name, &err)) || !(p->image = vs_malloc(len, &err))) {
    rt_fail(fn, "%s", err.msg);
    vs_program_free(p);
    return NULL;
  }
  memcpy(p->image, elf, len);
  p->len = len;
  if (vs_elf_load_mem(elf, len, name, &p->elf, &err)) {
    rt_fail(fn, "%s", err.msg);
    vs_program_free(p);
    return NULL;
  }
  if (p->elf->machine == VS_EM_AMDGPU) { /* an HSA code object: onto an AMD device */
    if (rt_amd_program_load(p, dev, elf, len)) {
      vs_program_free(p);
      return NULL;
    }
    return p;
  }
  if (!dev) {
    if (vt_dev_open(&dev)) {
      vs_program_free(p);
      return NULL;
    }
    p->owns_dev = 1;
  }
  p->dev = dev;
  if (upload(p)) {
    vs_program_free(p);
    return NULL;
  }
  return p;
}

vs_program *vs_program_load(vt_device_h dev, const char *elf_path)
{
  rt_ok();
  if (!elf_path) {
    rt_fail("vs_program_load", "the file name is NULL");
    return NULL;
  }
  vs_error err = {0};
  char *data = NULL;
  size_t len = 0;
  if (vs_read_file(elf_path, VS_MAX_INPUT_FILE, &data, &len, &err)) {
    rt_fail("vs_program_load", "%s", err.msg);
    return NULL;
  }
  vs_program *p = vs_program_load_mem(dev, data, len, elf_path);
  free(data);
  return p;
}

void vs_program_free(vs_program *p)
{
  if (!p) return;
  for (vs_kernel *k = p->kernels, *n; k; k = n) {
    n = k->next;
    for (unsigned i = 0; i < VS_KERNEL_MAX_ARGS; i++) free(k->args[i].data);
    free(k->name);
    free(k);
  }
  rt_amd_program_free(p);
  if (p->dev && rt_is_open(p->dev)) {
    if (p->print_addr) vt_one_buf_free(p->dev, 1, &p->print_addr, 0, 0);
    if (p->owns_dev) vt_dev_close(p->dev);
  }
  vs_elf_free(p->elf);
  free(p->image);
  free(p->name);
  free(p->save_dir);
  free(p);
}

vt_device_h vs_program_device(const vs_program *p)
{
  return p ? p->dev : NULL;
}

int vs_program_set_save_dir(vs_program *p, const char *dir)
{
  rt_ok();
  if (!p) return rt_fail("vs_program_set_save_dir", "the program is NULL");
  char *d = NULL;
  vs_error err = {0};
  if (dir && *dir && !(d = vs_strdup(dir, &err))) return rt_fail("vs_program_set_save_dir", "%s", err.msg);
  free(p->save_dir);
  p->save_dir = d;
  return 0;
}

/* ---- buffers ---- */

vs_addr vs_buffer_new(vs_program *p, size_t size, const void *init)
{
  rt_ok();
  if (!p) {
    rt_fail("vs_buffer_new", "the program is NULL");
    return 0;
  }
  uint64_t a = 0;
  if (vt_buf_alloc(p->dev, size, &a, 0, 0, 0)) return 0;
  if (init && vt_copy_to_dev(p->dev, a, init, size, 0, 0)) {
    char keep[sizeof "vt_copy_to_dev: " + VS_ERRMSG_MAX];
    snprintf(keep, sizeof keep, "%s", vt_last_error());
    vt_one_buf_free(p->dev, 1, &a, 0, 0);
    rt_restore_error(keep);
    return 0;
  }
  return a;
}

int vs_buffer_write(vs_program *p, vs_addr addr, const void *src, size_t size)
{
  rt_ok();
  if (!p) return rt_fail("vs_buffer_write", "the program is NULL");
  return vt_copy_to_dev(p->dev, addr, src, size, 0, 0);
}

int vs_buffer_read(vs_program *p, vs_addr addr, void *dst, size_t size)
{
  rt_ok();
  if (!p) return rt_fail("vs_buffer_read", "the program is NULL");
  return vt_copy_from_dev(p->dev, addr, dst, size, 0, 0);
}

int vs_buffer_free(vs_program *p, vs_addr addr)
{
  rt_ok();
  if (!p) return rt_fail("vs_buffer_free", "the program is NULL");
  uint64_t a = addr;
  return vt_one_buf_free(p->dev, 1, &a, 0, 0);
}

/* ---- kernels ---- */

vs_kernel *vs_kernel_get(vs_program *p, const char *name)
{
  static const char fn[] = "vs_kernel_get";
  rt_ok();
  if (!p || !name) {
    rt_fail(fn, "%s is NULL", p ? "the kernel name" : "the program");
    return NULL;
  }
  for (vs_kernel *k = p->kernels; k; k = k->next)
    if (!strcmp(k->name, name)) return k;
  if (p->amd) {
    vs_error err = {0};
    vs_kernel *k = vs_calloc(1, sizeof *k, &err);
    if (!k || !(k->name = vs_strdup(name, &err))) {
      free(k);
      rt_fail(fn, "%s", err.msg);
      return NULL;
    }
    k->prog = p;
    if (rt_amd_kernel_init(k, name)) {
      free(k->name);
      free(k);
      return NULL;
    }
    k->next = p->kernels;
    p->kernels = k;
    return k;
  }
  const vs_elf_symbol *s = vs_elf_find_symbol(p->elf, name);
  if (!s) {
    rt_fail(fn, "%s has no symbol '%s'", p->name, name);
    return NULL;
  }
  const vs_elf_segment *seg = NULL;
  for (size_t i = 0; i < p->elf->nsegments; i++) {
    const vs_elf_segment *g = &p->elf->segments[i];
    if (s->value >= g->vaddr && s->value - g->vaddr < g->memsz) seg = g;
  }
  if (!seg || !(seg->flags & PF_X_FLAG)) {
    rt_fail(fn, "symbol '%s' (0x%08" PRIx64 ") of %s is not in an executable segment of the program", name, s->value,
            p->name);
    return NULL;
  }
  vs_error err = {0};
  vs_kernel *k = vs_calloc(1, sizeof *k, &err);
  if (!k || !(k->name = vs_strdup(name, &err))) {
    free(k);
    rt_fail(fn, "%s", err.msg);
    return NULL;
  }
  k->prog = p;
  k->entry = s->value;
  k->next = p->kernels;
  p->kernels = k;
  return k;
}

int vs_kernel_set_arg(vs_kernel *k, unsigned index, size_t size, const void *value)
{
  static const char fn[] = "vs_kernel_set_arg";
  rt_ok();
  if (!k) return rt_fail(fn, "the kernel is NULL");
  if (index >= VS_KERNEL_MAX_ARGS)
    return rt_fail(fn, "kernel '%s': argument index %u is too large (at most %u arguments)", k->name, index,
                   VS_KERNEL_MAX_ARGS);
  /* AMD: the code object gives each argument's size (rt_amd_set_arg checks it) */
  if (size == 0 || (size > VS_KERNEL_MAX_ARG_SIZE && !k->prog->amd))
    return rt_fail(fn, "kernel '%s', argument %u: size %zu is outside 1..%u", k->name, index, size,
                   VS_KERNEL_MAX_ARG_SIZE);
  if (!value) return rt_fail(fn, "kernel '%s', argument %u: value is NULL", k->name, index);
  if (k->prog->amd && rt_amd_set_arg(k, index, size, value)) return -1;
  vs_error err = {0};
  uint8_t *d = vs_malloc(size, &err);
  if (!d) return rt_fail(fn, "%s", err.msg);
  memcpy(d, value, size);
  free(k->args[index].data);
  k->args[index].data = d;
  k->args[index].size = (uint32_t)size;
  k->args[index].set = 1;
  return 0;
}

int vs_kernel_set_arg_buffer(vs_kernel *k, unsigned index, vs_addr addr)
{
  rt_ok();
  if (!k) return rt_fail("vs_kernel_set_arg_buffer", "the kernel is NULL");
  if (addr != 0 && !rt_in_buffer(k->prog->dev, addr, 1)) {
    if (!vt_last_error()[0])
      rt_fail("vs_kernel_set_arg_buffer", "kernel '%s', argument %u: 0x%08" PRIx64 " is not inside an allocated buffer",
              k->name, index, addr);
    return -1;
  }
  if (k->prog->amd) return vs_kernel_set_arg(k, index, 8, &addr); /* AMD: 64-bit pointers */
  uint32_t ptr = (uint32_t)addr; /* a Ventus pointer: 32 bits (buffers lie below 4 GiB) */
  return vs_kernel_set_arg(k, index, 4, &ptr);
}

int vs_kernel_set_arg_u32(vs_kernel *k, unsigned index, uint32_t value)
{
  return vs_kernel_set_arg(k, index, 4, &value);
}

int vs_kernel_set_arg_i32(vs_kernel *k, unsigned index, int32_t value)
{
  return vs_kernel_set_arg(k, index, 4, &value);
}

int vs_kernel_set_arg_f32(vs_kernel *k, unsigned index, float value)
{
  return vs_kernel_set_arg(k, index, 4, &value);
}

int vs_kernel_set_local_mem(vs_kernel *k, uint32_t bytes)
{
  rt_ok();
  if (!k) return rt_fail("vs_kernel_set_local_mem", "the kernel is NULL");
  uint64_t max = 0;
  vt_device_h h = k->prog->dev;
  if (vt_dev_caps(&h, VT_CAPS_LOCAL_MEM_SIZE, &max)) return -1;
  if (bytes > max)
    return rt_fail("vs_kernel_set_local_mem", "kernel '%s': %u bytes of local memory is more than the %llu "
                   "bytes per work-group (VT_CAPS_LOCAL_MEM_SIZE)", k->name, bytes, (unsigned long long)max);
  k->lds = bytes;
  return 0;
}

int vs_kernel_set_private_mem(vs_kernel *k, uint32_t bytes_per_thread)
{
  rt_ok();
  if (!k) return rt_fail("vs_kernel_set_private_mem", "the kernel is NULL");
  if (bytes_per_thread > (16u << 20))
    return rt_fail("vs_kernel_set_private_mem", "kernel '%s': %u bytes of private memory per thread is more "
                   "than the limit of 16 MiB", k->name, bytes_per_thread);
  k->pds = bytes_per_thread;
  return 0;
}

/* ---- launches ---- */

static uint32_t arg_align(uint32_t size)
{
  uint32_t a = 4;
  while (a < size) a <<= 1;
  return a;
}

/* Largest divisor of n that is <= max (>= 1). */
static uint64_t divisor_at_most(uint64_t n, uint64_t max)
{
  for (uint64_t d = max < n ? max : n; d > 1; d--)
    if (n % d == 0) return d;
  return 1;
}

void rt_choose_local(const uint64_t *global, unsigned work_dim, uint64_t max_items, uint64_t *local)
{
  uint64_t room = max_items;
  for (unsigned i = 0; i < work_dim; i++) {
    local[i] = divisor_at_most(global[i], room);
    room /= local[i];
  }
}

static void put32(uint8_t *p, uint32_t v)
{
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}

int vs_kernel_launch(vs_kernel *k, unsigned work_dim, const size_t *global, const size_t *local,
                     const vs_launch_opts *opt)
{
  static const char fn[] = "vs_kernel_launch";
  rt_ok();
  if (!k) return rt_fail(fn, "the kernel is NULL");
  if (k->prog->amd) return rt_amd_launch(k, work_dim, global, local, opt);
  vs_program *p = k->prog;
  const char *kn = k->name;
  if (work_dim < 1 || work_dim > 3) return rt_fail(fn, "kernel '%s': work_dim %u is not 1, 2 or 3", kn, work_dim);
  if (!global) return rt_fail(fn, "kernel '%s': the global size is NULL", kn);
  uint64_t caps_warps = 0, caps_threads = 0;
  vt_device_h h = p->dev;
  if (vt_dev_caps(&h, VT_CAPS_MAX_WARPS, &caps_warps) || vt_dev_caps(&h, VT_CAPS_MAX_THREADS, &caps_threads))
    return -1;
  uint64_t wt = opt && opt->warp_threads ? opt->warp_threads : caps_threads;
  if (wt > caps_threads)
    return rt_fail(fn, "kernel '%s': %llu threads per warp is more than the device's %llu "
                   "(VT_CAPS_MAX_THREADS; setting warp-threads)", kn, (unsigned long long)wt,
                   (unsigned long long)caps_threads);
  uint64_t maxwg = caps_warps * wt;
  uint64_t g[3] = {1, 1, 1}, l[3] = {1, 1, 1}, off[3] = {0, 0, 0};
  for (unsigned i = 0; i < work_dim; i++) {
    g[i] = global[i];
    if (g[i] == 0 || g[i] > UINT32_MAX)
      return rt_fail(fn, "kernel '%s': global size %llu in dimension %u is outside 1..4294967295", kn,
                     (unsigned long long)g[i], i);
    if (local) {
      l[i] = local[i];
      if (l[i] == 0 || l[i] > UINT32_MAX)
        return rt_fail(fn, "kernel '%s': local size %llu in dimension %u is outside 1..4294967295", kn,
                       (unsigned long long)l[i], i);
      if (g[i] % l[i])
        return rt_fail(fn, "kernel '%s': local size %llu does not divide global size %llu in dimension %u", kn,
                       (unsigned long long)l[i], (unsigned long long)g[i], i);
    }
    if (opt) {
      off[i] = opt->global_offset[i];
      if (off[i] > UINT32_MAX)
        return rt_fail(fn, "kernel '%s': global offset %llu in dimension %u does not fit 32 bits", kn,
                       (unsigned long long)off[i], i);
    }
  }
  if (!local) rt_choose_local(g, work_dim, maxwg, l);
  uint64_t lsize = l[0] * l[1] * l[2];
  if (lsize > maxwg)
    return rt_fail(fn, "kernel '%s': a work-group of %llu x %llu x %llu = %llu work-items is more than %llu "
                   "warps x %llu threads per warp", kn, (unsigned long long)l[0], (unsigned long long)l[1],
                   (unsigned long long)l[2], (unsigned long long)lsize, (unsigned long long)caps_warps,
                   (unsigned long long)wt);
  uint64_t ng[3] = {g[0] / l[0], g[1] / l[1], g[2] / l[2]};
  if (ng[0] * ng[1] > VS_MAX_WORKGROUPS || ng[0] * ng[1] * ng[2] > VS_MAX_WORKGROUPS)
    return rt_fail(fn, "kernel '%s': %llu x %llu x %llu work-groups is more than the limit of %u", kn,
                   (unsigned long long)ng[0], (unsigned long long)ng[1], (unsigned long long)ng[2],
                   VS_MAX_WORKGROUPS);
  uint64_t warps = (lsize + wt - 1) / wt;

  /* the argument buffer */
  unsigned nargs = 0;
  for (unsigned i = 0; i < VS_KERNEL_MAX_ARGS; i++)
    if (k->args[i].set) nargs = i + 1;
  uint8_t abuf[VS_KERNEL_MAX_ARGBUF];
  uint32_t alen = 0;
  for (unsigned i = 0; i < nargs; i++) {
    const kernel_arg *a = &k->args[i];
    if (!a->set) return rt_fail(fn, "kernel '%s': argument %u is not set (arguments 0..%u are)", kn, i, nargs - 1);
    uint32_t al = arg_align(a->size);
    uint32_t at = (alen + al - 1) & ~(al - 1);
    if ((uint64_t)at + a->size > sizeof abuf)
      return rt_fail(fn, "kernel '%s': the arguments need more than %u bytes", kn, VS_KERNEL_MAX_ARGBUF);
    memset(abuf + alen, 0, at - alen);
    memcpy(abuf + at, a->data, a->size);
    alen = at + a->size;
  }
  alen = (alen + 3u) & ~3u;

  /* our program on the device, and a print buffer */
  uint64_t gen = 0;
  if (rt_program_gen(p->dev, &gen)) return -1;
  if (gen != p->gen && upload(p)) return -1;
  if (p->print_addr && !rt_in_buffer(p->dev, p->print_addr, p->print_size))
    p->print_addr = 0; /* freed behind our back (vt_buf_free): make a new one */
  if (!p->print_addr) {
    char v[32];
    uint64_t sz = 0;
    if (vt_ventsim_get(p->dev, "print-buffer", v, sizeof v)) return -1;
    sz = strtoull(v, NULL, 10);
    if (vt_buf_alloc(p->dev, sz, &p->print_addr, 0, 0, 0)) return -1;
    p->print_size = (uint32_t)sz;
  }

  /* per-launch buffers: arguments, kernel metadata, private memory */
  uint64_t a_args = 0, a_knl = 0, a_pds = 0;
  uint64_t priv = (uint64_t)k->pds * wt * warps * ng[0] * ng[1] * ng[2];
  int rc = 0;
  if (alen && vt_buf_alloc(p->dev, alen, &a_args, 0, 0, 0)) rc = -1;
  if (rc == 0 && vt_buf_alloc(p->dev, KNL_SIZE, &a_knl, 0, 0, 0)) rc = -1;
  if (rc == 0 && priv) {
    if (priv > RT_ADDR_END - RT_ALLOC_BASE)
      rc = rt_fail(fn, "kernel '%s': private memory of %u bytes x %llu threads does not fit the device", kn,
                   k->pds, (unsigned long long)(wt * warps * ng[0] * ng[1] * ng[2]));
    else if (vt_buf_alloc(p->dev, priv, &a_pds, 0, 0, 0))
      rc = -1;
  }
  uint8_t knl[KNL_SIZE];
  memset(knl, 0, sizeof knl);
  put32(knl + KNL_ENTRY, k->entry);
  put32(knl + KNL_ARG_BASE, (uint32_t)a_args);
  put32(knl + KNL_WORK_DIM, work_dim);
  for (int i = 0; i < 3; i++) {
    put32(knl + KNL_GL_SIZE + 4 * i, (uint32_t)g[i]);
    put32(knl + KNL_LC_SIZE + 4 * i, (uint32_t)l[i]);
    put32(knl + KNL_GL_OFFSET + 4 * i, (uint32_t)off[i]);
  }
  put32(knl + KNL_PRINT_ADDR, (uint32_t)p->print_addr);
  put32(knl + KNL_PRINT_SIZE, p->print_size);
  if (rc == 0 && alen && vt_copy_to_dev(p->dev, a_args, abuf, alen, 0, 0)) rc = -1;
  if (rc == 0 && vt_copy_to_dev(p->dev, a_knl, knl, sizeof knl, 0, 0)) rc = -1;
  if (rc == 0) {
    vt_meta_data md;
    memset(&md, 0, sizeof md);
    md.kernel_id = opt ? opt->kernel_id : 0;
    for (int i = 0; i < 3; i++) md.kernel_size[i] = ng[i];
    md.wf_size = wt;
    md.wg_size = warps;
    md.metaDataBaseAddr = a_knl;
    md.ldsSize = k->lds;
    md.pdsSize = k->pds;
    md.sgprUsage = 64; /* what the Ventus pocl port passes */
    md.vgprUsage = 64;
    md.pdsBaseAddr = a_pds;
    const char *dir = opt && opt->save_dir ? opt->save_dir : p->save_dir;
    rc = rt_start(p->dev, &md, 0, dir, kn, opt ? opt->result : NULL);
  }
  /* free in reverse order, so the bump pointer moves back */
  char keep[sizeof "vt_start: " + VS_ERRMSG_MAX + 64];
  snprintf(keep, sizeof keep, "%s", vt_last_error());
  if (a_pds) vt_one_buf_free(p->dev, 1, &a_pds, 0, 0);
  if (a_knl) vt_one_buf_free(p->dev, 1, &a_knl, 0, 0);
  if (a_args) vt_one_buf_free(p->dev, 1, &a_args, 0, 0);
  if (rc) {
    rt_restore_error(keep); /* the frees above succeeded and cleared it */
    return -1;
  }
  return 0;
}
