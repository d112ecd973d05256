// s_trap is a kernel error naming the trap id (no trap handler), with the
// kernel, work-group, wave, pc and instruction of the core's report.
// LAUNCH 64 64
// ERROR `s_trap 2`: s_trap 2: the kernel raised a trap (no trap handler)
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_trap 2
KERNEL_END
