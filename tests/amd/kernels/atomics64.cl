#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

/* OpenCL 1.x atomic functions on 64-bit integers (cl_khr_int64_base_atomics,
 * cl_khr_int64_extended_atomics) in global and local memory: add, sub,
 * xchg, inc, dec, min, max, and, or, xor, cmpxchg, in the
 * returning form (the old values go to `olds`: their order is not defined,
 * the cases check them as a legal sequential history) and the
 * non-returning form, plus a compare-and-swap loop. */

__kernel void atomics_global64(__global long *cells, __global ulong *ucells, __global long *olds,
                               __global ulong *uolds, __global const long *vals)
{
  size_t i = get_global_id(0), n = get_global_size(0);
  long v = vals[i];
  ulong bit = 1ul << (i % 64);
  size_t nb = n / 64;
  __global long *o = olds + i * 8;
  __global ulong *u = uolds + i * 3;
  o[0] = atom_add(&cells[0], (long)i + 1);
  o[1] = atom_sub(&cells[1], 3);
  o[2] = atom_xchg(&cells[2], (long)i + 1);
  o[3] = atom_inc(&cells[3]);
  o[4] = atom_dec(&cells[4]);
  o[5] = atom_min(&cells[5], v);
  o[6] = atom_max(&cells[6], v);
  o[7] = atom_cmpxchg(&cells[7], 0, (long)i + 1);
  u[0] = atom_and(&ucells[i / 64], ~bit);
  u[1] = atom_or(&ucells[nb + i / 64], bit);
  u[2] = atom_xor(&ucells[2 * nb + i / 64], bit);
  /* results unused: the non-returning instructions */
  atom_add(&cells[8], 2);
  atom_min(&cells[9], v);
  atom_max(&cells[10], v);
  atom_or(&ucells[3 * nb], (ulong)v & 0x0f0f0f0f0f0f0f0ful);
  atom_xor(&ucells[3 * nb + 1], (ulong)v);
  atom_and(&ucells[3 * nb + 2], (ulong)v | 0x8000000000000001ul);
  /* a compare-and-swap loop */
  long cur = cells[11], prev;
  do {
    prev = cur;
    cur = atom_cmpxchg(&cells[11], prev, prev + (long)(i & 7));
  } while (cur != prev);
}

/* the same on __local counters, loaded from and stored back to the group's
 * slice of `cells` (12 longs) and `ucells` (3 ulongs) */
__kernel void atomics_local64(__global long *cells, __global ulong *ucells, __global long *olds,
                              __global ulong *uolds, __global const long *vals)
{
  __local long lc[12];
  __local ulong lu[3];
  size_t i = get_global_id(0), l = get_local_id(0), g = get_group_id(0);
  if (l < 12) lc[l] = cells[g * 12 + l];
  if (l < 3) lu[l] = ucells[g * 3 + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  long v = vals[i];
  ulong bit = 1ul << (l % 64);
  __global long *o = olds + i * 8;
  __global ulong *u = uolds + i * 3;
  o[0] = atom_add(&lc[0], (long)i + 1);
  o[1] = atom_sub(&lc[1], 3);
  o[2] = atom_xchg(&lc[2], (long)i + 1);
  o[3] = atom_inc(&lc[3]);
  o[4] = atom_dec(&lc[4]);
  o[5] = atom_min(&lc[5], v);
  o[6] = atom_max(&lc[6], v);
  o[7] = atom_cmpxchg(&lc[7], 0, (long)i + 1);
  u[0] = atom_and(&lu[0], ~bit);
  u[1] = atom_or(&lu[1], bit);
  u[2] = atom_xor(&lu[2], bit);
  atom_add(&lc[8], 2);
  atom_min(&lc[9], v);
  atom_max(&lc[10], v);
  long cur = lc[11], prev;
  do {
    prev = cur;
    cur = atom_cmpxchg(&lc[11], prev, prev + (long)(l & 7));
  } while (cur != prev);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 12) cells[g * 12 + l] = lc[l];
  if (l < 3) ucells[g * 3 + l] = lu[l];
}
