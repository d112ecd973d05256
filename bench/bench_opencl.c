/* Per-enqueue overhead of the OpenCL platform on a tiny Ventus kernel
 * (functional mode): N launches of vecadd over 32 work-items through
 * clEnqueueNDRangeKernel, against the same launches through the launch
 * helper (vs_kernel_launch) in the same run.  With --amd: the same with an
 * OpenCL C vecadd over 64 work-items on the gfx900 device (built by the
 * platform; the helper runs the code object the platform built).
 *
 *     OCL_ICD_VENDORS=build/etc/OpenCL/vendors/ventsim.icd \
 *       build/bench/bench_opencl build/tests/opencl_kernels.elf [N]
 *     OCL_ICD_VENDORS=... build/bench/bench_opencl --amd [N] */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ventsim/launch.h"

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static const char *amd_src =
  "kernel void vecadd(global const float *a, global const float *b, global float *c) {\n"
  "  size_t i = get_global_id(0); c[i] = a[i] + b[i]; }\n";

static cl_device_id find_dev(const char *want)
{
  cl_platform_id ps[8], plat = NULL;
  cl_uint np = 0;
  clGetPlatformIDs(8, ps, &np);
  for (cl_uint i = 0; i < np; i++) {
    char nm[64];
    clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof nm, nm, NULL);
    if (!strcmp(nm, "ventsim")) plat = ps[i];
  }
  cl_device_id d[8], dev = NULL;
  cl_uint nd = 0;
  if (!plat) return NULL;
  clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 8, d, &nd);
  for (cl_uint i = 0; i < nd; i++) {
    char nm[256];
    clGetDeviceInfo(d[i], CL_DEVICE_NAME, sizeof nm, nm, NULL);
    if (strstr(nm, want)) dev = d[i];
  }
  return dev;
}

int main(int argc, char **argv)
{
  if (argc < 2) return 2;
  int amd = !strcmp(argv[1], "--amd");
  int n = argc > 2 ? atoi(argv[2]) : 2000;
  size_t len = 0;
  unsigned char *elf = NULL;
  cl_int e;
  cl_device_id dev = find_dev(amd ? "gfx900" : "ventus");
  if (!dev) return 1;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
  cl_program prog;
  if (amd) { /* built by the platform; its code object for the helper */
    prog = clCreateProgramWithSource(ctx, 1, &amd_src, NULL, &e);
    if (clBuildProgram(prog, 0, NULL, NULL, NULL, NULL) != CL_SUCCESS) return 1;
    clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof len, &len, NULL);
    if (!(elf = malloc(len))) return 2;
    clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof elf, &elf, NULL);
  } else {
    FILE *f = fopen(argv[1], "rb");
    if (!f) return 2;
    fseek(f, 0, SEEK_END);
    len = (size_t)ftell(f);
    rewind(f);
    elf = malloc(len);
    if (!elf || fread(elf, 1, len, f) != len) return 2;
    fclose(f);
    const unsigned char *bins[] = {elf};
    prog = clCreateProgramWithBinary(ctx, 1, &dev, &len, bins, NULL, &e);
    clBuildProgram(prog, 0, NULL, NULL, NULL, NULL);
  }
  float a[64], b[64], c[64];
  for (int i = 0; i < 64; i++) a[i] = b[i] = (float)i;
  size_t g = amd ? 64 : 32, l = g;

  /* baseline: the launch helper */
  vs_program *p = vs_program_load_mem(NULL, elf, len, "bench");
  vs_kernel *k = vs_kernel_get(p, "vecadd");
  if (!k) return 1;
  vs_addr da = vs_buffer_new(p, sizeof a, a), db = vs_buffer_new(p, sizeof b, b), dc = vs_buffer_new(p, sizeof c, NULL);
  vs_kernel_set_arg_buffer(k, 0, da);
  vs_kernel_set_arg_buffer(k, 1, db);
  vs_kernel_set_arg_buffer(k, 2, dc);
  double t0 = now();
  for (int i = 0; i < n; i++)
    if (vs_kernel_launch(k, 1, &g, &l, NULL)) return 1;
  double helper = (now() - t0) / n;
  vs_program_free(p);

  /* the OpenCL platform */
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
  cl_kernel kk = clCreateKernel(prog, "vecadd", &e);
  cl_mem ma = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof a, a, &e);
  cl_mem mb = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof b, b, &e);
  cl_mem mc = clCreateBuffer(ctx, 0, sizeof c, NULL, &e);
  clSetKernelArg(kk, 0, sizeof ma, &ma);
  clSetKernelArg(kk, 1, sizeof mb, &mb);
  clSetKernelArg(kk, 2, sizeof mc, &mc);
  clEnqueueNDRangeKernel(q, kk, 1, NULL, &g, &l, 0, NULL, NULL); /* first use: buffers move to the device */
  clFinish(q);
  t0 = now();
  for (int i = 0; i < n; i++)
    if (clEnqueueNDRangeKernel(q, kk, 1, NULL, &g, &l, 0, NULL, NULL) != CL_SUCCESS) return 1;
  clFinish(q);
  double ocl = (now() - t0) / n;
  clEnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL);
  for (size_t i = 0; i < g; i++)
    if (c[i] != 2.0f * (float)i) return 1;
  printf("launches          %d of vecadd, %zu work-items on %s, functional mode\n", n, g, amd ? "gfx900" : "ventus");
  printf("launch helper     %8.2f us per launch\n", helper * 1e6);
  printf("OpenCL enqueue    %8.2f us per enqueue (until clFinish)\n", ocl * 1e6);
  printf("ratio             %8.2f\n", ocl / helper);
  printf("platform overhead %8.2f us per enqueue\n", (ocl - helper) * 1e6);
  clReleaseMemObject(ma);
  clReleaseMemObject(mb);
  clReleaseMemObject(mc);
  clReleaseKernel(kk);
  clReleaseProgram(prog);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  free(elf);
  return 0;
}
