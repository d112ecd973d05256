// ds_ordered_count with partial work-groups: the order is the waves that
// exist.  A 2-D NDRange of 192 x 2 work-items in groups of 128 x 1: groups
// (0,0) and (0,1) have 2 waves, (1,0) and (1,1) 64 items, 1 wave.  Creation
// order: group 0 waves 0 1, group 1 wave 0, group 2 waves 0 1, group 3 wave
// 0 -- six waves, each adding 1 (index 0, wave_release + wave_done, GDS
// dword 0): they get 0, 1, 2, 3, 4, 5 in that order, one each, and each
// writes out[its value] = 100 + its value.  Counting a wave slot the
// partial groups do not have, group 2 would wait forever.
// LAUNCH 192 2 1 128 1 1
// OUTN 8
// EXPECT_SEQ 0 6 100 1
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v1, 1
  s_mov_b32 m0, 0
  s_nop 0
  ds_ordered_count v2, v1 offset:0x300 gds
  s_waitcnt lgkmcnt(0)
  v_readfirstlane_b32 s12, v2
  v_mov_b32 v3, s12
  v_add_u32 v4, 100, v3
  OUTV 0, v3, v4
KERNEL_END
