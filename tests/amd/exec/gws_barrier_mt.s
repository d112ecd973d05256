// gws_barrier.s on 2 host threads: the waves wait for work-groups another host
// thread runs (the same expectations, derived in gws_barrier.s).
// Global wave sync (seed 001; Vega ISA 12.13 DS_GWS_INIT, DS_GWS_SEMA_BR,
// DS_GWS_SEMA_P, DS_GWS_BARRIER): a barrier across 4 work-groups of 2 waves.
// Launch wave g = 2 * group + wave (0..7).
//
// Wave 0 initialises resource 0 (M0[21:16] = 0, offset 0) with 7 (8 waves
// minus 1), then releases the 7 other waves, which wait on semaphore
// resource 1 (sema_p) so that none reaches the barrier before the init,
// with sema_br 7 (counter 0 + 7: all seven pass).  Every wave writes
// out[g] = 100 + g, meets the others at the GWS barrier and copies
// out[8 + g] = out[(g + 1) % 8] = 100 + (g + 1) % 8: a value of another
// work-group (wave 7 reads wave 0's), written before the barrier opened.
// The barrier's last arrival reloaded the counter from its data (7), so a
// second barrier works the same: then out[16 + g] = out[8 + (g + 7) % 8] =
// 100 + ((g + 7) % 8 + 1) % 8 = 100 + g.  Without the barriers the first
// work-group would read 0xcccccccc (it runs before the others start).
// LAUNCH 512 128
// THREADS 2
// OUTN 24
// EXPECT_SEQ 0 8 100 1
// EXPECT_SEQ 8 7 101 1
// EXPECT 15 100
// EXPECT_SEQ 16 8 100 1
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_readfirstlane_b32 s10, v0
  s_lshr_b32 s10, s10, 6            // the wave in its group
  s_lshl_b32 s11, s2, 1
  s_add_u32 s11, s11, s10           // g
  v_mov_b32 v4, s11
  v_mov_b32 v1, 7
  s_mov_b32 m0, 0
  s_nop 0
  s_cmp_eq_u32 s11, 0
  s_cbranch_scc0 .Lwait
  ds_gws_init v1 gds                // resource 0: 7
  s_waitcnt lgkmcnt(0)
  ds_gws_sema_br v1 offset:1 gds    // resource 1: counter += 7
  s_waitcnt lgkmcnt(0)
  s_branch .Lgo
.Lwait:
  ds_gws_sema_p offset:1 gds
  s_waitcnt lgkmcnt(0)
.Lgo:
  v_add_u32 v3, 100, v4
  OUTV 0, v4, v3                    // out[g] = 100 + g
  s_waitcnt vmcnt(0)
  ds_gws_barrier v1 gds
  s_waitcnt lgkmcnt(0)
  v_add_u32 v5, 1, v4
  v_and_b32 v5, 7, v5
  v_lshlrev_b32 v5, 2, v5
  global_load_dword v6, v5, s[100:101]
  s_waitcnt vmcnt(0)
  v_add_u32 v7, 8, v4
  OUTV 0, v7, v6                    // out[8 + g] = out[(g + 1) % 8]
  s_waitcnt vmcnt(0)
  ds_gws_barrier v1 gds
  s_waitcnt lgkmcnt(0)
  v_add_u32 v5, 7, v4
  v_and_b32 v5, 7, v5
  v_add_u32 v5, 8, v5
  v_lshlrev_b32 v5, 2, v5
  global_load_dword v6, v5, s[100:101]
  s_waitcnt vmcnt(0)
  v_add_u32 v7, 16, v4
  OUTV 0, v7, v6                    // out[16 + g] = out[8 + (g + 7) % 8]
  s_waitcnt vmcnt(0)
KERNEL_END
