/* The instruction table, walked row by row:
 *  - encode/decode round trip with random operands (every row),
 *  - the disassembly of every standard (non-Ventus) row matches LLVM's
 *    (llvm-mc -disassemble, an independent implementation of RISC-V),
 *  - decoding never crashes on arbitrary words, with or without prefixes,
 *  - known-answer words from real compiled Ventus code. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "isa/ventus/disasm.h"
#include "isa/ventus/ventus.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t)(rng_state >> 11);
}
static int32_t rnd_range(int32_t lo, int32_t hi)
{
  return lo + (int32_t)(rnd() % (uint32_t)(hi - lo + 1));
}

static int is_custom(int op)
{
  uint32_t opc = vtu_rows[op].match & 0x7f;
  return opc == 0x0b || opc == 0x2b || opc == 0x5b || opc == 0x7b;
}

/* Random operands within each letter's range (registers up to max_reg). */
static void random_operands(int op, vs_dinsn *d, int max_reg, int allow_ext_imm)
{
  memset(d, 0, sizeof *d);
  d->op = (uint16_t)op;
  VTU_F(d)->vm = 1;
  VTU_F(d)->rm = 7;
  for (const char *a = vtu_rows[op].args; *a; a++) {
    const vtu_operand_info *oi = vtu_operand(*a);
    if (!oi) continue;
    int32_t v;
    switch (oi->kind) {
    case VTU_K_XREG: case VTU_K_VREG: v = rnd_range(0, max_reg); break;
    case VTU_K_RM: { static const int rms[] = {0, 1, 2, 3, 4, 7}; v = rms[rnd() % 6]; break; }
    case VTU_K_VM: v = (int32_t)(rnd() & 1); break;
    case VTU_K_V0: continue;
    case VTU_K_FENCE: v = rnd_range(1, 15); break; /* LLVM 14 prints "unknown" for 0 */
    default:
      if (allow_ext_imm && oi->ext_max != oi->max) v = rnd_range(oi->ext_min, oi->ext_max);
      else v = rnd_range(oi->min, oi->max);
      if (oi->align) v &= ~(int32_t)(oi->align - 1);
      break;
    }
    vtu_field_set(d, *a, v);
  }
  if (vtu_rows[op].flags & VTU_F_AQRL) VTU_F(d)->aux = (uint8_t)(rnd() & 3);
}

static int same_fields(int op, const vs_dinsn *a, const vs_dinsn *b)
{
  for (const char *l = vtu_rows[op].args; *l; l++)
    if (vtu_field_get(a, *l) != vtu_field_get(b, *l)) return 0;
  return a->op == b->op;
}

/* encode -> decode gives the same fields, for every row, with registers up
 * to 255 and extended immediates (prefix words) */
static void test_roundtrip_every_row(void **state)
{
  (void)state;
  for (int op = 0; op < VTU_NUM_INSNS; op++) {
    for (int k = 0; k < 200; k++) {
      vs_dinsn d, e;
      int prefix_ok = vtu_rows[op].cls != VS_CLS_PREFIX;
      random_operands(op, &d, prefix_ok ? 255 : 31, prefix_ok);
      uint32_t w, pw;
      char err[200];
      if (vtu_encode(&d, &w, &pw, err, sizeof err) != 0) {
        /* only rs1/rs3 > 31 together with an extended immediate may fail */
        assert_non_null(strstr(err, "regexti"));
        continue;
      }
      if (pw) {
        assert_int_equal(vtu_decode(pw, w, 1, &e), 0);
        assert_int_equal(e.len, 8);
      } else {
        assert_int_equal(vtu_decode_word(w, &e), 0);
      }
      if (!same_fields(op, &d, &e)) {
        char a[200], b[200];
        vtu_disasm(&d, 0, NULL, a, sizeof a);
        vtu_disasm(&e, 0, NULL, b, sizeof b);
        fail_msg("row %s: encoded '%s' (0x%08x, prefix 0x%08x) decodes as '%s'",
                 vtu_rows[op].mnemonic, a, w, pw, b);
      }
    }
  }
}

