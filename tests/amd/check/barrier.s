// The "barrier" check on gfx900 assembly: a wave reaching s_barrier with
// only half of its work-items in EXEC, beside a barrier reached by all
// 64.  FINDING CHECK LABEL.
// CHECKS barrier
// LAUNCH 64 64
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_mov_b64 s[10:11], exec
  s_mov_b32 exec_hi, 0                           // lanes 32..63 off
bar1: s_barrier                                          // FINDING barrier bar1
  s_mov_b64 exec, s[10:11]
  s_barrier
KERNEL_END
