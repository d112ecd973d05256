// AMD timing test (run_timing.sh "write-back throttling"): one wave64
// stores 256 KiB as 256 iterations of a global_store_dwordx4 of 1 KiB
// (64 lanes x 16 bytes: 16 lines of 64 bytes) to consecutive addresses.
// Lane l of iteration k writes dwords k*256 + 4l .. +3 with their own
// index, so out[i] = i.  With the configuration's L2 (4 MiB) nothing is
// written back; run_timing.sh also runs it with a 1 KiB L2 (16 banks x
// 1 line) and DRAM at 1 byte a cycle per channel, where every line after
// the first 16 evicts a dirty one, to check that the stores then go at
// DRAM write bandwidth (README.md).
// LAUNCH 64 64
// OUTN 65536
// ARGN 256
// EXPECT_SEQ 0 65536 0 1
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_mov_b32 s10, s97
  v_lshlrev_b32 v1, 4, v0          // the lane's byte offset: 16 l
  v_lshlrev_b32 v4, 2, v0          // its first dword's index: 4 l
  v_add_u32 v5, 1, v4
  v_add_u32 v6, 2, v4
  v_add_u32 v7, 3, v4
  s_mov_b32 s12, s100              // the store pointer
  s_mov_b32 s13, s101
.Lloop:
  global_store_dwordx4 v1, v[4:7], s[12:13]
  s_add_u32 s12, s12, 0x400        // the next KiB
  s_addc_u32 s13, s13, 0
  v_add_u32 v4, 0x100, v4          // 256 dwords on
  v_add_u32 v5, 0x100, v5
  v_add_u32 v6, 0x100, v6
  v_add_u32 v7, 0x100, v7
  s_sub_u32 s10, s10, 1
  s_cmp_lg_u32 s10, 0
  s_cbranch_scc1 .Lloop
  s_waitcnt vmcnt(0)
KERNEL_END
