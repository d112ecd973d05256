/* The Ventus backend: the public runtime API (ventus.h, ventsim/launch.h).
 *
 * A program is a Ventus ELF (`ventsim as`, or the Ventus LLVM toolchain).
 * Its kernels and their OpenCL signatures come from a `.ventsim.opencl`
 * section of declarations (docs/opencl.md); without it every global
 * function is a kernel whose arguments are taken as they are set. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/ocl.h"
#include "ventsim/driver.h"
#include "ventsim/elf.h"
#include "ventsim/launch.h"
#include "ventus.h"

#define VT_POINTER_SIZE 4
#define VT_PRIVATE_DEFAULT 4096 /* per work-item, as the Ventus pocl port gives compiled kernels */

struct ocl_bdev {
  vt_device_h dev;
};

typedef struct vprog {
  vs_program *p;
} vprog;

static int describe(ocl_devconf *c, vs_error *err)
{
  uint64_t warps = 0, threads = 0, lds = 0;
  if (vt_dev_caps(NULL, VT_CAPS_MAX_WARPS, &warps) || vt_dev_caps(NULL, VT_CAPS_MAX_THREADS, &threads) ||
      vt_dev_caps(NULL, VT_CAPS_LOCAL_MEM_SIZE, &lds))
    return vs_error_set(err, VS_E_CONFIG, "%s", vt_last_error());
  c->wavefront = (uint32_t)threads;
  c->max_wg_size = (uint32_t)(warps * threads);
  /* the start code keeps a 1 KiB stack per warp at the start of local memory */
  c->local_mem = lds > warps * 1024 ? lds - warps * 1024 : 0;
  if (!c->global_mem || c->global_mem > 0x70000000ull) c->global_mem = 0x70000000ull; /* 0x90000000 .. 2^32 */
  if (!c->max_alloc || c->max_alloc > c->global_mem) c->max_alloc = c->global_mem;
  if (!c->constant_mem) c->constant_mem = 65536;
  return 0;
}

static int open_dev(const ocl_devconf *c, ocl_bdev **out, vs_error *err)
{
  ocl_bdev *d = calloc(1, sizeof *d);
  if (!d) return vs_error_set(err, VS_E_NOMEM, "out of memory");
  if (vt_dev_open(&d->dev)) {
    free(d);
    return vs_error_set(err, VS_E_CONFIG, "%s", vt_last_error());
  }
  /* the device file's mode and timing configuration, unless the environment chose */
  const char *env_mode = getenv("VENTSIM_MODE"), *env_conf = getenv("VENTSIM_CONFIG");
  if ((!env_conf || !*env_conf) && c->timing_config[0] && vt_ventsim_set(d->dev, "config", c->timing_config))
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
  (void)src; (void)len; (void)options;
  const char *msg = "ventsim: no OpenCL C compiler is configured for the Ventus device: build the kernel with the "
                    "Ventus LLVM toolchain or write it in Ventus assembly (ventsim as), then use "
                    "clCreateProgramWithBinary with the ELF file (docs/opencl.md)\n";
  b->log = strdup(msg);
  b->status = 2; /* VS_CL_NO_COMPILER */
  return vs_error_set(err, VS_E_CONFIG, "%s: no OpenCL C compiler for Ventus", c->name);
}

static int check_binary(const ocl_devconf *c, const uint8_t *bin, size_t len, vs_error *err)
{
  (void)c;
  vs_elf *e = NULL;
  if (vs_elf_load_mem(bin, len, "binary", &e, err)) return -1;
  vs_elf_free(e);
  return 0;
}

/* ---- signatures: kernel void NAME(PARAMS) [local=N] [private=N] [reqd_work_group_size=X,Y,Z]; ---- */

static const char *skip_ws(const char *s)
{
  while (*s && isspace((unsigned char)*s)) s++;
  return s;
}

static int word_at(const char *s, const char *w)
{
  size_t n = strlen(w);
  return !strncmp(s, w, n) && !isalnum((unsigned char)s[n]) && s[n] != '_';
}

