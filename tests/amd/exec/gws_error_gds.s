// ds_ordered_count adds to the GDS dword at M0[15:0]: an address that is
// not a multiple of 4 is a kernel error.
// LAUNCH 64 64
// ERROR ds_ordered_count: GDS address 0x6 (M0[15:0]) is not a multiple of 4
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v1, 1
  s_mov_b32 m0, 6
  s_nop 0
  ds_ordered_count v2, v1 offset:0x300 gds
  s_waitcnt lgkmcnt(0)
KERNEL_END
