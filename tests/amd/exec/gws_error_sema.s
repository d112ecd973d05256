// A GWS semaphore nobody signals: ds_gws_sema_p on resource 40 (M0[21:16]
// 32 + offset0 8) waits forever (the launch's resources start at 0): a
// deadlock kernel error naming the resource.
// LAUNCH 64 64
// ERROR ds_gws_sema_p waits on GWS resource 40 (semaphore counter 0, 0 waves queued ahead)
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_mov_b32 m0, 32 << 16
  s_nop 0
  ds_gws_sema_p offset:8 gds
  s_waitcnt lgkmcnt(0)
KERNEL_END
