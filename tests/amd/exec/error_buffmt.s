// A buffer format ventsim does not convert (8-bit UNORM) stops with a
// kernel error naming the format.
// LAUNCH 1 1
// ERROR unsupported instruction tbuffer_load_format_x: data format 1 with number format 0 is not executed by ventsim yet
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_mov_b32 s24, s98
  s_and_b32 s25, s99, 0xffff
  s_mov_b32 s26, 16
  s_mov_b32 s27, 0
  tbuffer_load_format_x v1, off, s[24:27], 0 format:[BUF_DATA_FORMAT_8,BUF_NUM_FORMAT_UNORM]
KERNEL_END
