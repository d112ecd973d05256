/* Local memory with barriers: a tree reduction in a dynamic __local buffer,
 * a ping-pong inclusive scan in a static __local array, a tiled transpose
 * (2-D, padded tile), and neighbour exchanges through __local arrays of
 * every element size (static and dynamic arguments together). */

__kernel void reduce_local(__global const int *in, __global int *out, __local int *scratch)
{
  size_t l = get_local_id(0), n = get_local_size(0);
  scratch[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = n / 2; s > 0; s >>= 1) {
    if (l < s) scratch[l] += scratch[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) out[get_group_id(0)] = scratch[0];
}

#define SCAN_MAX 256
__kernel void scan_local(__global const int *in, __global int *out)
{
  __local int buf[2][SCAN_MAX];
  size_t l = get_local_id(0), n = get_local_size(0);
  int cur = 0;
  buf[0][l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t d = 1; d < n; d <<= 1) {
    int v = buf[cur][l];
    if (l >= d) v += buf[cur][l - d];
    buf[cur ^ 1][l] = v;
    cur ^= 1;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = buf[cur][l];
}

#define TILE 16
__kernel void transpose_tile(__global const float *in, __global float *out, int width, int height)
{
  __local float tile[TILE][TILE + 1];
  int gx = (int)get_group_id(0) * TILE, gy = (int)get_group_id(1) * TILE;
  int lx = (int)get_local_id(0), ly = (int)get_local_id(1);
  if (gx + lx < width && gy + ly < height) tile[ly][lx] = in[(gy + ly) * width + gx + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  int ox = gy + lx, oy = gx + ly;   /* the transposed tile */
  if (ox < height && oy < width) out[oy * height + ox] = tile[lx][ly];
}

__kernel void local_exchange(__global const int *in, __global int *out, __local char *lc,
                             __local short *ls, __local long *ll)
{
  __local float lf[256];
  __local uchar lu[256];
  size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
  int v = in[g];
  lc[l] = (char)v;
  ls[l] = (short)(v >> 4);
  ll[l] = (long)v * 100003;
  lf[l] = (float)(v & 0xffff) * 0.5f;
  lu[n - 1 - l] = (uchar)(v >> 8);
  barrier(CLK_LOCAL_MEM_FENCE);
  size_t r = (l + 1) % n, k = (l * 7 + 3) % n;
  __global int *o = out + g * 6;
  o[0] = lc[r];
  o[1] = ls[k];
  o[2] = (int)(ll[r] >> 17);
  o[3] = (int)(lf[k] * 4.0f);
  o[4] = lu[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  ls[l] = (short)(ls[l] + lc[k]);   /* a second round after the barrier */
  barrier(CLK_LOCAL_MEM_FENCE);
  o[5] = ls[r] + ls[k];
}
