/* The ventsim OpenCL platform through the real ICD loader (-lOpenCL, with
 * OCL_ICD_VENDORS pointing at the build tree's ventsim.icd): every group of
 * entry points, their error codes as the OpenCL 3.0 specification gives
 * them, Ventus kernels (tests/opencl/kernels.s) checked against results
 * computed here, AMD programs built from source with clang-19, and several
 * host threads at once.
 *
 *     test_opencl KERNELS.elf            exit 0: all checks passed */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures, checks;

#define CHECK(cond, ...)                                                   \
  do {                                                                     \
    checks++;                                                              \
    if (!(cond)) {                                                         \
      failures++;                                                          \
      fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);      \
      fprintf(stderr, __VA_ARGS__);                                        \
      fputc('\n', stderr);                                                 \
    }                                                                      \
  } while (0)
#define EQ(got, want) CHECK((got) == (want), "got %d, want %d", (int)(got), (int)(want))

static cl_platform_id plat;
static cl_device_id ventus, gfx900, gfx1100;
static unsigned char *elf;
static size_t elf_len;

static cl_device_id find_device(const char *needle)
{
  cl_device_id d[16];
  cl_uint n = 0;
  clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 16, d, &n);
  for (cl_uint i = 0; i < n; i++) {
    char name[256];
    clGetDeviceInfo(d[i], CL_DEVICE_NAME, sizeof name, name, NULL);
    if (strstr(name, needle)) return d[i];
  }
  return NULL;
}

/* Handles the ICD loader dispatches on must be live objects (it reads their
 * dispatch table): invalid handles are tested as NULL here, and the
 * platform's own checks of stale handles by the unit tests' registry. */
static void test_platform(void)
{
  cl_platform_id ps[8];
  cl_uint n = 0;
  EQ(clGetPlatformIDs(8, ps, &n), CL_SUCCESS);
  for (cl_uint i = 0; i < n; i++) {
    char name[64];
    clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (!strcmp(name, "ventsim")) plat = ps[i];
  }
  CHECK(plat != NULL, "no ventsim platform");
  if (!plat) exit(1);
  char v[128];
  size_t sz = 0;
  EQ(clGetPlatformInfo(plat, CL_PLATFORM_VERSION, sizeof v, v, &sz), CL_SUCCESS);
  CHECK(!strncmp(v, "OpenCL 3.0 ", 11) && sz == strlen(v) + 1, "%s", v);
  EQ(clGetPlatformInfo(plat, CL_PLATFORM_VERSION, 3, v, NULL), CL_INVALID_VALUE);
  EQ(clGetPlatformInfo(plat, 0x7777, sizeof v, v, NULL), CL_INVALID_VALUE);
  EQ(clGetPlatformInfo(plat, CL_PLATFORM_ICD_SUFFIX_KHR, sizeof v, v, NULL), CL_SUCCESS);
  EQ(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 0, NULL, NULL), CL_INVALID_VALUE);
  EQ(clGetDeviceIDs(plat, CL_DEVICE_TYPE_CPU, 0, NULL, &n), CL_DEVICE_NOT_FOUND);
  EQ(clGetDeviceIDs(plat, (cl_device_type)1 << 40, 0, NULL, &n), CL_INVALID_DEVICE_TYPE);
  EQ(clGetDeviceIDs(plat, CL_DEVICE_TYPE_GPU, 0, NULL, &n), CL_SUCCESS);
  EQ(n, 4);
  ventus = find_device("ventus");
  gfx900 = find_device("gfx900");
  gfx1100 = find_device("gfx1100");
  CHECK(ventus && gfx900 && gfx1100 && find_device("gfx906"), "devices");
  if (!ventus || !gfx900 || !gfx1100) exit(1);
  /* device queries answer from the configuration */
  cl_uint u;
  size_t s;
  cl_ulong ul;
  EQ(clGetDeviceInfo(gfx900, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof u, &u, NULL), CL_SUCCESS);
  EQ(u, 64);
  EQ(clGetDeviceInfo(gfx900, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof u, &u, NULL), CL_SUCCESS);
  EQ(u, 1546);
  EQ(clGetDeviceInfo(gfx1100, CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof s, &s, NULL), CL_SUCCESS);
  EQ(s, 32);
  EQ(clGetDeviceInfo(gfx900, CL_DEVICE_LOCAL_MEM_SIZE, sizeof ul, &ul, NULL), CL_SUCCESS);
  EQ(ul, 65536);
  EQ(clGetDeviceInfo(ventus, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof s, &s, NULL), CL_SUCCESS);
  EQ(s, 256); /* 8 warps x 32 threads (docs/runtime.md defaults) */
  EQ(clGetDeviceInfo(ventus, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof u, &u, NULL), CL_SUCCESS);
  EQ(u, 2); /* gpu.num_sms of ventus-chisel.ini */
  cl_bool b = CL_TRUE;
  EQ(clGetDeviceInfo(ventus, CL_DEVICE_IMAGE_SUPPORT, sizeof b, &b, NULL), CL_SUCCESS);
  EQ(b, CL_FALSE);
  EQ(clGetDeviceInfo(gfx900, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof b, &b, NULL), CL_SUCCESS);
  EQ(b, CL_TRUE);
  EQ(clGetDeviceInfo(ventus, CL_DEVICE_NAME, 2, v, NULL), CL_INVALID_VALUE);
  EQ(clGetDeviceInfo(ventus, 0x7777, sizeof v, v, NULL), CL_INVALID_VALUE);
  EQ(clGetDeviceInfo(NULL, CL_DEVICE_NAME, sizeof v, v, NULL), CL_INVALID_DEVICE);
  EQ(clRetainDevice(ventus), CL_SUCCESS);
  EQ(clReleaseDevice(ventus), CL_SUCCESS);
  cl_device_partition_property pp[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
  EQ(clCreateSubDevices(ventus, pp, 0, NULL, &u), CL_INVALID_VALUE);
}

static void notify(const char *msg, const void *p, size_t n, void *u)
{
  (void)msg; (void)p; (void)n;
  ++*(int *)u;
}

