/* Back end: an OpenCL platform through the ICD loader (-lOpenCL).  The
 * device is chosen by "PLATFORM[:DEVICE]" name substrings (case-insensitive),
 * e.g. "Portable Computing Language" for pocl.  The program is built from
 * the case's source with -cl-std and the build's OpenCL options; what the
 * kernels print (the platform writes it to our stdout) is captured by
 * pointing file descriptor 1 at a temporary file during the run. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tbackend.h"

typedef struct {
  cl_platform_id platform;
  cl_device_id device;
  cl_context ctx;
  cl_command_queue q;
  char desc[512];
  char *extensions;
  int non_uniform;
  cl_uint version_major;
} ocl;

static const char *cl_err(cl_int e)
{
  switch (e) {
#define E(x) case x: return #x;
  E(CL_SUCCESS) E(CL_DEVICE_NOT_FOUND) E(CL_DEVICE_NOT_AVAILABLE) E(CL_COMPILER_NOT_AVAILABLE)
  E(CL_MEM_OBJECT_ALLOCATION_FAILURE) E(CL_OUT_OF_RESOURCES) E(CL_OUT_OF_HOST_MEMORY)
  E(CL_BUILD_PROGRAM_FAILURE) E(CL_INVALID_VALUE) E(CL_INVALID_DEVICE) E(CL_INVALID_CONTEXT)
  E(CL_INVALID_COMMAND_QUEUE) E(CL_INVALID_MEM_OBJECT) E(CL_INVALID_BUILD_OPTIONS)
  E(CL_INVALID_PROGRAM) E(CL_INVALID_PROGRAM_EXECUTABLE) E(CL_INVALID_KERNEL_NAME)
  E(CL_INVALID_KERNEL) E(CL_INVALID_ARG_INDEX) E(CL_INVALID_ARG_VALUE) E(CL_INVALID_ARG_SIZE)
  E(CL_INVALID_KERNEL_ARGS) E(CL_INVALID_WORK_DIMENSION) E(CL_INVALID_WORK_GROUP_SIZE)
  E(CL_INVALID_WORK_ITEM_SIZE) E(CL_INVALID_GLOBAL_OFFSET) E(CL_INVALID_EVENT_WAIT_LIST)
  E(CL_INVALID_OPERATION) E(CL_INVALID_BUFFER_SIZE) E(CL_INVALID_GLOBAL_WORK_SIZE)
  E(CL_INVALID_PLATFORM) E(CL_MISALIGNED_SUB_BUFFER_OFFSET)
  E(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) E(CL_INVALID_EVENT)
#undef E
  default: return "unknown OpenCL error";
  }
}

static int contains_ci(const char *hay, const char *needle)
{
  size_t n = strlen(needle);
  for (; *hay; hay++) {
    size_t i = 0;
    while (i < n && hay[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i])) i++;
    if (i == n) return 1;
  }
  return n == 0;
}

static char *info_str(int dev, void *obj, cl_uint what)
{
  size_t n = 0;
  cl_int e = dev ? clGetDeviceInfo(obj, what, 0, NULL, &n) : clGetPlatformInfo(obj, what, 0, NULL, &n);
  if (e != CL_SUCCESS) return NULL;
  char *s = calloc(1, n + 1);
  if (!s) return NULL;
  e = dev ? clGetDeviceInfo(obj, what, n, s, NULL) : clGetPlatformInfo(obj, what, n, s, NULL);
  if (e != CL_SUCCESS) {
    free(s);
    return NULL;
  }
  return s;
}

static void *ocl_open(const char *device, char *err, size_t errlen)
{
  char psel[256] = "", dsel[256] = "";
  if (device) {
    const char *colon = strchr(device, ':');
    snprintf(psel, sizeof psel, "%.*s", colon ? (int)(colon - device) : (int)strlen(device), device);
    if (colon) snprintf(dsel, sizeof dsel, "%s", colon + 1);
  }
  cl_uint np = 0;
  cl_int e = clGetPlatformIDs(0, NULL, &np);
  if (e != CL_SUCCESS || np == 0) {
    snprintf(err, errlen, "no OpenCL platform (clGetPlatformIDs: %s); is an ICD installed "
             "(pocl-opencl-icd) or OCL_ICD_VENDORS set?", cl_err(e));
    return NULL;
  }
  cl_platform_id *ps = calloc(np, sizeof *ps);
  if (!ps || clGetPlatformIDs(np, ps, NULL) != CL_SUCCESS) {
    free(ps);
    snprintf(err, errlen, "clGetPlatformIDs failed");
    return NULL;
  }
  ocl *o = calloc(1, sizeof *o);
  char names[1024] = "";
  for (cl_uint i = 0; i < np && o && !o->device; i++) {
    char *pn = info_str(0, ps[i], CL_PLATFORM_NAME);
    if (pn) {
      size_t l = strlen(names);
      snprintf(names + l, sizeof names - l, "%s'%s'", l ? ", " : "", pn);
    }
    if (pn && contains_ci(pn, psel)) {
      cl_uint nd = 0;
      if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_ALL, 0, NULL, &nd) == CL_SUCCESS && nd) {
        cl_device_id *ds = calloc(nd, sizeof *ds);
        if (ds && clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_ALL, nd, ds, NULL) == CL_SUCCESS)
          for (cl_uint k = 0; k < nd && !o->device; k++) {
            char *dn = info_str(1, ds[k], CL_DEVICE_NAME);
            if (dn && contains_ci(dn, dsel)) {
              o->platform = ps[i];
              o->device = ds[k];
              snprintf(o->desc, sizeof o->desc, "%s / %s", pn, dn);
            }
            free(dn);
          }
        free(ds);
      }
    }
    free(pn);
  }
  free(ps);
  if (!o || !o->device) {
    snprintf(err, errlen, "no OpenCL device matches '%s' (platforms: %s)", device ? device : "", names);
    free(o);
    return NULL;
  }
  o->extensions = info_str(1, o->device, CL_DEVICE_EXTENSIONS);
  char *ver = info_str(1, o->device, CL_DEVICE_VERSION);
  if (ver && strncmp(ver, "OpenCL ", 7) == 0) o->version_major = (cl_uint)atoi(ver + 7);
  free(ver);
  if (o->version_major >= 3) {
    cl_bool nu = CL_FALSE;
    if (clGetDeviceInfo(o->device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof nu, &nu, NULL) == CL_SUCCESS)
      o->non_uniform = nu == CL_TRUE;
  } else {
    o->non_uniform = o->version_major == 2;
  }
  o->ctx = clCreateContext(NULL, 1, &o->device, NULL, NULL, &e);
  if (e == CL_SUCCESS) o->q = clCreateCommandQueueWithProperties(o->ctx, o->device, NULL, &e);
  if (e != CL_SUCCESS) {
    snprintf(err, errlen, "%s: cannot create a context and queue: %s", o->desc, cl_err(e));
    if (o->ctx) clReleaseContext(o->ctx);
    free(o->extensions);
    free(o);
    return NULL;
  }
  return o;
}

static const char *ocl_describe(void *st) { return ((ocl *)st)->desc; }

static int has_ext(const ocl *o, const char *ext)
{
  if (!o->extensions) return 0;
  size_t n = strlen(ext);
  for (const char *p = o->extensions; (p = strstr(p, ext)); p += n)
    if ((p == o->extensions || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) return 1;
  return 0;
}

static int ocl_supports(void *st, unsigned bit)
{
  ocl *o = st;
  switch (bit) {
  case TC_REQ_FP16: return has_ext(o, "cl_khr_fp16");
  case TC_REQ_FP64: return has_ext(o, "cl_khr_fp64");
  case TC_REQ_SUBGROUPS: return has_ext(o, "cl_khr_subgroups");
  case TC_REQ_INT64_ATOMICS: return has_ext(o, "cl_khr_int64_base_atomics") &&
                                    has_ext(o, "cl_khr_int64_extended_atomics");
  case TC_REQ_NON_UNIFORM: return o->non_uniform;
  case TC_REQ_PRINTF: return 1; /* core since OpenCL 1.2 */
  }
  return 0;
}

