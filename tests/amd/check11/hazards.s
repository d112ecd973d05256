// WAVES 32 64
// The "hazards" check on gfx1100 (docs/checker.md "RDNA3"), wave32 and
// wave64.  Seed 002 ("data dependency resolution"): the hardware resolves
// the data dependencies but those the program waits for with s_waitcnt,
// and no S_NOP is needed for correct operation; so none of gfx900's table 8
// rules holds, and each sequence below, a finding on gfx900 with the wait
// states it has here, reports nothing on gfx1100 (clang-19 emits the first
// one back to back at -O0).  The one finding expected is the control that
// the checker runs: a load read without its s_waitcnt (FINDING CHECK
// SECOND FIRST: the labels of the reader and of the load).
// LAUNCH 64 64
// IN 16 100 1
// OUTN 8
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v40, 0
  v_mov_b32 v1, 3
// a VALU writes an SGPR that v_readlane / v_writelane uses as its lane
// select (gfx900: 4 wait states), with 0 and with 2 (s_nop 1)
  v_readfirstlane_b32 s20, v1
  v_readlane_b32 s21, v1, s20
  v_readfirstlane_b32 s22, v1
  s_nop 1
  v_writelane_b32 v2, s21, s22
// s_delay_alu between them changes nothing either
  v_readfirstlane_b32 s20, v1
  s_delay_alu instid0(VALU_DEP_1)
  v_readlane_b32 s21, v1, s20
// a VALU-written SGPR read by vector memory as its address (gfx900: 5)
  v_mov_b32 v41, s98
  v_readfirstlane_b32 s98, v41
  global_load_b32 v3, v40, s[98:99]
  s_waitcnt vmcnt(0)
// a VALU writes EXEC (v_cmpx: all lanes stay on) before a VALU (gfx900:
// no rule either; its 5-wait-state rule is for a DPP reader, and DPP does
// not execute on gfx1100 yet)
  v_cmpx_eq_u32 v1, v1
  v_add_nc_u32 v4, v1, v1
// an SALU writes M0 that s_sendmsg reads (gfx900: 1)
  s_mov_b32 m0, 0
  s_sendmsg sendmsg(MSG_INTERRUPT)
// the control: a load's result read with no s_waitcnt
c1a: global_load_b32 v7, v40, s[98:99] offset:4
c1b: v_mov_b32 v8, v7                                    // FINDING waits c1b c1a
  s_waitcnt vmcnt(0)
  OUT 0, v3                                              // EXPECT 0 100
  OUT 1, v8                                              // EXPECT 1 101
KERNEL_END
