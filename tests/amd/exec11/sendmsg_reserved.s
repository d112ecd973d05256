// WAVES 32 64
// s_sendmsg with a reserved message (4: RDNA3 lists 1 INTERRUPT, 2
// HS_TESSFACTOR, 3 DEALLOC_VGPRS, 9 GS_ALLOC_REQ; seed 002: "all unlisted
// message codes are reserved (illegal)") is a kernel error naming it.
// LAUNCH 64 64
// ERROR s_sendmsg: message 4 is reserved
.include "common.inc"
KERNEL_BEGIN
  s_sendmsg 4
KERNEL_END
