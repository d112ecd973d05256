/* Bitonic sort: each work-group sorts a block of 2*local_size keys in
 * __local memory (the whole network); and the global network one
 * compare-exchange stage per launch, the stage (k, j) decoded from the
 * launch's iteration number. */

__kernel void bitonic_local(__global int *data, __local int *t)
{
  size_t l = get_local_id(0), ls = get_local_size(0), m = 2 * ls, base = get_group_id(0) * m;
  t[l] = data[base + l];
  t[l + ls] = data[base + l + ls];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t k = 2; k <= m; k <<= 1)
    for (size_t j = k >> 1; j > 0; j >>= 1) {
      /* each work-item handles the pair (i, i + j) of its index */
      size_t i = 2 * l - (l & (j - 1));
      int up = (i & k) == 0;
      int x = t[i], y = t[i + j];
      if ((x > y) == up) {
        t[i] = y;
        t[i + j] = x;
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  data[base + l] = t[l];
  data[base + l + ls] = t[l + ls];
}

__kernel void bitonic_global(__global int *data, int n, int iter)
{
  /* the iter-th stage of the network for n keys: k = 2, 4 .. n; j = k/2 .. 1 */
  int k = 2, j = 1, s = 0;
  while (k <= n) {
    j = k >> 1;
    while (j > 0 && s != iter) {
      j >>= 1;
      s++;
    }
    if (j > 0) break;
    k <<= 1;
  }
  if (k > n) return;
  size_t l = get_global_id(0);
  size_t i = 2 * l - (l & (size_t)(j - 1));
  int up = (i & (size_t)k) == 0;
  int x = data[i], y = data[i + j];
  if ((x > y) == up) {
    data[i] = y;
    data[i + j] = x;
  }
}
