// s_cbranch_i_fork / s_cbranch_g_fork / s_cbranch_join with the control
// stack of seed 000 (program flow: "S_CBRANCH_I/G_FORK and S_CBRANCH_JOIN"):
// the path with fewer lanes runs first, the other is pushed at s[CSP*4];
// the first join pops it, the second (CSP == the saved CSP) falls through.
// One wave of 64 lanes.
// LAUNCH 64 64
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_cmp_gt_u32 vcc, 16, v0          // lanes 0..15 pass
  s_mov_b64 s[20:21], vcc
  s_mov_b32 s22, 0                  // CSP at the fork
  s_mov_b32 s23, 0                  // arrivals at the join
  v_mov_b32 v5, 0
  // pass has 16 lanes, fail 48: bitcount(fail) < bitcount(pass) is false, so
  // EXEC = pass, push {next pc, fail}, jump to the target
  s_cbranch_i_fork s[20:21], .Ltaken
  v_mov_b32 v5, 2                   // the fail path: lanes 16..63, second
  v_mov_b32 v6, 20
  s_branch .Ljoin
.Ltaken:
  v_mov_b32 v5, 1                   // the pass path: lanes 0..15, first
  v_mov_b32 v6, 10
.Ljoin:
  s_add_u32 s23, s23, 1
  s_cbranch_join s22
  // after the second join EXEC is still the fail path's
  s_mov_b64 s[26:27], exec
  s_mov_b64 exec, -1
  OUTV 0, v0, v5                    // EXPECT_SEQ 0 16 1 0
                                    // EXPECT_SEQ 16 48 2 0
  OUT 64, s23                       // EXPECT 64 2
  OUT 65, s26                       // EXPECT 65 0xffff0000
  OUT 66, s27                       // EXPECT 66 0xffffffff
  // the stack entry the fork pushed: s[0:1] = the fail mask, s[2:3] = its pc
  OUT 67, s0                        // EXPECT 67 0xffff0000
  OUT 68, s1                        // EXPECT 68 0xffffffff
  // g_fork with every lane passing: a plain jump, nothing pushed (CSP 0),
  // so the join falls through at once
  s_getpc_b64 s[30:31]              // the address of the next instruction
.Lpc:
  s_add_u32 s30, s30, .Lg - .Lpc
  s_addc_u32 s31, s31, 0
  s_mov_b64 s[28:29], -1
  s_cbranch_g_fork s[28:29], s[30:31]
  OUT 69, 7                         // skipped by the jump
.Lg:
  s_cbranch_join s22
  OUT 70, 9                         // EXPECT 70 9
KERNEL_END
