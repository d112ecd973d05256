// A GWS barrier that can never open is a deadlock kernel error naming the
// resource: resource 3 is initialised for 3 waves (2), the launch has 2
// (2 work-groups of 1 wave).  Wave 0 arrives: counter 2 -> 1; wave 1: 1 ->
// 0; both wait for a third.
// LAUNCH 128 64
// ERROR ds_gws_barrier waits on GWS resource 3 (1 more waves to arrive)
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v1, 2
  s_mov_b32 m0, 0
  s_nop 0
  s_cmp_eq_u32 s2, 0
  s_cbranch_scc0 .Lbar
  ds_gws_init v1 offset:3 gds
  s_waitcnt lgkmcnt(0)
.Lbar:
  ds_gws_barrier v1 offset:3 gds
  s_waitcnt lgkmcnt(0)
KERNEL_END
