/* Programs: from source (built by the device's backend: clang-19 for AMD),
 * from binary (a code object, a Ventus ELF), build/compile/link, queries. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compile/compile_int.h"
#include "common/outfile.h"
#include "opencl/ocl.h"

static cl_program new_program(cl_context c, cl_int *e)
{
  cl_program p = calloc(1, sizeof *p);
  if (!p || !(p->per = calloc(c->ndevices, sizeof *p->per)) || ocl_reg_add(p, OT_PROGRAM)) {
    if (p) free(p->per);
    free(p);
    *e = CL_OUT_OF_HOST_MEMORY;
    return NULL;
  }
  p->dispatch = &ocl_dispatch;
  p->refs = 1;
  p->ctx = c;
  c->refs++;
  for (cl_uint i = 0; i < c->ndevices; i++) p->per[i].status = CL_BUILD_NONE;
  return p;
}

cl_program CL_API_CALL vcl_CreateProgramWithSource(cl_context c, cl_uint count, const char **strings,
                                                   const size_t *lengths, cl_int *rc)
{
  cl_int e = CL_SUCCESS;
  cl_program p = NULL;
  pthread_mutex_lock(&ocl_lock);
  if (ocl_reg_type(c) != OT_CONTEXT) e = CL_INVALID_CONTEXT;
  else if (count == 0 || !strings) e = CL_INVALID_VALUE;
  for (cl_uint i = 0; e == CL_SUCCESS && i < count; i++)
    if (!strings[i]) e = CL_INVALID_VALUE;
  size_t total = 0;
  for (cl_uint i = 0; e == CL_SUCCESS && i < count; i++)
    total += lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
  char *src = e == CL_SUCCESS ? malloc(total + 1) : NULL;
  if (e == CL_SUCCESS && !src) e = CL_OUT_OF_HOST_MEMORY;
  if (e == CL_SUCCESS) {
    size_t o = 0;
    for (cl_uint i = 0; i < count; i++) {
      size_t n = lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
      memcpy(src + o, strings[i], n);
      o += n;
    }
    src[total] = '\0';
    if ((p = new_program(c, &e))) {
      p->source = src;
      p->source_len = total;
      src = NULL;
    }
  }
  free(src);
  pthread_mutex_unlock(&ocl_lock);
  if (rc) *rc = e;
  return p;
}

cl_program CL_API_CALL vcl_CreateProgramWithBinary(cl_context c, cl_uint n, const cl_device_id *devs,
                                                   const size_t *lengths, const unsigned char **bins, cl_int *status,
                                                   cl_int *rc)
{
  cl_int e = CL_SUCCESS;
  cl_program p = NULL;
  pthread_mutex_lock(&ocl_lock);
  if (ocl_reg_type(c) != OT_CONTEXT) e = CL_INVALID_CONTEXT;
  else if (n == 0 || !devs || !lengths || !bins) e = CL_INVALID_VALUE;
  for (cl_uint i = 0; e == CL_SUCCESS && i < n; i++) {
    if (ocl_reg_type(devs[i]) != OT_DEVICE || !ocl_context_has(c, devs[i])) e = CL_INVALID_DEVICE;
    else if (!lengths[i] || !bins[i]) {
      e = CL_INVALID_VALUE;
      if (status) status[i] = CL_INVALID_VALUE;
    }
  }
  for (cl_uint i = 0; e == CL_SUCCESS && i < n; i++) {
    vs_error err = {0};
    cl_int st = CL_SUCCESS;
    if (devs[i]->be->check_binary(&devs[i]->conf, bins[i], lengths[i], &err)) {
      st = CL_INVALID_BINARY;
      fprintf(stderr, "ventsim OpenCL: clCreateProgramWithBinary: device %s: %s\n", devs[i]->conf.name, err.msg);
    }
    if (status) status[i] = st;
    if (st != CL_SUCCESS) e = CL_INVALID_BINARY;
  }
  if (e == CL_SUCCESS && (p = new_program(c, &e))) {
    p->from_binary = 1;
    for (cl_uint i = 0; i < n; i++) {
      ocl_pdev *pd = &p->per[ocl_dev_index(c, devs[i])];
      free(pd->binary);
      if (!(pd->binary = malloc(lengths[i]))) {
        e = CL_OUT_OF_HOST_MEMORY;
        break;
      }
      memcpy(pd->binary, bins[i], lengths[i]);
      pd->len = lengths[i];
      pd->btype = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    }
    if (e != CL_SUCCESS) {
      ocl_program_release(p);
      p = NULL;
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  if (rc) *rc = e;
  return p;
}

cl_program CL_API_CALL vcl_CreateProgramWithBuiltInKernels(cl_context c, cl_uint n, const cl_device_id *devs,
                                                           const char *names, cl_int *rc)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_INVALID_VALUE; /* CL_DEVICE_BUILT_IN_KERNELS is empty: no name is a built-in kernel */
  if (ocl_reg_type(c) != OT_CONTEXT) e = CL_INVALID_CONTEXT;
  else if (n && devs)
    for (cl_uint i = 0; i < n; i++)
      if (ocl_reg_type(devs[i]) != OT_DEVICE || !ocl_context_has(c, devs[i])) e = CL_INVALID_DEVICE;
  (void)names;
  pthread_mutex_unlock(&ocl_lock);
  if (rc) *rc = e;
  return NULL;
}

