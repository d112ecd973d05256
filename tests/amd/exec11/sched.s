// WAVES 32 64
// s_delay_alu, s_clause and the s_waitcnt* forms of gfx1100 (seed 002)
// have no functional effect: each value below is what the arithmetic
// gives with the hints taken away.  in[i] = 100 + i.
// LAUNCH 64 64
// IN 16 100 1
// OUTN 8
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v40, 0
  v_mov_b32 v1, 5
  s_delay_alu instid0(VALU_DEP_1)
  v_add_nc_u32 v2, v1, 3                       // 5 + 3 = 8
  s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
  v_mul_lo_u32 v3, v2, v1                      // 8 * 5 = 40
  v_add_nc_u32 v4, v3, v2                      // 40 + 8 = 48
// a VALU clause of four, broken after every 2 (each group at least two
// instructions of the clause's type, as seed 002 requires)
  s_clause 0x203
  v_add_nc_u32 v5, v4, 1                       // 49
  v_add_nc_u32 v6, v5, 1                       // 50
  v_add_nc_u32 v7, v6, 1                       // 51
  v_add_nc_u32 v10, v7, 1                      // 52
// a load clause; s_delay_alu with codes that name SALU and TRANS work
  s_delay_alu instid0(TRANS32_DEP_3) | instskip(SKIP_4) | instid1(SALU_CYCLE_3)
  s_clause 0x1
  global_load_b32 v8, v40, s[98:99]            // in[0] = 100
  global_load_b32 v9, v40, s[98:99] offset:12  // in[3] = 103
  s_waitcnt_vmcnt null, 0
  s_waitcnt_vscnt null, 0
  s_waitcnt_expcnt null, 0
  s_waitcnt_lgkmcnt null, 0
  s_waitcnt_depctr 0xfffe
  s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
  s_mov_b32 s20, 7
  s_delay_alu instid0(SALU_CYCLE_1)
  s_add_u32 s21, s20, 2                        // 9
  OUT 0, v3                                    // EXPECT 0 40
  OUT 1, v4                                    // EXPECT 1 48
  OUT 2, v7                                    // EXPECT 2 51
  OUT 3, v8                                    // EXPECT 3 100
  OUT 4, v9                                    // EXPECT 4 103
  OUT 5, s21                                   // EXPECT 5 9
  OUT 6, v10                                   // EXPECT 6 52
KERNEL_END
