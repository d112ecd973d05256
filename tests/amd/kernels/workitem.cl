/* Every work-item function in 1, 2 and 3 dimensions, with global offsets,
 * non-uniform last work-groups (OpenCL 2.0) and out-of-range dimension
 * indices (which return 0 or 1).  Each work-item writes NW values at the
 * index of its position in the NDRange, computed here without
 * get_global_linear_id so that function is checked too. */
#define NW 28

__kernel void workitem_info(__global uint *out)
{
  size_t x = get_global_id(0) - get_global_offset(0);
  size_t y = get_global_id(1) - get_global_offset(1);
  size_t z = get_global_id(2) - get_global_offset(2);
  size_t idx = (z * get_global_size(1) + y) * get_global_size(0) + x;
  __global uint *o = out + idx * NW;
  o[0] = get_work_dim();
  for (uint d = 0; d < 3; d++) {
    o[1 + d] = (uint)get_global_size(d);
    o[4 + d] = (uint)get_global_id(d);
    o[7 + d] = (uint)get_local_size(d);
    o[10 + d] = (uint)get_enqueued_local_size(d);
    o[13 + d] = (uint)get_local_id(d);
    o[16 + d] = (uint)get_num_groups(d);
    o[19 + d] = (uint)get_group_id(d);
    o[24 + d] = (uint)get_global_offset(d);
  }
  o[22] = (uint)get_global_linear_id();
  o[23] = (uint)get_local_linear_id();
  /* beyond the last dimension: ids 0, sizes 1 */
  o[27] = (uint)(get_global_id(3) + 10 * get_local_size(3) + 100 * get_num_groups(3) + 1000 * get_group_id(4) +
                 10000 * get_global_size(5));
}
