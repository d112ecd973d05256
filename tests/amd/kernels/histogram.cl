/* 256-bin histogram of bytes: per-work-group counts with __local atomics,
 * merged into the global histogram with global atomics. */
#define BINS 256

__kernel void histogram(__global const uint *data, int nwords, __global uint *hist)
{
  __local uint lh[BINS];
  size_t l = get_local_id(0), ls = get_local_size(0);
  for (size_t b = l; b < BINS; b += ls) lh[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t i = get_global_id(0); i < (size_t)nwords; i += get_global_size(0)) {
    uint w = data[i];
    atomic_inc(&lh[w & 0xff]);
    atomic_inc(&lh[(w >> 8) & 0xff]);
    atomic_inc(&lh[(w >> 16) & 0xff]);
    atomic_inc(&lh[w >> 24]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t b = l; b < BINS; b += ls)
    if (lh[b]) atomic_add(&hist[b], lh[b]);
}
