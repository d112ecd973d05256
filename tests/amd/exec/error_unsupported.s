// A row without semantics stops with the kernel error naming its mnemonic.
// LAUNCH 64 64
// ERROR `v_sin_f32_e32 v0, v1`: unsupported instruction v_sin_f32_e32 (not executed by ventsim yet)
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_sin_f32 v0, v1
KERNEL_END
