/* Matrix multiply C = A * B (A: M x K, B: K x N, row-major): a naive kernel
 * and a tiled kernel with 16x16 __local tiles; both handle sizes that are
 * not multiples of the tile. */
#define TS 16

__kernel void matmul_naive(__global const float *A, __global const float *B, __global float *C, int M, int N,
                           int K)
{
  int col = (int)get_global_id(0), row = (int)get_global_id(1);
  if (row >= M || col >= N) return;
  float acc = 0.0f;
  for (int k = 0; k < K; k++) acc += A[row * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}

__kernel void matmul_tiled(__global const float *A, __global const float *B, __global float *C, int M, int N,
                           int K)
{
  __local float As[TS][TS];
  __local float Bs[TS][TS];
  int tx = (int)get_local_id(0), ty = (int)get_local_id(1);
  int col = (int)get_group_id(0) * TS + tx, row = (int)get_group_id(1) * TS + ty;
  float acc = 0.0f;
  for (int t = 0; t < K; t += TS) {
    As[ty][tx] = row < M && t + tx < K ? A[row * K + t + tx] : 0.0f;
    Bs[ty][tx] = t + ty < K && col < N ? B[(t + ty) * N + col] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TS; k++) acc += As[ty][k] * Bs[k][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (row < M && col < N) C[row * N + col] = acc;
}
