// WAVES 32 64
// s_sendmsg_rtn with a message that is not one of the returning ones
// (128-133, the RDNA3 list; LLVM's gfx11 documentation lists the same) is
// a kernel error naming it.
// LAUNCH 64 64
// ERROR s_sendmsg_rtn: message 135 is reserved
.include "common.inc"
KERNEL_BEGIN
  s_sendmsg_rtn_b32 s20, 135
KERNEL_END
