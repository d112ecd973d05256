// The "uninit" check on gfx900 assembly: an LDS dword read that nobody
// wrote, beside a read of one the wave wrote first.  FINDING CHECK LABEL.
// CHECKS uninit
// LAUNCH 64 64
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_lshlrev_b32 v1, 2, v0                        // 4 * lane
u1: ds_read_b32 v3, v1                                   // FINDING uninit u1
  s_waitcnt lgkmcnt(0)
  ds_write_b32 v1, v0 offset:256
  s_waitcnt lgkmcnt(0)
  ds_read_b32 v3, v1 offset:256
  s_waitcnt lgkmcnt(0)
KERNEL_END 512
