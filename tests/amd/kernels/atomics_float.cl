/* Float atomics.  Portable: compare-and-swap loops on the float's bits, in
 * global and local memory (add, min, max).  On AMD GPUs (__AMDGCN__) the
 * same updates use clang's atomic_float built-ins instead, which compile to
 * ds_add_f32 in local memory and to a compare-and-swap loop in global
 * memory, or with -munsafe-fp-atomics (the build atomics_float_unsafe) to
 * global_atomic_add_f32/min_f32 where the target has them (spec section 3);
 * and __atomic_fetch_add (system scope) on a float.  Addends are multiples
 * of 0.5 in [0.5, 64]: every sum is exact in any order. */

static float cas_add_global(volatile __global float *p, float v)
{
  uint old = as_uint(*p), prev;
  do {
    prev = old;
    old = atomic_cmpxchg((volatile __global uint *)p, prev, as_uint(as_float(prev) + v));
  } while (old != prev);
  return as_float(old);
}

static float cas_min_global(volatile __global float *p, float v)
{
  uint old = as_uint(*p), prev;
  do {
    prev = old;
    old = atomic_cmpxchg((volatile __global uint *)p, prev, as_uint(fmin(as_float(prev), v)));
  } while (old != prev);
  return as_float(old);
}

static float cas_max_global(volatile __global float *p, float v)
{
  uint old = as_uint(*p), prev;
  do {
    prev = old;
    old = atomic_cmpxchg((volatile __global uint *)p, prev, as_uint(fmax(as_float(prev), v)));
  } while (old != prev);
  return as_float(old);
}

static float cas_add_local(volatile __local float *p, float v)
{
  uint old = as_uint(*p), prev;
  do {
    prev = old;
    old = atomic_cmpxchg((volatile __local uint *)p, prev, as_uint(as_float(prev) + v));
  } while (old != prev);
  return as_float(old);
}

__kernel void float_atomics(__global float *cells, __global float *olds, __global const float *vals)
{
  __local float lsum;
  size_t i = get_global_id(0), l = get_local_id(0), g = get_group_id(0);
  float v = vals[i];
  __global float *o = olds + i * 5;
  if (l == 0) lsum = cells[8 + g];
  barrier(CLK_LOCAL_MEM_FENCE);
  o[0] = cas_add_global(&cells[0], v);
#if defined(__AMDGCN__)
  o[1] = __opencl_atomic_fetch_add((volatile __global atomic_float *)&cells[1], v, memory_order_relaxed,
                                   memory_scope_device);
  o[2] = __opencl_atomic_fetch_min((volatile __global atomic_float *)&cells[2], v, memory_order_relaxed,
                                   memory_scope_device);
  o[3] = __opencl_atomic_fetch_max((volatile __global atomic_float *)&cells[3], v, memory_order_relaxed,
                                   memory_scope_device);
  o[4] = __opencl_atomic_fetch_add((volatile __local atomic_float *)&lsum, v, memory_order_relaxed,
                                   memory_scope_work_group);
  /* results unused: the non-returning forms */
  __opencl_atomic_fetch_add((volatile __global atomic_float *)&cells[4], v, memory_order_relaxed,
                            memory_scope_device);
  __opencl_atomic_fetch_min((volatile __global atomic_float *)&cells[5], v, memory_order_relaxed,
                            memory_scope_device);
  __atomic_fetch_add(&cells[6], v, __ATOMIC_RELAXED);
#else
  o[1] = cas_add_global(&cells[1], v);
  o[2] = cas_min_global(&cells[2], v);
  o[3] = cas_max_global(&cells[3], v);
  o[4] = cas_add_local(&lsum, v);
  cas_add_global(&cells[4], v);
  cas_min_global(&cells[5], v);
  cas_add_global(&cells[6], v);
#endif
  cas_max_global(&cells[7], -v);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) cells[8 + g] = lsum;
}