cl_program CL_API_CALL vcl_CreateProgramWithIL(cl_context c, const void *il, size_t len, cl_int *rc)
{
  (void)il; (void)len;
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(c) != OT_CONTEXT ? CL_INVALID_CONTEXT : CL_INVALID_OPERATION; /* no IL is supported */
  pthread_mutex_unlock(&ocl_lock);
  if (rc) *rc = e;
  return NULL;
}

cl_int CL_API_CALL vcl_RetainProgram(cl_program p)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(p) == OT_PROGRAM ? (p->refs++, CL_SUCCESS) : CL_INVALID_PROGRAM;
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

static void pdev_clear(cl_program p, unsigned i)
{
  ocl_pdev *pd = &p->per[i];
  cl_device_id d = p->ctx->devices[i];
  if (pd->bprog && d->bdev) d->be->unload(d->bdev, pd->bprog);
  pd->bprog = NULL;
  free(pd->log);
  free(pd->options);
  pd->log = pd->options = NULL;
}

static void rm_tree(const char *dir)
{
  cc_rmdir(dir); /* our own mkdtemp directory of header files */
}

void ocl_program_release(cl_program p)
{
  if (--p->refs) return;
  ocl_reg_del(p);
  if (p->hdir) rm_tree(p->hdir);
  free(p->hdir);
  for (cl_uint i = 0; i < p->ctx->ndevices; i++) {
    pdev_clear(p, i);
    free(p->per[i].binary);
  }
  free(p->per);
  free(p->source);
  free(p->kernel_names);
  cl_context c = p->ctx;
  free(p);
  ocl_context_release(c);
}