static void test_context(void)
{
  cl_int e;
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat, 0};
  cl_context c = clCreateContext(props, 1, &ventus, NULL, NULL, &e);
  EQ(e, CL_SUCCESS);
  cl_uint u = 0;
  EQ(clGetContextInfo(c, CL_CONTEXT_NUM_DEVICES, sizeof u, &u, NULL), CL_SUCCESS);
  EQ(u, 1);
  size_t sz = 0;
  EQ(clGetContextInfo(c, CL_CONTEXT_PROPERTIES, 0, NULL, &sz), CL_SUCCESS);
  EQ(sz, 3 * sizeof(cl_context_properties));
  EQ(clRetainContext(c), CL_SUCCESS);
  EQ(clGetContextInfo(c, CL_CONTEXT_REFERENCE_COUNT, sizeof u, &u, NULL), CL_SUCCESS);
  EQ(u, 2);
  EQ(clReleaseContext(c), CL_SUCCESS);
  EQ(clReleaseContext(c), CL_SUCCESS);
  CHECK(!clCreateContext(NULL, 0, &ventus, NULL, NULL, &e) && e == CL_INVALID_VALUE, "%d", e);
  int dummy = 0;
  CHECK(!clCreateContext(NULL, 1, &ventus, NULL, &dummy, &e) && e == CL_INVALID_VALUE, "%d", e);
  cl_context_properties bad[] = {0x7777, 1, 0};
  CHECK(!clCreateContext(bad, 1, &ventus, NULL, NULL, &e) && e == CL_INVALID_PROPERTY, "%d", e);
  c = clCreateContextFromType(props, CL_DEVICE_TYPE_GPU, notify, &dummy, &e);
  EQ(e, CL_SUCCESS);
  EQ(clGetContextInfo(c, CL_CONTEXT_NUM_DEVICES, sizeof u, &u, NULL), CL_SUCCESS);
  EQ(u, 4);
  EQ(clReleaseContext(c), CL_SUCCESS);
  CHECK(!clCreateContextFromType(NULL, CL_DEVICE_TYPE_CPU, NULL, NULL, &e) && e == CL_DEVICE_NOT_FOUND, "%d", e);
}

/* ---- Ventus: buffers, kernels, events ---- */

typedef struct vctx {
  cl_context c;
  cl_command_queue q;
  cl_program p;
} vctx;

