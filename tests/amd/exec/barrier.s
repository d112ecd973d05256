// s_barrier with waves that ended (seed 000, 4.3 work-groups: "any
// wavefront can end early with S_ENDPGM; the barrier is satisfied when the
// remaining active waves reach it").  A work-group of 4 waves: waves 2 and
// 3 end at once; waves 0 and 1 write their index to LDS, meet at the
// barrier and read each other's.  Without the rule the launch deadlocks.
// LAUNCH 256 256
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_readfirstlane_b32 s10, v0
  s_lshr_b32 s10, s10, 6            // the wave's index in the group
  s_cmp_ge_u32 s10, 2
  s_cbranch_scc1 .Ldone             // waves 2 and 3 end
  v_mov_b32 v1, s10
  s_lshl_b32 s11, s10, 2
  v_mov_b32 v2, s11
  ds_write_b32 v2, v1               // lds[wave] = wave
  s_waitcnt lgkmcnt(0)
  s_barrier
  s_xor_b32 s12, s10, 1
  s_lshl_b32 s12, s12, 2
  v_mov_b32 v3, s12
  ds_read_b32 v4, v3                // lds[wave ^ 1]
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v6, s10
  OUTV 0, v6, v4                    // EXPECT 0 1
                                    // EXPECT 1 0
.Ldone:
KERNEL_END 16
