// v_movrels_b32 with an index past v255 (M0 = 250: v10 + 250 = v260) is a
// kernel error naming the instruction and the register
// LAUNCH 32 32
// ERROR v10 + 250 (M0 = 0xfa) is beyond v255
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_mov_b32 m0, 250
  v_movrels_b32 v2, v10
KERNEL_END