static char *read_file(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *s = NULL;
  size_t n = 0, cap = 0;
  for (;;) {
    if (n + 4097 > cap) {
      cap = cap ? cap * 2 : 16384;
      char *t = realloc(s, cap);
      if (!t) {
        free(s);
        fclose(f);
        return NULL;
      }
      s = t;
    }
    size_t r = fread(s + n, 1, 4096, f);
    n += r;
    if (r < 4096) break;
  }
  fclose(f);
  s[n] = 0;
  if (len) *len = n;
  return s;
}

/* stdout to a temporary file and back */
typedef struct {
  int saved;
  FILE *tmp;
} capture;

static int capture_begin(capture *cp)
{
  fflush(stdout);
  cp->tmp = tmpfile();
  if (!cp->tmp) return -1;
  cp->saved = dup(1);
  if (cp->saved < 0 || dup2(fileno(cp->tmp), 1) < 0) {
    fclose(cp->tmp);
    return -1;
  }
  return 0;
}

static char *capture_end(capture *cp, size_t *len)
{
  fflush(stdout);
  dup2(cp->saved, 1);
  close(cp->saved);
  long n = ftell(cp->tmp);
  char *s = NULL;
  if (n >= 0 && (s = malloc((size_t)n + 1))) {
    rewind(cp->tmp);
    size_t r = fread(s, 1, (size_t)n, cp->tmp);
    s[r] = 0;
    *len = r;
  }
  fclose(cp->tmp);
  return s;
}

