/* An application in three kernels on shared buffers, for the OpenCL
 * platform's real-program test: C = A * B (tiled matrix multiply), the
 * row sums and total of C (a two-stage reduction), and a 256-bin histogram
 * of C's values.  Inputs are small integers, so every result is exact. */
#define TS 16
#define BINS 256

__kernel void app_matmul(__global const float *A, __global const float *B, __global float *C, int n)
{
  __local float As[TS][TS];
  __local float Bs[TS][TS];
  int tx = (int)get_local_id(0), ty = (int)get_local_id(1);
  int col = (int)get_global_id(0), row = (int)get_global_id(1);
  float acc = 0.0f;
  for (int t = 0; t < n; t += TS) {
    As[ty][tx] = A[row * n + t + tx];
    Bs[ty][tx] = B[(t + ty) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TS; k++) acc += As[ty][k] * Bs[k][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = acc;
}

/* one work-group per row: the row's sum, in __local memory */
__kernel void app_rowsum(__global const float *C, __global float *rows, __local float *scratch, int n)
{
  size_t l = get_local_id(0), ls = get_local_size(0), r = get_group_id(0);
  float s = 0.0f;
  for (size_t c = l; c < (size_t)n; c += ls) s += C[r * (size_t)n + c];
  scratch[l] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t st = ls / 2; st > 0; st >>= 1) {
    if (l < st) scratch[l] += scratch[l + st];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) rows[r] = scratch[0];
}

__kernel void app_total(__global const float *rows, __global float *total, __local float *scratch, int n)
{
  size_t l = get_local_id(0), ls = get_local_size(0);
  float s = 0.0f;
  for (size_t i = l; i < (size_t)n; i += ls) s += rows[i];
  scratch[l] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t st = ls / 2; st > 0; st >>= 1) {
    if (l < st) scratch[l] += scratch[l + st];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) total[0] = scratch[0];
}

__kernel void app_histogram(__global const float *C, int count, __global uint *hist)
{
  __local uint lh[BINS];
  size_t l = get_local_id(0), ls = get_local_size(0);
  for (size_t b = l; b < BINS; b += ls) lh[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t i = get_global_id(0); i < (size_t)count; i += get_global_size(0)) {
    int bin = clamp((int)C[i] / 4 + BINS / 2, 0, BINS - 1);
    atomic_inc(&lh[bin]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t b = l; b < BINS; b += ls)
    if (lh[b]) atomic_add(&hist[b], lh[b]);
}
