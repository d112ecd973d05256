// gfx1100 float memory atomics (seed 001 "float memory atomics"; the
// rules in docs/amdgpu-exec.md "gfx11 VALU and float atomics"): one lane,
// MODE keeping f32 denormals (FLOAT_DENORM_MODE_32 = 3).  Each case: out[m]
// is the memory word (set first), the atomic returns (glc) the old value
// into out[m+1].  Values are IEEE binary32 bit patterns.
// LAUNCH 1 1
.include "common.inc"
// GA op, m, init, data: out[m] = init; old = atomic op(out[m], data)
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
// GCS m, init, src, cmp: cmpswap with data {src, cmp}
.macro GCS m, init, src, cmp
  v_mov_b32 v10, \init
  v_mov_b32 v11, 0
  global_store_b32 v11, v10, s[100:101] offset:\m*4
  s_waitcnt_vscnt null, 0x0
  v_mov_b32 v12, \src
  v_mov_b32 v13, \cmp
  global_atomic_cmpswap_f32 v14, v11, v[12:13], s[100:101] offset:\m*4 glc
  s_waitcnt vmcnt(0)
  OUT (\m+1), v14
.endm
KERNEL_BEGIN
  PROLOGUE
  // ---- add: round to nearest even (MODE.round is ignored) ----
  // 1.0 + 2^-24 is halfway between 1.0 and 1.0 + 2^-23: the even one, 1.0
  GA add_f32, 0, 0x3f800000, 0x33800000
  // EXPECT 0 0x3f800000
  // EXPECT 1 0x3f800000
  // (1 + 2^-23) + 2^-24: halfway between mantissas 1 and 2: 2 (even)
  GA add_f32, 2, 0x3f800001, 0x33800000
  // EXPECT 2 0x3f800002
  // EXPECT 3 0x3f800001
  // ---- add: input denormals flushed although MODE keeps them ----
  // 2^-126 + 2^-149 (denormal data, flushed to +0) = 2^-126 (else 0x00800001)
  GA add_f32, 4, 0x00800000, 0x00000001
  // EXPECT 4 0x00800000
  // EXPECT 5 0x00800000
  // a denormal in memory is flushed too: 0 + 2^-126
  GA add_f32, 6, 0x00000001, 0x00800000
  // EXPECT 6 0x00800000
  // EXPECT 7 0x00000001
  // an output denormal is kept (MODE is not consulted):
  // 2^-126 (1 + 2^-23) - 2^-126 = 2^-149
  GA add_f32, 8, 0x00800001, 0x80800000
  // EXPECT 8 0x00000001
  // EXPECT 9 0x00800001
  // ---- add: NaN and infinity rules ----
  // -inf + +inf = -QNaN 0xffc00000
  GA add_f32, 10, 0xff800000, 0x7f800000
  // EXPECT 10 0xffc00000
  // EXPECT 11 0xff800000
  // sNaN in memory + 1.0: that NaN, quieted (bit 22 set)
  GA add_f32, 12, 0x7f800001, 0x3f800000
  // EXPECT 12 0x7fc00001
  // EXPECT 13 0x7f800001
  // 1.0 + sNaN data 0xffa00000: quieted 0xffe00000
  GA add_f32, 14, 0x3f800000, 0xffa00000
  // EXPECT 14 0xffe00000
  // EXPECT 15 0x3f800000
  // NaN + NaN: src0's (memory's), quieted
  GA add_f32, 16, 0x7f800002, 0x7fc00005
  // EXPECT 16 0x7fc00002
  // EXPECT 17 0x7f800002
  // 0 + 0 = +0: -0 + -0 gives +0 (IEEE would give -0)
  GA add_f32, 18, 0x80000000, 0x80000000
  // EXPECT 18 0x00000000
  // EXPECT 19 0x80000000
  // -inf + 1.0 = -inf (sign kept)
  GA add_f32, 20, 0xff800000, 0x3f800000
  // EXPECT 20 0xff800000
  // EXPECT 21 0xff800000
  // +inf + QNaN: the NaN
  GA add_f32, 22, 0x7f800000, 0x7fc00003
  // EXPECT 22 0x7fc00003
  // EXPECT 23 0x7f800000
  // ---- max / min: -0 < +0; quiet NaN the smallest for max and the
  // largest for min (it loses to any number); a signalling NaN wins,
  // quieted, src0 (memory) first ----
  GA max_f32, 24, 0x80000000, 0x00000000
  // EXPECT 24 0x00000000
  // EXPECT 25 0x80000000
  GA min_f32, 26, 0x00000000, 0x80000000
  // EXPECT 26 0x80000000
  // EXPECT 27 0x00000000
  // max(QNaN, -1.0) = -1.0
  GA max_f32, 28, 0x7fc00000, 0xbf800000
  // EXPECT 28 0xbf800000
  // EXPECT 29 0x7fc00000
  // min(1.0, -QNaN 0xffc00001) = 1.0
  GA min_f32, 30, 0x3f800000, 0xffc00001
  // EXPECT 30 0x3f800000
  // EXPECT 31 0x3f800000
  // max(1.0, sNaN 0x7f800005) = 0x7fc00005
  GA max_f32, 32, 0x3f800000, 0x7f800005
  // EXPECT 32 0x7fc00005
  // EXPECT 33 0x3f800000
  // min(sNaN 0xff800003, sNaN 0x7f800001) = memory's quieted 0xffc00003
  GA min_f32, 34, 0xff800003, 0x7f800001
  // EXPECT 34 0xffc00003
  // EXPECT 35 0xff800003
  // denormals compared as they are (MODE allows input denormals):
  // max(2^-149, 2^-148) = 2^-148
  GA max_f32, 36, 0x00000001, 0x00000002
  // EXPECT 36 0x00000002
  // EXPECT 37 0x00000001
  // max(3 * 2^-149, -2^-149) = 3 * 2^-149
  GA max_f32, 38, 0x00000003, 0x80000001
  // EXPECT 38 0x00000003
  // EXPECT 39 0x00000003
  // ---- cmpswap: swap when neither is NaN and memory == cmp, +0 == -0 ----
  // memory -0, cmp +0: equal, stores 3.0
  GCS 40, 0x80000000, 0x40400000, 0x00000000
  // EXPECT 40 0x40400000
  // EXPECT 41 0x80000000
  // memory NaN, cmp the same NaN: never equal
  GCS 42, 0x7fc00000, 0x3f800000, 0x7fc00000
  // EXPECT 42 0x7fc00000
  // EXPECT 43 0x7fc00000
  // 1.0 vs 1.0 + 2^-23: not equal
  GCS 44, 0x3f800000, 0x40000000, 0x3f800001
  // EXPECT 44 0x3f800000
  // EXPECT 45 0x3f800000
  // memory 2^-149 vs cmp +0: not equal (no flush: MODE allows denormals)
  GCS 46, 0x00000001, 0x40000000, 0x00000000
  // EXPECT 46 0x00000001
  // EXPECT 47 0x00000001
  // ---- csub_u32: memory >= data ? memory - data : 0 ----
  GA csub_u32, 48, 5, 7
  // EXPECT 48 0
  // EXPECT 49 5
  GA csub_u32, 50, 7, 5
  // EXPECT 50 2
  // EXPECT 51 7
  // ---- MUBUF on a raw V# over out (stride 0, 1024 bytes) ----
  s_mov_b32 s24, s100
  s_and_b32 s25, s101, 0xffff
  s_mov_b32 s26, 1024
  s_mov_b32 s27, 0
  v_mov_b32 v10, 0x3f800000
  v_mov_b32 v11, 0
  global_store_b32 v11, v10, s[100:101] offset:208
  global_store_b32 v11, v10, s[100:101] offset:216
  s_waitcnt_vscnt null, 0x0
  // out[52] = 1.0 + 1.0 = 2.0; old 1.0 into out[53]
  v_mov_b32 v1, 0x3f800000
  buffer_atomic_add_f32 v1, off, s[24:27], 0 offset:208 glc
  s_waitcnt vmcnt(0)
  OUT 53, v1
  // EXPECT 52 0x40000000
  // EXPECT 53 0x3f800000
  // out[54] = 1.0; cmpswap data {src 4.0, cmp 1.0}: equal, stores 4.0
  v_mov_b32 v2, 0x40800000
  v_mov_b32 v3, 0x3f800000
  buffer_atomic_cmpswap_f32 v[2:3], off, s[24:27], 0 offset:216 glc
  s_waitcnt vmcnt(0)
  OUT 55, v2
  // EXPECT 54 0x40800000
  // EXPECT 55 0x3f800000
  // ---- FLAT at a global address: out[56] = min(2.0, -2.0) ----
  v_mov_b32 v10, 0x40000000
  v_mov_b32 v11, 0
  global_store_b32 v11, v10, s[100:101] offset:224
  s_waitcnt_vscnt null, 0x0
  s_add_u32 s30, s100, 224
  s_addc_u32 s31, s101, 0
  v_mov_b32 v2, s30
  v_mov_b32 v3, s31
  v_mov_b32 v4, 0xc0000000
  flat_atomic_min_f32 v5, v[2:3], v4 glc
  s_waitcnt vmcnt(0) lgkmcnt(0)
  OUT 57, v5
  // EXPECT 56 0xc0000000
  // EXPECT 57 0x40000000
KERNEL_END
