// gws_error_sema.s with 2 work-groups on 2 host threads: each host thread
// runs one, both waves wait on semaphore 40 that nobody signals, so every
// host thread is stuck: the deadlock error (on either wave; one of them is
// queued behind the other).
// THREADS 2
// LAUNCH 128 64
// ERROR ds_gws_sema_p waits on GWS resource 40 (semaphore counter 0,
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_mov_b32 m0, 32 << 16
  s_nop 0
  ds_gws_sema_p offset:8 gds
  s_waitcnt lgkmcnt(0)
KERNEL_END
