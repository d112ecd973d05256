// VGPR indexing (s_set_gpr_idx_on/off/idx/mode): M0[7:0] is the index,
// M0[15:12] the operands it applies to (src0, src1, src2, dst), MODE[27]
// the enable bit.  Expected values derived by hand from the Vega ISA
// reference (SOPC/SOP1/SOPP opcode descriptions, "VGPR indexing").
// Runs on 64 lanes: indexing is the same for every lane.
// LAUNCH 64 64
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v10, 10
  v_mov_b32 v11, 11
  v_mov_b32 v12, 12
  v_mov_b32 v13, 13
  s_mov_b32 m0, 0
  s_mov_b32 s40, 2
  // src0 indexed by 2: v_mov_b32 v20, v10 reads v12
  s_set_gpr_idx_on s40, gpr_idx(SRC0)
  s_getreg_b32 s50, hwreg(HW_REG_MODE, 27, 1)  // MODE.GPR_IDX_EN inside the region: 1
  v_mov_b32 v20, v10
  s_set_gpr_idx_off
  s_getreg_b32 s51, hwreg(HW_REG_MODE, 27, 1)  // after s_set_gpr_idx_off: 0
  s_mov_b32 s52, m0                            // M0 = mode 1 << 12 | index 2 (off keeps it)
  OUT 0, v20                   // EXPECT 0 12
  OUT 1, s50                   // EXPECT 1 1
  OUT 2, s51                   // EXPECT 2 0
  OUT 3, s52                   // EXPECT 3 0x1002
  // dst indexed: v_mov_b32 v10, 99 writes v12; v10 keeps 10
  s_set_gpr_idx_on s40, gpr_idx(DST)
  v_mov_b32 v10, 99
  s_set_gpr_idx_off
  OUT 4, v12                   // EXPECT 4 99
  OUT 5, v10                   // EXPECT 5 10
  // src0 and dst by 1, src1 not: v_add_u32 v20, v10, v11 -> v21 = v11 + v11 = 22;
  // then s_set_gpr_idx_idx 3: v_mov_b32 v20, v10 -> v23 = v13 = 13; then
  // s_set_gpr_idx_mode src0 only: v_mov_b32 v24, v10 -> v24 = v13 = 13
  s_mov_b32 s41, 1
  s_mov_b32 s42, 3
  v_mov_b32 v24, 0
  s_set_gpr_idx_on s41, gpr_idx(SRC0,DST)
  v_add_u32 v20, v10, v11
  s_set_gpr_idx_idx s42
  v_mov_b32 v20, v10
  s_set_gpr_idx_mode gpr_idx(SRC0)
  v_mov_b32 v24, v10
  s_set_gpr_idx_off
  OUT 6, v21                   // EXPECT 6 22
  OUT 7, v23                   // EXPECT 7 13
  OUT 8, v24                   // EXPECT 8 13
  // the region outside: no indexing (v_mov_b32 v25, v10 = 10)
  v_mov_b32 v25, v10
  OUT 9, v25                   // EXPECT 9 10
KERNEL_END
