/* Sub-groups (cl_khr_subgroups): sizes and ids, reductions, inclusive and
 * exclusive scans, broadcast, any/all, and a neighbour exchange (the value
 * of the member with sub-group local id l^1).  OpenCL has no portable
 * shuffle, so on AMD GPUs the exchange also uses the lane built-ins that
 * sub-group code compiles to (ds_bpermute, ds_swizzle, DPP, readlane,
 * readfirstlane); elsewhere the same values come from broadcasts.  Devices
 * without cl_khr_subgroups compile this file to nothing.
 *
 * Record of each work-item (NR ints), checked by the "subgroups" property:
 *  0 sub-group size   1 max size   2 number of sub-groups   3 sub-group id
 *  4 local id in the sub-group     5 x (the input)
 *  6 reduce add   7 reduce min   8 reduce max
 *  9 inclusive add scan   10 exclusive add scan   11 inclusive max scan
 * 12 broadcast of member 0        13 any(x > 500)   14 all(x > -500)
 * 15 x of member l^1 (own x when there is none), from broadcasts or bpermute
 * 16 work-group linear id         17 local linear id
 * 18 enqueued number of sub-groups 19 broadcast of the last member
 * 20 member l^1 by ds_swizzle (or broadcasts)   21 by DPP (or broadcasts)
 * 22 first member's x by readfirstlane (or broadcast)
 * 23 0: broadcasts agree with bpermute, readlane with broadcast */
#define NR 24

#ifdef cl_khr_subgroups
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

__kernel void subgroup_ops(__global const int *in, __global int *rec)
{
  size_t g = get_global_id(0);
  int x = in[g];
  uint n = get_sub_group_size(), sl = get_sub_group_local_id();
  __global int *o = rec + g * NR;
  o[0] = (int)n;
  o[1] = (int)get_max_sub_group_size();
  o[2] = (int)get_num_sub_groups();
  o[3] = (int)get_sub_group_id();
  o[4] = (int)sl;
  o[5] = x;
#if defined(__AMDGCN__) && (defined(__GFX10__) || defined(__GFX11__)) && !defined(__OPTIMIZE__)
  /* clang-19 cannot compile the device libraries' DPP reductions and scans
   * for gfx10+ without optimisation ("wavefront shifts are not supported
   * on GFX10+"), so -O0 builds for those targets compute them from
   * broadcasts (the same values) */
  int radd = 0, rmin = INT_MAX, rmax = INT_MIN, iadd = 0, xadd = 0, imax = INT_MIN;
  for (uint k = 0; k < n; k++) {
    int v = sub_group_broadcast(x, k);
    radd += v;
    rmin = min(rmin, v);
    rmax = max(rmax, v);
    if (k < sl) xadd += v;
    if (k <= sl) imax = max(imax, v);
  }
  iadd = xadd + x;
  o[6] = radd;
  o[7] = rmin;
  o[8] = rmax;
  o[9] = iadd;
  o[10] = xadd;
  o[11] = imax;
#else
  o[6] = sub_group_reduce_add(x);
  o[7] = sub_group_reduce_min(x);
  o[8] = sub_group_reduce_max(x);
  o[9] = sub_group_scan_inclusive_add(x);
  o[10] = sub_group_scan_exclusive_add(x);
  o[11] = sub_group_scan_inclusive_max(x);
#endif
  o[12] = sub_group_broadcast(x, 0);
  o[13] = sub_group_any(x > 500);
  o[14] = sub_group_all(x > -500);
  int nb = x;
  for (uint k = 0; k < n; k++) {
    int v = sub_group_broadcast(x, k);
    if (k == (sl ^ 1u)) nb = v;
  }
#if defined(__AMDGCN__)
  int bp = __builtin_amdgcn_ds_bpermute((int)((sl ^ 1u) * 4u), x);
  int sw = __builtin_amdgcn_ds_swizzle(x, 0x041f);        /* bit mode: lane ^ 1 */
  int dp = __builtin_amdgcn_mov_dpp(x, 0xb1, 0xf, 0xf, false); /* quad_perm [1,0,3,2] */
  int has = (sl ^ 1u) < n;
  o[15] = has ? bp : x;
  o[20] = has ? sw : x;
  o[21] = has ? dp : x;
  o[22] = __builtin_amdgcn_readfirstlane(x);
  o[23] = (nb - o[15]) | (__builtin_amdgcn_readlane(x, 0) - o[12]); /* 0 */
#else
  o[15] = nb;
  o[20] = nb;
  o[21] = nb;
  o[22] = sub_group_broadcast(x, 0);
  o[23] = nb - o[15];                                      /* 0 */
#endif
  o[16] = (int)((get_group_id(2) * get_num_groups(1) + get_group_id(1)) * get_num_groups(0) + get_group_id(0));
  o[17] = (int)get_local_linear_id();
  o[18] = (int)get_enqueued_num_sub_groups();
  o[19] = sub_group_broadcast(x, n - 1);
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
}
#endif