static int ocl_run(void *st, tb_job *job, char *err, size_t errlen)
{
  ocl *o = st;
  const tc_case *c = job->c;
  int rc = -1;
  cl_int e;
  cl_program prog = NULL;
  cl_mem *mem = calloc(c->nbufs ? c->nbufs : 1, sizeof *mem);
  cl_kernel *kern = calloc(c->nlaunches, sizeof *kern);
  char *src = NULL, *opts = NULL;
  capture cp = {-1, NULL};
  int capturing = 0;
  if (!mem || !kern) {
    snprintf(err, errlen, "out of memory");
    goto out;
  }
  size_t slen;
  if (!(src = read_file(job->source_path, &slen))) {
    snprintf(err, errlen, "%s: cannot read: %s", job->source_path, strerror(errno));
    goto out;
  }
  const char *std = job->cl_std ? job->cl_std : o->version_major >= 3 ? "CL3.0" : o->version_major == 2 ? "CL2.0" : "CL1.2";
  size_t ol = strlen(std) + strlen(job->build->cl_options) + strlen(job->include_dir) + 32;
  if (!(opts = malloc(ol))) goto out;
  snprintf(opts, ol, "-cl-std=%s -I %s %s", std, job->include_dir, job->build->cl_options);
  const char *srcs[1] = {src};
  prog = clCreateProgramWithSource(o->ctx, 1, srcs, &slen, &e);
  if (e != CL_SUCCESS) {
    snprintf(err, errlen, "clCreateProgramWithSource: %s", cl_err(e));
    goto out;
  }
  e = clBuildProgram(prog, 1, &o->device, opts, NULL, NULL);
  if (e != CL_SUCCESS) {
    size_t n = 0;
    clGetProgramBuildInfo(prog, o->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
    char *log = calloc(1, n + 1);
    if (log) clGetProgramBuildInfo(prog, o->device, CL_PROGRAM_BUILD_LOG, n, log, NULL);
    snprintf(err, errlen, "%s: clBuildProgram (%s): %s\n%s", job->source_path, opts, cl_err(e), log ? log : "");
    free(log);
    goto out;
  }
  for (size_t i = 0; i < c->nbufs; i++) {
    size_t bytes = c->bufs[i].count * tc_type_size(c->bufs[i].type);
    mem[i] = clCreateBuffer(o->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, job->bufs[i], &e);
    if (e != CL_SUCCESS) {
      snprintf(err, errlen, "clCreateBuffer('%s', %zu bytes): %s", c->bufs[i].name, bytes, cl_err(e));
      goto out;
    }
  }
  for (size_t li = 0; li < c->nlaunches; li++) {
    kern[li] = clCreateKernel(prog, c->launches[li].kernel, &e);
    if (e != CL_SUCCESS) {
      snprintf(err, errlen, "clCreateKernel('%s'): %s", c->launches[li].kernel, cl_err(e));
      goto out;
    }
  }
  if (capture_begin(&cp)) {
    snprintf(err, errlen, "cannot capture stdout: %s", strerror(errno));
    goto out;
  }
  capturing = 1;
  for (size_t li = 0; li < c->nlaunches; li++) {
    const tc_launch *l = &c->launches[li];
    for (unsigned it = 0; it < l->repeat; it++) {
      for (size_t a = 0; a < l->nargs; a++) {
        const tc_arg *ar = &l->args[a];
        cl_int iv;
        switch (ar->kind) {
        case TC_ARG_BUFFER: e = clSetKernelArg(kern[li], (cl_uint)a, sizeof(cl_mem), &mem[ar->buf]); break;
        case TC_ARG_SCALAR: e = clSetKernelArg(kern[li], (cl_uint)a, ar->size, ar->bytes); break;
        case TC_ARG_LOCAL: e = clSetKernelArg(kern[li], (cl_uint)a, ar->size, NULL); break;
        case TC_ARG_ITER:
          iv = (cl_int)((int64_t)it + ar->iter_add);
          e = clSetKernelArg(kern[li], (cl_uint)a, sizeof iv, &iv);
          break;
        }
        if (e != CL_SUCCESS) {
          snprintf(err, errlen, "launch %zu ('%s'): clSetKernelArg(%zu): %s", li, l->kernel, a, cl_err(e));
          goto out;
        }
      }
      e = clEnqueueNDRangeKernel(o->q, kern[li], l->dims, l->offset, l->global, l->local_null ? NULL : l->local,
                                 0, NULL, NULL);
      if (e != CL_SUCCESS) {
        snprintf(err, errlen, "launch %zu ('%s'): clEnqueueNDRangeKernel: %s", li, l->kernel, cl_err(e));
        goto out;
      }
    }
  }
  e = clFinish(o->q);
  if (e != CL_SUCCESS) {
    snprintf(err, errlen, "clFinish: %s", cl_err(e));
    goto out;
  }
  for (size_t i = 0; i < c->nbufs; i++) {
    if (!c->bufs[i].output && !c->nprops) continue;
    size_t bytes = c->bufs[i].count * tc_type_size(c->bufs[i].type);
    e = clEnqueueReadBuffer(o->q, mem[i], CL_TRUE, 0, bytes, job->bufs[i], 0, NULL, NULL);
    if (e != CL_SUCCESS) {
      snprintf(err, errlen, "clEnqueueReadBuffer('%s'): %s", c->bufs[i].name, cl_err(e));
      goto out;
    }
  }
  rc = 0;
out:
  if (capturing) {
    size_t n = 0;
    char *text = capture_end(&cp, &n);
    if (rc == 0) {
      job->printf_text = text;
      job->printf_len = n;
    } else {
      free(text);
    }
  }
  if (kern)
    for (size_t i = 0; i < c->nlaunches; i++)
      if (kern[i]) clReleaseKernel(kern[i]);
  if (mem)
    for (size_t i = 0; i < c->nbufs; i++)
      if (mem[i]) clReleaseMemObject(mem[i]);
  if (prog) clReleaseProgram(prog);
  free(kern);
  free(mem);
  free(src);
  free(opts);
  return rc;
}

static void ocl_close(void *st)
{
  ocl *o = st;
  clReleaseCommandQueue(o->q);
  clReleaseContext(o->ctx);
  free(o->extensions);
  free(o);
}

const tb_backend tb_backend_opencl = {
  "opencl", "PLATFORM[:DEVICE], name substrings, e.g. \"Portable Computing Language\"",
  ocl_open, ocl_describe, ocl_supports, ocl_run, ocl_close,
};
