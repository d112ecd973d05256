// The "races" check on gfx900 assembly: each lane writes its own LDS
// dword, then reads its neighbour's (lane + 1) with no barrier in between:
// two work-items, the same bytes, one a write.  The twin puts s_barrier
// between the write and the read.  FINDING CHECK READ WRITE.
// CHECKS races
// LAUNCH 64 64
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_lshlrev_b32 v1, 2, v0                        // v1 = 4 * lane
  v_add_u32 v2, 1, v0
  v_and_b32 v2, 63, v2
  v_lshlrev_b32 v2, 2, v2                        // v2 = 4 * ((lane + 1) % 64)
r1w: ds_write_b32 v1, v0
  s_waitcnt lgkmcnt(0)
r1r: ds_read_b32 v3, v2                                  // FINDING races r1r r1w
  s_waitcnt lgkmcnt(0)
  s_barrier
  ds_write_b32 v1, v0 offset:256
  s_waitcnt lgkmcnt(0)
  s_barrier
  ds_read_b32 v3, v2 offset:256
  s_waitcnt lgkmcnt(0)
KERNEL_END 512
