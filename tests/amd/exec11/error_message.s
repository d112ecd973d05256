// s_sendmsg with a reserved message id is illegal (seed 002: "all
// unlisted message codes are reserved (illegal)"): a kernel error naming it.
// LAUNCH 32 32
// ERROR s_sendmsg: message 4 is reserved (illegal)
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_sendmsg 4
KERNEL_END
