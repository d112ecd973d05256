/* AMD gfx9 instruction table invariants and hand-checked decodes.
 *
 * Expected words and texts come from the encodings of the AMD "Vega" ISA
 * reference (chapter 12), computed by hand in the comments; the full text
 * comparison against LLVM is tests/amd/llvm_oracle.py and amd_disasm.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "isa/amdgpu/amdgpu.h"

static const amd_target targets[] = {AMD_GFX900, AMD_GFX906};

/* The first dword of row r with every field zero, in its own encoding. */
static uint32_t base_word(const amd_row *r)
{
  unsigned op = r->opc;
  switch (r->enc) {
  case AMD_ENC_SOP2: return 0x80000000u | op << 23;
  case AMD_ENC_SOPK: return 0xb0000000u | op << 23;
  case AMD_ENC_SOP1: return 0xbe800000u | op << 8;
  case AMD_ENC_SOPC: return 0xbf000000u | op << 16;
  case AMD_ENC_SOPP: return 0xbf800000u | op << 16;
  case AMD_ENC_SMEM: return 0xc0000000u | op << 18;
  case AMD_ENC_VOP2: return op << 25;
  case AMD_ENC_VOP1: return 0x7e000000u | op << 9;
  case AMD_ENC_VOPC: return 0x7c000000u | op << 17;
  case AMD_ENC_VOP3: return 0xd0000000u | op << 16;
  case AMD_ENC_VOP3P: return 0xd3800000u | op << 16;
  case AMD_ENC_VINTRP: return 0xd4000000u | op << 16;
  case AMD_ENC_DS: return 0xd8000000u | op << 17 | ((r->flags & F_GDSONLY) ? 1u << 16 : 0);
  case AMD_ENC_FLAT: return 0xdc000000u | op << 18;
  case AMD_ENC_SCRATCH: return 0xdc004000u | op << 18;
  case AMD_ENC_GLOBAL: return 0xdc008000u | op << 18;
  case AMD_ENC_MUBUF: return 0xe0000000u | op << 18 | ((r->flags & F_LDSONLY) ? 1u << 16 : 0);
  case AMD_ENC_MTBUF: return 0xe8000000u | op << 15;
  case AMD_ENC_MIMG: return 0xf0000300u | op << 18; /* dmask 3: valid for atomics too */
  default: return 0xc4000000u; /* EXP */
  }
}

/* Every row decodes back to itself from its own encoding, on every target
 * that has it: no two rows share an encoding, and every row is reachable.
 * Rows of one target have distinct mnemonics. */
static void test_rows_decode_to_themselves(void **state)
{
  (void)state;
  const amd_table *tb = amd_table_gfx9();
  assert_int_equal((int)tb->nrows, AMD9_NUM_INSNS);
  for (size_t k = 0; k < sizeof targets / sizeof targets[0]; k++) {
    amd_target t = targets[k];
    unsigned nrows = 0;
    for (unsigned i = 0; i < tb->nrows; i++) {
      const amd_row *r = &tb->rows[i];
      if (!(r->targets & (1u << t))) {
        assert_int_not_equal(amd_lookup(t, r->enc, r->opc), (int)i);
        continue;
      }
      nrows++;
      /* second dword: saddr "off" for GLOBAL/SCRATCH, else zero; then a
       * literal for the rows that carry one */
      uint32_t w[3] = {base_word(r), (r->enc == AMD_ENC_GLOBAL || r->enc == AMD_ENC_SCRATCH) ? 0x7f0000u : 0,
                       0};
      amd_insn d;
      int len = amd_decode(t, w, 3, &d);
      if (len < 0) fail_msg("%s does not decode from 0x%08x", r->mnemonic, w[0]);
      assert_int_equal(d.row, i);
      for (unsigned j = 0; j < i; j++) {
        const amd_row *o = &tb->rows[j];
        if ((o->targets & (1u << t)) && strcmp(o->mnemonic, r->mnemonic) == 0)
          fail_msg("%s twice on %s", r->mnemonic, amd_target_name(t));
      }
      /* the VOP3 form of a VOP1/VOP2/VOPC row: opcode 0x140+, 0x100+, + */
      if ((r->enc == AMD_ENC_VOP1 || r->enc == AMD_ENC_VOP2 || r->enc == AMD_ENC_VOPC) &&
          !(r->flags & F_NOE64)) {
        unsigned e64 = r->opc + (r->enc == AMD_ENC_VOP1 ? 0x140 : r->enc == AMD_ENC_VOP2 ? 0x100 : 0);
        assert_int_equal(amd_lookup(t, AMD_ENC_VOP3, e64), (int)i);
      }
    }
    assert_true(nrows > 1000);
  }
}

