// ds_ordered_count whose turn never comes: wave 0 (of one work-group of 2)
// asks with neither wave_release nor wave_done (offset1 = 0), so it keeps
// the turn, and ends; wave 1 waits forever: a deadlock kernel error naming
// the index and the wave that holds it.
// LAUNCH 128 128
// ERROR ds_ordered_count waits for its turn on ordered-count index 2: wave 0 of work-group 0 has not released it
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v1, 1
  s_mov_b32 m0, 0
  s_nop 0
  ds_ordered_count v2, v1 offset:8 gds
  s_waitcnt lgkmcnt(0)
KERNEL_END
