// Global wave sync needs resources the command processor configures (seed
// 001); a compute dispatch on ventsim has none: a kernel error says so.
// LAUNCH 64 64
// ERROR ds_gws_init: global wave sync resources are configured by the command processor through GRBM registers (seed 001); a compute dispatch on ventsim has none
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_mov_b32 m0, 0
  ds_gws_init v0 gds
KERNEL_END
