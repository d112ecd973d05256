// WAVES 32 64
// lds_direct_load with a reserved M0 data type (3; the RDNA3 ISA guide, "LDS
// Direct Load": 0-2 and 4-5 are types, 3 unused, 6-7 reserved) is a kernel
// error naming it.
// LAUNCH 64 64
// ERROR lds_direct_load: M0 data type 3 is reserved
.include "common.inc"
KERNEL_BEGIN
  s_mov_b32 m0, 0x00030000
  lds_direct_load v1
  s_waitcnt expcnt(0)
KERNEL_END lds=16
