/* Work-efficient (Blelloch) exclusive prefix sum of a large array in three
 * launches: scan each block of 2*local_size elements in __local memory and
 * record the block's total; scan the block totals (one block); add each
 * block's offset. */

__kernel void scan_blocks(__global const int *in, __global int *out, __global int *sums, __local int *t, int n)
{
  size_t l = get_local_id(0), ls = get_local_size(0), g = get_group_id(0), m = 2 * ls;
  size_t a = g * m + l, b = a + ls;
  t[l] = a < (size_t)n ? in[a] : 0;
  t[l + ls] = b < (size_t)n ? in[b] : 0;
  size_t off = 1;
  for (size_t d = ls; d > 0; d >>= 1) {   /* up-sweep */
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < d) {
      size_t i = off * (2 * l + 1) - 1, j = off * (2 * l + 2) - 1;
      t[j] += t[i];
    }
    off <<= 1;
  }
  if (l == 0) {
    sums[g] = t[m - 1];
    t[m - 1] = 0;
  }
  for (size_t d = 1; d < m; d <<= 1) {    /* down-sweep */
    off >>= 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < d) {
      size_t i = off * (2 * l + 1) - 1, j = off * (2 * l + 2) - 1;
      int v = t[i];
      t[i] = t[j];
      t[j] += v;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (a < (size_t)n) out[a] = t[l];
  if (b < (size_t)n) out[b] = t[l + ls];
}

__kernel void scan_add(__global int *out, __global const int *offsets, int n)
{
  size_t i = get_global_id(0), m = 2 * get_local_size(0);
  if (i < (size_t)n) out[i] += offsets[i / m];
}
