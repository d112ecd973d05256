// gfx1100 wave32: what RDNA3 changes from gfx9, one wave of 32 work-items.
// Expected values derived by hand from the RDNA3 ISA reference's opcode
// descriptions and the launch ABI (spec amd-hsa.md 2.6: architected flat
// scratch reached by scratch_* and by FLAT through the private aperture).
// LAUNCH 32 32
// IN 16 100 1
// OUTN 512
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  // scratch (ST mode, no address registers): each lane stores 0x500 + x at
  // private offset 8, reads it back with scratch_load and with a FLAT load
  // through the private aperture (address 8 in src_private_base's high half)
  v_add_nc_u32 v1, 0x500, v0
  scratch_store_b32 off, v1, off offset:8
  s_waitcnt_vscnt null, 0x0
  scratch_load_b32 v2, off, off offset:8
  s_mov_b64 s[8:9], src_private_base
  v_mov_b32 v4, 8
  v_mov_b32 v5, s9
  flat_load_b32 v3, v[4:5]
  s_waitcnt vmcnt(0) lgkmcnt(0)
  OUTV 0, v0, v2              // EXPECT_SEQ 0 32 0x500 1
  OUTV 32, v0, v3             // EXPECT_SEQ 32 32 0x500 1
  // s_load with an immediate, and with soffset + immediate: in[1], in[3]
  s_load_b32 s10, s[98:99], 0x4
  s_mov_b32 s11, 8
  s_load_b32 s12, s[98:99], s11 offset:0x4
  s_waitcnt lgkmcnt(0)
  OUT 64, s10                 // EXPECT 64 101
  OUT 65, s12                 // EXPECT 65 103
  // v_cmpx writes EXEC only (no SGPR result): VCC_LO keeps 0x5a5a5a5a;
  // 16 > x leaves lanes 0..15
  s_mov_b32 vcc_lo, 0x5a5a5a5a
  s_mov_b32 s14, exec_lo
  v_cmpx_gt_u32_e32 16, v0
  s_bcnt1_i32_b32 s13, exec_lo
  s_mov_b32 exec_lo, s14
  OUT 66, s13                 // EXPECT 66 16
  OUT 67, vcc_lo              // EXPECT 67 0x5a5a5a5a
  // null as a destination: the sum is written, m0 is not touched
  s_mov_b32 m0, 0x77
  v_add_co_u32 v6, null, v0, 5
  s_mov_b32 null, 5
  s_mov_b32 s15, m0
  OUTV 68, v0, v6             // EXPECT_SEQ 68 32 5 1
  OUT 100, s15                // EXPECT 100 0x77
  // wave32 VCCZ looks at VCC_LO only: VCC_HI = -1, VCC_LO = 0 (0 > x never)
  s_mov_b32 vcc_hi, -1
  v_cmp_gt_u32_e32 vcc_lo, 0, v0
  s_mov_b32 s17, 0
  s_cbranch_vccz .Lvccz
  s_mov_b32 s17, 1
.Lvccz:
  OUT 101, s17                // EXPECT 101 0
  // ds_cmpstore_rtn_b32 addr, src, cmp (RDNA3: src = DATA, cmp = DATA2):
  // LDS[4x] = x; cmp x matches -> 0x100 + x stored, old x returned; then
  // cmp x no longer matches -> unchanged, 0x100 + x returned
  v_lshlrev_b32 v7, 2, v0
  ds_store_b32 v7, v0
  v_add_nc_u32 v10, 0x100, v0
  ds_cmpstore_rtn_b32 v9, v7, v10, v0
  v_mov_b32 v14, 7
  ds_cmpstore_rtn_b32 v13, v7, v14, v0
  ds_load_b32 v12, v7
  s_waitcnt lgkmcnt(0)
  OUTV 102, v0, v9            // EXPECT_SEQ 102 32 0 1
  OUTV 134, v0, v13           // EXPECT_SEQ 134 32 0x100 1
  OUTV 166, v0, v12           // EXPECT_SEQ 166 32 0x100 1
  // v_fmaak_f32 2.0 * 0.5 + 3.0 = 4.0; v_fmamk_f32 2.0 * 10.0 + 0.5 = 20.5
  v_mov_b32 v16, 2.0
  v_mov_b32 v17, 0.5
  v_fmaak_f32 v15, v16, v17, 0x40400000
  v_fmamk_f32 v18, v16, 0x41200000, v17
  OUT 198, v15                // EXPECT 198 0x40800000
  OUT 199, v18                // EXPECT 199 0x41a40000
  // v_xor3: 0xf0 ^ 0x3c ^ 0x01 = 0xcd; v_maxmin_i32 (1, 9, 0) = min(max) = 0,
  // v_minmax_i32 = max(min) = 1; u32 with -1: maxmin min(0xffffffff, 0) = 0,
  // minmax max(min(0xffffffff, 9), 0) = 9
  v_mov_b32 v23, 0xf0
  v_mov_b32 v24, 0x3c
  v_xor3_b32 v19, v23, v24, 1
  v_maxmin_i32 v20, 1, 9, 0
  v_minmax_i32 v21, 1, 9, 0
  v_maxmin_u32 v22, -1, 9, 0
  v_minmax_u32 v25, -1, 9, 0
  OUT 200, v19                // EXPECT 200 0xcd
  OUT 201, v20                // EXPECT 201 0
  OUT 202, v21                // EXPECT 202 1
  OUT 203, v22                // EXPECT 203 0
  OUT 204, v25                // EXPECT 204 9
  // s_and_not1_saveexec_b32: saved = EXEC_LO (all 32 lanes), EXEC_LO =
  // 0x0000ffff & ~0xffffffff = 0 (SCC 0); s_or_saveexec_b32 restores
  s_mov_b32 s20, 0xffff
  s_and_not1_saveexec_b32 s21, s20
  s_cselect_b32 s22, 1, 0
  s_or_saveexec_b32 s23, s21
  OUT 205, s21                // EXPECT 205 0xffffffff
  OUT 206, s22                // EXPECT 206 0
  OUT 207, s23                // EXPECT 207 0
  // s_pack_hl_b32_b16: { S1[15:0], S0[31:16] }
  s_mov_b32 s25, 0x9abcdef0
  s_pack_hl_b32_b16 s24, 0x12345678, s25
  OUT 208, s24                // EXPECT 208 0xdef01234
KERNEL_END 128, 16