cl_int CL_API_CALL vcl_ReleaseProgram(cl_program p)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_INVALID_PROGRAM;
  if (ocl_reg_type(p) == OT_PROGRAM) {
    ocl_program_release(p);
    e = CL_SUCCESS;
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

/* ---- building ---- */

static char *dupstr(const char *s)
{
  return strdup(s ? s : "");
}

/* Checks the device list of a build/compile/link (lock held) */
static cl_int check_devs(cl_context c, cl_uint n, const cl_device_id *devs)
{
  if ((n == 0) != (devs == NULL)) return CL_INVALID_VALUE;
  for (cl_uint i = 0; i < n; i++)
    if (ocl_reg_type(devs[i]) != OT_DEVICE || !ocl_context_has(c, devs[i])) return CL_INVALID_DEVICE;
  return CL_SUCCESS;
}

static int selected(cl_context c, unsigned i, cl_uint n, const cl_device_id *devs)
{
  if (!n) return 1;
  for (cl_uint k = 0; k < n; k++)
    if (devs[k] == c->devices[i]) return 1;
  return 0;
}

static void set_kernel_names(cl_program p)
{
  free(p->kernel_names);
  p->kernel_names = NULL;
  p->nkernels = 0;
  for (cl_uint i = 0; i < p->ctx->ndevices; i++) {
    ocl_bprog *b = p->per[i].bprog;
    if (!b) continue;
    size_t len = 1;
    for (size_t k = 0; k < b->nkernels; k++) len += strlen(b->kernels[k].name) + 1;
    if (!(p->kernel_names = calloc(1, len))) return;
    for (size_t k = 0; k < b->nkernels; k++) {
      if (k) strcat(p->kernel_names, ";");
      strcat(p->kernel_names, b->kernels[k].name);
    }
    p->nkernels = b->nkernels;
    return;
  }
}

/* Builds for device i (lock NOT held): source -> binary -> loaded */
static cl_int build_one(cl_program p, unsigned i, const char *src, size_t srclen, const char *options, int load)
{
  cl_device_id d = p->ctx->devices[i];
  ocl_pdev *pd = &p->per[i];
  vs_error err = {0};
  char *log = NULL;
  cl_int st = CL_SUCCESS;
  if (src) {
    ocl_build b;
    memset(&b, 0, sizeof b);
    int rc = d->be->build(&d->conf, src, srclen, options, &b, &err);
    log = b.log;
    if (rc) {
      free(b.binary);
      st = b.status == 1 /* VS_CL_BAD_OPTIONS */ ? CL_INVALID_BUILD_OPTIONS
         : b.status == 2 /* VS_CL_NO_COMPILER */ ? CL_COMPILER_NOT_AVAILABLE : CL_BUILD_PROGRAM_FAILURE;
    } else {
      free(pd->binary);
      pd->binary = b.binary;
      pd->len = b.len;
      pd->cl_std = b.cl_std;
      pd->uniform_wg = b.uniform_wg;
    }
  }
  if (st == CL_SUCCESS && load) {
    ocl_bprog *bp = NULL;
    if (!pd->binary) {
      st = CL_INVALID_PROGRAM;
    } else if (d->be->load(d->bdev, pd->binary, pd->len, &bp, &err)) {
      st = CL_BUILD_PROGRAM_FAILURE;
      size_t n = log ? strlen(log) : 0;
      char *l2 = realloc(log, n + strlen(err.msg) + 16);
      if (l2) {
        sprintf(l2 + n, "ventsim: %s\n", err.msg);
        log = l2;
      }
    } else {
      pd->bprog = bp;
    }
  }
  pd->log = log ? log : dupstr("");
  pd->options = dupstr(options);
  return st;
}

typedef void (CL_CALLBACK *build_notify)(cl_program, void *);

static cl_int build(cl_program p, cl_uint n, const cl_device_id *devs, const char *options, build_notify notify,
                    void *user, int compile_only)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(p) != OT_PROGRAM ? CL_INVALID_PROGRAM : check_devs(p->ctx, n, devs);
  if (e == CL_SUCCESS && !notify && user) e = CL_INVALID_VALUE;
  if (e == CL_SUCCESS && p->kernels_attached) e = CL_INVALID_OPERATION;
  if (e == CL_SUCCESS && compile_only && !p->source) e = CL_INVALID_OPERATION;
  for (cl_uint i = 0; e == CL_SUCCESS && i < p->ctx->ndevices; i++)
    if (selected(p->ctx, i, n, devs) && p->per[i].status == CL_BUILD_IN_PROGRESS) e = CL_INVALID_OPERATION;
  for (cl_uint i = 0; e == CL_SUCCESS && i < p->ctx->ndevices; i++)
    if (selected(p->ctx, i, n, devs) && !p->source && !p->per[i].binary) e = CL_INVALID_BINARY;
  if (e != CL_SUCCESS) {
    pthread_mutex_unlock(&ocl_lock);
    return e;
  }
  p->refs++;
  for (cl_uint i = 0; i < p->ctx->ndevices; i++)
    if (selected(p->ctx, i, n, devs)) {
      pdev_clear(p, i);
      p->per[i].status = CL_BUILD_IN_PROGRESS;
    }
  pthread_mutex_unlock(&ocl_lock);
  /* AMD: always with argument names (clGetKernelArgInfo) */
  cl_int result = CL_SUCCESS;
  for (cl_uint i = 0; i < p->ctx->ndevices; i++) {
    if (!selected(p->ctx, i, n, devs)) continue;
    char *opts = NULL;
    const char *o = options ? options : "";
    if (p->ctx->devices[i]->be == &ocl_backend_amd && !strstr(o, "-cl-kernel-arg-info")) {
      if ((opts = malloc(strlen(o) + 32))) sprintf(opts, "%s%s-cl-kernel-arg-info", o, *o ? " " : "");
    }
    cl_int st = build_one(p, i, p->source, p->source_len, opts ? opts : o, !compile_only);
    free(opts);
    pthread_mutex_lock(&ocl_lock);
    free(p->per[i].options);
    p->per[i].options = dupstr(options);
    p->per[i].status = st == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
    p->per[i].btype = st != CL_SUCCESS ? CL_PROGRAM_BINARY_TYPE_NONE
                    : compile_only ? CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT : CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    pthread_mutex_unlock(&ocl_lock);
    if (st != CL_SUCCESS && (result == CL_SUCCESS || st == CL_INVALID_BUILD_OPTIONS)) result = st;
  }
  pthread_mutex_lock(&ocl_lock);
  set_kernel_names(p);
  pthread_mutex_unlock(&ocl_lock);
  if (notify) notify(p, user);
  pthread_mutex_lock(&ocl_lock);
  ocl_program_release(p);
  pthread_mutex_unlock(&ocl_lock);
  if (compile_only && result == CL_BUILD_PROGRAM_FAILURE) result = CL_COMPILE_PROGRAM_FAILURE;
  return result;
}

