// A row without semantics stops with the kernel error naming its mnemonic.
// LAUNCH 64 64
// ERROR `v_interp_mov_f32_e32 v0, p10, attr0.x`: unsupported instruction v_interp_mov_f32_e32 (not executed by ventsim yet)
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_interp_mov_f32 v0, p10, attr0.x // graphics interpolation: not for compute
KERNEL_END
