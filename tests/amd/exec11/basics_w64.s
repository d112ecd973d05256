// gfx1100 wave64: the RDNA3 changes of basics.s where lane masks are SGPR
// pairs, one wave of 64 work-items.  Derived by hand as there.
// LAUNCH 64 64
// OUTN 512
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  // architected scratch, 64 lanes: each lane reads back 0x500 + x
  v_add_nc_u32 v1, 0x500, v0
  scratch_store_b32 off, v1, off offset:4
  s_waitcnt_vscnt null, 0x0
  scratch_load_b32 v2, off, off offset:4
  s_waitcnt vmcnt(0)
  OUTV 0, v0, v2              // EXPECT_SEQ 0 64 0x500 1
  // v_cmpx (EXEC only): 40 > x leaves lanes 0..39 (EXEC_HI 0xff); VCC keeps its value
  s_mov_b64 vcc, 0x5a5a
  s_mov_b64 s[14:15], exec
  v_cmpx_gt_u32_e32 40, v0
  s_bcnt1_i32_b64 s13, exec
  s_mov_b32 s16, exec_hi
  s_mov_b64 exec, s[14:15]
  OUT 64, s13                 // EXPECT 64 40
  OUT 65, s16                 // EXPECT 65 0xff
  OUT 66, vcc_lo              // EXPECT 66 0x5a5a
  OUT 67, vcc_hi              // EXPECT 67 0
  // a 64-bit null destination (v_add_co_u32's carry out, v_mad_u64_u32's):
  // nothing written, EXEC and m0 unchanged
  s_mov_b32 m0, 0x77
  v_add_co_u32 v6, null, v0, -1
  v_mad_u64_u32 v[8:9], null, v0, 3, 0
  s_mov_b32 s17, m0
  s_bcnt1_i32_b64 s18, exec
  OUTV 68, v0, v6             // EXPECT_SEQ 68 64 -1 1
  OUTV 132, v0, v8            // EXPECT_SEQ 132 64 0 3
  OUT 196, s17                // EXPECT 196 0x77
  OUT 197, s18                // EXPECT 197 64
  // VCCZ in wave64 looks at both halves: VCC_LO 0, VCC_HI 1 -> not zero
  s_mov_b32 vcc_lo, 0
  s_mov_b32 vcc_hi, 1
  s_mov_b32 s19, 0
  s_cbranch_vccz .Lvccz
  s_mov_b32 s19, 1
.Lvccz:
  OUT 198, s19                // EXPECT 198 1
KERNEL_END 0, 16
