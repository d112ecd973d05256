/* Every work-item query, in three dimensions. */
__kernel void queries(__global uint *out)
{
  size_t g = get_global_linear_id();
  out[16 * g + 0] = get_work_dim();
  for (uint d = 0; d < 3; d++) {
    out[16 * g + 1 + 5 * d] = get_global_id(d);
    out[16 * g + 2 + 5 * d] = get_local_id(d);
    out[16 * g + 3 + 5 * d] = get_group_id(d);
    out[16 * g + 4 + 5 * d] = get_local_size(d) + get_global_size(d);
    out[16 * g + 5 + 5 * d] = get_num_groups(d) + get_global_offset(d) + get_enqueued_local_size(d);
  }
}
