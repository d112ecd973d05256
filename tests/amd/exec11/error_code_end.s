// Running into the s_code_end padding after a kernel's last instruction
// is a kernel error naming it (gfx11 pads .text with s_code_end).
// LAUNCH 32 32
// ERROR `s_code_end`: s_code_end executed: the wave ran past the end of its code
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_code_end
KERNEL_END
