// The "bounds" check on gfx900 assembly: a store one dword past the out
// buffer (OUTN 8: 32 bytes) and an LDS store past the work-group's 64
// bytes, each beside its in-bounds twin.  FINDING CHECK LABEL: a finding
// of that one instruction.
// CHECKS bounds
// LAUNCH 64 64
// OUTN 8
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v251, 0
  v_mov_b32 v1, 7
  s_mov_b64 exec, 1                              // lane 0 only
b1: global_store_dword v251, v1, s[100:101] offset:32   // FINDING bounds b1
  global_store_dword v251, v1, s[100:101] offset:28     // EXPECT 7 7
b2: ds_write_b32 v251, v1 offset:64                     // FINDING bounds b2
  ds_write_b32 v251, v1 offset:60
  s_waitcnt vmcnt(0) lgkmcnt(0)
KERNEL_END 64
