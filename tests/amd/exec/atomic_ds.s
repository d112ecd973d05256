// DS atomics, float atomics (seed 001's rules), narrow and d16 DS
// accesses, lane permutes and append/consume.  One wave; lane l has
// v0 = l, v1 = l + 1.  Lanes apply in increasing order, so with a return
// lane l sees the value after lanes 0..l-1.  Expected values computed by
// hand from the Vega ISA opcode descriptions and seed 001.
// LAUNCH 64 64
.include "common.inc"
// lds[dword i] = value, lane 0 only (exec must be 1)
.macro LDSW i, val
  v_mov_b32 v250, \val
  v_mov_b32 v251, \i*4
  ds_write_b32 v251, v250
.endm
// out[idx] = lds[dword i] (lane 0)
.macro LDSR idx, i
  v_mov_b32 v251, \i*4
  ds_read_b32 v250, v251
  s_waitcnt lgkmcnt(0)
  OUT \idx, v250
.endm
KERNEL_BEGIN
  PROLOGUE
  v_add_u32 v1, 1, v0
  v_mov_b32 v2, 0                   // address 0 for every lane
  v_mov_b32 v3, 0x55                // return registers start at 0x55
  s_mov_b64 exec, 1
  LDSW 0, 7
  LDSW 1, 5
  LDSW 2, 0x22
  LDSW 3, 0x33
  LDSW 4, 0xffff
  LDSW 5, 10
  LDSW 6, 0
  LDSW 7, 5
  LDSW 8, 0xfffffffe
  LDSW 9, 0xffffffff
  LDSW 10, 3
  LDSW 11, 0
  // ---- integer ----
  // add: 7 + 1 + 2 + 3 + 4 = 17; returns 7, 8, 10, 13; lane 4 keeps 0x55
  s_mov_b64 exec, 0xf
  ds_add_rtn_u32 v3, v2, v1
  s_waitcnt lgkmcnt(0)
  s_mov_b64 exec, 0x1f
  OUTV 0, v0, v3                    // EXPECT 0 7
                                    // EXPECT 1 8
                                    // EXPECT 2 10
                                    // EXPECT 3 13
                                    // EXPECT 4 0x55
  // cmpst (data0 = cmp, data1 = src), lanes 0-1: cmp 5 both; src 9, 11.
  // lane 0: 5 == 5 -> 9, returns 5; lane 1: 9 != 5, returns 9
  s_mov_b64 exec, 3
  v_mov_b32 v10, 5
  v_lshl_add_u32 v11, v0, 1, 9
  ds_cmpst_rtn_b32 v3, v2, v10, v11 offset:4
  s_waitcnt lgkmcnt(0)
  OUTV 5, v0, v3                    // EXPECT 5 5
                                    // EXPECT 6 9
  // wrxchg2 (lane 0): lds[2] = 1 (data0), lds[3] = 100 (data1); returns 0x22, 0x33
  s_mov_b64 exec, 1
  v_mov_b32 v4, 100
  ds_wrxchg2_rtn_b32 v[12:13], v2, v1, v4 offset0:2 offset1:3
  // mskor (lane 0): (0xffff & ~0xff0) | 0x50 = 0xf05f
  v_mov_b32 v14, 0xff0
  v_mov_b32 v15, 0x50
  ds_mskor_b32 v2, v14, v15 offset:16
  s_waitcnt lgkmcnt(0)
  OUT 7, v12                        // EXPECT 7 0x22
  OUT 8, v13                        // EXPECT 8 0x33
  // wrap (data0 4, data1 3), lanes 0-3 on 10: 10 -> 6, 6 -> 2, 2 -> 5
  // (2 < 4: + 3), 5 -> 1; returns 10, 6, 2, 5
  s_mov_b64 exec, 0xf
  v_mov_b32 v14, 4
  v_mov_b32 v15, 3
  ds_wrap_rtn_b32 v3, v2, v14, v15 offset:20
  s_waitcnt lgkmcnt(0)
  OUTV 9, v0, v3                    // EXPECT 9 10
                                    // EXPECT 10 6
                                    // EXPECT 11 2
                                    // EXPECT 12 5
  // dec (data 3), lanes 0-2 on 0: 0 -> 3 (wraps at 0), 3 -> 2, 2 -> 1
  s_mov_b64 exec, 7
  v_mov_b32 v14, 3
  ds_dec_u32 v2, v14 offset:24
  // min_i32 with lane - 2, lanes 0-3 on 5: -2 after lane 0; returns 5, -2, -2, -2
  s_mov_b64 exec, 0xf
  v_subrev_u32 v14, 2, v0
  ds_min_rtn_i32 v3, v2, v14 offset:28
  s_waitcnt lgkmcnt(0)
  OUTV 13, v0, v3                   // EXPECT 13 5
                                    // EXPECT 14 0xfffffffe
                                    // EXPECT 15 0xfffffffe
                                    // EXPECT 16 0xfffffffe
  // add_rtn_u64 of 1, lanes 0-3 on 0xffffffff_fffffffe: returns ..fffe,
  // ..ffff, 0, 1 (low dwords; high 0xffffffff twice then 0); ends 2
  v_mov_b32 v16, 1
  v_mov_b32 v17, 0
  ds_add_rtn_u64 v[18:19], v2, v[16:17] offset:32
  s_waitcnt lgkmcnt(0)
  OUTV 17, v0, v18                  // EXPECT 17 0xfffffffe
                                    // EXPECT 18 0xffffffff
                                    // EXPECT 19 0
                                    // EXPECT 20 1
  OUTV 21, v0, v19                  // EXPECT 21 0xffffffff
                                    // EXPECT 22 0xffffffff
                                    // EXPECT 23 0
                                    // EXPECT 24 0
  // cmpst_rtn_b64 (lane 0) on 0x0_00000003: cmp 0x0_00000003 hits, src
  // 0x4_00000004 stored; returns 3, 0
  s_mov_b64 exec, 1
  v_mov_b32 v20, 3
  v_mov_b32 v21, 0
  v_mov_b32 v22, 4
  v_mov_b32 v23, 4
  ds_cmpst_rtn_b64 v[24:25], v2, v[20:21], v[22:23] offset:40
  s_waitcnt lgkmcnt(0)
  OUT 25, v24                       // EXPECT 25 3
  OUT 26, v25                       // EXPECT 26 0
  LDSR 27, 0                        // EXPECT 27 17
  LDSR 28, 1                        // EXPECT 28 9
  LDSR 29, 2                        // EXPECT 29 1
  LDSR 30, 3                        // EXPECT 30 100
  LDSR 31, 4                        // EXPECT 31 0xf05f
  LDSR 32, 5                        // EXPECT 32 1
  LDSR 33, 6                        // EXPECT 33 1
  LDSR 34, 7                        // EXPECT 34 0xfffffffe
  LDSR 35, 8                        // EXPECT 35 2
  LDSR 36, 9                        // EXPECT 36 0
  LDSR 37, 10                       // EXPECT 37 4
  LDSR 38, 11                       // EXPECT 38 4

  // ---- float (seed 001), lane 0; MODE.fp_denorm = 0xf: denormals allowed
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0xf
  // add: 1.0 + 2.5 = 3.5 (0x40600000), returns 1.0
  LDSW 12, 0x3f800000
  v_mov_b32 v26, 0x40200000
  ds_add_rtn_f32 v3, v2, v26 offset:48
  s_waitcnt lgkmcnt(0)
  OUT 39, v3                        // EXPECT 39 0x3f800000
  LDSR 40, 12                       // EXPECT 40 0x40600000
  // add flushes input denormals whatever MODE says: denorm + denorm = +0
  LDSW 13, 1
  v_mov_b32 v26, 1
  ds_add_f32 v2, v26 offset:52
  LDSR 41, 13                       // EXPECT 41 0
  // output denormal kept with MODE allowing it: 0x00800001 + -0x00800000
  // = 2^-149 = 0x00000001
  LDSW 14, 0x00800001
  v_mov_b32 v26, 0x80800000
  ds_add_f32 v2, v26 offset:56
  LDSR 42, 14                       // EXPECT 42 1
  // a signalling NaN input comes out quiet: 0x7f800001 + 1.0 = 0x7fc00001
  LDSW 16, 0x7f800001
  v_mov_b32 v26, 1.0
  ds_add_f32 v2, v26 offset:64
  LDSR 43, 16                       // EXPECT 43 0x7fc00001
  // both NaN: the first input's (memory's) NaN
  LDSW 17, 0x7fc00002
  v_mov_b32 v26, 0xffc00003
  ds_add_f32 v2, v26 offset:68
  LDSR 44, 17                       // EXPECT 44 0x7fc00002
  // +inf + -inf = -QNaN 0xffc00000
  LDSW 18, 0x7f800000
  v_mov_b32 v26, 0xff800000
  ds_add_f32 v2, v26 offset:72
  LDSR 45, 18                       // EXPECT 45 0xffc00000
  // -0 + +0 = +0
  LDSW 19, 0x80000000
  v_mov_b32 v26, 0
  ds_add_f32 v2, v26 offset:76
  LDSR 46, 19                       // EXPECT 46 0
  // max: a quiet NaN is below everything: max(qNaN, 1.0) = 1.0, returns qNaN
  LDSW 20, 0x7fc00000
  v_mov_b32 v26, 1.0
  ds_max_rtn_f32 v3, v2, v26 offset:80
  s_waitcnt lgkmcnt(0)
  OUT 47, v3                        // EXPECT 47 0x7fc00000
  LDSR 48, 20                       // EXPECT 48 0x3f800000
  // max with a signalling NaN: the NaN, quieted (0x7f800005 -> 0x7fc00005)
  LDSW 21, 0x3f800000
  v_mov_b32 v26, 0x7f800005
  ds_max_f32 v2, v26 offset:84
  LDSR 49, 21                       // EXPECT 49 0x7fc00005
  // max(-0, +0) = +0; min(+0, -0) = -0
  LDSW 22, 0x80000000
  v_mov_b32 v26, 0
  ds_max_f32 v2, v26 offset:88
  LDSR 50, 22                       // EXPECT 50 0
  LDSW 23, 0
  v_mov_b32 v26, 0x80000000
  ds_min_f32 v2, v26 offset:92
  LDSR 51, 23                       // EXPECT 51 0x80000000
  // min: a quiet NaN is above everything: min(2.0, qNaN) = 2.0
  LDSW 24, 2.0
  v_mov_b32 v26, 0x7fc00000
  ds_min_f32 v2, v26 offset:96
  LDSR 52, 24                       // EXPECT 52 0x40000000
  // min(+denorm 0x1, +0) with input denormals allowed: +0 is smaller
  LDSW 25, 1
  v_mov_b32 v26, 0
  ds_min_f32 v2, v26 offset:100
  LDSR 53, 25                       // EXPECT 53 0
  // cmpst_f32 (data0 = cmp, data1 = src): -0 == +0 swaps in 5.0
  LDSW 26, 0x80000000
  v_mov_b32 v26, 0
  v_mov_b32 v27, 5.0
  ds_cmpst_rtn_f32 v3, v2, v26, v27 offset:104
  s_waitcnt lgkmcnt(0)
  OUT 54, v3                        // EXPECT 54 0x80000000
  LDSR 55, 26                       // EXPECT 55 0x40a00000
  // NaN never compares equal: qNaN stays
  LDSW 27, 0x7fc00000
  v_mov_b32 v26, 0x7fc00000
  v_mov_b32 v27, 1.0
  ds_cmpst_f32 v2, v26, v27 offset:108
  LDSR 56, 27                       // EXPECT 56 0x7fc00000
  // MODE.fp_denorm = 0: flush f32 input and output denormals
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0
  // the output denormal of the add above is now flushed: +0
  LDSW 15, 0x00800001
  v_mov_b32 v26, 0x80800000
  ds_add_f32 v2, v26 offset:60
  LDSR 57, 15                       // EXPECT 57 0
  // min(+denorm 0x1, +0) compares flushed values: equal, memory kept
  // unmodified (0x1)
  LDSW 28, 1
  v_mov_b32 v26, 0
  ds_min_f32 v2, v26 offset:112
  LDSR 58, 28                       // EXPECT 58 1
  // cmpst: denorm 0x1 equals cmp +0 when flushed; src (denorm 0x2) is
  // stored flushed: +0
  LDSW 29, 1
  v_mov_b32 v26, 0
  v_mov_b32 v27, 2
  ds_cmpst_f32 v2, v26, v27 offset:116
  LDSR 59, 29                       // EXPECT 59 0

  // ---- permutes: data v32 = lane * 10 ----
  s_mov_b64 exec, -1
  v_mul_u32_u24 v32, 10, v0
  v_mov_b32 v30, 0x55
  v_mov_b32 v33, 0x55
  v_mov_b32 v34, 0x55
  v_mov_b32 v35, 0x55
  v_add_u32 v31, 1, v0
  v_and_b32 v31, 63, v31
  v_lshlrev_b32 v31, 2, v31         // address: lane (l + 1) mod 64, * 4
  s_mov_b64 exec, 0xf
  // bpermute: lane l reads lane l+1: 10, 20, 30; lane 3 reads lane 4, not
  // in EXEC: 0
  ds_bpermute_b32 v30, v31, v32
  // permute: lane l writes lane l+1: lane 0 gets nothing (0), 1 <- 0,
  // 2 <- 10, 3 <- 20 (lane 4 <- 30 is not in EXEC)
  ds_permute_b32 v33, v31, v32
  s_waitcnt lgkmcnt(0)
  s_mov_b64 exec, 0x1f
  OUTV 60, v0, v30                  // EXPECT 60 10
                                    // EXPECT 61 20
                                    // EXPECT 62 30
                                    // EXPECT 63 0
                                    // EXPECT 64 0x55
  OUTV 65, v0, v33                  // EXPECT 65 0
                                    // EXPECT 66 0
                                    // EXPECT 67 10
                                    // EXPECT 68 20
                                    // EXPECT 69 0x55
  // swizzle, quad-permute mode 0x801b (lane l reads (l & ~3) | (3 - l&3)),
  // lanes 0-7 except 6: 30, 20, 10, 0, 70, 0 (lane 6 not in EXEC), -, 40
  s_mov_b64 exec, 0xbf
  ds_swizzle_b32 v34, v32 offset:0x801b
  // bit-mask mode 0x41c: and 0x1c, or 0, xor 1: lane l reads (l & ~3) | 1:
  // lanes 0-3 read lane 1 (10), lanes 4-7 lane 5 (50); lane 6 not in EXEC
  ds_swizzle_b32 v35, v32 offset:0x41c
  s_waitcnt lgkmcnt(0)
  s_mov_b64 exec, 0xff
  OUTV 70, v0, v34                  // EXPECT 70 30
                                    // EXPECT 71 20
                                    // EXPECT 72 10
                                    // EXPECT 73 0
                                    // EXPECT 74 70
                                    // EXPECT 75 0
                                    // EXPECT 76 0x55
                                    // EXPECT 77 40
  OUTV 78, v0, v35                  // EXPECT 78 10
                                    // EXPECT 79 10
                                    // EXPECT 80 10
                                    // EXPECT 81 10
                                    // EXPECT 82 50
                                    // EXPECT 83 50
                                    // EXPECT 84 0x55
                                    // EXPECT 85 50

  // ---- narrow and d16 (lane 0), dword 50 (byte 200) = 0 ----
  s_mov_b64 exec, 1
  LDSW 50, 0
  v_mov_b32 v40, 200
  v_mov_b32 v41, 0x1ff
  ds_write_b8 v40, v41              // byte 200 = 0xff
  v_mov_b32 v41, 0xabcd1234
  ds_write_b16_d16_hi v40, v41 offset:2   // bytes 202-203 = 0xabcd
  v_mov_b32 v41, 0x00770000
  ds_write_b8_d16_hi v40, v41 offset:1    // byte 201 = 0x77
  LDSR 86, 50                       // EXPECT 86 0xabcd77ff
  ds_read_i8 v42, v40               // 0xff -> -1
  ds_read_u8 v43, v40               // 0xff
  ds_read_u16 v44, v40 offset:2     // 0xabcd
  ds_read_i16 v45, v40 offset:2     // 0xffffabcd
  v_mov_b32 v46, 0x12345678
  v_mov_b32 v47, 0x12345678
  v_mov_b32 v48, 0x12345678
  ds_read_u8_d16_hi v46, v40        // high half = 0x00ff: 0x00ff5678
  ds_read_i8_d16 v47, v40           // low half = 0xffff: 0x1234ffff
  ds_read_u16_d16 v48, v40 offset:2 // low half = 0xabcd: 0x1234abcd
  s_waitcnt lgkmcnt(0)
  OUT 87, v42                       // EXPECT 87 0xffffffff
  OUT 88, v43                       // EXPECT 88 0xff
  OUT 89, v44                       // EXPECT 89 0xabcd
  OUT 90, v45                       // EXPECT 90 0xffffabcd
  OUT 91, v46                       // EXPECT 91 0x00ff5678
  OUT 92, v47                       // EXPECT 92 0x1234ffff
  OUT 93, v48                       // EXPECT 93 0x1234abcd

  // ---- append / consume: the counter at M0 = 208 (dword 52) = 5 ----
  LDSW 52, 5
  s_mov_b32 m0, 208
  s_mov_b64 exec, 0xf
  ds_append v50                     // 4 lanes: counter 9, each gets 5
  s_mov_b64 exec, 3
  ds_consume v51                    // 2 lanes: counter 7, each gets 9
  s_waitcnt lgkmcnt(0)
  s_mov_b64 exec, 0xf
  OUTV 94, v0, v50                  // EXPECT_SEQ 94 4 5 0
  s_mov_b64 exec, 3
  OUTV 98, v0, v51                  // EXPECT_SEQ 98 2 9 0
  s_mov_b64 exec, 1
  LDSR 100, 52                      // EXPECT 100 7
KERNEL_END 256
