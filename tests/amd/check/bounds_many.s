// The "bounds" check sees every access of an instruction that makes four
// per lane: ds_wrxchg2_rtn_b64 exchanges two qwords per lane, each a load
// and a store (4 records x 64 lanes = 256).  Lane l exchanges at 16 * l
// and 16 * l + 8 (offset1:1 in 8-byte units); the work-group has 1016
// bytes of LDS, so only lane 63's second exchange (bytes 1016..1023) is
// outside: its records are the last of the instruction, which a record
// buffer of fewer than 256 entries loses.
// CHECKS bounds
// LAUNCH 64 64
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_lshlrev_b32 v1, 4, v0                        // 16 * lane
  v_mov_b32 v2, 1
  v_mov_b32 v3, 0
  v_mov_b32 v4, 2
  v_mov_b32 v5, 0
x1: ds_wrxchg2_rtn_b64 v[6:9], v1, v[2:3], v[4:5] offset1:1   // FINDING bounds x1
  s_waitcnt lgkmcnt(0)
KERNEL_END 1016
