// WAVES 32 64
// lds_param_load with lds_param_offset bits [6:0] set (the RDNA3 ISA guide,
// "LDS Parameter Loads": "Lds_param_offset bits [6:0] must be set to zero")
// is a kernel error naming it and M0.
// LAUNCH 64 64
// ERROR lds_param_load: M0 lds_param_offset 0x0140 has bits [6:0] set (M0 = 0x00040140)
.include "common.inc"
KERNEL_BEGIN
  s_mov_b32 m0, 0x00040140
  lds_param_load v1, attr0.x
  s_waitcnt expcnt(0)
KERNEL_END lds=1024