cl_int CL_API_CALL vcl_BuildProgram(cl_program p, cl_uint n, const cl_device_id *devs, const char *options,
                                    build_notify notify, void *user)
{
  return build(p, n, devs, options, notify, user, 0);
}

/* A header program's source written as NAME under dir (lock held) */
static int write_header(const char *dir, const char *name, cl_program h)
{
  if (!name || !*name || name[0] == '/' || strstr(name, "..") || !h->source) return -1;
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  for (char *s = path + strlen(dir) + 1; *s; s++)
    if (*s == '/') {
      *s = '\0';
      if (mkdir(path, 0700) && errno != EEXIST) return -1;
      *s = '/';
    }
  return vs_write_file(path, h->source, h->source_len, 0, NULL) ? -1 : 0; /* common/outfile.h */
}

cl_int CL_API_CALL vcl_CompileProgram(cl_program p, cl_uint n, const cl_device_id *devs, const char *options,
                                      cl_uint nh, const cl_program *headers, const char **names, build_notify notify,
                                      void *user)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(p) != OT_PROGRAM ? CL_INVALID_PROGRAM : CL_SUCCESS;
  if (e == CL_SUCCESS && (nh == 0) != (headers == NULL || names == NULL)) e = CL_INVALID_VALUE;
  for (cl_uint i = 0; e == CL_SUCCESS && i < nh; i++)
    if (ocl_reg_type(headers[i]) != OT_PROGRAM) e = CL_INVALID_VALUE;
  char dir[] = "/tmp/ventsim-cl-headers-XXXXXX";
  int have_dir = 0;
  if (e == CL_SUCCESS && nh) {
    if (!mkdtemp(dir)) e = CL_OUT_OF_HOST_MEMORY;
    else have_dir = 1;
    for (cl_uint i = 0; e == CL_SUCCESS && i < nh; i++)
      if (write_header(dir, names[i], headers[i])) e = CL_INVALID_VALUE;
  }
  pthread_mutex_unlock(&ocl_lock);
  char *opts = NULL;
  if (e == CL_SUCCESS && have_dir) {
    const char *o = options ? options : "";
    if (!(opts = malloc(strlen(o) + sizeof dir + 8))) e = CL_OUT_OF_HOST_MEMORY;
    else sprintf(opts, "%s -I%s", o, dir);
  }
  if (e == CL_SUCCESS) e = build(p, n, devs, opts ? opts : options, notify, user, 1);
  free(opts);
  if (have_dir) { /* the headers stay until the program goes: clLinkProgram needs them */
    pthread_mutex_lock(&ocl_lock);
    if (ocl_reg_type(p) == OT_PROGRAM && !p->hdir) p->hdir = strdup(dir);
    else rm_tree(dir);
    pthread_mutex_unlock(&ocl_lock);
  }
  return e;
}

