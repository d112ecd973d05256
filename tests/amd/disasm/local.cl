/* Local memory, barriers and atomics of several widths and kinds. */
__kernel void reduce(__global const int *in, __global int *out, __local int *tmp)
{
  size_t l = get_local_id(0), n = get_local_size(0);
  tmp[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = n / 2; s > 0; s >>= 1) {
    if (l < s) tmp[l] += tmp[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) atomic_add(out, tmp[0]);
}

__kernel void atomics(__global int *gi, __global uint *gu, __global long *gl, __global float *gf)
{
  __local float lf;
  __local int li;
  if (get_local_id(0) == 0) { lf = 0.0f; li = 0; }
  barrier(CLK_LOCAL_MEM_FENCE);
  int id = (int)get_global_id(0);
  atomic_max(gi, id);
  atomic_min(gi + 1, -id);
  atomic_inc(gu);
  atomic_xchg(gu + 1, (uint)id);
  atomic_cmpxchg(gi + 2, id, id + 1);
  atom_add(gl, (long)id);
  atomic_add(&li, 1);
  __atomic_fetch_add(&lf, 0.5f, __ATOMIC_RELAXED);
  __atomic_fetch_add(gf + 1, 0.25f, __ATOMIC_RELAXED);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) { gf[get_group_id(0)] = lf; gi[3] = li; }
}
