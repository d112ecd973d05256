// gfx1100 float memory atomics with MODE flushing f32 denormals
// (FLOAT_DENORM_MODE_32 = 0: MODE[5:4] = 0, input and output flushing on).
// Seed 001: min/max/cmpswap flush input denormals for the comparison only
// when MODE disallows input denormals (the result of min/max is an
// unmodified input; cmpswap stores its new value flushed); add flushes
// its inputs, rounds to nearest even whatever MODE.round says and does
// not consult MODE.  out[m] memory, out[m+1] the returned old value.
// LAUNCH 1 1
.include "common.inc"
.macro GA op, m, init, data
  v_mov_b32 v10, \init
  v_mov_b32 v11, 0
  global_store_b32 v11, v10, s[100:101] offset:\m*4
  s_waitcnt_vscnt null, 0x0
  v_mov_b32 v12, \data
  global_atomic_\op v13, v11, v12, s[100:101] offset:\m*4 glc
  s_waitcnt vmcnt(0)
  OUT (\m+1), v13
.endm
KERNEL_BEGIN
  PROLOGUE
  // add: 2^-126 (1 + 2^-23) - 2^-126 = 2^-149, kept (MODE not consulted)
  GA add_f32, 0, 0x00800001, 0x80800000
  // EXPECT 0 0x00000001
  // EXPECT 1 0x00800001
  // max(2^-149, 2^-148): both compare as +0, a tie keeps memory,
  // unmodified: 2^-149
  GA max_f32, 2, 0x00000001, 0x00000002
  // EXPECT 2 0x00000001
  // EXPECT 3 0x00000001
  // min(-2^-149, +0): -0 < +0, memory's unmodified -2^-149
  GA min_f32, 4, 0x80000001, 0x00000000
  // EXPECT 4 0x80000001
  // EXPECT 5 0x80000001
  // cmpswap: memory 2^-149 flushes to +0 == cmp -0: swaps, the new value
  // 5 * 2^-149 stored flushed: +0
  v_mov_b32 v10, 0x00000001
  v_mov_b32 v11, 0
  global_store_b32 v11, v10, s[100:101] offset:24
  s_waitcnt_vscnt null, 0x0
  v_mov_b32 v12, 0x00000005
  v_mov_b32 v13, 0x80000000
  global_atomic_cmpswap_f32 v14, v11, v[12:13], s[100:101] offset:24 glc
  s_waitcnt vmcnt(0)
  OUT 7, v14
  // EXPECT 6 0x00000000
  // EXPECT 7 0x00000001
  // add with MODE.round = toward zero (MODE[1:0] = 3): still nearest even:
  // (1 + 2^-23) + 2^-24 -> 0x3f800002 (toward zero would give 0x3f800001)
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 3
  GA add_f32, 8, 0x3f800001, 0x33800000
  // EXPECT 8 0x3f800002
  // EXPECT 9 0x3f800001
KERNEL_END lds=0, dn32=0
