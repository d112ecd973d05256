// GWS semaphores (seed 001; Vega ISA 12.13 DS_GWS_SEMA_V/_BR/_P/
// _RELEASE_ALL): one work-group of 4 waves.  Resource R = M0[21:16] 4 +
// offset0 1 = 5 counts the waves let through; resource S = 4 + 2 = 6
// counts acknowledgements.  Wave 0 addresses S as M0[21:16] 63 + offset 7 =
// (63 + 7) % 64 = 6 (the resource id wraps, seed 001): were it another
// resource, wave 0 would wait forever.
//
// Wave 0: lds[0] = 0; sema_br R 2 (R = 2); then it waits for two
// acknowledgements on S.  Waves 1-3: sema_p R, then ds_add_u32 lds[0] += 1
// in each of their 64 lanes (+64 a wave), out[4 + wave] = 7, sema_v S.
// R = 2 lets exactly two of them through, whatever their order; the third
// is queued (R = 0).  So when wave 0 has taken S twice, lds[0] = 2 x 64 =
// 128 -> out[0] = 128.  Then sema_release_all R: R = the waves queued = 1,
// the third passes, and after a third S wave 0 reads 3 x 64 = 192 -> out[1].
// LAUNCH 256 256
// OUTN 8
// EXPECT 0 128
// EXPECT 1 192
// EXPECT_SEQ 5 3 7 0
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_readfirstlane_b32 s10, v0
  s_lshr_b32 s10, s10, 6            // the wave
  v_mov_b32 v4, s10
  v_mov_b32 v9, 0                   // LDS address 0
  v_mov_b32 v8, 1
  s_mov_b32 m0, 4 << 16
  s_cmp_eq_u32 s10, 0
  s_cbranch_scc0 .Lworker
  ds_write_b32 v9, v9               // lds[0] = 0
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v1, 2
  ds_gws_sema_br v1 offset:1 gds    // R += 2
  s_waitcnt lgkmcnt(0)
  s_mov_b32 m0, 63 << 16
  s_nop 0
  ds_gws_sema_p offset:7 gds        // S (63 + 7) % 64 = 6
  s_waitcnt lgkmcnt(0)
  ds_gws_sema_p offset:7 gds
  s_waitcnt lgkmcnt(0)
  ds_read_b32 v2, v9
  s_waitcnt lgkmcnt(0)
  OUT 0, v2                         // out[0] = lds[0]
  s_mov_b32 m0, 4 << 16
  s_nop 0
  ds_gws_sema_release_all offset:1 gds
  s_waitcnt lgkmcnt(0)
  s_mov_b32 m0, 63 << 16
  s_nop 0
  ds_gws_sema_p offset:7 gds
  s_waitcnt lgkmcnt(0)
  ds_read_b32 v2, v9
  s_waitcnt lgkmcnt(0)
  OUT 1, v2                         // out[1] = lds[0]
  s_endpgm
.Lworker:
  s_nop 0
  ds_gws_sema_p offset:1 gds        // R
  s_waitcnt lgkmcnt(0)
  ds_add_u32 v9, v8                 // lds[0] += 64 x 1
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v3, 7
  OUTV 4, v4, v3                    // out[4 + wave] = 7
  ds_gws_sema_v offset:2 gds        // S
  s_waitcnt lgkmcnt(0)
KERNEL_END 4
