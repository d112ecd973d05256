/* 2-D five-point Jacobi stencil with a __local tile and halo, iterated by
 * relaunching (the iteration number picks the source and destination of
 * the ping-pong); the border is copied.  Data: integers 0..1023, weights
 * 4/8 and 1/8, so every value stays exact for the four iterations of the
 * case. */
#define TS 16

__kernel void jacobi(__global float *a, __global float *b, int w, int h, int iter)
{
  __local float tile[TS + 2][TS + 2];
  __global float *src = (iter & 1) ? b : a, *dst = (iter & 1) ? a : b;
  int lx = (int)get_local_id(0), ly = (int)get_local_id(1);
  int x = (int)get_global_id(0), y = (int)get_global_id(1);
  int cx = clamp(x, 0, w - 1), cy = clamp(y, 0, h - 1);
  tile[ly + 1][lx + 1] = src[cy * w + cx];
  if (lx == 0) tile[ly + 1][0] = src[cy * w + max(cx - 1, 0)];
  if (lx == TS - 1) tile[ly + 1][TS + 1] = src[cy * w + min(cx + 1, w - 1)];
  if (ly == 0) tile[0][lx + 1] = src[max(cy - 1, 0) * w + cx];
  if (ly == TS - 1) tile[TS + 1][lx + 1] = src[min(cy + 1, h - 1) * w + cx];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (x >= w || y >= h) return;
  float c = tile[ly + 1][lx + 1];
  if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
    dst[y * w + x] = c;
    return;
  }
  float s = tile[ly][lx + 1] + tile[ly + 2][lx + 1] + tile[ly + 1][lx] + tile[ly + 1][lx + 2];
  dst[y * w + x] = c * 0.5f + s * 0.125f;
}
