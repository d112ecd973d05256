// d16 and byte/short forms of GLOBAL, MUBUF and SCRATCH, and FLAT atomics
// through the private and shared apertures.  Expected values derived by
// hand from the Vega ISA opcode descriptions: a d16 load writes one 16-bit
// half of the VGPR (bytes extended to 16 bits) and keeps the other; a
// d16_hi store stores the high half's low bytes.  SCRATCH addresses the
// wave's private memory from FLAT_SCRATCH like the private aperture.
// Lanes 0-3 run (lane l).  in[i] = 0x8899aabb + 0x11111111 * i.
// LAUNCH 4 4
// IN 4 0x8899aabb 0x11111111
.include "common.inc"
KERNEL_BEGIN
  // s[0:3] private segment V#, s[4:5] kernarg, s[6:7] flat scratch init,
  // s8 group id, s9 wave offset
  PROLOGUE 4, 5
  s_add_u32 flat_scratch_lo, s6, s9
  s_addc_u32 flat_scratch_hi, s7, 0
  v_mov_b32 v1, 0                   // private offset 0
  v_mul_u32_u24 v2, 3, v0           // 3l
  s_mov_b32 s6, 0
  // ---- SCRATCH: priv[0] = 3l (vaddr form), priv[1] = 0xabcd1234 (saddr
  // form), priv[2] = 0
  scratch_store_dword v1, v2, off
  v_mov_b32 v5, 0xabcd1234
  scratch_store_dword off, v5, s6 offset:4
  v_mov_b32 v5, 0
  scratch_store_dword v1, v5, off offset:8
  scratch_load_dword v3, off, s6
  // bytes 6-7 of priv = 0xabcd, signed: 0xffffabcd
  scratch_load_sshort v7, v1, off offset:6
  // byte 4 = 0x34 into the high half of 0x12345678: 0x00345678
  v_mov_b32 v8, 0x12345678
  scratch_load_ubyte_d16_hi v8, v1, off offset:4
  // the high half of 0xbeef0000 to bytes 8-9: priv[2] = 0x0000beef
  v_mov_b32 v9, 0xbeef0000
  scratch_store_short_d16_hi v1, v9, off offset:8
  scratch_load_dword v9, v1, off offset:8
  s_waitcnt vmcnt(0)
  OUTV 0, v0, v3                    // EXPECT_SEQ 0 4 0 3
  s_mov_b64 exec, 1
  OUT 4, v7                         // EXPECT 4 0xffffabcd
  OUT 5, v8                         // EXPECT 5 0x00345678
  OUT 6, v9                         // EXPECT 6 0x0000beef
  s_mov_b64 exec, 0xf
  // ---- MUBUF atomic on the private segment V# (swizzled: priv[4] and
  // priv[5] are 256 bytes apart): priv[4:5] = 0_ffffffff, add_x2 of 1 ->
  // 1_00000000, returns 0_ffffffff
  v_mov_b32 v34, -1
  v_mov_b32 v35, 0
  scratch_store_dwordx2 v1, v[34:35], off offset:16
  v_mov_b32 v36, 16
  v_mov_b32 v34, 1
  buffer_atomic_add_x2 v[34:35], v36, s[0:3], s9 offen glc
  s_waitcnt vmcnt(0)
  scratch_load_dwordx2 v[38:39], v1, off offset:16
  s_waitcnt vmcnt(0)
  OUTV 33, v0, v34                  // EXPECT_SEQ 33 4 0xffffffff 0
  OUTV 37, v0, v35                  // EXPECT_SEQ 37 4 0 0
  OUTV 41, v0, v38                  // EXPECT_SEQ 41 4 0 0
  OUTV 45, v0, v39                  // EXPECT_SEQ 45 4 1 0
  // ---- FLAT atomic on the private aperture (offset 0): priv[0] += 100,
  // returns 3l; then priv[0] = 3l + 100
  s_mov_b64 s[20:21], src_private_base
  v_mov_b32 v10, 0
  v_mov_b32 v11, s21
  v_mov_b32 v13, 100
  flat_atomic_add v12, v[10:11], v13 glc
  s_waitcnt vmcnt(0) lgkmcnt(0)
  scratch_load_dword v3, off, s6
  s_waitcnt vmcnt(0)
  OUTV 7, v0, v12                   // EXPECT_SEQ 7 4 0 3
  OUTV 11, v0, v3                   // EXPECT_SEQ 11 4 100 3
  // ---- FLAT atomic on the shared aperture: lds[0] = 1000, lanes 0-3 add
  // l + 1: returns 1000, 1001, 1003, 1006; ends 1010
  s_mov_b64 exec, 1
  v_mov_b32 v14, 1000
  ds_write_b32 v1, v14
  s_waitcnt lgkmcnt(0)
  s_mov_b64 exec, 0xf
  s_mov_b64 s[22:23], src_shared_base
  v_mov_b32 v14, 0
  v_mov_b32 v15, s23
  v_add_u32 v17, 1, v0
  flat_atomic_add v16, v[14:15], v17 glc
  s_waitcnt vmcnt(0) lgkmcnt(0)
  OUTV 15, v0, v16                  // EXPECT 15 1000
                                    // EXPECT 16 1001
                                    // EXPECT 17 1003
                                    // EXPECT 18 1006
  s_mov_b64 exec, 1
  ds_read_b32 v18, v1
  s_waitcnt lgkmcnt(0)
  OUT 19, v18                       // EXPECT 19 1010
  // ---- GLOBAL d16 (lane 0) from in: bytes 0..: bb aa 99 88 cc bb aa 99 dd cc bb aa
  v_mov_b32 v20, 0x12345678
  v_mov_b32 v21, 0x12345678
  v_mov_b32 v22, 0x12345678
  v_mov_b32 v23, 0x12345678
  v_mov_b32 v24, 0x12345678
  global_load_short_d16 v20, v1, s[98:99]            // 0xaabb low: 0x1234aabb
  global_load_short_d16_hi v21, v1, s[98:99] offset:2 // 0x8899 high: 0x88995678
  global_load_sbyte_d16 v22, v1, s[98:99] offset:4   // 0xcc -> 0xffcc: 0x1234ffcc
  global_load_ubyte_d16_hi v23, v1, s[98:99] offset:5 // 0xbb -> 0x00bb: 0x00bb5678
  global_load_sbyte_d16_hi v24, v1, s[98:99] offset:8 // 0xdd -> 0xffdd: 0xffdd5678
  s_waitcnt vmcnt(0)
  OUT 20, v20                       // EXPECT 20 0x1234aabb
  OUT 21, v21                       // EXPECT 21 0x88995678
  OUT 22, v22                       // EXPECT 22 0x1234ffcc
  OUT 23, v23                       // EXPECT 23 0x00bb5678
  OUT 24, v24                       // EXPECT 24 0xffdd5678
  // stores into 0xcccccccc dwords: short of 0xcafe1234's high half at
  // out[25] -> 0xcccccafe; byte of 0x00ef0000's bits 23:16 at out[26] + 1
  // -> 0xccccefcc
  v_mov_b32 v25, 0xcafe1234
  global_store_short_d16_hi v1, v25, s[100:101] offset:100
  v_mov_b32 v25, 0x00ef0000
  global_store_byte_d16_hi v1, v25, s[100:101] offset:105
  // EXPECT 25 0xcccccafe
  // EXPECT 26 0xccccefcc
  // flat: a short into the low half from in + 10 (0xaabb): 0x5555aabb
  v_mov_b32 v26, s98
  v_mov_b32 v27, s99
  v_mov_b32 v28, 0x55555555
  flat_load_short_d16 v28, v[26:27] offset:10
  s_waitcnt vmcnt(0) lgkmcnt(0)
  OUT 27, v28                       // EXPECT 27 0x5555aabb
  // ---- MUBUF d16 through raw V#s over in (s[24:27]) and out (s[28:31])
  s_mov_b32 s24, s98
  s_and_b32 s25, s99, 0xffff
  s_movk_i32 s26, 0x10
  s_mov_b32 s27, 0
  s_mov_b32 s28, s100
  s_and_b32 s29, s101, 0xffff
  s_movk_i32 s30, 0x400
  s_mov_b32 s31, 0
  // byte 12 of in = 0xee, zero-extended to 16 bits, into the low half:
  // 0x123400ee
  v_mov_b32 v29, 0x12345678
  buffer_load_ubyte_d16 v29, off, s[24:27], 0 offset:12
  // bytes 14-15 = 0xbbcc into the high half: 0xbbcc5678
  v_mov_b32 v30, 0x12345678
  buffer_load_short_d16_hi v30, off, s[24:27], 0 offset:14
  // out of range (offset 16 + 2 > 16 records): reads 0 into the low half
  v_mov_b32 v31, 0x12345678
  buffer_load_short_d16 v31, off, s[24:27], 0 offset:16
  s_waitcnt vmcnt(0)
  OUT 28, v29                       // EXPECT 28 0x123400ee
  OUT 29, v30                       // EXPECT 29 0xbbcc5678
  OUT 30, v31                       // EXPECT 30 0x12340000
  // high half of 0xbeef0000 to out[31]: 0xccccbeef; byte of bits 23:16
  // of 0x00a50000 to byte 2 of out[32]: 0xcca5cccc
  v_mov_b32 v32, 0xbeef0000
  buffer_store_short_d16_hi v32, off, s[28:31], 0 offset:124
  v_mov_b32 v32, 0x00a50000
  buffer_store_byte_d16_hi v32, off, s[28:31], 0 offset:130
  // EXPECT 31 0xccccbeef
  // EXPECT 32 0xcca5cccc
  CODE_END
  .amdhsa_kernel test
    .amdhsa_user_sgpr_private_segment_buffer 1
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_user_sgpr_flat_scratch_init 1
    .amdhsa_system_sgpr_workgroup_id_x 1
    .amdhsa_system_sgpr_private_segment_wavefront_offset 1
    .amdhsa_next_free_vgpr 256
    .amdhsa_next_free_sgpr 102
    .amdhsa_reserve_vcc 1
    .amdhsa_group_segment_fixed_size 16
    .amdhsa_private_segment_fixed_size 32
  .end_amdhsa_kernel
  METADATA 16, 32
