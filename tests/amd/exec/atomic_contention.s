// Global atomics from 64 work-groups of 64 work-items on 4 host threads
// (-j 4): every one must be applied exactly once (host compare-and-swap,
// docs/amdgpu-exec.md).  The out dwords start at 0xcccccccc (c).  Each
// work-item runs the first three 16 times (65536 in all):
//   out[0]: add 1: c + 65536 = 0xcccdcccc; each gets a distinct old value
//     c + k, k = 0..65535
//   out[1]: add (old - c): c + (0 + 1 + ... + 65535) = c + 2147450880
//     (0x7fff8000) = 0x4ccc4ccc mod 2^32 -- the old values are a
//     permutation only if each add was atomic
//   out[2]: smax (old - c): c is negative as a signed value, so 65535
//   out[3]: a compare-and-swap loop incrementing it (the pattern of
//     compiled atomic_inc on floats): c + 4096 = 0xccccdccc
//   out[4:5]: add_x2 of 0x1_00000001 once per work-item: each half
//     c + 4096 = 0xccccdccc
// LAUNCH 4096 64
// THREADS 4
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v2, 0
  v_mov_b32 v1, 1
  s_mov_b32 s22, 16
.Lrepeat:
  global_atomic_add v3, v2, v1, s[100:101] glc
  s_waitcnt vmcnt(0)
  v_subrev_u32 v3, 0xcccccccc, v3   // k = old - c
  global_atomic_add v2, v3, s[100:101] offset:4
  global_atomic_smax v2, v3, s[100:101] offset:8
  s_sub_u32 s22, s22, 1
  s_cmp_eq_u32 s22, 0
  s_cbranch_scc0 .Lrepeat
  // compare-and-swap loop on out[3]
  global_load_dword v5, v2, s[100:101] offset:12 glc
  s_waitcnt vmcnt(0)
  s_mov_b64 s[20:21], exec
.Lretry:
  v_add_u32 v4, 1, v5               // data {src = seen + 1, cmp = seen}
  global_atomic_cmpswap v6, v2, v[4:5], s[100:101] offset:12 glc
  s_waitcnt vmcnt(0)
  v_cmp_ne_u32 vcc, v6, v5          // lanes whose compare failed retry
  v_mov_b32 v5, v6                  // with the value they saw
  s_and_b64 exec, exec, vcc
  s_cbranch_execnz .Lretry
  s_mov_b64 exec, s[20:21]
  v_mov_b32 v8, 1
  v_mov_b32 v9, 1
  global_atomic_add_x2 v2, v[8:9], s[100:101] offset:16
  // EXPECT 0 0xcccdcccc
  // EXPECT 1 0x4ccc4ccc
  // EXPECT 2 0xffff
  // EXPECT 3 0xccccdccc
  // EXPECT 4 0xccccdccc
  // EXPECT 5 0xccccdccc
KERNEL_END
