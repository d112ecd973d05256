// The launch ABI with an -O0-style descriptor (spec amd-hsa.md 2.2, 2.3):
// user SGPRs private segment buffer s[0:3], dispatch ptr s[4:5], kernarg
// s[6:7], dispatch id s[8:9], flat scratch init s[10:11]; system SGPRs
// work-group id x/y/z s12..s14 and the private segment wave offset s15;
// work-item ids in v0, v1, v2.  A 3 x 2 x 2 NDRange in 2 x 2 x 1 groups
// (partial in x).  Each work-item writes 10 values at out[linear id * 10]:
// group id x y z, local id x y z, the dispatch packet's workgroup_size_x,
// the uint argument, and 1000 + its linear id written to scratch through
// the MUBUF V# and read back both through the V# and through FLAT in the
// private aperture (the two paths must agree).
// LAUNCH 3 2 2 2 2 1
// ARGN 77
// OUTN 120
// EXPECT 0 0
// EXPECT 1 0
// EXPECT 2 0
// EXPECT 3 0
// EXPECT 4 0
// EXPECT 5 0
// EXPECT 6 2
// EXPECT 7 77
// EXPECT 8 1000
// EXPECT 9 1000
// EXPECT 10 0
// EXPECT 11 0
// EXPECT 12 0
// EXPECT 13 1
// EXPECT 14 0
// EXPECT 15 0
// EXPECT 16 2
// EXPECT 17 77
// EXPECT 18 1001
// EXPECT 19 1001
// EXPECT 20 1
// EXPECT 21 0
// EXPECT 22 0
// EXPECT 23 0
// EXPECT 24 0
// EXPECT 25 0
// EXPECT 26 2
// EXPECT 27 77
// EXPECT 28 1002
// EXPECT 29 1002
// EXPECT 30 0
// EXPECT 31 0
// EXPECT 32 0
// EXPECT 33 0
// EXPECT 34 1
// EXPECT 35 0
// EXPECT 36 2
// EXPECT 37 77
// EXPECT 38 1003
// EXPECT 39 1003
// EXPECT 40 0
// EXPECT 41 0
// EXPECT 42 0
// EXPECT 43 1
// EXPECT 44 1
// EXPECT 45 0
// EXPECT 46 2
// EXPECT 47 77
// EXPECT 48 1004
// EXPECT 49 1004
// EXPECT 50 1
// EXPECT 51 0
// EXPECT 52 0
// EXPECT 53 0
// EXPECT 54 1
// EXPECT 55 0
// EXPECT 56 2
// EXPECT 57 77
// EXPECT 58 1005
// EXPECT 59 1005
// EXPECT 60 0
// EXPECT 61 0
// EXPECT 62 1
// EXPECT 63 0
// EXPECT 64 0
// EXPECT 65 0
// EXPECT 66 2
// EXPECT 67 77
// EXPECT 68 1006
// EXPECT 69 1006
// EXPECT 70 0
// EXPECT 71 0
// EXPECT 72 1
// EXPECT 73 1
// EXPECT 74 0
// EXPECT 75 0
// EXPECT 76 2
// EXPECT 77 77
// EXPECT 78 1007
// EXPECT 79 1007
// EXPECT 80 1
// EXPECT 81 0
// EXPECT 82 1
// EXPECT 83 0
// EXPECT 84 0
// EXPECT 85 0
// EXPECT 86 2
// EXPECT 87 77
// EXPECT 88 1008
// EXPECT 89 1008
// EXPECT 90 0
// EXPECT 91 0
// EXPECT 92 1
// EXPECT 93 0
// EXPECT 94 1
// EXPECT 95 0
// EXPECT 96 2
// EXPECT 97 77
// EXPECT 98 1009
// EXPECT 99 1009
// EXPECT 100 0
// EXPECT 101 0
// EXPECT 102 1
// EXPECT 103 1
// EXPECT 104 1
// EXPECT 105 0
// EXPECT 106 2
// EXPECT 107 77
// EXPECT 108 1010
// EXPECT 109 1010
// EXPECT 110 1
// EXPECT 111 0
// EXPECT 112 1
// EXPECT 113 0
// EXPECT 114 1
// EXPECT 115 0
// EXPECT 116 2
// EXPECT 117 77
// EXPECT 118 1011
// EXPECT 119 1011
.include "common.inc"
KERNEL_BEGIN
  s_add_u32 flat_scratch_lo, s10, s15     // the -O0 prologue (spec 2.2)
  s_addc_u32 flat_scratch_hi, s11, 0
  s_add_u32 s0, s0, s15
  s_addc_u32 s1, s1, 0
  PROLOGUE 6, 7
  // global id: gx = s12 * 2 + v0, gy = s13 * 2 + v1, gz = s14 + v2
  v_lshl_add_u32 v10, s12, 1, v0
  v_lshl_add_u32 v11, s13, 1, v1
  v_add_u32 v12, s14, v2
  // linear = (gz * 2 + gy) * 3 + gx
  v_lshl_add_u32 v13, v12, 1, v11
  v_mad_u32_u24 v13, v13, 3, v10
  v_mul_u32_u24 v14, v13, 10
  OUTV 0, v14, s12
  OUTV 1, v14, s13
  OUTV 2, v14, s14
  OUTV 3, v14, v0
  OUTV 4, v14, v1
  OUTV 5, v14, v2
  s_load_dword s20, s[4:5], 0x4           // packet: workgroup_size_x | y << 16
  s_waitcnt lgkmcnt(0)
  s_and_b32 s20, s20, 0xffff
  OUTV 6, v14, s20
  OUTV 7, v14, s97
  v_add_u32 v15, 1000, v13
  buffer_store_dword v15, off, s[0:3], 0 offset:8
  s_waitcnt vmcnt(0)
  buffer_load_dword v16, off, s[0:3], 0 offset:8
  s_mov_b64 s[22:23], src_private_base
  v_mov_b32 v20, 8
  v_mov_b32 v21, s23
  flat_load_dword v17, v[20:21]
  s_waitcnt vmcnt(0) lgkmcnt(0)
  OUTV 8, v14, v16
  OUTV 9, v14, v17
  CODE_END
  .amdhsa_kernel test
    .amdhsa_user_sgpr_private_segment_buffer 1
    .amdhsa_user_sgpr_dispatch_ptr 1
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_user_sgpr_dispatch_id 1
    .amdhsa_user_sgpr_flat_scratch_init 1
    .amdhsa_system_sgpr_private_segment_wavefront_offset 1
    .amdhsa_system_sgpr_workgroup_id_x 1
    .amdhsa_system_sgpr_workgroup_id_y 1
    .amdhsa_system_sgpr_workgroup_id_z 1
    .amdhsa_system_vgpr_workitem_id 2
    .amdhsa_next_free_vgpr 256
    .amdhsa_next_free_sgpr 102
    .amdhsa_reserve_vcc 1
    .amdhsa_private_segment_fixed_size 16
  .end_amdhsa_kernel
  METADATA 0, 16