typedef struct known {
  uint32_t w[3];
  unsigned n;       /* words available */
  int len;          /* expected length, or -1 */
  const char *text; /* expected text (NULL: not checked) */
} known;

/* Hand-encoded instructions (field layout of the Vega ISA reference). */
static const known knowns[] = {
  /* SOP1 s_mov_b32 s0, literal: 0xBE80_00FF = enc 0x17D, sdst 0, op 0, ssrc0 255 */
  {{0xbe8000ffu, 0x12345678u}, 2, 8, "s_mov_b32 s0, 0x12345678"},
  /* the literal is missing: not an instruction */
  {{0xbe8000ffu}, 1, -1, NULL},
  /* SOP2 s_add_u32 s2, s3, 64: op 0, sdst 2, ssrc1 192 (=64), ssrc0 3 */
  {{0x8002c003u}, 1, 4, "s_add_u32 s2, s3, 64"},
  /* SOPP s_waitcnt simm16 0x0070: vmcnt 0, expcnt 7 (omitted), lgkmcnt 0 */
  {{0xbf8c0070u}, 1, 4, "s_waitcnt vmcnt(0) lgkmcnt(0)"},
  /* SOPP s_endpgm */
  {{0xbf810000u}, 1, 4, "s_endpgm"},
  /* VOP2 v_add_f32 v1, 0.5, v2: op 1 (bits 30:25), vdst 1, vsrc1 2, src0 240 */
  {{0x020204f0u}, 1, 4, "v_add_f32_e32 v1, 0.5, v2"},
  /* VOP1 v_mov_b32 v0, 1/(2*pi): src0 248 */
  {{0x7e0002f8u}, 1, 4, "v_mov_b32_e32 v0, 0.15915494"},
  /* VOP2 v_madmk_f32 v0, v1, K, v2 (op 0x17): always a literal */
  {{0x2e000501u, 0x40490fdbu}, 2, 8, "v_madmk_f32 v0, v1, 0x40490fdb, v2"},
  {{0x2e000501u}, 1, -1, NULL},
  /* VOP3 v_fma_f32 v0, -v1, |v2|, v3 clamp: op 0x1cb, abs bit 1, clamp,
   * src 0x101 0x102 0x103, neg bit 0 */
  {{0xd1cb8200u, 0x240e0501u}, 2, 8, "v_fma_f32 v0, -v1, |v2|, v3 clamp"},
  /* the second dword is missing */
  {{0xd1cb8200u}, 1, -1, NULL},
  /* VOPC e64 v_cmp_eq_f32 s[4:5], v1, s2: op 0x42, sdst 4, src0 0x101, src1 2 */
  {{0xd0420004u, 0x00000501u}, 2, 8,
   "v_cmp_eq_f32_e64 s[4:5], v1, s2"},
  /* SMEM s_load_dwordx2 s[0:1], s[4:5], 0x10: op 1, imm, sbase 2 (x2 = s4) */
  {{0xc0060002u, 0x10u}, 2, 8, "s_load_dwordx2 s[0:1], s[4:5], 0x10"},
  /* GLOBAL global_load_dword v1, v[2:3], off: op 0x14, seg 2, saddr 0x7f */
  {{0xdc508000u, 0x017f0002u}, 2, 8, "global_load_dword v1, v[2:3], off"},
  /* DS ds_write2_b32 v0, v1, v2 offset1:1: op 0x0e */
  {{0xd81c0100u, 0x00020100u}, 2, 8, "ds_write2_b32 v0, v1, v2 offset1:1"},
  /* SDWA v_add_f32_sdwa v0, v1, v2 with all selects DWORD (6): src0 0xf9 */
  {{0x020004f9u, 0x06060601u}, 2, 8,
   "v_add_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"},
  /* DPP v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf */
  {{0x7e0002fau, 0xff00e401u}, 2, 8, "v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"},
  /* an unused encoding (bits 31:26 = 0x3f) */
  {{0xfc000000u}, 1, -1, NULL},
};