static int parse_param(const char *s, size_t n, ocl_arg_info *a, vs_error *err)
{
  char buf[512], type[512] = "", name[128] = "";
  if (n >= sizeof buf) return vs_error_set(err, VS_E_FORMAT, "parameter too long");
  memcpy(buf, s, n);
  buf[n] = '\0';
  int ptr = strchr(buf, '*') != NULL;
  a->address = OCL_AQ_PRIVATE;
  char *save = NULL;
  for (char *t = strtok_r(buf, " \t\r\n*", &save); t; t = strtok_r(NULL, " \t\r\n*", &save)) {
    const char *u = t[0] == '_' && t[1] == '_' ? t + 2 : t;
    if (!strcmp(u, "global")) a->address = OCL_AQ_GLOBAL;
    else if (!strcmp(u, "local")) a->address = OCL_AQ_LOCAL;
    else if (!strcmp(u, "constant")) a->address = OCL_AQ_CONSTANT;
    else if (!strcmp(u, "private")) a->address = OCL_AQ_PRIVATE;
    else if (!strcmp(t, "const")) a->type_qual |= ptr ? CL_KERNEL_ARG_TYPE_CONST : 0;
    else if (!strcmp(t, "volatile")) a->type_qual |= CL_KERNEL_ARG_TYPE_VOLATILE;
    else if (!strcmp(t, "restrict")) a->type_qual |= CL_KERNEL_ARG_TYPE_RESTRICT;
    else {
      if (name[0]) { /* the previous word was part of the type */
        size_t tl = strlen(type);
        snprintf(type + tl, sizeof type - tl, "%s%s", tl ? " " : "", name);
      }
      snprintf(name, sizeof name, "%s", t);
    }
  }
  if (!type[0] || !name[0]) return vs_error_set(err, VS_E_FORMAT, "parameter '%.*s': needs a type and a name", (int)n, s);
  if (a->address == OCL_AQ_CONSTANT) a->type_qual |= CL_KERNEL_ARG_TYPE_CONST;
  size_t tl = strlen(type);
  if (ptr) snprintf(type + tl, sizeof type - tl, "*");
  a->name = strdup(name);
  a->type_name = strdup(type);
  if (!a->name || !a->type_name) return vs_error_set(err, VS_E_NOMEM, "out of memory");
  if (ptr) {
    a->kind = a->address == OCL_AQ_LOCAL ? OCL_ARG_LOCAL : a->address == OCL_AQ_PRIVATE ? OCL_ARG_UNSUPPORTED : OCL_ARG_BUFFER;
    a->size = VT_POINTER_SIZE;
    if (a->kind == OCL_ARG_UNSUPPORTED)
      return vs_error_set(err, VS_E_FORMAT, "parameter '%s': a pointer needs global, constant or local", name);
  } else {
    a->kind = OCL_ARG_VALUE;
    a->size = ocl_type_size(type, VT_POINTER_SIZE);
    if (!a->size) return vs_error_set(err, VS_E_FORMAT, "parameter '%s': unknown type '%s'", name, type);
  }
  return 0;
}

