// GLOBAL / FLAT / MUBUF / SMEM atomics on the out buffer: one wave, EXEC =
// lanes 0-3 (lane l has data l+1 unless said otherwise).  Lanes apply in
// increasing order (docs/amdgpu-exec.md), so with glc lane l returns the
// value after lanes 0..l-1.  Inactive lanes keep their destination (0x55).
// Expected values computed by hand from the Vega ISA opcode descriptions.
// LAUNCH 64 64
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v3, 0x55                // every lane's return register
  v_mov_b32 v2, 0                   // vaddr (saddr form): 0
  v_add_u32 v1, 1, v0               // data = lane + 1
  // initial values, one lane
  s_mov_b64 exec, 1
  OUT 0, 10
  OUT 1, 5
  OUT 2, 2
  OUT 3, 1
  OUT 4, 0xfffffff0
  OUT 5, 0xfffffff0
  OUT 6, 0xff
  OUT 7, 0
  OUT 8, 100
  s_mov_b64 exec, 0xf
  // add: 10 + 1 + 2 + 3 + 4 = 20; returns 10, 11, 13, 16
  global_atomic_add v3, v2, v1, s[100:101] glc
  s_waitcnt vmcnt(0)
  s_mov_b64 exec, 0xff              // lanes 4-7 show the untouched 0x55
  OUTV 16, v0, v3                   // EXPECT 16 10
                                    // EXPECT 17 11
                                    // EXPECT 18 13
                                    // EXPECT 19 16
                                    // EXPECT_SEQ 20 4 0x55 0
  // cmpswap (data = {src, cmp}): src = 100 + lane; cmp 5, 5, 100, 7
  s_mov_b64 exec, 0xf
  v_add_u32 v4, 100, v0
  s_mov_b64 exec, 3
  v_mov_b32 v5, 5
  s_mov_b64 exec, 4
  v_mov_b32 v5, 100
  s_mov_b64 exec, 8
  v_mov_b32 v5, 7
  s_mov_b64 exec, 0xf
  // lane 0: 5 == 5 -> 100, returns 5; lane 1: 100 != 5, returns 100;
  // lane 2: 100 == 100 -> 102, returns 100; lane 3: 102 != 7, returns 102
  global_atomic_cmpswap v3, v2, v[4:5], s[100:101] offset:4 glc
  s_waitcnt vmcnt(0)
  OUTV 24, v0, v3                   // EXPECT 24 5
                                    // EXPECT 25 100
                                    // EXPECT 26 100
                                    // EXPECT 27 102
  // inc (data 3): 2 -> 3 (2 < 3), 3 -> 0 (3 >= 3), 0 -> 1, 1 -> 2
  v_mov_b32 v6, 3
  global_atomic_inc v3, v2, v6, s[100:101] offset:8 glc
  s_waitcnt vmcnt(0)
  OUTV 28, v0, v3                   // EXPECT 28 2
                                    // EXPECT 29 3
                                    // EXPECT 30 0
                                    // EXPECT 31 1
  // dec (data 5): 1 -> 0, 0 -> 5 (wraps at 0), 5 -> 4 (5 > 5 false), 4 -> 3
  v_mov_b32 v6, 5
  global_atomic_dec v3, v2, v6, s[100:101] offset:12 glc
  s_waitcnt vmcnt(0)
  OUTV 32, v0, v3                   // EXPECT 32 1
                                    // EXPECT 33 0
                                    // EXPECT 34 5
                                    // EXPECT 35 4
  // umin (no return): min(0xfffffff0, 1, 2, 3, 4) = 1
  global_atomic_umin v2, v1, s[100:101] offset:16
  // smax with data lane - 2 = -2, -1, 0, 1: max(-16, ...) steps -2, -1, 0, 1
  v_subrev_u32 v7, 2, v0
  global_atomic_smax v3, v2, v7, s[100:101] offset:20 glc
  s_waitcnt vmcnt(0)
  OUTV 36, v0, v3                   // EXPECT 36 0xfffffff0
                                    // EXPECT 37 0xfffffffe
                                    // EXPECT 38 0xffffffff
                                    // EXPECT 39 0
  // or with 1 << (lane + 8): 0xff | 0xf00 = 0xfff
  v_add_u32 v8, 8, v0
  v_mov_b32 v9, 1
  v_lshlrev_b32 v8, v8, v9
  global_atomic_or v2, v8, s[100:101] offset:24
  // xor 1 ^ 2 ^ 3 ^ 4 = 4; sub 100 - (1+2+3+4) = 90
  global_atomic_xor v2, v1, s[100:101] offset:28
  global_atomic_sub v2, v1, s[100:101] offset:32
  // swap on out[9] (still 0xcccccccc): returns 0xcccccccc, 1, 2, 3; ends 4
  global_atomic_swap v3, v2, v1, s[100:101] offset:36 glc
  s_waitcnt vmcnt(0)
  OUTV 40, v0, v3                   // EXPECT 40 0xcccccccc
                                    // EXPECT 41 1
                                    // EXPECT 42 2
                                    // EXPECT 43 3
  // EXPECT 0 20
  // EXPECT 1 102
  // EXPECT 2 2
  // EXPECT 3 3
  // EXPECT 4 1
  // EXPECT 5 1
  // EXPECT 6 0xfff
  // EXPECT 7 4
  // EXPECT 8 90
  // EXPECT 9 4

  // ---- 64-bit: out[10:11] = 0x00000000_ffffffff, add_x2 of 1 per lane:
  // returns 0xffffffff, 0x1_00000000, 0x1_00000001, 0x1_00000002; ends
  // 0x1_00000003 (VADDR form: a 64-bit address in v[10:11])
  s_mov_b64 exec, 1
  OUT 10, -1
  OUT 11, 0
  s_mov_b64 exec, 0xf
  v_mov_b32 v10, s100
  v_mov_b32 v11, s101
  v_add_co_u32 v10, vcc, 40, v10
  v_addc_co_u32 v11, vcc, 0, v11, vcc
  v_mov_b32 v12, 1
  v_mov_b32 v13, 0
  global_atomic_add_x2 v[14:15], v[10:11], v[12:13], off glc
  s_waitcnt vmcnt(0)
  OUTV 44, v0, v14                  // EXPECT 44 0xffffffff
                                    // EXPECT 45 0
                                    // EXPECT 46 1
                                    // EXPECT 47 2
  OUTV 48, v0, v15                  // EXPECT 48 0
                                    // EXPECT 49 1
                                    // EXPECT 50 1
                                    // EXPECT 51 1
  // EXPECT 10 3
  // EXPECT 11 1
  // cmpswap_x2 on out[12:13] = 0x1_00000005 (lane 0 only): cmp 0x1_00000005
  // hits, src 0x7_00000007 stored; returns 0x1_00000005
  s_mov_b64 exec, 1
  OUT 12, 5
  OUT 13, 1
  v_mov_b32 v16, 7
  v_mov_b32 v17, 7
  v_mov_b32 v18, 5
  v_mov_b32 v19, 1
  global_atomic_cmpswap_x2 v[20:21], v2, v[16:19], s[100:101] offset:48 glc
  s_waitcnt vmcnt(0)
  OUT 52, v20                       // EXPECT 52 5
  OUT 53, v21                       // EXPECT 53 1
  // EXPECT 12 7
  // EXPECT 13 7

  // ---- FLAT on a global address (out[14] = 0xcccccccc): umax with 1..4
  // -> stays 0xcccccccc, returns it to every lane
  s_mov_b64 exec, 0xf
  v_add_co_u32 v10, vcc, 16, v10    // out + 56 = out[14]
  v_addc_co_u32 v11, vcc, 0, v11, vcc
  flat_atomic_umax v3, v[10:11], v1 glc
  s_waitcnt vmcnt(0) lgkmcnt(0)
  s_mov_b64 exec, 1
  OUT 54, v3                        // EXPECT 54 0xcccccccc
  // EXPECT 14 0xcccccccc

  // ---- MUBUF on a raw V# over out (stride 0, 256 records): out[15] =
  // 0xcccccccc, buffer_atomic_and with 0xff00ff00 from lanes 0-3 ->
  // 0xcc00cc00, lane 0 returns 0xcccccccc into its data register.  A lane
  // out of range (offset 256 >= NUM_RECORDS) changes nothing, returns 0.
  s_mov_b32 s24, s100
  s_and_b32 s25, s101, 0xffff
  s_movk_i32 s26, 0x100
  s_mov_b32 s27, 0
  s_mov_b64 exec, 0xf
  v_mov_b32 v22, 0xff00ff00
  s_mov_b64 exec, 1
  buffer_atomic_and v22, off, s[24:27], 0 offset:60 glc
  s_mov_b64 exec, 0xe
  buffer_atomic_and v22, off, s[24:27], 0 offset:60
  v_mov_b32 v23, 0x100
  v_mov_b32 v24, 9
  s_mov_b64 exec, 2
  buffer_atomic_swap v24, v23, s[24:27], 0 offen glc
  s_waitcnt vmcnt(0)
  s_mov_b64 exec, 1
  OUT 55, v22                       // EXPECT 55 0xcccccccc
  // EXPECT 15 0xcc00cc00
  s_mov_b64 exec, 2
  OUTV 55, v0, v24                  // EXPECT 56 0

  // ---- SMEM: s_atomic_add at out + 228 (out[57], set to 40) adding 2,
  // returns 40; s_atomic_cmpswap at out[58] = 0xcccccccc: cmp 0xcccccccc
  // hits, src 3 stored, returns 0xcccccccc
  s_mov_b64 exec, 1
  OUT 57, 40
  s_waitcnt vmcnt(0)
  s_mov_b32 s30, 2
  s_atomic_add s30, s[100:101], 0xe4 glc
  s_mov_b32 s32, 3
  s_mov_b32 s33, 0xcccccccc
  s_atomic_cmpswap s[32:33], s[100:101], 0xe8 glc
  s_waitcnt lgkmcnt(0)
  OUT 59, s30                       // EXPECT 59 40
  OUT 60, s32                       // EXPECT 60 0xcccccccc
  // EXPECT 57 42
  // EXPECT 58 3
KERNEL_END
