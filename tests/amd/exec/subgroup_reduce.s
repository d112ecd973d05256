// sub_group_reduce_add as clang-19 -O3 emits it for gfx900 (the sequence
// below is from `clang-19 -mcpu=gfx900 -O3` on
//   o[i] = sub_group_reduce_add(in[i])
// with its s_nops): row_shl 1, 2, 4, 8 with bound_ctrl leave in lane 0 of
// each row the row's sum; wave_shl:1 then row_mirror bring lane 16's sum
// to lane 0 and lane 48's to lane 32; the scalar unit adds lane 0 and,
// if lane 32 is active, lane 32.  It relies on DPP reading 0 from inactive
// lanes (bound_ctrl), so partial EXEC masks check that rule end to end.
// Values x = lane + 1; expected sums by hand: all 64 lanes 64*65/2 = 2080;
// lanes 0-39 (a partial sub-group: active lanes are contiguous from 0):
// 40*41/2 = 820; lanes 0-20: 21*22/2 = 231.  Even lanes only, which
// OpenCL's uniform control flow rules out for sub-group functions, shows
// the rule itself: row_shl:1 reads odd (inactive) lanes as 0, shifts 2, 4,
// 8 gather each row's even lanes into its lane 0 (row 0: 1+3+...+15 = 64,
// row 2: 33+35+...+47 = 320), but wave_shl:1 and row_mirror read odd lanes
// again (0), so lane 0 keeps 64 and lane 32 320: 384.
// LAUNCH 64 64
.include "common.inc"
.macro REDUCE slot
  v_add_u32 v2, 1, v0
  s_bfe_i32 s2, exec_hi, 0x10000
  v_add_u32_dpp v2, v2, v2 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_nop 1
  v_add_u32_dpp v2, v2, v2 row_shl:2 row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_nop 1
  v_add_u32_dpp v2, v2, v2 row_shl:4 row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_nop 1
  v_add_u32_dpp v2, v2, v2 row_shl:8 row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_nop 1
  v_mov_b32_dpp v4, v2 wave_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_nop 1
  v_add_u32_dpp v2, v4, v2 row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_readlane_b32 s1, v2, 32
  v_readlane_b32 s3, v2, 0
  s_and_b32 s1, s2, s1
  s_add_i32 s1, s1, s3
  s_mov_b64 exec, s[20:21]
  OUT \slot, s1
.endm
KERNEL_BEGIN
  PROLOGUE
  s_mov_b64 s[20:21], exec
  v_mov_b32 v4, 0x7777            // stale values in the scratch register
  REDUCE 0                        // EXPECT 0 2080
  v_mov_b32 v4, 0x7777
  s_mov_b32 exec_lo, -1
  s_mov_b32 exec_hi, 0xff         // lanes 0-39
  REDUCE 1                        // EXPECT 1 820
  v_mov_b32 v4, 0x7777
  s_mov_b32 exec_lo, 0x1fffff     // lanes 0-20
  s_mov_b32 exec_hi, 0
  REDUCE 2                        // EXPECT 2 231
  v_mov_b32 v4, 0x7777
  s_mov_b32 exec_lo, 0x55555555   // even lanes: x = 1, 3, ..., 63
  s_mov_b32 exec_hi, 0x55555555
  REDUCE 3                        // EXPECT 3 384
KERNEL_END