/* Known answers from compiled Ventus programs and the issue */
static void test_known_answers(void **state)
{
  (void)state;
  static const struct { uint32_t w0, w1; int have_w1; const char *text; } cases[] = {
    {0x0010200b, 0, 0, "regext\tzero, zero, 1"},
    {0x0603305b, 0, 0, "setrpc\tzero, t1, 96"},
    {0x0001a27b, 0, 0, "vlw12.v\tv4, 0(v3)"},
    {0x0000205b, 0, 0, "join"},
    {0x0000400b, 0, 0, "endprg"},
    {0x5e024057, 0, 0, "vmv.v.x\tv0, tp"},
    {0x0010200b, 0x5e024057, 1, "vmv.v.x\tv32, tp"},
    {0x0080200b, 0x0000e07b, 1, "vsw12.v\tv0, 0(v33)"}, /* regext 8: vs1 += 32 */
    {0x0400c00b, 0, 0, "barrier\t1"},
    {0x0d0efed7, 0, 0, "vsetvli\tt4, t4, e32, m1, ta, ma"},
    {0xa2101057, 0, 0, "vfmadd.vv\tv0, v0, v1"},
    {0x803022f3, 0, 0, "csrr\tt0, 2051"},
    {0xfe812283, 0, 0, "lw\tt0, -24(sp)"},
    {0x00000000, 0, 0, "<unknown>"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    vs_dinsn d;
    vtu_decode(cases[i].w0, cases[i].w1, cases[i].have_w1, &d);
    char buf[200];
    vtu_disasm(&d, 0x80000000u, NULL, buf, sizeof buf);
    assert_string_equal(buf, cases[i].text);
  }
  /* vbeq v0, v1, pc+48 */
  vs_dinsn d;
  assert_int_equal(vtu_decode_word(0x0200885b, &d), 0);
  assert_int_equal(d.op, VTU_VBEQ);
  assert_int_equal(VTU_F(&d)->rs2, 0);
  assert_int_equal(VTU_F(&d)->rs1, 1);
  assert_int_equal(VTU_F(&d)->imm, 48);
  /* regexti: 11-bit sign-extended immediate (spec 3.3) */
  assert_int_equal(vtu_decode(0x0c00300b | (0x3fu << 26), 0x2e07b0d7 /* vxor.vi v1, v0, 15 */, 1, &d), 0);
  assert_int_equal(d.op, VTU_VXOR_VI);
  assert_int_equal(VTU_F(&d)->imm, -17);
}

/* Arbitrary words (and pairs) never crash the decoder or disassembler and
 * decode consistently: a word either is a row whose MATCH/MASK it fits or
 * is unknown. */
static void test_arbitrary_words(void **state)
{
  (void)state;
  for (int k = 0; k < 300000; k++) {
    uint32_t w0 = rnd(), w1 = rnd();
    if ((k & 3) == 0) w0 = (w0 & ~0x707fu) | 0x200bu; /* regext prefix */
    vs_dinsn d;
    int rc = vtu_decode(w0, w1, 1, &d);
    char buf[256];
    vtu_disasm(&d, rnd(), NULL, buf, sizeof buf);
    if (rc == 0) {
      uint32_t w = d.len == 8 ? w1 : w0;
      assert_int_equal(w & vtu_rows[d.op].mask, vtu_rows[d.op].match);
    } else {
      assert_true(d.op == VTU_NUM_INSNS || (VTU_F(&d)->aux & VTU_AUX_BADPFX));
    }
  }
}

/* ---- cross-check against LLVM ---- */
static const char *llvm_mc(void)
{
  static const char *const names[] = {"llvm-mc", "llvm-mc-14", "llvm-mc-15", "llvm-mc-16"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "%s --version >/dev/null 2>&1", names[i]);
    if (system(cmd) == 0) return names[i];
  }
  return NULL;
}

/* LLVM 14 with zfinx names the scalar operand of .vf/vfmv instructions with
 * the f register of the same number; Ventus prints the x register. */
