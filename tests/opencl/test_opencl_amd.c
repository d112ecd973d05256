/* The OpenCL platform's AMD devices run kernels (docs/opencl.md), through
 * the ICD loader: OCL_ICD_VENDORS is a directory holding ventsim.icd and
 * pocl.icd.  Every kernel runs on the ventsim gfx900 and gfx906 devices and
 * on pocl from the same source; each result is checked against a host
 * computation here (written out below) and the ventsim results against
 * pocl's.  Only kernels whose gfx9 instructions ventsim executes are used
 * (integer/f32 add, mul, fma, loads/stores, local memory and barriers).
 * Then a kernel with an instruction ventsim does not execute fails as an
 * OpenCL error (negative event status, a message on stderr), and gfx1100
 * refuses launches.
 *
 *     test_opencl_amd   (exit 77: no pocl, no clang-19 or no device) */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;

#define CHECK(c, ...)                                                                  \
  do {                                                                                 \
    if (!(c)) {                                                                        \
      failures++;                                                                      \
      fprintf(stderr, "%s:%d: FAIL %s: ", __FILE__, __LINE__, #c);                     \
      fprintf(stderr, __VA_ARGS__);                                                    \
      fputc('\n', stderr);                                                             \
    }                                                                                  \
  } while (0)
#define EQ(a, b) CHECK((long long)(a) == (long long)(b), "%lld != %lld", (long long)(a), (long long)(b))

static const char *src =
  "typedef struct { long c; int a; float b; int arr[60]; } params;\n"
  "kernel void arith(global const int *ia, global const int *ib, global const float *fa,\n"
  "                  global const float *fb, global const float *fc, global int *oi, global float *of) {\n"
  "  size_t i = get_global_id(0);\n"
  "  oi[3 * i] = ia[i] + ib[i]; oi[3 * i + 1] = ia[i] * ib[i]; oi[3 * i + 2] = ia[i] - ib[i];\n"
  "  of[3 * i] = fa[i] + fb[i]; of[3 * i + 1] = fa[i] * fb[i]; of[3 * i + 2] = fma(fa[i], fb[i], fc[i]);\n"
  "}\n"
  "kernel void lreverse(global const int *in, global int *out) {\n"
  "  local int t[64];\n"
  "  size_t l = get_local_id(0);\n"
  "  t[l] = in[get_global_id(0)];\n"
  "  barrier(CLK_LOCAL_MEM_FENCE);\n"
  "  out[get_global_id(0)] = t[get_local_size(0) - 1 - l];\n"
  "}\n"
  "kernel void larg(global const int *in, global int *out, local int *t) {\n"
  "  size_t l = get_local_id(0);\n"
  "  t[l] = in[get_global_id(0)] * 2;\n"
  "  barrier(CLK_LOCAL_MEM_FENCE);\n"
  "  out[get_global_id(0)] = t[get_local_size(0) - 1 - l];\n"
  "}\n"
  "kernel void bystruct(global int *out, params p) {\n"
  "  size_t i = get_global_id(0);\n"
  "  out[i] = p.a + (int)p.c * 3 + p.arr[i % 60] + as_int(p.b);\n"
  "}\n"
  "kernel void ids(global uint *out) {\n"
  "  size_t g = get_global_id(0) - get_global_offset(0);\n"
  "  out[4 * g] = get_global_id(0); out[4 * g + 1] = get_local_id(0);\n"
  "  out[4 * g + 2] = get_group_id(0); out[4 * g + 3] = get_local_size(0);\n"
  "}\n"
  "kernel void pr(global const int *in) {\n"
  "  int i = get_global_id(0);\n"
  "  if (i < 4) printf(\"item %d: %d 0x%x\\n\", i, in[i], in[i] * 3);\n"
  "}\n";

/* An instruction ventsim does not execute: image_load (MIMG is decoded,
 * never executed: compute kernels of OpenCL C without images never use
 * it, and issue 12 makes executing it an unsupported-instruction error) */
static const char *src_unsup =
  "kernel void unsup(global int *o) {\n"
  "  o[get_global_id(0)] = 1;\n"
  "  __asm__ volatile(\"image_load v[0:3], v[0:3], s[0:7] dmask:0xf unorm\" ::: \"v0\", \"v1\", \"v2\", \"v3\");\n"
  "  o[get_global_id(0)] = 2;\n"
  "}\n";

#define N 256       /* work-items of most launches */
#define NU 100      /* the non-uniform launch: groups of 64, 36 */
#define NN 1000     /* NULL local size */
#define OFF 16      /* global offset */

typedef struct {
  cl_long c;
  cl_int a;
  cl_float b;
  cl_int arr[60];
} params;

/* What one device computes */
typedef struct {
  int oi[3 * N];
  float of[3 * N];
  int rev[N], rev2[N], st[N];
  cl_uint ids_off[4 * N], ids_nu[4 * NU], ids_null[4 * NN];
  char printed[4096];
  int nonuniform;         /* the device takes partial work-groups */
  char skipped[256];      /* " NAME" of every kernel that stopped at an instruction listed below */
} results;

static int skipped(const results *r, const char *k)
{
  char w[64];
  snprintf(w, sizeof w, " %s ", k);
  return strstr(r->skipped, w) != NULL;
}

/* Kernels that may stop at an instruction ventsim does not execute yet
 * (others are adding them): DEVICE KERNEL MNEMONIC.  A kernel of this list
 * that stops elsewhere, or one not listed that stops, fails the test. */
static const char *const may_stop[][3] = {
  {"gfx906", "arith", "v_fmac_f32_e32"},            /* fma() on gfx906 */
  {"*", "bystruct", "v_cvt_i32_f32_e32"},
};

static int ia[N], ib[N];
static float fa[N], fb[N], fc[N];

static cl_device_id find(const char *platform, const char *device)
{
  cl_platform_id ps[16];
  cl_uint np = 0;
  if (clGetPlatformIDs(16, ps, &np) != CL_SUCCESS) return NULL;
  for (cl_uint i = 0; i < np; i++) {
    char name[256];
    clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (strcmp(name, platform)) continue;
    cl_device_id ds[16];
    cl_uint nd = 0;
    if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_ALL, 16, ds, &nd) != CL_SUCCESS) return NULL;
    for (cl_uint j = 0; j < nd; j++) {
      char dn[256];
      clGetDeviceInfo(ds[j], CL_DEVICE_NAME, sizeof dn, dn, NULL);
      if (!device || strstr(dn, device)) return ds[j];
    }
  }
  return NULL;
}

