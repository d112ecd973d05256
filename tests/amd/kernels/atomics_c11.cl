/* OpenCL 2.0 atomics (the C11-style functions): atomic_fetch_* with every
 * memory order and the device and work-group scopes, exchange, strong and
 * weak compare-exchange, load/store, atomic_flag, fences, on global and
 * local atomic_int/atomic_uint, and on atomic_long where 64-bit atomics
 * exist.  Old values go to `olds` (checked as a legal history). */

__kernel void c11_global(__global atomic_int *ai, __global atomic_uint *au, __global atomic_int *slots,
                         __global int *olds, __global const int *vals)
{
  size_t i = get_global_id(0), n = get_global_size(0), nb = n / 32;
  int v = vals[i];
  uint bit = 1u << (i % 32);
  __global int *o = olds + i * 10;
  o[0] = atomic_fetch_add_explicit(&ai[0], (int)i + 1, memory_order_relaxed, memory_scope_device);
  o[1] = atomic_fetch_sub_explicit(&ai[1], 3, memory_order_acq_rel, memory_scope_device);
  o[2] = atomic_exchange_explicit(&ai[2], (int)i + 1, memory_order_seq_cst, memory_scope_device);
  o[3] = atomic_fetch_min_explicit(&ai[3], v, memory_order_acquire, memory_scope_device);
  o[4] = atomic_fetch_max_explicit(&ai[4], v, memory_order_release, memory_scope_device);
  int expected = 0;
  atomic_compare_exchange_strong_explicit(&ai[5], &expected, (int)i + 1, memory_order_acq_rel,
                                          memory_order_acquire, memory_scope_device);
  o[5] = expected;
  o[6] = atomic_fetch_add(&ai[6], 1);
  /* 32 consecutive work-items share a cell, all in one work-group */
  o[7] = (int)atomic_fetch_or_explicit(&au[i / 32], bit, memory_order_relaxed, memory_scope_work_group);
  o[8] = (int)atomic_fetch_and_explicit(&au[nb + i / 32], ~bit, memory_order_acq_rel, memory_scope_work_group);
  o[9] = (int)atomic_fetch_xor_explicit(&au[2 * nb + i / 32], bit, memory_order_seq_cst, memory_scope_device);
  /* a weak compare-exchange loop */
  int cur = atomic_load_explicit(&ai[7], memory_order_relaxed, memory_scope_device);
  while (!atomic_compare_exchange_weak_explicit(&ai[7], &cur, cur + (int)(i & 7), memory_order_relaxed,
                                                memory_order_relaxed, memory_scope_device))
    ;
  /* store, fence, load of the work-item's own slot */
  atomic_store_explicit(&slots[i], v ^ 0x5a5a, memory_order_release, memory_scope_device);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
  int back = atomic_load_explicit(&slots[i], memory_order_acquire, memory_scope_device);
  atomic_store(&slots[n + i], back + 1);
}

__kernel void c11_local(__global int *cells, __global int *olds, __global const int *vals)
{
  __local atomic_int la[6];
  size_t i = get_global_id(0), l = get_local_id(0), g = get_group_id(0);
  if (l < 6) atomic_init(&la[l], cells[g * 6 + l]);
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = vals[i];
  __global int *o = olds + i * 5;
  o[0] = atomic_fetch_add_explicit(&la[0], (int)i + 1, memory_order_relaxed, memory_scope_work_group);
  o[1] = atomic_exchange_explicit(&la[1], (int)i + 1, memory_order_acq_rel, memory_scope_work_group);
  o[2] = atomic_fetch_min_explicit(&la[2], v, memory_order_seq_cst, memory_scope_work_group);
  o[3] = atomic_fetch_max_explicit(&la[3], v, memory_order_relaxed, memory_scope_work_group);
  int expected = 0;
  atomic_compare_exchange_strong_explicit(&la[4], &expected, (int)i + 1, memory_order_relaxed,
                                          memory_order_relaxed, memory_scope_work_group);
  o[4] = expected;
  atomic_fetch_sub_explicit(&la[5], 2, memory_order_release, memory_scope_work_group);
  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 6) cells[g * 6 + l] = atomic_load_explicit(&la[l], memory_order_acquire, memory_scope_work_group);
}

/* test-and-set by every work-item: exactly one sees the flag clear */
__kernel void c11_flag(__global atomic_flag *flag, __global atomic_int *winners, int round)
{
  if (!atomic_flag_test_and_set_explicit(flag, memory_order_acq_rel, memory_scope_device))
    atomic_fetch_add_explicit(&winners[round], 1, memory_order_relaxed, memory_scope_device);
}

__kernel void c11_flag_clear(__global atomic_flag *flag)
{
  if (get_global_id(0) == 0) atomic_flag_clear_explicit(flag, memory_order_release, memory_scope_device);
}

#if defined(cl_khr_int64_base_atomics) && defined(cl_khr_int64_extended_atomics)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
__kernel void c11_global64(__global atomic_long *al, __global long *olds, __global const long *vals)
{
  size_t i = get_global_id(0);
  long v = vals[i];
  __global long *o = olds + i * 5;
  o[0] = atomic_fetch_add_explicit(&al[0], (long)i * 0x100000001L, memory_order_relaxed, memory_scope_device);
  o[1] = atomic_exchange_explicit(&al[1], (long)i + 1, memory_order_acq_rel, memory_scope_device);
  o[2] = atomic_fetch_min_explicit(&al[2], v, memory_order_seq_cst, memory_scope_device);
  o[3] = atomic_fetch_max_explicit(&al[3], v, memory_order_relaxed, memory_scope_device);
  long expected = 0;
  atomic_compare_exchange_strong_explicit(&al[4], &expected, (long)i + 1, memory_order_acq_rel,
                                          memory_order_relaxed, memory_scope_device);
  o[4] = expected;
  atomic_fetch_xor_explicit(&al[5], v, memory_order_relaxed, memory_scope_device);
}
#endif