static void ventus_setup(vctx *v, cl_command_queue_properties qp)
{
  cl_int e;
  v->c = clCreateContext(NULL, 1, &ventus, NULL, NULL, &e);
  EQ(e, CL_SUCCESS);
  cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, qp, 0};
  v->q = clCreateCommandQueueWithProperties(v->c, ventus, props, &e);
  EQ(e, CL_SUCCESS);
  const unsigned char *bins[] = {elf};
  cl_int st = 1;
  v->p = clCreateProgramWithBinary(v->c, 1, &ventus, &elf_len, bins, &st, &e);
  EQ(e, CL_SUCCESS);
  EQ(st, CL_SUCCESS);
  EQ(clBuildProgram(v->p, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
}

static void ventus_teardown(vctx *v)
{
  EQ(clReleaseProgram(v->p), CL_SUCCESS);
  EQ(clReleaseCommandQueue(v->q), CL_SUCCESS);
  EQ(clReleaseContext(v->c), CL_SUCCESS);
}

static void test_ventus_kernels(void)
{
  vctx v;
  ventus_setup(&v, CL_QUEUE_PROFILING_ENABLE);
  cl_int e;
  /* program info */
  size_t nk = 0;
  EQ(clGetProgramInfo(v.p, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL), CL_SUCCESS);
  EQ(nk, 4);
  char names[256];
  EQ(clGetProgramInfo(v.p, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL), CL_SUCCESS);
  CHECK(!strcmp(names, "vecadd;saxpy;localoffs;fault"), "%s", names);
  size_t bsz = 0;
  EQ(clGetProgramInfo(v.p, CL_PROGRAM_BINARY_SIZES, sizeof bsz, &bsz, NULL), CL_SUCCESS);
  EQ(bsz, elf_len);
  cl_build_status bs;
  EQ(clGetProgramBuildInfo(v.p, ventus, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL), CL_SUCCESS);
  EQ(bs, CL_BUILD_SUCCESS);
  /* kernels and arguments */
  cl_kernel k = clCreateKernel(v.p, "vecadd", &e);
  EQ(e, CL_SUCCESS);
  CHECK(!clCreateKernel(v.p, "nope", &e) && e == CL_INVALID_KERNEL_NAME, "%d", e);
  CHECK(!clCreateKernel(v.p, NULL, &e) && e == CL_INVALID_VALUE, "%d", e);
  cl_uint na = 0;
  EQ(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof na, &na, NULL), CL_SUCCESS);
  EQ(na, 3);
  char tn[64];
  EQ(clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_TYPE_NAME, sizeof tn, tn, NULL), CL_SUCCESS);
  CHECK(!strcmp(tn, "float*"), "%s", tn);
  EQ(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof tn, tn, NULL), CL_SUCCESS);
  CHECK(!strcmp(tn, "a"), "%s", tn);
  cl_kernel_arg_address_qualifier aq;
  EQ(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL), CL_SUCCESS);
  EQ(aq, CL_KERNEL_ARG_ADDRESS_GLOBAL);
  cl_kernel_arg_type_qualifier tq;
  EQ(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof tq, &tq, NULL), CL_SUCCESS);
  EQ(tq, CL_KERNEL_ARG_TYPE_CONST);
  EQ(clGetKernelArgInfo(k, 3, CL_KERNEL_ARG_NAME, sizeof tn, tn, NULL), CL_INVALID_ARG_INDEX);
  enum { N = 1000 };
  float a[N], b[N], c[N];
  for (int i = 0; i < N; i++) {
    a[i] = (float)i * 0.5f;
    b[i] = (float)(N - i);
  }
  cl_mem ma = clCreateBuffer(v.c, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof a, a, &e);
  EQ(e, CL_SUCCESS);
  cl_mem mb = clCreateBuffer(v.c, CL_MEM_READ_ONLY, sizeof b, NULL, &e);
  cl_mem mc = clCreateBuffer(v.c, CL_MEM_WRITE_ONLY, sizeof c, NULL, &e);
  EQ(clEnqueueWriteBuffer(v.q, mb, CL_TRUE, 0, sizeof b, b, 0, NULL, NULL), CL_SUCCESS);
  EQ(clSetKernelArg(k, 0, sizeof ma, &ma), CL_SUCCESS);
  EQ(clSetKernelArg(k, 1, sizeof mb, &mb), CL_SUCCESS);
  size_t g = N, l = 8;
  EQ(clEnqueueNDRangeKernel(v.q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_INVALID_KERNEL_ARGS);
  EQ(clSetKernelArg(k, 2, sizeof mc, &mc), CL_SUCCESS);
  EQ(clSetKernelArg(k, 2, 4, &mc), CL_INVALID_ARG_SIZE);
  cl_mem junk = (cl_mem)&g;
  EQ(clSetKernelArg(k, 2, sizeof junk, &junk), CL_INVALID_MEM_OBJECT);
  EQ(clSetKernelArg(k, 3, sizeof mc, &mc), CL_INVALID_ARG_INDEX);
  EQ(clEnqueueNDRangeKernel(v.q, k, 0, NULL, &g, &l, 0, NULL, NULL), CL_INVALID_WORK_DIMENSION);
  EQ(clEnqueueNDRangeKernel(v.q, k, 1, NULL, NULL, &l, 0, NULL, NULL), CL_INVALID_GLOBAL_WORK_SIZE);
  size_t big = 512;
  EQ(clEnqueueNDRangeKernel(v.q, k, 1, NULL, &g, &big, 0, NULL, NULL), CL_INVALID_WORK_ITEM_SIZE);
  size_t l3 = 3;
  EQ(clEnqueueNDRangeKernel(v.q, k, 1, NULL, &g, &l3, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE); /* 1000 % 3 */
  EQ(clEnqueueNDRangeKernel(v.q, k, 1, NULL, &g, &l, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
  cl_event ev;
  EQ(clEnqueueNDRangeKernel(v.q, k, 1, NULL, &g, &l, 0, NULL, &ev), CL_SUCCESS);
  EQ(clEnqueueReadBuffer(v.q, mc, CL_TRUE, 0, sizeof c, c, 1, &ev, NULL), CL_SUCCESS);
  int bad = 0;
  for (int i = 0; i < N; i++) bad += c[i] != a[i] + b[i];
  EQ(bad, 0);
  cl_int st;
  EQ(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), CL_SUCCESS);
  EQ(st, CL_COMPLETE);
  cl_command_type ct;
  EQ(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_SUCCESS);
  EQ(ct, CL_COMMAND_NDRANGE_KERNEL);
  cl_ulong t0, t1;
  EQ(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL), CL_SUCCESS);
  EQ(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL), CL_SUCCESS);
  CHECK(t1 > t0, "profiling: %llu .. %llu", (unsigned long long)t0, (unsigned long long)t1);
  EQ(clReleaseEvent(ev), CL_SUCCESS);
  /* NULL local size, and a global offset: c[off..] only */
  memset(c, 0, sizeof c);
  EQ(clEnqueueWriteBuffer(v.q, mc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL), CL_SUCCESS);
  size_t off = 200, g2 = 800;
  EQ(clEnqueueNDRangeKernel(v.q, k, 1, &off, &g2, NULL, 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueReadBuffer(v.q, mc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL), CL_SUCCESS);
  bad = 0;
  for (int i = 0; i < N; i++) bad += c[i] != (i < 200 ? 0.0f : a[i] + b[i]);
  EQ(bad, 0);
  /* by-value arguments (saxpy, a global size rounded up past n) */
  cl_kernel ks = clCreateKernel(v.p, "saxpy", &e);
  cl_uint n = 999;
  float alpha = 2.5f;
  EQ(clSetKernelArg(ks, 0, sizeof n, &n), CL_SUCCESS);
  EQ(clSetKernelArg(ks, 1, 8, &alpha), CL_INVALID_ARG_SIZE);
  EQ(clSetKernelArg(ks, 1, sizeof alpha, NULL), CL_INVALID_ARG_VALUE);
  EQ(clSetKernelArg(ks, 1, sizeof alpha, &alpha), CL_SUCCESS);
  EQ(clSetKernelArg(ks, 2, sizeof ma, &ma), CL_SUCCESS);
  EQ(clSetKernelArg(ks, 3, sizeof mc, &mc), CL_SUCCESS);
  float y0[N];
  memcpy(y0, c, sizeof c);
  size_t g3 = 1024, l4 = 64;
  EQ(clEnqueueNDRangeKernel(v.q, ks, 1, NULL, &g3, &l4, 0, NULL, NULL), CL_SUCCESS);
  EQ(clFinish(v.q), CL_SUCCESS);
  EQ(clEnqueueReadBuffer(v.q, mc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL), CL_SUCCESS);
  bad = 0;
  for (int i = 0; i < N; i++) bad += c[i] != (i < 999 ? fmaf(alpha, a[i], y0[i]) : y0[i]);
  EQ(bad, 0);
  /* __local arguments: offsets in local memory, 16-byte aligned */
  cl_kernel kl = clCreateKernel(v.p, "localoffs", &e);
  cl_mem mo = clCreateBuffer(v.c, CL_MEM_READ_WRITE, 8, NULL, &e);
  EQ(clSetKernelArg(kl, 0, sizeof mo, &mo), CL_SUCCESS);
  EQ(clSetKernelArg(kl, 1, 40, NULL), CL_SUCCESS);
  EQ(clSetKernelArg(kl, 2, 0, NULL), CL_INVALID_ARG_SIZE);
  EQ(clSetKernelArg(kl, 2, 8, &n), CL_INVALID_ARG_VALUE);
  EQ(clSetKernelArg(kl, 2, 8, NULL), CL_SUCCESS);
  size_t one = 1;
  EQ(clEnqueueNDRangeKernel(v.q, kl, 1, NULL, &one, &one, 0, NULL, NULL), CL_SUCCESS);
  cl_uint offs[2] = {7, 7};
  EQ(clEnqueueReadBuffer(v.q, mo, CL_TRUE, 0, 8, offs, 0, NULL, NULL), CL_SUCCESS);
  EQ(offs[0], 0);
  EQ(offs[1], 48);
  cl_ulong lm = 0;
  EQ(clGetKernelWorkGroupInfo(kl, ventus, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lm, &lm, NULL), CL_SUCCESS);
  EQ(lm, 48);
  EQ(clSetKernelArg(kl, 1, 1u << 30, NULL), CL_SUCCESS);
  EQ(clEnqueueNDRangeKernel(v.q, kl, 1, NULL, &one, &one, 0, NULL, NULL), CL_OUT_OF_RESOURCES);
  /* a kernel fault: the event fails, the host goes on */
  cl_kernel kf = clCreateKernel(v.p, "fault", &e);
  EQ(clSetKernelArg(kf, 0, sizeof mo, &mo), CL_SUCCESS);
  cl_event fe;
  EQ(clEnqueueNDRangeKernel(v.q, kf, 1, NULL, &one, &one, 0, NULL, &fe), CL_SUCCESS);
  EQ(clWaitForEvents(1, &fe), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EQ(clGetEventInfo(fe, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), CL_SUCCESS);
  CHECK(st < 0, "status %d", st);
  EQ(clEnqueueReadBuffer(v.q, mc, CL_TRUE, 0, 4, c, 1, &fe, NULL), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EQ(clEnqueueReadBuffer(v.q, mc, CL_TRUE, 0, 4, c, 0, NULL, NULL), CL_SUCCESS); /* the queue goes on */
  EQ(clReleaseEvent(fe), CL_SUCCESS);
  /* work-group info, clone */
  size_t wg = 0;
  EQ(clGetKernelWorkGroupInfo(k, NULL, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL), CL_SUCCESS);
  EQ(wg, 256);
  cl_kernel kc = clCloneKernel(k, &e);
  EQ(e, CL_SUCCESS);
  EQ(clEnqueueNDRangeKernel(v.q, kc, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
  EQ(clBuildProgram(v.p, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION); /* kernels are attached */
  cl_kernel all[8];
  cl_uint nall = 0;
  EQ(clCreateKernelsInProgram(v.p, 8, all, &nall), CL_SUCCESS);
  EQ(nall, 4);
  for (cl_uint i = 0; i < nall; i++) EQ(clReleaseKernel(all[i]), CL_SUCCESS);
  EQ(clReleaseKernel(kc), CL_SUCCESS);
  EQ(clReleaseKernel(kf), CL_SUCCESS);
  EQ(clReleaseKernel(kl), CL_SUCCESS);
  EQ(clReleaseKernel(ks), CL_SUCCESS);
  EQ(clReleaseKernel(k), CL_SUCCESS);
  EQ(clReleaseMemObject(mo), CL_SUCCESS);
  EQ(clReleaseMemObject(ma), CL_SUCCESS);
  EQ(clReleaseMemObject(mb), CL_SUCCESS);
  EQ(clReleaseMemObject(mc), CL_SUCCESS);
  /* a source program: no compiler for Ventus, and a build log that says so */
  const char *src = "kernel void f(global int *x) { x[0] = 1; }";
  cl_program ps = clCreateProgramWithSource(v.c, 1, &src, NULL, &e);
  EQ(e, CL_SUCCESS);
  EQ(clBuildProgram(ps, 0, NULL, NULL, NULL, NULL), CL_COMPILER_NOT_AVAILABLE);
  char log[1024];
  EQ(clGetProgramBuildInfo(ps, ventus, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL), CL_SUCCESS);
  CHECK(strstr(log, "no OpenCL C compiler is configured for the Ventus device") != NULL, "%s", log);
  CHECK(!clCreateKernel(ps, "f", &e) && e == CL_INVALID_PROGRAM_EXECUTABLE, "%d", e);
  EQ(clReleaseProgram(ps), CL_SUCCESS);
  const unsigned char junkbin[] = "not an ELF";
  const unsigned char *jb = junkbin;
  size_t jl = sizeof junkbin;
  cl_int bst;
  CHECK(!clCreateProgramWithBinary(v.c, 1, &ventus, &jl, &jb, &bst, &e) && e == CL_INVALID_BINARY && bst == CL_INVALID_BINARY,
        "%d %d", e, bst);
  ventus_teardown(&v);
}

static void test_buffers(void)
{
  vctx v;
  ventus_setup(&v, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_int e;
  char host[256];
  for (int i = 0; i < 256; i++) host[i] = (char)i;
  CHECK(!clCreateBuffer(v.c, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 16, NULL, &e) && e == CL_INVALID_VALUE, "%d", e);
  CHECK(!clCreateBuffer(v.c, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 16, host, &e) && e == CL_INVALID_VALUE, "%d", e);
  CHECK(!clCreateBuffer(v.c, CL_MEM_USE_HOST_PTR, 16, NULL, &e) && e == CL_INVALID_HOST_PTR, "%d", e);
  CHECK(!clCreateBuffer(v.c, 0, 16, host, &e) && e == CL_INVALID_HOST_PTR, "%d", e);
  CHECK(!clCreateBuffer(v.c, 0, 0, NULL, &e) && e == CL_INVALID_BUFFER_SIZE, "%d", e);
  CHECK(!clCreateBuffer(v.c, 0, (size_t)1 << 40, NULL, &e) && e == CL_INVALID_BUFFER_SIZE, "%d", e);
  CHECK(!clCreateBuffer(NULL, 0, 16, NULL, &e) && e == CL_INVALID_CONTEXT, "%d", e);
  /* USE_HOST_PTR: a map gives the user's memory */
  cl_mem u = clCreateBuffer(v.c, CL_MEM_USE_HOST_PTR, 256, host, &e);
  EQ(e, CL_SUCCESS);
  void *mp = clEnqueueMapBuffer(v.q, u, CL_TRUE, CL_MAP_READ, 16, 32, 0, NULL, NULL, &e);
  EQ(e, CL_SUCCESS);
  CHECK(mp == host + 16, "map of USE_HOST_PTR");
  cl_uint mc = 0;
  EQ(clGetMemObjectInfo(u, CL_MEM_MAP_COUNT, sizeof mc, &mc, NULL), CL_SUCCESS);
  EQ(mc, 1);
  EQ(clEnqueueUnmapMemObject(v.q, u, host, 0, NULL, NULL), CL_INVALID_VALUE);
  EQ(clEnqueueUnmapMemObject(v.q, u, mp, 0, NULL, NULL), CL_SUCCESS);
  /* fill, copy, read back */
  cl_mem a = clCreateBuffer(v.c, CL_MEM_READ_WRITE, 256, NULL, &e);
  cl_uint pat = 0xdeadbeef;
  EQ(clEnqueueFillBuffer(v.q, a, &pat, 3, 0, 256, 0, NULL, NULL), CL_INVALID_VALUE);
  EQ(clEnqueueFillBuffer(v.q, a, &pat, 4, 2, 256, 0, NULL, NULL), CL_INVALID_VALUE);
  EQ(clEnqueueFillBuffer(v.q, a, &pat, 4, 0, 256, 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueCopyBuffer(v.q, u, a, 8, 64, 16, 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueCopyBuffer(v.q, a, a, 0, 8, 16, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
  EQ(clEnqueueCopyBuffer(v.q, a, u, 250, 0, 16, 0, NULL, NULL), CL_INVALID_VALUE);
  unsigned char out[256];
  EQ(clEnqueueReadBuffer(v.q, a, CL_TRUE, 0, 256, out, 0, NULL, NULL), CL_SUCCESS);
  int bad = 0;
  for (int i = 0; i < 256; i++) {
    unsigned char want = (i >= 64 && i < 80) ? (unsigned char)(i - 56) : (unsigned char)(pat >> (8 * (i % 4)));
    bad += out[i] != want;
  }
  EQ(bad, 0);
  EQ(clEnqueueReadBuffer(v.q, a, CL_TRUE, 200, 100, out, 0, NULL, NULL), CL_INVALID_VALUE);
  EQ(clEnqueueReadBuffer(v.q, a, CL_TRUE, 0, 4, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
  /* host access flags */
  cl_mem ho = clCreateBuffer(v.c, CL_MEM_HOST_WRITE_ONLY, 16, NULL, &e);
  EQ(clEnqueueReadBuffer(v.q, ho, CL_TRUE, 0, 4, out, 0, NULL, NULL), CL_INVALID_OPERATION);
  EQ(clEnqueueWriteBuffer(v.q, ho, CL_TRUE, 0, 4, out, 0, NULL, NULL), CL_SUCCESS);
  EQ(clReleaseMemObject(ho), CL_SUCCESS);
  /* sub-buffers */
  cl_buffer_region r = {128, 64};
  cl_mem sb = clCreateSubBuffer(a, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &e);
  EQ(e, CL_SUCCESS);
  cl_buffer_region r2 = {4, 16};
  CHECK(!clCreateSubBuffer(a, 0, CL_BUFFER_CREATE_TYPE_REGION, &r2, &e) && e == CL_MISALIGNED_SUB_BUFFER_OFFSET, "%d", e);
  cl_buffer_region r3 = {200, 100};
  CHECK(!clCreateSubBuffer(a, 0, CL_BUFFER_CREATE_TYPE_REGION, &r3, &e) && e == CL_INVALID_VALUE, "%d", e);
  CHECK(!clCreateSubBuffer(sb, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &e) && e == CL_INVALID_MEM_OBJECT, "%d", e);
  EQ(clEnqueueWriteBuffer(v.q, sb, CL_TRUE, 0, 4, "ABCD", 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueReadBuffer(v.q, a, CL_TRUE, 128, 4, out, 0, NULL, NULL), CL_SUCCESS);
  CHECK(!memcmp(out, "ABCD", 4), "sub-buffer write visible in the parent");
  size_t so = 0;
  cl_mem par = NULL;
  EQ(clGetMemObjectInfo(sb, CL_MEM_OFFSET, sizeof so, &so, NULL), CL_SUCCESS);
  EQ(so, 128);
  EQ(clGetMemObjectInfo(sb, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof par, &par, NULL), CL_SUCCESS);
  CHECK(par == a, "parent");
  /* rect: a 4x3 block out of a 16-wide 2-D buffer */
  size_t bo[3] = {2, 1, 0}, ho3[3] = {0, 0, 0}, reg[3] = {4, 3, 1};
  char block[12];
  EQ(clEnqueueReadBufferRect(v.q, u, CL_TRUE, bo, ho3, reg, 16, 0, 4, 0, block, 0, NULL, NULL), CL_SUCCESS);
  bad = 0;
  for (int y = 0; y < 3; y++)
    for (int x = 0; x < 4; x++) bad += block[y * 4 + x] != host[(1 + y) * 16 + 2 + x];
  EQ(bad, 0);
  size_t reg0[3] = {0, 1, 1};
  EQ(clEnqueueReadBufferRect(v.q, u, CL_TRUE, bo, ho3, reg0, 16, 0, 4, 0, block, 0, NULL, NULL), CL_INVALID_VALUE);
  const char rows[6] = "abcdef";
  size_t reg2[3] = {3, 2, 1}, dsto[3] = {0, 2, 0};
  EQ(clEnqueueWriteBufferRect(v.q, a, CL_TRUE, dsto, ho3, reg2, 8, 0, 3, 0, rows, 0, NULL, NULL), CL_SUCCESS);
  size_t srco[3] = {0, 2, 0}, cpo[3] = {0, 0, 0};
  EQ(clEnqueueCopyBufferRect(v.q, a, u, srco, cpo, reg2, 8, 0, 8, 0, 0, NULL, NULL), CL_SUCCESS);
  char *m2 = clEnqueueMapBuffer(v.q, u, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 16, 0, NULL, NULL, &e);
  CHECK(m2 && !memcmp(m2, "abc", 3) && !memcmp(m2 + 8, "def", 3), "rect write+copy");
  m2[15] = 'Z';
  EQ(clEnqueueUnmapMemObject(v.q, u, m2, 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueReadBuffer(v.q, u, CL_TRUE, 15, 1, out, 0, NULL, NULL), CL_SUCCESS);
  EQ(out[0], 'Z');
  EQ(clEnqueueMigrateMemObjects(v.q, 1, &a, 0, 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueMigrateMemObjects(v.q, 0, &a, 0, 0, NULL, NULL), CL_INVALID_VALUE);
  EQ(clFinish(v.q), CL_SUCCESS);
  EQ(clReleaseMemObject(sb), CL_SUCCESS);
  EQ(clReleaseMemObject(a), CL_SUCCESS);
  EQ(clReleaseMemObject(u), CL_SUCCESS);
  /* images, samplers, pipes, SVM: not supported */
  cl_image_format fmt = {CL_RGBA, CL_FLOAT};
  cl_image_desc desc = {CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 1, 0, 0, 0, 0, {NULL}};
  CHECK(!clCreateImage(v.c, 0, &fmt, &desc, NULL, &e) && e == CL_INVALID_OPERATION, "%d", e);
  CHECK(!clCreateSamplerWithProperties(v.c, NULL, &e) && e == CL_INVALID_OPERATION, "%d", e);
  CHECK(!clCreatePipe(v.c, 0, 4, 4, NULL, &e) && e == CL_INVALID_OPERATION, "%d", e);
  CHECK(!clSVMAlloc(v.c, 0, 64, 0), "SVM");
  ventus_teardown(&v);
}

static void CL_CALLBACK on_event(cl_event e, cl_int st, void *u)
{
  (void)e;
  int *log = u;
  log[log[0] + 1] = st;
  log[0]++;
}

static void CL_CALLBACK on_destroy(cl_mem m, void *u)
{
  (void)m;
  ++*(int *)u;
}

static void test_events(void)
{
  vctx v;
  ventus_setup(&v, CL_QUEUE_PROFILING_ENABLE);
  cl_int e;
  cl_event ue = clCreateUserEvent(v.c, &e);
  EQ(e, CL_SUCCESS);
  cl_int st;
  EQ(clGetEventInfo(ue, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), CL_SUCCESS);
  EQ(st, CL_SUBMITTED);
  int log[8] = {0};
  EQ(clSetEventCallback(ue, CL_COMPLETE, on_event, log), CL_SUCCESS);
  EQ(clSetEventCallback(ue, 77, on_event, log), CL_INVALID_VALUE);
  /* a write and a read that wait for the user event */
  cl_mem m = clCreateBuffer(v.c, CL_MEM_READ_WRITE, 16, NULL, &e);
  int in[4] = {1, 2, 3, 4}, out[4] = {0};
  cl_event w, r, mk;
  EQ(clEnqueueWriteBuffer(v.q, m, CL_FALSE, 0, 16, in, 1, &ue, &w), CL_SUCCESS);
  EQ(clEnqueueReadBuffer(v.q, m, CL_FALSE, 0, 16, out, 0, NULL, &r), CL_SUCCESS);
  EQ(clEnqueueMarkerWithWaitList(v.q, 0, NULL, &mk), CL_SUCCESS);
  EQ(clGetEventInfo(r, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), CL_SUCCESS);
  CHECK(st > 0, "read ran before the user event: %d", st);
  EQ(clSetEventCallback(r, CL_COMPLETE, on_event, log), CL_SUCCESS);
  EQ(clSetUserEventStatus(ue, 5), CL_INVALID_VALUE);
  EQ(clSetUserEventStatus(ue, CL_COMPLETE), CL_SUCCESS);
  EQ(clSetUserEventStatus(ue, CL_COMPLETE), CL_INVALID_OPERATION);
  EQ(clWaitForEvents(1, &mk), CL_SUCCESS);
  CHECK(!memcmp(in, out, sizeof in), "data after the user event");
  EQ(log[0], 2);
  EQ(log[1], CL_COMPLETE);
  EQ(clGetEventProfilingInfo(ue, CL_PROFILING_COMMAND_START, 8, &(cl_ulong){0}, NULL), CL_PROFILING_INFO_NOT_AVAILABLE);
  cl_ulong q0, s0, t0, t1;
  EQ(clGetEventProfilingInfo(w, CL_PROFILING_COMMAND_QUEUED, 8, &q0, NULL), CL_SUCCESS);
  EQ(clGetEventProfilingInfo(w, CL_PROFILING_COMMAND_SUBMIT, 8, &s0, NULL), CL_SUCCESS);
  EQ(clGetEventProfilingInfo(w, CL_PROFILING_COMMAND_START, 8, &t0, NULL), CL_SUCCESS);
  EQ(clGetEventProfilingInfo(w, CL_PROFILING_COMMAND_END, 8, &t1, NULL), CL_SUCCESS);
  CHECK(q0 <= s0 && s0 <= t0 && t0 < t1, "profiling order");
  /* a failed user event fails what waits for it */
  cl_event ue2 = clCreateUserEvent(v.c, &e), r2;
  EQ(clEnqueueReadBuffer(v.q, m, CL_FALSE, 0, 16, out, 1, &ue2, &r2), CL_SUCCESS);
  EQ(clSetUserEventStatus(ue2, -42), CL_SUCCESS);
  EQ(clWaitForEvents(1, &r2), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EQ(clGetEventInfo(r2, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), CL_SUCCESS);
  EQ(st, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EQ(clWaitForEvents(0, NULL), CL_INVALID_VALUE);
  EQ(clEnqueueBarrierWithWaitList(v.q, 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueMarker(v.q, NULL), CL_INVALID_VALUE);
  EQ(clEnqueueBarrier(v.q), CL_SUCCESS);
  EQ(clEnqueueWaitForEvents(v.q, 1, &mk), CL_SUCCESS);
  EQ(clFlush(v.q), CL_SUCCESS);
  EQ(clFinish(v.q), CL_SUCCESS);
  EQ(clFinish(NULL), CL_INVALID_COMMAND_QUEUE);
  cl_command_queue_properties qp;
  EQ(clGetCommandQueueInfo(v.q, CL_QUEUE_PROPERTIES, sizeof qp, &qp, NULL), CL_SUCCESS);
  EQ(qp, CL_QUEUE_PROFILING_ENABLE);
  CHECK(!clCreateCommandQueue(v.c, ventus, CL_QUEUE_ON_DEVICE, &e) && e == CL_INVALID_QUEUE_PROPERTIES, "%d", e);
  CHECK(!clCreateCommandQueue(v.c, gfx900, 0, &e) && e == CL_INVALID_DEVICE, "%d", e);
  int destroyed = 0;
  EQ(clSetMemObjectDestructorCallback(m, on_destroy, &destroyed), CL_SUCCESS);
  EQ(clReleaseMemObject(m), CL_SUCCESS);
  EQ(destroyed, 1);
  cl_event evs[] = {ue, w, r, mk, ue2, r2};
  for (int i = 0; i < 6; i++) EQ(clReleaseEvent(evs[i]), CL_SUCCESS);
  ventus_teardown(&v);
}

/* ---- AMD: programs from source with clang-19 (execution: test_opencl_amd.c) ---- */

static void test_amd(void)
{
  cl_int e;
  cl_device_id devs[2] = {gfx900, gfx1100};
  cl_context c = clCreateContext(NULL, 2, devs, NULL, NULL, &e);
  EQ(e, CL_SUCCESS);
  const char *src =
    "kernel void scale(global float *restrict out, global const float *in, float s, local int *tmp) {\n"
    "  int i = get_global_id(0); out[i] = in[i] * s; }\n"
    "kernel __attribute__((reqd_work_group_size(64,1,1))) void fixed(constant int *c, long v) { }\n";
  cl_program p = clCreateProgramWithSource(c, 1, &src, NULL, &e);
  EQ(e, CL_SUCCESS);
  EQ(clBuildProgram(p, 0, NULL, "-cl-foo", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
  e = clBuildProgram(p, 0, NULL, "-cl-std=CL2.0 -D UNUSED=1", NULL, NULL);
  if (e == CL_COMPILER_NOT_AVAILABLE) {
    fprintf(stderr, "note: no clang-19: AMD source builds not checked\n");
    clReleaseProgram(p);
    clReleaseContext(c);
    return;
  }
  EQ(e, CL_SUCCESS);
  char names[128];
  EQ(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL), CL_SUCCESS);
  CHECK(!strcmp(names, "scale;fixed"), "%s", names);
  cl_kernel k = clCreateKernel(p, "scale", &e);
  EQ(e, CL_SUCCESS);
  cl_uint na;
  EQ(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof na, &na, NULL), CL_SUCCESS);
  EQ(na, 4);
  char s[64];
  EQ(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_NAME, sizeof s, s, NULL), CL_SUCCESS);
  CHECK(!strcmp(s, "in"), "%s", s);
  EQ(clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_TYPE_NAME, sizeof s, s, NULL), CL_SUCCESS);
  CHECK(!strcmp(s, "float"), "%s", s);
  cl_kernel_arg_address_qualifier aq;
  EQ(clGetKernelArgInfo(k, 3, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL), CL_SUCCESS);
  EQ(aq, CL_KERNEL_ARG_ADDRESS_LOCAL);
  cl_kernel_arg_type_qualifier tq;
  EQ(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof tq, &tq, NULL), CL_SUCCESS);
  EQ(tq, CL_KERNEL_ARG_TYPE_RESTRICT);
  size_t pm;
  EQ(clGetKernelWorkGroupInfo(k, gfx1100, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof pm, &pm, NULL), CL_SUCCESS);
  EQ(pm, 32);
  EQ(clGetKernelWorkGroupInfo(k, gfx900, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof pm, &pm, NULL), CL_SUCCESS);
  EQ(pm, 64);
  EQ(clGetKernelWorkGroupInfo(k, NULL, CL_KERNEL_WORK_GROUP_SIZE, sizeof pm, &pm, NULL), CL_INVALID_DEVICE);
  EQ(clGetKernelWorkGroupInfo(k, gfx900, CL_KERNEL_WORK_GROUP_SIZE, sizeof pm, &pm, NULL), CL_SUCCESS);
  EQ(pm, 256); /* .max_flat_workgroup_size */
  cl_kernel kf = clCreateKernel(p, "fixed", &e);
  size_t cw[3];
  EQ(clGetKernelWorkGroupInfo(kf, gfx900, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof cw, cw, NULL), CL_SUCCESS);
  CHECK(cw[0] == 64 && cw[1] == 1 && cw[2] == 1, "%zu %zu %zu", cw[0], cw[1], cw[2]);
  char attr[128];
  EQ(clGetKernelInfo(kf, CL_KERNEL_ATTRIBUTES, sizeof attr, attr, NULL), CL_SUCCESS);
  CHECK(!strcmp(attr, "reqd_work_group_size(64,1,1)"), "%s", attr);
  /* arguments by their metadata sizes */
  float sc = 2.0f;
  double dbl = 2.0;
  EQ(clSetKernelArg(k, 2, sizeof dbl, &dbl), CL_INVALID_ARG_SIZE);
  EQ(clSetKernelArg(k, 2, sizeof sc, &sc), CL_SUCCESS);
  cl_mem b = clCreateBuffer(c, CL_MEM_READ_WRITE, 1024, NULL, &e);
  EQ(clSetKernelArg(k, 0, sizeof b, &b), CL_SUCCESS);
  EQ(clSetKernelArg(k, 1, sizeof b, &b), CL_SUCCESS);
  EQ(clSetKernelArg(k, 3, 64, NULL), CL_SUCCESS);
  /* buffers work on AMD devices, and migrate between them; gfx1100 runs the kernel */
  cl_command_queue q = clCreateCommandQueue(c, gfx1100, 0, &e);
  float data[256], back[256];
  for (int i = 0; i < 256; i++) data[i] = (float)i;
  EQ(clEnqueueWriteBuffer(q, b, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL), CL_SUCCESS);
  cl_command_queue q9 = clCreateCommandQueue(c, gfx900, 0, &e);
  EQ(clEnqueueReadBuffer(q9, b, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL), CL_SUCCESS); /* migrated */
  CHECK(!memcmp(data, back, sizeof data), "AMD buffer round trip across devices");
  size_t g = 256, l = 64;
  EQ(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL), CL_SUCCESS);
  int scaled = 1; /* out = in * 2 in place: i -> 2i */
  for (int i = 0; i < 256; i++) scaled &= back[i] == 2.0f * (float)i;
  CHECK(scaled, "scale on gfx1100");
  size_t l512 = 512;
  EQ(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l512, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
  size_t g0 = 0;
  EQ(clEnqueueNDRangeKernel(q, k, 1, NULL, &g0, NULL, 0, NULL, NULL), CL_SUCCESS); /* empty NDRange: nothing runs */
  /* binaries: CL_PROGRAM_BINARIES round trip, and a wrong target is refused */
  size_t sizes[2];
  EQ(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof sizes, sizes, NULL), CL_SUCCESS);
  unsigned char *bins[2] = {malloc(sizes[0]), malloc(sizes[1])};
  EQ(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL), CL_SUCCESS);
  CHECK(bins[0][0] == 0x7f && bins[0][1] == 'E' && bins[0][4] == 2, "an ELF64 code object");
  cl_int st[2];
  const unsigned char *cb[2] = {bins[0], bins[1]};
  cl_program pb = clCreateProgramWithBinary(c, 2, devs, sizes, cb, st, &e);
  EQ(e, CL_SUCCESS);
  EQ(clBuildProgram(pb, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
  cl_program_binary_type bt;
  EQ(clGetProgramBuildInfo(pb, gfx900, CL_PROGRAM_BINARY_TYPE, sizeof bt, &bt, NULL), CL_SUCCESS);
  EQ(bt, CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  const unsigned char *swapped[2] = {bins[1], bins[0]};
  size_t ssz[2] = {sizes[1], sizes[0]};
  CHECK(!clCreateProgramWithBinary(c, 2, devs, ssz, swapped, st, &e) && e == CL_INVALID_BINARY && st[0] == CL_INVALID_BINARY,
        "%d", e);
  free(bins[0]);
  free(bins[1]);
  /* a compile error: the log has clang's message */
  const char *bad = "kernel void f(global int *x) { x[0] = nope; }";
  cl_program pbad = clCreateProgramWithSource(c, 1, &bad, NULL, &e);
  EQ(clBuildProgram(pbad, 1, &gfx900, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
  char log[4096];
  EQ(clGetProgramBuildInfo(pbad, gfx900, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL), CL_SUCCESS);
  CHECK(strstr(log, "undeclared identifier 'nope'") != NULL, "%s", log);
  cl_build_status bs;
  EQ(clGetProgramBuildInfo(pbad, gfx900, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL), CL_SUCCESS);
  EQ(bs, CL_BUILD_ERROR);
  /* separate compilation with a header, then link */
  const char *hdr = "#define FACTOR 3\n";
  const char *use = "#include \"factor.h\"\nkernel void g(global int *x) { x[0] = FACTOR; }";
  cl_program ph = clCreateProgramWithSource(c, 1, &hdr, NULL, &e);
  cl_program pu = clCreateProgramWithSource(c, 1, &use, NULL, &e);
  const char *hn = "factor.h";
  EQ(clCompileProgram(pu, 1, &gfx900, NULL, 1, &ph, &hn, NULL, NULL), CL_SUCCESS);
  cl_program pl = clLinkProgram(c, 1, &gfx900, NULL, 1, &pu, NULL, NULL, &e);
  EQ(e, CL_SUCCESS);
  if (pl) {
    char kn[32];
    EQ(clGetProgramInfo(pl, CL_PROGRAM_KERNEL_NAMES, sizeof kn, kn, NULL), CL_SUCCESS);
    CHECK(!strcmp(kn, "g"), "%s", kn);
    clReleaseProgram(pl);
  }
  EQ(clReleaseProgram(ph), CL_SUCCESS);
  EQ(clReleaseProgram(pu), CL_SUCCESS);
  EQ(clReleaseProgram(pbad), CL_SUCCESS);
  EQ(clReleaseProgram(pb), CL_SUCCESS);
  EQ(clReleaseCommandQueue(q), CL_SUCCESS);
  EQ(clReleaseCommandQueue(q9), CL_SUCCESS);
  EQ(clReleaseMemObject(b), CL_SUCCESS);
  EQ(clReleaseKernel(k), CL_SUCCESS);
  EQ(clReleaseKernel(kf), CL_SUCCESS);
  EQ(clReleaseProgram(p), CL_SUCCESS);
  EQ(clReleaseContext(c), CL_SUCCESS);
}

/* ---- threads ---- */

typedef struct tjob {
  vctx *v;
  int id, bad;
} tjob;

static void *worker(void *arg)
{
  tjob *j = arg;
  cl_int e;
  cl_command_queue own = clCreateCommandQueue(j->v->c, ventus, 0, &e);
  cl_kernel k = clCreateKernel(j->v->p, "vecadd", &e);
  enum { N = 256 };
  for (int it = 0; it < 8; it++) {
    float a[N], b[N], c[N];
    for (int i = 0; i < N; i++) {
      a[i] = (float)(j->id * 1000 + i);
      b[i] = (float)it;
    }
    cl_mem ma = clCreateBuffer(j->v->c, CL_MEM_COPY_HOST_PTR, sizeof a, a, &e);
    cl_mem mb = clCreateBuffer(j->v->c, CL_MEM_COPY_HOST_PTR, sizeof b, b, &e);
    cl_mem mc = clCreateBuffer(j->v->c, 0, sizeof c, NULL, &e);
    clSetKernelArg(k, 0, sizeof ma, &ma);
    clSetKernelArg(k, 1, sizeof mb, &mb);
    clSetKernelArg(k, 2, sizeof mc, &mc);
    size_t g = N, l = 32;
    cl_command_queue q = (it & 1) ? own : j->v->q; /* half on a queue shared by all threads */
    if (clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL) != CL_SUCCESS) j->bad++;
    if (clEnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL) != CL_SUCCESS) j->bad++;
    for (int i = 0; i < N; i++) j->bad += c[i] != a[i] + b[i];
    clReleaseMemObject(ma);
    clReleaseMemObject(mb);
    clReleaseMemObject(mc);
  }
  clReleaseKernel(k);
  clReleaseCommandQueue(own);
  return NULL;
}

static void test_threads(void)
{
  vctx v;
  ventus_setup(&v, 0);
  enum { T = 4 };
  pthread_t th[T];
  tjob jobs[T];
  for (int i = 0; i < T; i++) {
    jobs[i] = (tjob){&v, i, 0};
    pthread_create(&th[i], NULL, worker, &jobs[i]);
  }
  int bad = 0;
  for (int i = 0; i < T; i++) {
    pthread_join(th[i], NULL);
    bad += jobs[i].bad;
  }
  EQ(bad, 0);
  ventus_teardown(&v);
}

int main(int argc, char **argv)
{
  if (argc < 2) {
    fprintf(stderr, "usage: test_opencl KERNELS.elf\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  fseek(f, 0, SEEK_END);
  elf_len = (size_t)ftell(f);
  rewind(f);
  elf = malloc(elf_len);
  if (!elf || fread(elf, 1, elf_len, f) != elf_len) return 2;
  fclose(f);
  test_platform();
  test_context();
  test_ventus_kernels();
  test_buffers();
  test_events();
  test_amd();
  test_threads();
  free(elf);
  printf("%d checks, %d failed\n", checks, failures);
  return failures ? 1 : 0;
}
