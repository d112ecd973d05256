// ds_ordered_count (seed 001, "Ordered count": requests are processed in
// wave creation order; the pre-op value returns).  2 work-groups of 4
// waves; launch wave g = 4 * group + wave.  Ordered-count index 0
// (offset0 = 0), wave_release + wave_done (offset1 = 3): offset 0x300; the
// counter is the GDS dword at M0[15:0] = 0, starting at 0.  Wave g adds
// 1 << g, so it gets sum(1 << j, j < g) = (1 << g) - 1: 0 1 3 7 15 31 63 127.
// Index 1 (offset0 = 4) with wave_release only (offset1 = 1: offset 0x104)
// counts at M0 = 4 by 1: wave g gets g.
//
// Wave 0 of each group first waits on GWS semaphore 9, which wave 1 signals
// just before its own request: waves 1-3 of the group ask before wave 0
// (the engine runs wave 0 first, it waits, then 1, 2, 3) and must wait for
// their turn; added in asking order they would get 0, 2, 6, ... instead.
// LAUNCH 512 256
// OUTN 16
// EXPECT 0 0
// EXPECT 1 1
// EXPECT 2 3
// EXPECT 3 7
// EXPECT 4 15
// EXPECT 5 31
// EXPECT 6 63
// EXPECT 7 127
// EXPECT_SEQ 8 8 0 1
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_readfirstlane_b32 s10, v0
  s_lshr_b32 s10, s10, 6            // the wave
  s_lshl_b32 s11, s2, 2
  s_add_u32 s11, s11, s10           // g
  v_mov_b32 v4, s11
  s_lshl_b32 s12, 1, s11
  v_mov_b32 v1, s12                 // 1 << g
  v_mov_b32 v5, 1
  s_mov_b32 m0, 0
  s_nop 0
  s_cmp_eq_u32 s10, 0
  s_cbranch_scc0 .Lnot0
  ds_gws_sema_p offset:9 gds
  s_waitcnt lgkmcnt(0)
  s_branch .Lcount
.Lnot0:
  s_cmp_eq_u32 s10, 1
  s_cbranch_scc0 .Lcount
  ds_gws_sema_v offset:9 gds
  s_waitcnt lgkmcnt(0)
.Lcount:
  ds_ordered_count v2, v1 offset:0x300 gds
  s_waitcnt lgkmcnt(0)
  v_readfirstlane_b32 s13, v2
  OUTV 0, v4, s13                   // out[g] = (1 << g) - 1
  s_mov_b32 m0, 4
  s_nop 0
  ds_ordered_count v3, v5 offset:0x104 gds
  s_waitcnt lgkmcnt(0)
  v_readfirstlane_b32 s13, v3
  OUTV 8, v4, s13                   // out[8 + g] = g
KERNEL_END
