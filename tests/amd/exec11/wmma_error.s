// A v_wmma whose A matrix is an SGPR range (llvm-mc-19 rejects it: "operand
// has 'VReg_256' register class"; encoded by hand: v_wmma_f32_16x16x16_f16
// v[0:7], v[8:15], v[16:23], v[0:7] is 0xcc404000 0x1c022108, and src0 =
// 0x000 is s0) stops with a kernel error naming the operands.
// LAUNCH 32 32
// ERROR v_wmma: D, A and B must be VGPRs
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  .long 0xcc404000, 0x1c022000
KERNEL_END
