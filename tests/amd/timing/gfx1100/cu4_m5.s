// AMD gfx1100 timing test (cu4_m5, n = 5): four wave32 waves of one
// work-group in CU mode (one CU); derivation in ../README.md "RDNA3" (WGP mode).
// Each iteration: 16 independent VALU instructions, then s_barrier.  After
// the loop every wave w stores w + 1 at LDS[4 w], waits at a barrier and
// adds LDS[0..15]: out[1] = 1 + 2 + 3 + 4 = 10 only if the barrier held
// every wave of both CUs until all four had stored.  out[0] = n.
// EXPECT 0 5
// EXPECT 1 10
// LAUNCH 128 128
// ARGN 5
.set WS, 32
.set HAS_KEND, 1
.macro KEND
  KERNEL_END 32, 16, 0   // 16 bytes of LDS, CU mode
.endm
.set HAS_AFTER, 1
.macro BODY
  v_add_nc_u32 v1, 1, v1
  .irp r, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34
  v_mov_b32 v\r, \r
  .endr
  s_barrier
.endm
.macro AFTER
  v_lshrrev_b32 v5, 5, v0          // the wave's index w (v0: work-item x id)
  v_lshlrev_b32 v6, 2, v5
  v_add_nc_u32 v7, 1, v5
  ds_store_b32 v6, v7              // LDS[4 w] = w + 1
  s_waitcnt lgkmcnt(0)
  s_barrier
  v_mov_b32 v8, 0
  ds_load_b128 v[10:13], v8
  s_waitcnt lgkmcnt(0)
  v_add3_u32 v14, v10, v11, v12
  v_add_nc_u32 v14, v14, v13
  OUT 1, v14
.endm
.include "loop.inc"
