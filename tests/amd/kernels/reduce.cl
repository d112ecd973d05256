/* Two-stage reduction: each work-group sums a grid-strided share of the
 * input in __local memory and writes one partial sum; a second launch of
 * the same kernel (one work-group) sums the partials.  int and float
 * versions (the float data is exact in any order). */

__kernel void reduce_int(__global const int *in, __global int *out, __local int *scratch, int n)
{
  size_t l = get_local_id(0), ls = get_local_size(0);
  int s = 0;
  for (size_t i = get_global_id(0); i < (size_t)n; i += get_global_size(0)) s += in[i];
  scratch[l] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t st = ls / 2; st > 0; st >>= 1) {
    if (l < st) scratch[l] += scratch[l + st];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) out[get_group_id(0)] = scratch[0];
}

__kernel void reduce_float(__global const float *in, __global float *out, __local float *scratch, int n)
{
  size_t l = get_local_id(0), ls = get_local_size(0);
  float s = 0.0f;
  for (size_t i = get_global_id(0); i < (size_t)n; i += get_global_size(0)) s += in[i];
  scratch[l] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t st = ls / 2; st > 0; st >>= 1) {
    if (l < st) scratch[l] += scratch[l + st];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) out[get_group_id(0)] = scratch[0];
}
