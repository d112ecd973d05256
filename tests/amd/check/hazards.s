// The "hazards" check on gfx900 (docs/checker.md): each case of seed 000
// table 8 that this kernel can execute, first with too few wait states
// (the finding expected: FINDING CHECK SECOND FIRST names the labels of the
// second and first instruction), then its corrected twin, which must report
// nothing.  The faulty case has one wait state fewer than required, the
// twin exactly the number required, so a rule off by one fails the test.  Every instruction gives 1 wait state, s_nop N gives N+1
// (Vega ISA, S_NOP); SEP (s_nop 4: 5 wait states, the longest requirement)
// keeps the cases apart.
// LAUNCH 64 64
// OUTN 8
.include "common.inc"
.macro SEP
  s_nop 4
.endm
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v251, 0
  SEP
// s_setreg then s_getreg of the same register: needs 2
h1a: s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0
  s_nop 0
h1b: s_getreg_b32 s10, hwreg(HW_REG_MODE, 0, 4)          // FINDING hazards h1b h1a
  SEP
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0
  s_nop 1
  s_getreg_b32 s10, hwreg(HW_REG_MODE, 0, 4)
  SEP
// s_setreg then s_setreg of the same register: needs 2 (one independent
// instruction gives 1)
h2a: s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0
  s_mov_b32 s11, 0
h2b: s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0      // FINDING hazards h2b h2a
  SEP
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0
  s_mov_b32 s11, 0
  s_mov_b32 s12, 0
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0
  SEP
// s_setvskip then s_getreg of MODE: needs 2
h3a: s_setvskip 0, 0
  s_mov_b32 s11, 0
h3b: s_getreg_b32 s10, hwreg(HW_REG_MODE)                // FINDING hazards h3b h3a
  SEP
  s_setvskip 0, 0
  s_nop 1
  s_getreg_b32 s10, hwreg(HW_REG_MODE)
  SEP
// s_setreg of MODE.vskip (bit 28) then a vector instruction: needs 2
h4a: s_setreg_imm32_b32 hwreg(HW_REG_MODE, 28, 1), 0
  s_nop 0
h4b: v_mov_b32 v3, 0                                     // FINDING hazards h4b h4a
  SEP
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 28, 1), 0
  s_nop 0
  s_mov_b32 s11, 0
  v_mov_b32 v3, 0
  SEP
// a VALU writes VCC, a VALU reads vccz: needs 5
h5a: v_cmp_eq_u32 vcc, v0, v0
  s_nop 3
h5b: v_mov_b32 v3, src_vccz                              // FINDING hazards h5b h5a
  SEP
  v_cmp_eq_u32 vcc, v0, v0
  s_nop 4
  v_mov_b32 v3, src_vccz
  SEP
// a VALU writes an SGPR that v_readlane uses as its lane select: needs 4
h6a: v_readfirstlane_b32 s10, v0
  s_nop 2
h6b: v_readlane_b32 s11, v1, s10                         // FINDING hazards h6b h6a
  SEP
  v_readfirstlane_b32 s10, v0
  s_nop 3
  v_readlane_b32 s11, v1, s10
  SEP
// writing the data VGPRs of a 128-bit store in the next wait state
  v_mov_b32 v4, 11
  v_mov_b32 v5, 12
  v_mov_b32 v6, 13
  v_mov_b32 v7, 14
h8a: global_store_dwordx4 v251, v[4:7], s[100:101]       // EXPECT_SEQ 0 4 11 1
h8b: v_mov_b32 v5, 22                                    // FINDING hazards h8b h8a
  SEP
  v_mov_b32 v5, 12
  global_store_dwordx4 v251, v[4:7], s[100:101] offset:16  // EXPECT_SEQ 4 4 11 1
  s_nop 0
  v_mov_b32 v5, 22
  SEP
// a VALU writes an SGPR that a vector memory instruction reads: needs 5
  v_mov_b32 v30, s100
  s_mov_b32 s21, s101
  SEP
h9a: v_readfirstlane_b32 s20, v30
  s_nop 3
h9b: global_load_dword v8, v251, s[20:21]                // FINDING hazards h9b h9a
  s_waitcnt vmcnt(0)
  SEP
  v_readfirstlane_b32 s20, v30
  s_nop 4
  global_load_dword v8, v251, s[20:21]
  s_waitcnt vmcnt(0)
  SEP
// an SALU writes M0 that s_sendmsg reads: needs 1
h10a: s_mov_b32 m0, 0
h10b: s_sendmsg sendmsg(MSG_INTERRUPT)                   // FINDING hazards h10b h10a
  SEP
  s_mov_b32 m0, 0
  s_nop 0
  s_sendmsg sendmsg(MSG_INTERRUPT)
  SEP
// a VALU writes VCC that a VALU reads as a constant: needs 1; as the
// carry-in (v_cndmask's mask) it needs none
h13a: v_cmp_eq_u32 vcc, v0, v0
h13b: v_mov_b32 v3, vcc_lo                               // FINDING hazards h13b h13a
  SEP
  v_cmp_eq_u32 vcc, v0, v0
  s_nop 0
  v_mov_b32 v3, vcc_lo
  v_cmp_eq_u32 vcc, v0, v0
  v_cndmask_b32 v3, v1, v2, vcc
  SEP
// an SALU writes M0 that s_movrels reads: needs 1
h16a: s_mov_b32 m0, 0
h16b: s_movrels_b32 s10, s11                             // FINDING hazards h16b h16a
  SEP
  s_mov_b32 m0, 0
  s_nop 0
  s_movrels_b32 s10, s11
KERNEL_END
