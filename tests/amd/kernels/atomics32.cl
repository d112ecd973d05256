/* OpenCL 1.x atomic functions on 32-bit integers in global and local memory:
 * add, sub, xchg, inc, dec, min, max, and, or, xor, cmpxchg, in the
 * returning form (the old values go to `olds`: their order is not defined,
 * the cases check them as a legal sequential history) and the
 * non-returning form, plus a compare-and-swap loop. */

__kernel void atomics_global32(__global int *cells, __global uint *ucells, __global int *olds,
                               __global uint *uolds, __global const int *vals)
{
  size_t i = get_global_id(0), n = get_global_size(0);
  int v = vals[i];
  uint bit = 1u << (i % 32);
  size_t nb = n / 32;
  __global int *o = olds + i * 8;
  __global uint *u = uolds + i * 3;
  o[0] = atomic_add(&cells[0], (int)i + 1);
  o[1] = atomic_sub(&cells[1], 3);
  o[2] = atomic_xchg(&cells[2], (int)i + 1);
  o[3] = atomic_inc(&cells[3]);
  o[4] = atomic_dec(&cells[4]);
  o[5] = atomic_min(&cells[5], v);
  o[6] = atomic_max(&cells[6], v);
  o[7] = atomic_cmpxchg(&cells[7], 0, (int)i + 1);
  u[0] = atomic_and(&ucells[i / 32], ~bit);
  u[1] = atomic_or(&ucells[nb + i / 32], bit);
  u[2] = atomic_xor(&ucells[2 * nb + i / 32], bit);
  /* results unused: the non-returning instructions */
  atomic_add(&cells[8], 2);
  atomic_min(&cells[9], v);
  atomic_max(&cells[10], v);
  atomic_or(&ucells[3 * nb], (uint)v & 0x0f0f0f0fu);
  atomic_xor(&ucells[3 * nb + 1], (uint)v);
  atomic_and(&ucells[3 * nb + 2], (uint)v | 0x80000001u);
  /* a compare-and-swap loop */
  int cur = cells[11], prev;
  do {
    prev = cur;
    cur = atomic_cmpxchg(&cells[11], prev, prev + (int)(i & 7));
  } while (cur != prev);
}

/* the same on __local counters, loaded from and stored back to the group's
 * slice of `cells` (12 ints) and `ucells` (3 uints) */
__kernel void atomics_local32(__global int *cells, __global uint *ucells, __global int *olds,
                              __global uint *uolds, __global const int *vals)
{
  __local int lc[12];
  __local uint lu[3];
  size_t i = get_global_id(0), l = get_local_id(0), g = get_group_id(0);
  if (l < 12) lc[l] = cells[g * 12 + l];
  if (l < 3) lu[l] = ucells[g * 3 + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = vals[i];
  uint bit = 1u << (l % 32);
  __global int *o = olds + i * 8;
  __global uint *u = uolds + i * 3;
  o[0] = atomic_add(&lc[0], (int)i + 1);
  o[1] = atomic_sub(&lc[1], 3);
  o[2] = atomic_xchg(&lc[2], (int)i + 1);
  o[3] = atomic_inc(&lc[3]);
  o[4] = atomic_dec(&lc[4]);
  o[5] = atomic_min(&lc[5], v);
  o[6] = atomic_max(&lc[6], v);
  o[7] = atomic_cmpxchg(&lc[7], 0, (int)i + 1);
  u[0] = atomic_and(&lu[0], ~bit);
  u[1] = atomic_or(&lu[1], bit);
  u[2] = atomic_xor(&lu[2], bit);
  atomic_add(&lc[8], 2);
  atomic_min(&lc[9], v);
  atomic_max(&lc[10], v);
  int cur = lc[11], prev;
  do {
    prev = cur;
    cur = atomic_cmpxchg(&lc[11], prev, prev + (int)(l & 7));
  } while (cur != prev);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 12) cells[g * 12 + l] = lc[l];
  if (l < 3) ucells[g * 3 + l] = lu[l];
}