static int parse_sigs(const char *t, size_t len, ocl_bprog *bp, vs_error *err)
{
  char *text = strndup(t, len);
  if (!text) return vs_error_set(err, VS_E_NOMEM, "out of memory");
  const char *s = text;
  int rc = 0;
  while (rc == 0 && *(s = skip_ws(s))) {
    if (*s == '#') { /* a comment line */
      while (*s && *s != '\n') s++;
      continue;
    }
    if (word_at(s, "__kernel")) s += 8;
    else if (word_at(s, "kernel")) s += 6;
    else { rc = vs_error_set(err, VS_E_FORMAT, "expected 'kernel' at '%.20s'", s); break; }
    s = skip_ws(s);
    if (word_at(s, "void")) s = skip_ws(s + 4);
    const char *nm = s;
    while (isalnum((unsigned char)*s) || *s == '_') s++;
    size_t nlen = (size_t)(s - nm);
    s = skip_ws(s);
    if (!nlen || *s != '(') { rc = vs_error_set(err, VS_E_FORMAT, "expected a kernel name and '('"); break; }
    const char *close = strchr(s, ')');
    if (!close) { rc = vs_error_set(err, VS_E_FORMAT, "no ')' after the parameters of %.*s", (int)nlen, nm); break; }
    ocl_kernel_info *ki_arr = realloc(bp->kernels, (bp->nkernels + 1) * sizeof *bp->kernels);
    if (!ki_arr) { rc = vs_error_set(err, VS_E_NOMEM, "out of memory"); break; }
    bp->kernels = ki_arr;
    ocl_kernel_info *k = &bp->kernels[bp->nkernels++];
    memset(k, 0, sizeof *k);
    k->name = strndup(nm, nlen);
    k->args_known = 1;
    /* parameters */
    const char *p = s + 1;
    while (rc == 0 && skip_ws(p) < close) {
      const char *e = p;
      while (e < close && *e != ',') e++;
      if (skip_ws(p) == e && e == close) break;
      if (!strncmp(skip_ws(p), "void", 4) && skip_ws(skip_ws(p) + 4) >= e) { p = e + 1; continue; }
      ocl_arg_info *na = realloc(k->args, (k->nargs + 1) * sizeof *na);
      if (!na) { rc = vs_error_set(err, VS_E_NOMEM, "out of memory"); break; }
      k->args = na;
      memset(&na[k->nargs], 0, sizeof *na);
      rc = parse_param(p, (size_t)(e - p), &na[k->nargs], err);
      k->nargs++;
      p = e + 1;
    }
    if (rc) {
      vs_error_prefix(err, "kernel %s", k->name ? k->name : "?");
      break;
    }
    /* attributes up to ';' or the end of the line */
    s = close + 1;
    while (*s && *s != ';' && *s != '\n') {
      s = skip_ws(s);
      unsigned long long a = 0, b = 0, c = 0;
      int used = 0;
      if (sscanf(s, "local=%llu%n", &a, &used) == 1) k->local_mem = a;
      else if (sscanf(s, "private=%llu%n", &a, &used) == 1) k->private_mem = a;
      else if (sscanf(s, "reqd_work_group_size=%llu,%llu,%llu%n", &a, &b, &c, &used) == 3) {
        k->reqd_wg[0] = a;
        k->reqd_wg[1] = b;
        k->reqd_wg[2] = c;
      } else if (*s && *s != ';' && *s != '\n') {
        rc = vs_error_set(err, VS_E_FORMAT, "kernel %s: unknown attribute at '%.20s'", k->name, s);
        break;
      }
      s += used;
    }
    if (*s) s++;
  }
  free(text);
  return rc;
}

static void kinfo_defaults(ocl_kernel_info *k, uint32_t max_wg, uint32_t wave)
{
  k->max_wg_size = max_wg;
  k->pref_multiple = wave;
  if (k->reqd_wg[0]) {
    char a[96];
    snprintf(a, sizeof a, "reqd_work_group_size(%llu,%llu,%llu)", (unsigned long long)k->reqd_wg[0],
             (unsigned long long)k->reqd_wg[1], (unsigned long long)k->reqd_wg[2]);
    k->attributes = strdup(a);
  }
}

static void unload(ocl_bdev *d, ocl_bprog *bp);

static int load(ocl_bdev *d, const uint8_t *bin, size_t len, ocl_bprog **out, vs_error *err)
{
  ocl_bprog *bp = calloc(1, sizeof *bp);
  vprog *vp = calloc(1, sizeof *vp);
  vs_elf *e = NULL;
  if (!bp || !vp) {
    free(bp);
    free(vp);
    return vs_error_set(err, VS_E_NOMEM, "out of memory");
  }
  bp->impl = vp;
  if (vs_elf_load_mem(bin, len, "program", &e, err)) goto bad;
  const vs_elf_section *sig = NULL;
  for (size_t i = 0; i < e->nsections; i++)
    if (e->sections[i].name && !strcmp(e->sections[i].name, ".ventsim.opencl")) sig = &e->sections[i];
  if (sig && sig->data) {
    if (parse_sigs((const char *)sig->data, sig->size, bp, err)) {
      vs_error_prefix(err, "the .ventsim.opencl section");
      goto bad;
    }
  } else { /* every global function outside the start code */
    for (size_t i = 0; i < e->nsymbols; i++) {
      const vs_elf_symbol *s = &e->symbols[i];
      if (s->type != 2 /* STT_FUNC */ || s->bind != 1 /* STB_GLOBAL */ || !s->shndx || !s->name) continue;
      if (!strcmp(s->name, "_start") || !strncmp(s->name, "__", 2)) continue;
      ocl_kernel_info *n = realloc(bp->kernels, (bp->nkernels + 1) * sizeof *n);
      if (!n) { vs_error_set(err, VS_E_NOMEM, "out of memory"); goto bad; }
      bp->kernels = n;
      memset(&n[bp->nkernels], 0, sizeof *n);
      n[bp->nkernels].name = strdup(s->name);
      n[bp->nkernels].private_mem = VT_PRIVATE_DEFAULT;
      bp->nkernels++;
    }
  }
  uint64_t warps = 0, threads = 0;
  vt_device_h h = d->dev;
  vt_dev_caps(&h, VT_CAPS_MAX_WARPS, &warps);
  vt_dev_caps(&h, VT_CAPS_MAX_THREADS, &threads);
  for (size_t i = 0; i < bp->nkernels; i++) kinfo_defaults(&bp->kernels[i], (uint32_t)(warps * threads), (uint32_t)threads);
  vs_elf_free(e);
  e = NULL;
  if (!(vp->p = vs_program_load_mem(d->dev, bin, len, "program"))) {
    vs_error_set(err, VS_E_FORMAT, "%s", vt_last_error());
    goto bad;
  }
  for (size_t i = 0; i < bp->nkernels; i++)
    if (!vs_kernel_get(vp->p, bp->kernels[i].name)) {
      vs_error_set(err, VS_E_FORMAT, "kernel %s: %s", bp->kernels[i].name, vt_last_error());
      goto bad;
    }
  *out = bp;
  return 0;
bad:
  vs_elf_free(e);
  unload(d, bp);
  return -1;
}