/* Runs fn with file descriptor fd pointed at a temporary file; its contents in buf */
static void capture(int fd, void (*fn)(void *), void *ctx, char *buf, size_t len)
{
  char path[] = "/tmp/vs_ocl_amd_XXXXXX";
  int t = mkstemp(path);
  fflush(NULL);
  int saved = dup(fd);
  dup2(t, fd);
  fn(ctx);
  fflush(NULL);
  dup2(saved, fd);
  close(saved);
  lseek(t, 0, SEEK_SET);
  ssize_t n = read(t, buf, len - 1);
  buf[n > 0 ? n : 0] = '\0';
  close(t);
  unlink(path);
}

typedef struct {
  cl_command_queue q;
  cl_kernel k;
  cl_mem in;
} print_ctx;

static void run_print(void *p)
{
  print_ctx *c = p;
  size_t g = 64, l = 64;
  clSetKernelArg(c->k, 0, sizeof c->in, &c->in);
  EQ(clEnqueueNDRangeKernel(c->q, c->k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
  EQ(clFinish(c->q), CL_SUCCESS);
}

static cl_mem buf(cl_context c, size_t size, const void *init)
{
  cl_int e;
  cl_mem m = clCreateBuffer(c, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0), size, (void *)init, &e);
  EQ(e, CL_SUCCESS);
  return m;
}

typedef struct {
  cl_device_id dev;
  const char *what;
  results *r;
} run_ctx;

static void run_all_in(void *ctx)
{
  run_ctx *x = ctx;
  cl_device_id dev = x->dev;
  const char *what = x->what;
  results *r = x->r;
  cl_int e;
  cl_bool nu = CL_FALSE;
  clGetDeviceInfo(dev, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof nu, &nu, NULL);
  r->nonuniform = nu == CL_TRUE;
  cl_context c = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
  EQ(e, CL_SUCCESS);
  cl_command_queue q = clCreateCommandQueueWithProperties(c, dev, NULL, &e);
  EQ(e, CL_SUCCESS);
  cl_program p = clCreateProgramWithSource(c, 1, &src, NULL, &e);
  e = clBuildProgram(p, 1, &dev, "-cl-std=CL2.0", NULL, NULL);
  if (e != CL_SUCCESS) {
    char log[8192] = "";
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    fprintf(stderr, "%s: build failed (%d): %s\n", what, e, log);
    failures++;
    return;
  }
  cl_mem mia = buf(c, sizeof ia, ia), mib = buf(c, sizeof ib, ib), mfa = buf(c, sizeof fa, fa);
  cl_mem mfb = buf(c, sizeof fb, fb), mfc = buf(c, sizeof fc, fc);
  cl_mem moi = buf(c, sizeof r->oi, NULL), mof = buf(c, sizeof r->of, NULL), mo = buf(c, sizeof r->ids_null, NULL);
  size_t g = N, l = 64;
  /* integer and f32 arithmetic */
  cl_kernel k = clCreateKernel(p, "arith", &e);
  cl_mem a7[7] = {mia, mib, mfa, mfb, mfc, moi, mof};
  for (cl_uint i = 0; i < 7; i++) EQ(clSetKernelArg(k, i, sizeof(cl_mem), &a7[i]), CL_SUCCESS);
  cl_event ev;
  EQ(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, &ev), CL_SUCCESS);
  clWaitForEvents(1, &ev);
  clReleaseEvent(ev);
  EQ(clEnqueueReadBuffer(q, moi, CL_TRUE, 0, sizeof r->oi, r->oi, 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueReadBuffer(q, mof, CL_TRUE, 0, sizeof r->of, r->of, 0, NULL, NULL), CL_SUCCESS);
  clReleaseKernel(k);
  /* static local memory and a barrier */
  k = clCreateKernel(p, "lreverse", &e);
  clSetKernelArg(k, 0, sizeof mia, &mia);
  clSetKernelArg(k, 1, sizeof mo, &mo);
  EQ(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueReadBuffer(q, mo, CL_TRUE, 0, sizeof r->rev, r->rev, 0, NULL, NULL), CL_SUCCESS);
  clReleaseKernel(k);
  /* a __local argument */
  k = clCreateKernel(p, "larg", &e);
  clSetKernelArg(k, 0, sizeof mia, &mia);
  clSetKernelArg(k, 1, sizeof mo, &mo);
  EQ(clSetKernelArg(k, 2, 64 * sizeof(cl_int), NULL), CL_SUCCESS);
  EQ(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueReadBuffer(q, mo, CL_TRUE, 0, sizeof r->rev2, r->rev2, 0, NULL, NULL), CL_SUCCESS);
  clReleaseKernel(k);
  /* a by-value struct of 256 bytes */
  params pv;
  memset(&pv, 0, sizeof pv);
  pv.c = 1000;
  pv.a = -7;
  pv.b = 2.75f;
  for (int i = 0; i < 60; i++) pv.arr[i] = i * i;
  k = clCreateKernel(p, "bystruct", &e);
  clSetKernelArg(k, 0, sizeof mo, &mo);
  EQ(clSetKernelArg(k, 1, sizeof pv, &pv), CL_SUCCESS);
  EQ(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueReadBuffer(q, mo, CL_TRUE, 0, sizeof r->st, r->st, 0, NULL, NULL), CL_SUCCESS);
  clReleaseKernel(k);
  /* work-item ids: a global offset; non-uniform groups; no local size */
  k = clCreateKernel(p, "ids", &e);
  clSetKernelArg(k, 0, sizeof mo, &mo);
  size_t off = OFF, gnu = NU, gnn = NN;
  EQ(clEnqueueNDRangeKernel(q, k, 1, &off, &g, &l, 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueReadBuffer(q, mo, CL_TRUE, 0, sizeof r->ids_off, r->ids_off, 0, NULL, NULL), CL_SUCCESS);
  if (r->nonuniform) { /* (pocl's CPU device has no partial groups) */
    EQ(clEnqueueNDRangeKernel(q, k, 1, NULL, &gnu, &l, 0, NULL, NULL), CL_SUCCESS);
    EQ(clEnqueueReadBuffer(q, mo, CL_TRUE, 0, sizeof r->ids_nu, r->ids_nu, 0, NULL, NULL), CL_SUCCESS);
  }
  EQ(clEnqueueNDRangeKernel(q, k, 1, NULL, &gnn, NULL, 0, NULL, NULL), CL_SUCCESS);
  EQ(clEnqueueReadBuffer(q, mo, CL_TRUE, 0, sizeof r->ids_null, r->ids_null, 0, NULL, NULL), CL_SUCCESS);
  clReleaseKernel(k);
  /* printf: to the host program's standard output */
  print_ctx pc = {q, clCreateKernel(p, "pr", &e), mia};
  capture(1, run_print, &pc, r->printed, sizeof r->printed);
  clReleaseKernel(pc.k);
  cl_mem all[] = {mia, mib, mfa, mfb, mfc, moi, mof, mo};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) clReleaseMemObject(all[i]);
  clReleaseProgram(p);
  clReleaseCommandQueue(q);
  clReleaseContext(c);
}

/* Runs every kernel on dev; kernels that stop at an instruction of
 * may_stop are marked skipped, any other failure counts */
static void run_all(cl_device_id dev, const char *what, results *r)
{
  static char log[65536];
  memset(r, 0, sizeof *r);
  strcpy(r->skipped, " ");
  run_ctx x = {dev, what, r};
  capture(2, run_all_in, &x, log, sizeof log);
  fputs(log, stderr);
  for (const char *m = log; (m = strstr(m, "kernel error in '")); m++) {
    char k[64] = "", *u = strstr(m, "unsupported instruction "), mn[64] = "";
    sscanf(m + 17, "%63[^']", k);
    if (u) sscanf(u + 24, "%63[^ :]", mn);
    int ok = 0;
    for (size_t i = 0; i < sizeof may_stop / sizeof may_stop[0]; i++)
      if ((!strcmp(may_stop[i][0], "*") || !strcmp(may_stop[i][0], what)) && !strcmp(may_stop[i][1], k) &&
          !strcmp(may_stop[i][2], mn))
        ok = 1;
    CHECK(ok, "%s: kernel %s stopped (%s), which is not listed", what, k, mn[0] ? mn : "not at an unsupported instruction");
    if (ok) {
      fprintf(stderr, "note: %s: %s not checked: stops at %s, not executed by ventsim yet\n", what, k, mn);
      size_t n = strlen(r->skipped);
      snprintf(r->skipped + n, sizeof r->skipped - n, "%s ", k);
    }
  }
}

/* The host's view of every result (independent of any device) */
static void check_host(const results *r, const char *what)
{
  int bad = 0;
  for (int i = 0; i < N && bad < 5; i++) {
    /* integer results wrap modulo 2^32 (the inputs keep the products small) */
    if (!skipped(r, "arith") &&
        (r->oi[3 * i] != ia[i] + ib[i] || r->oi[3 * i + 1] != ia[i] * ib[i] || r->oi[3 * i + 2] != ia[i] - ib[i]))
      bad++;
    /* f32 add and mul round once; fma rounds a*b+c once (fmaf) */
    if (!skipped(r, "arith") &&
        (r->of[3 * i] != fa[i] + fb[i] || r->of[3 * i + 1] != fa[i] * fb[i] || r->of[3 * i + 2] != fmaf(fa[i], fb[i], fc[i])))
      bad++;
    int g0 = i / 64 * 64, l = i % 64;
    if (r->rev[i] != ia[g0 + 63 - l] || r->rev2[i] != 2 * ia[g0 + 63 - l]) bad++;
    /* -7 + 1000*3 + (i%60)^2 + the bits of 2.75f (0x40300000) */
    if (!skipped(r, "bystruct") && r->st[i] != 2993 + 0x40300000 + (i % 60) * (i % 60)) bad++;
    const cl_uint *o = &r->ids_off[4 * i];
    if (o[0] != (cl_uint)(i + OFF) || o[1] != (cl_uint)(i % 64) || o[2] != (cl_uint)(i / 64) || o[3] != 64) bad++;
    if (bad) fprintf(stderr, "%s: item %d differs from the host computation\n", what, i);
  }
  for (int i = 0; i < NU && r->nonuniform; i++) { /* groups of 64 and a last one of 100 - 64 = 36 */
    const cl_uint *o = &r->ids_nu[4 * i];
    if (o[0] != (cl_uint)i || o[1] != (cl_uint)(i % 64) || o[2] != (cl_uint)(i / 64) || o[3] != (i < 64 ? 64u : 36u)) {
      fprintf(stderr, "%s: non-uniform item %d: %u %u %u %u\n", what, i, o[0], o[1], o[2], o[3]);
      bad++;
      break;
    }
  }
  for (int i = 0; i < NN; i++) { /* whatever the local size: gid = group * full size + lid */
    const cl_uint *o = &r->ids_null[4 * i];
    if (o[0] != (cl_uint)i || o[1] >= o[3] || (o[2] == 0 ? o[1] != (cl_uint)i : o[1] != i % r->ids_null[3])) {
      fprintf(stderr, "%s: NULL-local item %d: %u %u %u %u\n", what, i, o[0], o[1], o[2], o[3]);
      bad++;
      break;
    }
  }
  char want[256];
  for (int i = 0; i < 4 && !skipped(r, "pr"); i++) { /* each line once, in any order */
    snprintf(want, sizeof want, "item %d: %d 0x%x\n", i, ia[i], ia[i] * 3);
    if (!strstr(r->printed, want)) {
      fprintf(stderr, "%s: printf: no '%s' in:\n%s\n", what, want, r->printed);
      bad++;
    }
  }
  int lines = 0;
  for (const char *c = r->printed; *c; c++) lines += *c == '\n';
  if (lines != 4 && !skipped(r, "pr")) {
    fprintf(stderr, "%s: printf: %d lines, not 4:\n%s\n", what, lines, r->printed);
    bad++;
  }
  CHECK(!bad, "%s: results differ from the host computation", what);
}

typedef struct {
  cl_device_id dev;
  cl_int wait, status;
  int built;
} unsup_ctx;

static void run_unsup(void *p)
{
  unsup_ctx *u = p;
  cl_int e;
  cl_context c = clCreateContext(NULL, 1, &u->dev, NULL, NULL, &e);
  cl_command_queue q = clCreateCommandQueueWithProperties(c, u->dev, NULL, &e);
  cl_program pr = clCreateProgramWithSource(c, 1, &src_unsup, NULL, &e);
  if (clBuildProgram(pr, 1, &u->dev, NULL, NULL, NULL) == CL_SUCCESS) {
    u->built = 1;
    cl_kernel k = clCreateKernel(pr, "unsup", &e);
    cl_mem m = clCreateBuffer(c, CL_MEM_READ_WRITE, 256, NULL, &e);
    clSetKernelArg(k, 0, sizeof m, &m);
    size_t g = 64;
    cl_event ev = NULL;
    EQ(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, &ev), CL_SUCCESS);
    u->wait = clWaitForEvents(1, &ev);
    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof u->status, &u->status, NULL);
    clReleaseEvent(ev);
    clReleaseMemObject(m);
    clReleaseKernel(k);
  }
  clReleaseProgram(pr);
  clReleaseCommandQueue(q);
  clReleaseContext(c);
}

