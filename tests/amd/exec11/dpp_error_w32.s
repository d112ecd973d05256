// A DPP16 control gfx11 does not have (gfx9's wave_shl:1, 0x130; LLVM 19
// does not assemble it for gfx1100, so the words are given) is a kernel
// error naming the instruction
// LAUNCH 32 32
// ERROR a reserved DPP16 control
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  .long 0x7e0402fa, 0xff013001 // v_mov_b32_dpp v2, v1, dpp_ctrl 0x130
KERNEL_END