static void unload(ocl_bdev *d, ocl_bprog *bp)
{
  (void)d;
  if (!bp) return;
  vprog *vp = bp->impl;
  if (vp) vs_program_free(vp->p);
  free(vp);
  for (size_t i = 0; i < bp->nkernels; i++) ocl_kernel_info_free(&bp->kernels[i]);
  free(bp->kernels);
  free(bp);
}

static int launch(ocl_bdev *d, ocl_bprog *bp, const ocl_launch *l, ocl_launch_result *r, vs_error *err)
{
  (void)d;
  vprog *vp = bp->impl;
  vs_kernel *k = vs_kernel_get(vp->p, l->kernel->name);
  if (!k) return vs_error_set(err, VS_E_STATE, "%s", vt_last_error());
  /* __local arguments: offsets from the start of the kernel's local data
   * (CSR_LDS + CSR_NUMW * 1024), after its own local memory */
  uint64_t lds = (l->kernel->local_mem + 15) & ~15ull;
  for (unsigned i = 0; i < l->nargs; i++) {
    const ocl_launch_arg *a = &l->args[i];
    int rc;
    if (a->kind == OCL_ARG_BUFFER) {
      rc = vs_kernel_set_arg_buffer(k, i, (uint32_t)a->addr);
    } else if (a->kind == OCL_ARG_LOCAL) {
      uint32_t off = (uint32_t)lds;
      rc = vs_kernel_set_arg(k, i, 4, &off);
      lds += (a->local_size + 15) & ~15ull;
    } else {
      rc = vs_kernel_set_arg(k, i, a->size, a->value);
    }
    if (rc) return vs_error_set(err, VS_E_USAGE, "%s", vt_last_error());
  }
  if (lds > UINT32_MAX || vs_kernel_set_local_mem(k, (uint32_t)lds) ||
      vs_kernel_set_private_mem(k, (uint32_t)l->kernel->private_mem))
    return vs_error_set(err, VS_E_LIMIT, "%s", vt_last_error());
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
  char mode[32] = "";
  vt_ventsim_get(d->dev, "mode", mode, sizeof mode);
  int rc = vs_kernel_launch(k, l->work_dim, g, lo, &o);
  r->cycles = res.cycles;
  r->warp_insns = res.warp_insns;
  r->timing = !strcmp(mode, "timing");
  if (rc) {
    const char *m = vt_last_error();
    /* the runtime's message names the kernel, work-group, warp, pc, instruction and cause */
    return vs_error_set(err, VS_E_KERNEL, "%s", m);
  }
  return 0;
}

const ocl_backend ocl_backend_ventus = {
  "ventus", describe, open_dev, close_dev, mem_alloc, mem_free, mem_write, mem_read,
  build, check_binary, load, unload, launch, 0 /* uniform work-groups only */, NULL,
};