static void test_known_encodings(void **state)
{
  (void)state;
  for (size_t i = 0; i < sizeof knowns / sizeof knowns[0]; i++) {
    const known *k = &knowns[i];
    amd_insn d;
    int len = amd_decode(AMD_GFX900, k->w, k->n, &d);
    if (len != k->len) fail_msg("case %zu (0x%08x): length %d, expected %d", i, k->w[0], len, k->len);
    assert_true(d.len == 4 || d.len == 8 || d.len == 12);
    if (k->text) {
      char buf[256];
      size_t need = amd_disasm(&d, 0, buf, sizeof buf);
      assert_int_equal(need, strlen(buf));
      if (strcmp(buf, k->text) != 0) fail_msg("case %zu: '%s', expected '%s'", i, buf, k->text);
    }
  }
}

/* gfx906 rows are not gfx900 rows: v_fmac_f32 is VOP2 opcode 0x3b */
static void test_targets(void **state)
{
  (void)state;
  uint32_t w = 0x3b << 25 | 1u << 17 | 2u << 9 | 0x103; /* v_fmac_f32 v1, v3, v2 */
  amd_insn d;
  assert_int_equal(amd_decode(AMD_GFX906, &w, 1, &d), 4);
  char buf[64];
  amd_disasm(&d, 0, buf, sizeof buf);
  assert_string_equal(buf, "v_fmac_f32_e32 v1, v3, v2");
  assert_int_equal(amd_decode(AMD_GFX900, &w, 1, &d), AMD_DECODE_INVALID);
  assert_int_equal(amd_target_from_eflags(0x12c), AMD_GFX900);
  assert_int_equal(amd_target_from_eflags(0x52f), AMD_GFX906);
  assert_int_equal(amd_target_from_eflags(0x41), AMD_GFX1100);
  assert_int_equal(amd_target_from_eflags(0x3f), AMD_TARGET_NONE);
  assert_int_equal(amd_decode(AMD_TARGET_NONE, &w, 1, &d), AMD_DECODE_INVALID);
}

/* The front-end part of the decoded form fits 64 bytes (the core's
 * decoded-instruction payload; its header holds words, row and length). */
static void test_insn_size(void **state)
{
  (void)state;
  assert_true(sizeof(amd_fields) <= 64);
}

/* Short buffers: the printer truncates and terminates, and reports the
 * length it needed. */
static void test_truncation(void **state)
{
  (void)state;
  uint32_t w[2] = {0xbe8000ffu, 0x12345678u};
  amd_insn d;
  assert_int_equal(amd_decode(AMD_GFX900, w, 2, &d), 8);
  char small[8];
  size_t need = amd_disasm(&d, 0, small, sizeof small);
  assert_int_equal(need, strlen("s_mov_b32 s0, 0x12345678"));
  assert_int_equal(strlen(small), sizeof small - 1);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_rows_decode_to_themselves),
    cmocka_unit_test(test_known_encodings),
    cmocka_unit_test(test_targets),
    cmocka_unit_test(test_insn_size),
    cmocka_unit_test(test_truncation),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