cl_program CL_API_CALL vcl_LinkProgram(cl_context c, cl_uint n, const cl_device_id *devs, const char *options,
                                       cl_uint np, const cl_program *progs, build_notify notify, void *user,
                                       cl_int *rc)
{
  /* Linking joins the sources of the compiled programs into one program and
   * builds it (docs/opencl.md: separate compilation is a source-level link) */
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(c) != OT_CONTEXT ? CL_INVALID_CONTEXT : check_devs(c, n, devs);
  if (e == CL_SUCCESS && (np == 0 || !progs)) e = CL_INVALID_VALUE;
  if (e == CL_SUCCESS && !notify && user) e = CL_INVALID_VALUE;
  size_t total = 0;
  for (cl_uint i = 0; e == CL_SUCCESS && i < np; i++) {
    if (ocl_reg_type(progs[i]) != OT_PROGRAM || progs[i]->ctx != c) { e = CL_INVALID_PROGRAM; break; }
    int compiled = 0;
    for (cl_uint k = 0; k < c->ndevices; k++)
      compiled |= progs[i]->per[k].btype == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT ||
                  progs[i]->per[k].btype == CL_PROGRAM_BINARY_TYPE_LIBRARY;
    if (!compiled || !progs[i]->source) { e = CL_INVALID_OPERATION; break; }
    total += progs[i]->source_len + 2;
  }
  cl_program p = NULL;
  if (e == CL_SUCCESS && (p = new_program(c, &e))) {
    if (!(p->source = malloc(total + 1))) {
      e = CL_OUT_OF_HOST_MEMORY;
    } else {
      size_t o = 0;
      for (cl_uint i = 0; i < np; i++) {
        memcpy(p->source + o, progs[i]->source, progs[i]->source_len);
        o += progs[i]->source_len;
        p->source[o++] = '\n';
      }
      p->source[o] = '\0';
      p->source_len = o;
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  if (e != CL_SUCCESS) {
    if (p) vcl_ReleaseProgram(p);
    if (rc) *rc = e;
    return NULL;
  }
  int lib = options && strstr(options, "-create-library");
  size_t olen = (options ? strlen(options) : 0) + 1;
  pthread_mutex_lock(&ocl_lock);
  for (cl_uint i = 0; i < np; i++) olen += progs[i]->hdir ? strlen(progs[i]->hdir) + 4 : 0;
  char *opts = malloc(olen);
  if (opts) {
    snprintf(opts, olen, "%s", options ? options : "");
    for (cl_uint i = 0; i < np; i++)
      if (progs[i]->hdir) {
        size_t l = strlen(opts);
        snprintf(opts + l, olen - l, " -I%s", progs[i]->hdir);
      }
  }
  pthread_mutex_unlock(&ocl_lock);
  if (opts) { /* the link options that are not compile options */
    char *s;
    while ((s = strstr(opts, "-create-library"))) memset(s, ' ', 15);
    while ((s = strstr(opts, "-enable-link-options"))) memset(s, ' ', 20);
  }
  e = build(p, n, devs, opts, NULL, NULL, lib);
  free(opts);
  if (e == CL_BUILD_PROGRAM_FAILURE || e == CL_COMPILE_PROGRAM_FAILURE) e = CL_LINK_PROGRAM_FAILURE;
  if (e == CL_INVALID_BUILD_OPTIONS) e = CL_INVALID_LINKER_OPTIONS;
  if (lib && e == CL_SUCCESS) {
    pthread_mutex_lock(&ocl_lock);
    for (cl_uint i = 0; i < c->ndevices; i++)
      if (p->per[i].btype == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT) p->per[i].btype = CL_PROGRAM_BINARY_TYPE_LIBRARY;
    pthread_mutex_unlock(&ocl_lock);
  }
  if (notify) notify(p, user);
  if (rc) *rc = e;
  /* a failed link still returns the program, so its log can be read */
  return (e == CL_SUCCESS || e == CL_LINK_PROGRAM_FAILURE) ? p : (vcl_ReleaseProgram(p), (cl_program)NULL);
}

/* ---- queries ---- */

cl_int CL_API_CALL vcl_GetProgramInfo(cl_program p, cl_program_info param, size_t size, void *value, size_t *ret)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_SUCCESS;
  if (ocl_reg_type(p) != OT_PROGRAM) {
    pthread_mutex_unlock(&ocl_lock);
    return CL_INVALID_PROGRAM;
  }
  cl_context c = p->ctx;
  int built = 0;
  for (cl_uint i = 0; i < c->ndevices; i++) built |= p->per[i].bprog != NULL;
  cl_bool no = CL_FALSE;
  switch (param) {
  case CL_PROGRAM_REFERENCE_COUNT: e = ocl_info(&p->refs, sizeof p->refs, size, value, ret); break;
  case CL_PROGRAM_CONTEXT: e = ocl_info(&c, sizeof c, size, value, ret); break;
  case CL_PROGRAM_NUM_DEVICES: e = ocl_info(&c->ndevices, sizeof c->ndevices, size, value, ret); break;
  case CL_PROGRAM_DEVICES: e = ocl_info(c->devices, c->ndevices * sizeof *c->devices, size, value, ret); break;
  case CL_PROGRAM_SOURCE: e = ocl_info(p->source ? p->source : "", p->source ? p->source_len + 1 : 1, size, value, ret); break;
  case CL_PROGRAM_IL: e = ocl_info(NULL, 0, size, value, ret); break;
  case CL_PROGRAM_BINARY_SIZES: {
    size_t s[64];
    for (cl_uint i = 0; i < c->ndevices && i < 64; i++) s[i] = p->per[i].binary ? p->per[i].len : 0;
    e = ocl_info(s, c->ndevices * sizeof(size_t), size, value, ret);
    break;
  }
  case CL_PROGRAM_BINARIES:
    if (value && size < c->ndevices * sizeof(unsigned char *)) e = CL_INVALID_VALUE;
    else {
      if (value)
        for (cl_uint i = 0; i < c->ndevices; i++) {
          unsigned char *dst = ((unsigned char **)value)[i];
          if (dst && p->per[i].binary) memcpy(dst, p->per[i].binary, p->per[i].len);
        }
      if (ret) *ret = c->ndevices * sizeof(unsigned char *);
    }
    break;
  case CL_PROGRAM_NUM_KERNELS:
    if (!built) e = CL_INVALID_PROGRAM_EXECUTABLE;
    else {
      size_t k = p->nkernels;
      e = ocl_info(&k, sizeof k, size, value, ret);
    }
    break;
  case CL_PROGRAM_KERNEL_NAMES:
    e = !built ? CL_INVALID_PROGRAM_EXECUTABLE : ocl_info_str(p->kernel_names ? p->kernel_names : "", size, value, ret);
    break;
  case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT: case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
    e = ocl_info(&no, sizeof no, size, value, ret);
    break;
  default: e = CL_INVALID_VALUE;
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_GetProgramBuildInfo(cl_program p, cl_device_id d, cl_program_build_info param, size_t size,
                                           void *value, size_t *ret)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e;
  int i = -1;
  if (ocl_reg_type(p) != OT_PROGRAM) e = CL_INVALID_PROGRAM;
  else if (ocl_reg_type(d) != OT_DEVICE || (i = ocl_dev_index(p->ctx, d)) < 0) e = CL_INVALID_DEVICE;
  else {
    ocl_pdev *pd = &p->per[i];
    size_t zero = 0;
    switch (param) {
    case CL_PROGRAM_BUILD_STATUS: e = ocl_info(&pd->status, sizeof pd->status, size, value, ret); break;
    case CL_PROGRAM_BUILD_OPTIONS: e = ocl_info_str(pd->options ? pd->options : "", size, value, ret); break;
    case CL_PROGRAM_BUILD_LOG: e = ocl_info_str(pd->log ? pd->log : "", size, value, ret); break;
    case CL_PROGRAM_BINARY_TYPE: e = ocl_info(&pd->btype, sizeof pd->btype, size, value, ret); break;
    case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE: e = ocl_info(&zero, sizeof zero, size, value, ret); break;
    default: e = CL_INVALID_VALUE;
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_SetProgramReleaseCallback(cl_program p, void (CL_CALLBACK *fn)(cl_program, void *), void *user)
{
  (void)fn; (void)user;
  pthread_mutex_lock(&ocl_lock);
  /* no program-scope global constructors or destructors */
  cl_int e = ocl_reg_type(p) != OT_PROGRAM ? CL_INVALID_PROGRAM : CL_INVALID_OPERATION;
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_SetProgramSpecializationConstant(cl_program p, cl_uint id, size_t size, const void *value)
{
  (void)id; (void)size; (void)value;
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(p) != OT_PROGRAM ? CL_INVALID_PROGRAM : CL_INVALID_PROGRAM; /* not created from IL */
  pthread_mutex_unlock(&ocl_lock);
  return e;
}
