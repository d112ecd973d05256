// WAVES 32 64
// lds_direct_load from an M0 address that is not DWORD aligned (the RDNA3
// ISA guide, "LDS Direct Load": "byte address and must be DWORD aligned",
// for every data type) is a kernel error naming it and M0.
// LAUNCH 64 64
// ERROR lds_direct_load: M0 LDS address 0x0006 is not DWORD aligned (M0 = 0x00010006)
.include "common.inc"
KERNEL_BEGIN
  s_mov_b32 m0, 0x00010006
  lds_direct_load v1
  s_waitcnt expcnt(0)
KERNEL_END lds=16