static void normalise_llvm(char *s)
{
  static const char *const f[] = {"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7",
                                  "fs0", "fs1", "fa0", "fa1", "fa2", "fa3", "fa4", "fa5",
                                  "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7",
                                  "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};
  char out[256] = "";
  char *tok = s;
  size_t n = 0;
  while (*tok && n < sizeof out - 8) {
    int matched = 0;
    if (tok == s || tok[-1] == ' ' || tok[-1] == '\t' || tok[-1] == ',' || tok[-1] == '(') {
      for (int r = 31; r >= 0 && !matched; r--) {
        size_t l = strlen(f[r]);
        if (strncmp(tok, f[r], l) == 0 && (tok[l] == ',' || tok[l] == '\0' || tok[l] == ')')) {
          n += (size_t)snprintf(out + n, sizeof out - n, "%s", vtu_xreg_abi_name((unsigned)r));
          tok += l;
          matched = 1;
        }
      }
    }
    if (!matched) out[n++] = *tok++;
    out[n] = '\0';
  }
  strcpy(s, out);
  /* trailing whitespace */
  size_t l = strlen(s);
  while (l && (s[l - 1] == ' ' || s[l - 1] == '\t')) s[--l] = '\0';
}

/* Aliases newer LLVM prints (and the Ventus compiler's objdump, issue 2)
 * that LLVM 14 does not: compare with the base instruction then. */
static int printed_alias_unknown_to_llvm14(const char *ours)
{
  return strncmp(ours, "vnot.v", 6) == 0 || strncmp(ours, "vneg.v", 6) == 0;
}

static void test_llvm_disassembly(void **state)
{
  (void)state;
  const char *mc = llvm_mc();
  if (!mc) {
    fprintf(stderr, "llvm-mc not found: LLVM cross-check skipped\n");
    skip();
  }
  enum { PER_ROW = 30 };
  size_t cap = (size_t)VTU_NUM_INSNS * PER_ROW;
  uint32_t *words = calloc(cap, sizeof *words);
  char (*ours)[160] = calloc(cap, sizeof *ours);
  char (*base)[160] = calloc(cap, sizeof *base);
  assert_non_null(words);
  size_t n = 0;
  vtu_disasm_opts o = {0}, ob = {0};
  o.relative_targets = 1;
  ob.relative_targets = 1;
  ob.no_aliases = 1;
  for (int op = 0; op < VTU_NUM_INSNS; op++) {
    if (is_custom(op)) continue;
    if (vtu_rows[op].flags & VTU_F_AQRL) continue; /* Ventus: vector registers */
    if (op == VTU_ECALL || op == VTU_EBREAK) continue;
    /* not part of Zfinx, so LLVM rejects them; Ventus code uses them on x
     * registers (spec 2) — checked against GNU as and real dumps instead */
    if (op == VTU_FLW || op == VTU_FSW || op == VTU_FMV_X_W || op == VTU_FMV_W_X) continue;
    for (int k = 0; k < PER_ROW; k++) {
      vs_dinsn d;
      random_operands(op, &d, 31, 0);
      uint32_t w, pw;
      char err[200];
      assert_int_equal(vtu_encode(&d, &w, &pw, err, sizeof err), 0);
      assert_int_equal(pw, 0);
      vs_dinsn e;
      assert_int_equal(vtu_decode_word(w, &e), 0);
      words[n] = w;
      vtu_disasm(&e, 0, &o, ours[n], sizeof ours[n]);
      vtu_disasm(&e, 0, &ob, base[n], sizeof base[n]);
      n++;
    }
  }
  char path[] = "/tmp/vs_llvm_XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "w");
  for (size_t i = 0; i < n; i++)
    fprintf(f, "0x%02x 0x%02x 0x%02x 0x%02x\n", words[i] & 0xff, (words[i] >> 8) & 0xff,
            (words[i] >> 16) & 0xff, words[i] >> 24);
  fclose(f);
  char cmd[512], errpath[64];
  snprintf(errpath, sizeof errpath, "%s.err", path);
  snprintf(cmd, sizeof cmd, "%s -disassemble -triple=riscv32 -mattr=+m,+a,+zfinx,+zve32f < %s 2>%s",
           mc, path, errpath);
  FILE *p = popen(cmd, "r");
  assert_non_null(p);
  char line[512];
  size_t i = 0, mismatches = 0;
  while (fgets(line, sizeof line, p)) {
    line[strcspn(line, "\n")] = '\0';
    if (line[0] != '\t' || strstr(line, ".text")) continue;
    if (i >= n) break;
    char *text = line + 1;
    normalise_llvm(text);
    /* LLVM 14 prints vnot.v/vneg.v only for masked forms; newer LLVM (and
     * the Ventus compiler's objdump) always: accept the base form from it */
    const char *want = ours[i];
    if (printed_alias_unknown_to_llvm14(ours[i]) && strcmp(text, ours[i]) != 0) want = base[i];
    if (strcmp(text, want) != 0) {
      if (mismatches < 20)
        fprintf(stderr, "0x%08x: ventsim '%s', LLVM '%s'\n", words[i], want, text);
      mismatches++;
    }
    i++;
  }
  pclose(p);
  FILE *ef = fopen(errpath, "r");
  if (ef) { /* "<stdin>:LINE:COL: warning: invalid instruction encoding" */
    while (fgets(line, sizeof line, ef)) {
      unsigned ln;
      if (sscanf(line, "<stdin>:%u:", &ln) == 1 && strstr(line, "invalid instruction") && ln >= 1 &&
          ln <= n)
        fail_msg("LLVM rejects word 0x%08x that ventsim decodes as '%s'", words[ln - 1], ours[ln - 1]);
    }
    fclose(ef);
  }
  unlink(errpath);
  unlink(path);
  fprintf(stderr, "compared %zu instructions of %d rows with %s\n", i, VTU_NUM_INSNS, mc);
  assert_int_equal(i, n);
  assert_int_equal(mismatches, 0);
  free(words);
  free(ours);
  free(base);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_roundtrip_every_row),
    cmocka_unit_test(test_known_answers),
    cmocka_unit_test(test_arbitrary_words),
    cmocka_unit_test(test_llvm_disassembly),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
