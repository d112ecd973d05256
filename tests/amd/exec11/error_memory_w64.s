// A wild global access stops the wave64 kernel with a kernel error naming
// the address (nothing is mapped at 0x10).
// LAUNCH 64 64
// ERROR unmapped
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v1, 0x10
  v_mov_b32 v2, 0
  global_load_b32 v3, v[1:2], off
  s_waitcnt vmcnt(0)
KERNEL_END
