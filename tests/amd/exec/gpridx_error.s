// VGPR indexing beyond the register file is a kernel error naming the
// instruction and the register: index 250 on v10 is v260.
// LAUNCH 1 1
// ERROR VGPR index 250 (M0) makes v260, beyond the 256 VGPRs
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_set_gpr_idx_on 250, gpr_idx(SRC0)
  v_mov_b32 v20, v10
  s_set_gpr_idx_off
  OUT 0, v20
KERNEL_END
