// More atomics: the 64-bit GLOBAL ops, FLAT cmpswap, MUBUF x2 and
// structured (idxen) forms with range checks, SMEM buffer and x2 forms,
// and DS ops the first tests do not use (incl. st64 exchange, f64 max and
// an out-of-range LDS address).  Lanes apply in increasing order; glc /
// _rtn return the pre-op value.  Expected values by hand from the Vega ISA
// opcode descriptions (64-bit values written hi_lo).
// LAUNCH 64 64
.include "common.inc"
// a 64-bit value in v[\r:\r+1] of the active lanes
.macro V64 r, lo, hi
  v_mov_b32 v\r, \lo
  v_mov_b32 v[\r+1], \hi
.endm
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v2, 0
  s_mov_b64 exec, 1
  OUT 0, 5
  OUT 1, 0
  OUT 2, 0
  OUT 3, 1
  OUT 4, 0x0f0f0f0f
  OUT 5, 0xf0f0f0f0
  OUT 6, 2
  OUT 7, 2
  OUT 8, 1
  OUT 9, 0
  OUT 10, -1
  OUT 11, 0
  OUT 12, 0
  OUT 13, 0
  OUT 14, 0
  OUT 15, 0
  // smin_x2 with -1 on 5: -1; returns 0_5
  V64 10, -1, -1
  global_atomic_smin_x2 v[20:21], v2, v[10:11], s[100:101] glc
  s_waitcnt vmcnt(0)
  OUT 40, v20                       // EXPECT 40 5
  OUT 41, v21                       // EXPECT 41 0
  // EXPECT 0 0xffffffff
  // EXPECT 1 0xffffffff
  // umax_x2 on 1_00000000: lane 0 with 0_ffffffff (stays), lane 1 with
  // 2_00000000 (wins)
  V64 10, -1, 0
  s_mov_b64 exec, 2
  V64 10, 0, 2
  s_mov_b64 exec, 3
  global_atomic_umax_x2 v2, v[10:11], s[100:101] offset:8
  // EXPECT 2 0
  // EXPECT 3 2
  // and_x2 with ffff0000_ffff0000 on f0f0f0f0_0f0f0f0f: f0f00000_0f0f0000
  s_mov_b64 exec, 1
  V64 10, 0xffff0000, 0xffff0000
  global_atomic_and_x2 v2, v[10:11], s[100:101] offset:16
  // EXPECT 4 0x0f0f0000
  // EXPECT 5 0xf0f00000
  // or_x2 1_00000001 on 2_00000002: 3_00000003
  V64 10, 1, 1
  global_atomic_or_x2 v2, v[10:11], s[100:101] offset:24
  // EXPECT 6 3
  // EXPECT 7 3
  // xor_x2 ffffffff_ffffffff on 0_00000001: ffffffff_fffffffe
  V64 10, -1, -1
  global_atomic_xor_x2 v2, v[10:11], s[100:101] offset:32
  // EXPECT 8 0xfffffffe
  // EXPECT 9 0xffffffff
  // inc_x2 (data 1_00000000), lanes 0-1 on 0_ffffffff: lane 0: below the
  // data -> 1_00000000; lane 1: 1_00000000 >= data -> 0
  s_mov_b64 exec, 3
  V64 10, 0, 1
  global_atomic_inc_x2 v[20:21], v2, v[10:11], s[100:101] offset:40 glc
  s_waitcnt vmcnt(0)
  OUTV 42, v0, v20                  // EXPECT 42 0xffffffff
                                    // EXPECT 43 0
  OUTV 44, v0, v21                  // EXPECT 44 0
                                    // EXPECT 45 1
  // EXPECT 10 0
  // EXPECT 11 0
  // dec_x2 (data 7) on 0: wraps to 7; sub_x2 of 1 on 0: ffffffff_ffffffff
  s_mov_b64 exec, 1
  V64 10, 7, 0
  global_atomic_dec_x2 v2, v[10:11], s[100:101] offset:48
  V64 10, 1, 0
  global_atomic_sub_x2 v2, v[10:11], s[100:101] offset:56
  // EXPECT 12 7
  // EXPECT 13 0
  // EXPECT 14 0xffffffff
  // EXPECT 15 0xffffffff
  // swap_x2 on out[16:17] (0xcccccccc both): 22222222_11111111; returns cccccccc_cccccccc
  V64 10, 0x11111111, 0x22222222
  global_atomic_swap_x2 v[20:21], v2, v[10:11], s[100:101] offset:64 glc
  s_waitcnt vmcnt(0)
  OUT 46, v20                       // EXPECT 46 0xcccccccc
  OUT 47, v21                       // EXPECT 47 0xcccccccc
  // EXPECT 16 0x11111111
  // EXPECT 17 0x22222222
  // flat_atomic_cmpswap on out[18] (0xcccccccc), data {src, cmp}: lane 0
  // src 1 cmp 0xcccccccc hits (returns 0xcccccccc); lane 1 src 2 misses
  // (returns 1)
  s_mov_b64 exec, 3
  v_add_u32 v12, 1, v0
  v_mov_b32 v13, 0xcccccccc
  v_mov_b32 v14, s100
  v_mov_b32 v15, s101
  v_add_co_u32 v14, vcc, 0x48, v14
  v_addc_co_u32 v15, vcc, 0, v15, vcc
  flat_atomic_cmpswap v20, v[14:15], v[12:13] glc
  s_waitcnt vmcnt(0) lgkmcnt(0)
  OUTV 48, v0, v20                  // EXPECT 48 0xcccccccc
                                    // EXPECT 49 1
  // EXPECT 18 1
  // ---- MUBUF, raw V# over out (s[24:27], 0x400 records)
  s_mov_b32 s24, s100
  s_and_b32 s25, s101, 0xffff
  s_movk_i32 s26, 0x400
  s_mov_b32 s27, 0
  s_mov_b64 exec, 1
  // cmpswap_x2 at out[20:21] (0xcccccccc both): {src 6_5, cmp cccccccc_cccccccc} -> 6_5,
  // returns cccccccc_cccccccc in v[30:31]
  v_mov_b32 v30, 5
  v_mov_b32 v31, 6
  v_mov_b32 v32, 0xcccccccc
  v_mov_b32 v33, 0xcccccccc
  buffer_atomic_cmpswap_x2 v[30:33], off, s[24:27], 0 offset:80 glc
  // add_x2 of 0x34 at out[22:23]: 0xcc + 0x34 = 0x100 carries into the
  // next byte: cccccccc_cccccd00, returns cccccccc_cccccccc
  v_mov_b32 v34, 0x34
  v_mov_b32 v35, 0
  buffer_atomic_add_x2 v[34:35], off, s[24:27], 0 offset:88 glc
  s_waitcnt vmcnt(0)
  OUT 50, v30                       // EXPECT 50 0xcccccccc
  OUT 51, v31                       // EXPECT 51 0xcccccccc
  OUT 52, v34                       // EXPECT 52 0xcccccccc
  OUT 53, v35                       // EXPECT 53 0xcccccccc
  // EXPECT 20 5
  // EXPECT 21 6
  // EXPECT 22 0xcccccd00
  // EXPECT 23 0xcccccccc
  // structured V# (stride 8, 4 records) at out + 96 (out[24]): lane 0
  // index 1 -> out[26]: umin with 7 -> 7, returns 0xcccccccc; lane 1
  // index 4 -> out of range: no change, returns 0
  s_add_u32 s28, s100, 96
  s_addc_u32 s29, s101, 0
  s_and_b32 s29, s29, 0xffff
  s_or_b32 s29, s29, 0x80000        // stride 8 in bits [61:48]
  s_mov_b32 s30, 4
  s_mov_b32 s31, 0
  s_mov_b64 exec, 3
  v_mov_b32 v36, 7
  v_mov_b32 v37, 1                  // lane 0: index 1
  s_mov_b64 exec, 2
  v_mov_b32 v37, 4                  // lane 1: 4
  s_mov_b64 exec, 3
  buffer_atomic_umin v36, v37, s[28:31], 0 idxen glc
  s_waitcnt vmcnt(0)
  OUTV 54, v0, v36                  // EXPECT 54 0xcccccccc
                                    // EXPECT 55 0
  // EXPECT 26 7
  // ---- SMEM: s_buffer_atomic_add 4 at out[28] (offset 0x70): ccccccd0,
  // returns cccccccc; s_buffer_atomic_or past NUM_RECORDS (0x1000 >
  // 0x400): no change, returns 0
  s_mov_b32 s40, 4
  s_buffer_atomic_add s40, s[24:27], 0x70 glc
  s_mov_b32 s41, 1
  s_movk_i32 s42, 0x1000
  s_buffer_atomic_or s41, s[24:27], s42 glc
  // s_atomic_umax_x2 ffffffff_00000000 at out[30:31]: wins, returns cccccccc_cccccccc
  s_mov_b32 s44, 0
  s_mov_b32 s45, -1
  s_atomic_umax_x2 s[44:45], s[100:101], 0x78 glc
  // s_atomic_cmpswap_x2 {src 2_1, cmp cccccccc_cccccccc} at out[32:33]: hits
  s_mov_b32 s48, 1
  s_mov_b32 s49, 2
  s_mov_b32 s50, 0xcccccccc
  s_mov_b32 s51, 0xcccccccc
  s_atomic_cmpswap_x2 s[48:51], s[100:101], 0x80
  s_waitcnt lgkmcnt(0)
  s_mov_b64 exec, 1
  OUT 56, s40                       // EXPECT 56 0xcccccccc
  OUT 57, s41                       // EXPECT 57 0
  OUT 58, s44                       // EXPECT 58 0xcccccccc
  OUT 59, s45                       // EXPECT 59 0xcccccccc
  // EXPECT 28 0xccccccd0
  // EXPECT 30 0
  // EXPECT 31 0xffffffff
  // EXPECT 32 1
  // EXPECT 33 2

  // ---- DS (LDS 2048 bytes), lane 0 unless said
  v_mov_b32 v3, 10
  ds_write_b32 v2, v3 offset:0      // lds[0] = 10
  v_mov_b32 v3, -1
  ds_write_b32 v2, v3 offset:4      // lds[1] = 0xffffffff
  V64 4, 0, 1
  ds_write_b64 v2, v[4:5] offset:8  // lds[2:3] = 1_00000000
  V64 4, 0, 0
  ds_write_b64 v2, v[4:5] offset:16 // lds[4:5] = 0
  V64 4, 0, 0x80000000
  ds_write_b64 v2, v[4:5] offset:24 // lds[6:7] = -0.0
  V64 4, 1, 2
  ds_write_b64 v2, v[4:5] offset:512
  V64 4, 3, 4
  ds_write_b64 v2, v[4:5] offset:1024
  // rsub 100: 100 - 10 = 90, returns 10
  v_mov_b32 v6, 100
  ds_rsub_rtn_u32 v7, v2, v6
  // inc with data 0xffffffff on 0xffffffff: >= data -> 0; returns 0xffffffff
  v_mov_b32 v6, -1
  ds_inc_rtn_u32 v8, v2, v6 offset:4
  // max_u64, lanes 0-1 on 1_00000000: lane 0 0_ffffffff keeps it; lane 1
  // 1_00000001 wins; both return 1_00000000
  s_mov_b64 exec, 3
  V64 10, -1, 0
  s_mov_b64 exec, 2
  V64 10, 1, 1
  s_mov_b64 exec, 3
  ds_max_rtn_u64 v[12:13], v2, v[10:11] offset:8
  s_mov_b64 exec, 1
  // xor_b64 80000000_00000001 on 0
  V64 10, 1, 0x80000000
  ds_xor_b64 v2, v[10:11] offset:16
  // max_f64(-0, +0) = +0, returns -0
  V64 10, 0, 0
  ds_max_rtn_f64 v[14:15], v2, v[10:11] offset:24
  // wrxchg2st64_rtn_b64 offsets 1, 2 (x 8 x 64 bytes: 512, 1024): stores
  // 6_5 and 8_7, returns 2_1 and 4_3
  V64 16, 5, 6
  V64 18, 7, 8
  ds_wrxchg2st64_rtn_b64 v[20:23], v2, v[16:17], v[18:19] offset0:1 offset1:2
  // out of the 2048-byte LDS: reads 0, writes nothing
  v_mov_b32 v24, 4096
  v_mov_b32 v25, 0x55
  ds_add_rtn_u32 v25, v24, v6
  s_waitcnt lgkmcnt(0)
  OUT 60, v7                        // EXPECT 60 10
  OUT 61, v8                        // EXPECT 61 0xffffffff
  OUT 62, v14                       // EXPECT 62 0
  OUT 63, v15                       // EXPECT 63 0x80000000
  OUT 64, v20                       // EXPECT 64 1
  OUT 65, v21                       // EXPECT 65 2
  OUT 66, v22                       // EXPECT 66 3
  OUT 67, v23                       // EXPECT 67 4
  OUT 68, v25                       // EXPECT 68 0
  s_mov_b64 exec, 3
  OUTV 69, v0, v12                  // EXPECT 69 0
                                    // EXPECT 70 0
  OUTV 71, v0, v13                  // EXPECT 71 1
                                    // EXPECT 72 1
  s_mov_b64 exec, 1
  // memory after: lds[0] 90, lds[1] 0, lds[2:3] 1_00000001, lds[4:5]
  // 80000000_00000001, lds[6:7] +0, 512: 6_5, 1024: 8_7
  ds_read_b32 v40, v2 offset:0
  ds_read_b32 v41, v2 offset:4
  ds_read_b64 v[42:43], v2 offset:8
  ds_read_b64 v[44:45], v2 offset:16
  ds_read_b64 v[46:47], v2 offset:24
  ds_read_b64 v[48:49], v2 offset:512
  ds_read_b64 v[50:51], v2 offset:1024
  s_waitcnt lgkmcnt(0)
  OUT 73, v40                       // EXPECT 73 90
  OUT 74, v41                       // EXPECT 74 0
  OUT 75, v42                       // EXPECT 75 1
  OUT 76, v43                       // EXPECT 76 1
  OUT 77, v44                       // EXPECT 77 1
  OUT 78, v45                       // EXPECT 78 0x80000000
  OUT 79, v46                       // EXPECT 79 0
  OUT 80, v47                       // EXPECT 80 0
  OUT 81, v48                       // EXPECT 81 5
  OUT 82, v49                       // EXPECT 82 6
  OUT 83, v50                       // EXPECT 83 7
  OUT 84, v51                       // EXPECT 84 8
KERNEL_END 2048