int main(void)
{
  cl_device_id pocl = find("Portable Computing Language", NULL);
  cl_device_id g900 = find("ventsim", "gfx900"), g906 = find("ventsim", "gfx906"), g1100 = find("ventsim", "gfx1100");
  if (!pocl || !g900 || !g906 || !g1100) {
    printf("SKIP: pocl or a ventsim AMD device is missing\n");
    return 77;
  }
  /* inputs: products stay inside 32 bits; floats of several magnitudes */
  for (int i = 0; i < N; i++) {
    ia[i] = i * 37 - 4000;
    ib[i] = 1000 - i * 13;
    fa[i] = (float)i * 0.37f - 11.5f;
    fb[i] = 1.0f / (float)(i + 3);
    fc[i] = (float)(i % 7) * 1e-3f - 2.0f;
  }
  static results rp, r9, r6, r11;
  run_all(pocl, "pocl", &rp);
  check_host(&rp, "pocl");
  const struct { cl_device_id d; const char *n; results *r; } devs[] = {
    {g900, "gfx900", &r9}, {g906, "gfx906", &r6}, {g1100, "gfx1100", &r11}};
  for (int i = 0; i < 3; i++) {
    run_all(devs[i].d, devs[i].n, devs[i].r);
    check_host(devs[i].r, devs[i].n);
    const results *r = devs[i].r;
    CHECK(skipped(r, "arith") || (!memcmp(r->oi, rp.oi, sizeof r->oi) && !memcmp(r->of, rp.of, sizeof r->of)),
          "%s: arith vs pocl", devs[i].n);
    CHECK(!memcmp(r->rev, rp.rev, sizeof r->rev) && !memcmp(r->rev2, rp.rev2, sizeof r->rev2), "%s: local vs pocl", devs[i].n);
    CHECK(skipped(r, "bystruct") || !memcmp(r->st, rp.st, sizeof r->st), "%s: struct vs pocl", devs[i].n);
    CHECK(!memcmp(r->ids_off, rp.ids_off, sizeof r->ids_off), "%s: ids vs pocl", devs[i].n);
    CHECK(r->nonuniform, "%s: partial work-groups", devs[i].n);
    for (int j = 0; j < NN; j++) CHECK(r->ids_null[4 * j] == rp.ids_null[4 * j], "%s: NULL-local gid %d", devs[i].n, j);
  }
  /* an instruction ventsim does not execute: an OpenCL error, not a crash
   * (gfx9's image_load syntax: the gfx900 and gfx906 devices) */
  for (int i = 0; i < 2; i++) {
    unsup_ctx u = {devs[i].d, 0, 0, 0};
    char err[8192];
    capture(2, run_unsup, &u, err, sizeof err);
    CHECK(u.built, "%s: the inline-asm kernel builds", devs[i].n);
    EQ(u.wait, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    CHECK(u.status < 0, "%s: event status %d", devs[i].n, u.status);
    CHECK(strstr(err, "unsupported instruction image_load"), "%s: stderr: %s", devs[i].n, err);
  }
  /* sub-groups (cl_khr_subgroups): a sub-group is a wave, filled in
   * work-item order.  For a local size of 96 and the kernel's limit of 256
   * work-items (max_flat_workgroup_size): gfx900 (W = 64) 64-item
   * sub-groups, 2 of them, 2 sub-groups need 128 items, at most 4;
   * gfx1100 (W = 32) 32, 3, 64, 8. */
  {
    typedef cl_int (*sgi_fn)(cl_kernel, cl_device_id, cl_kernel_sub_group_info, size_t, const void *, size_t, void *,
                             size_t *);
    cl_platform_id vp;
    clGetDeviceInfo(g900, CL_DEVICE_PLATFORM, sizeof vp, &vp, NULL);
    sgi_fn khr = (sgi_fn)clGetExtensionFunctionAddressForPlatform(vp, "clGetKernelSubGroupInfoKHR");
    CHECK(khr != NULL, "clGetKernelSubGroupInfoKHR through clGetExtensionFunctionAddressForPlatform");
    const struct { cl_device_id d; const char *n; size_t w, count, local2, maxsg; } sg[] = {
      {g900, "gfx900", 64, 2, 128, 4}, {g1100, "gfx1100", 32, 3, 64, 8}};
    for (int i = 0; i < 2; i++) {
      cl_int e;
      char ext[4096] = "";
      clGetDeviceInfo(sg[i].d, CL_DEVICE_EXTENSIONS, sizeof ext, ext, NULL);
      CHECK(strstr(ext, "cl_khr_subgroups") != NULL, "%s reports cl_khr_subgroups", sg[i].n);
      cl_context c = clCreateContext(NULL, 1, &sg[i].d, NULL, NULL, &e);
      cl_program p = clCreateProgramWithSource(c, 1, &src, NULL, &e);
      EQ(clBuildProgram(p, 1, &sg[i].d, "-cl-std=CL2.0", NULL, NULL), CL_SUCCESS);
      cl_kernel k = clCreateKernel(p, "ids", &e);
      size_t local = 96, v = 0, two = 2, out[3] = {7, 7, 7}, outsz = 0;
      EQ(clGetKernelSubGroupInfo(k, sg[i].d, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof local, &local,
                                 sizeof v, &v, NULL), CL_SUCCESS);
      CHECK(v == sg[i].w, "%s: sub-group size %zu", sg[i].n, v);
      EQ(clGetKernelSubGroupInfo(k, sg[i].d, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, sizeof local, &local,
                                 sizeof v, &v, NULL), CL_SUCCESS);
      CHECK(v == sg[i].count, "%s: sub-group count %zu", sg[i].n, v);
      EQ(khr ? khr(k, sg[i].d, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof two, &two, sizeof out, out, &outsz)
             : -1, CL_SUCCESS);
      CHECK(out[0] == sg[i].local2 && out[1] == 1 && out[2] == 1 && outsz == sizeof out,
            "%s: local size for 2 sub-groups %zu %zu %zu", sg[i].n, out[0], out[1], out[2]);
      EQ(clGetKernelSubGroupInfo(k, sg[i].d, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof v, &v, NULL), CL_SUCCESS);
      CHECK(v == sg[i].maxsg, "%s: at most %zu sub-groups", sg[i].n, v);
      EQ(clGetKernelSubGroupInfo(k, sg[i].d, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, 0, NULL, sizeof v, &v, NULL),
         CL_INVALID_VALUE);
      EQ(clGetKernelSubGroupInfo(k, sg[i].d, 0x7fff, 0, NULL, sizeof v, &v, NULL), CL_INVALID_VALUE);
      clReleaseKernel(k);
      clReleaseProgram(p);
      clReleaseContext(c);
    }
  }
  if (failures) {
    printf("FAIL: %d checks failed\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
