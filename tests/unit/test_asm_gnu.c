/* Cross-check against GNU binutils: random instances of every standard
 * (non-custom) row of the instruction table are assembled by GNU as (and
 * linked at 0x80000000 by GNU ld) and by ventsim as; the .text bytes must be
 * identical, and GNU objdump must list the same instructions for both ELF
 * files.  Exits 77 (skipped) when the GNU tools are not installed.
 *
 * GNU as 2.40 cannot take zfinx and zve32f together (zve32f implies F), so
 * the rows are split: vector float and flw/fsw/fmv.x.w/fmv.w.x are checked
 * with -march=rv32imaf_zicsr_zve32f and f register names; everything else
 * with -march=rv32ima_zicsr_zifencei_zfinx_zve32x.  The parse aliases of
 * standard rows and the pseudo-instructions li, la, lla, call and tail are
 * compared the same way.  The Ventus A rows name
 * vector registers; GNU gets the x registers of the same numbers.  The
 * objdump listings are compared with f register names mapped to the x
 * register of the same number (the names depend on the arch attribute). */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "test_asm_gen.h"
#include "ventsim/elf.h"

#define SAMPLES 24
static char dir[64];

static int run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int run(const char *fmt, ...)
{
  char cmd[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(cmd, sizeof cmd, fmt, ap);
  va_end(ap);
  return system(cmd);
}

static void write_file(const char *path, const char *s, size_t n)
{
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(s, 1, n, f) != n || fclose(f)) fail_msg("cannot write %s", path);
}

static int vector_float(int op)
{
  unsigned m = vtu_rows[op].match;
  return (m & 0x7f) == 0x57 && (((m >> 12) & 7) == 1 || ((m >> 12) & 7) == 5);
}

static int in_group(int op, int fgroup)
{
  if (!gen_is_standard(op)) return 0;
  int f = vector_float(op) || op == VTU_FLW || op == VTU_FSW || op == VTU_FMV_X_W || op == VTU_FMV_W_X;
  return f == fgroup;
}

static const vs_elf_section *text_of(const vs_elf *e)
{
  for (size_t i = 0; i < e->nsections; i++)
    if (strcmp(e->sections[i].name, ".text") == 0) return &e->sections[i];
  return NULL;
}

/* objdump line "addr:\tword\tmnemonic\toperands [# comment]" -> "mnemonic operands",
 * symbols and comments dropped, f registers renamed to x registers. */
static void normalise(const char *in, char *out, size_t n)
{
  static const char *const fabi[32] = {
    "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1",
    "fa2", "fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7",
    "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};
  size_t k = 0;
  const char *p = in;
  while (*p && *p != '#' && *p != '<' && k + 8 < n) {
    if (isspace((unsigned char)*p)) {
      if (k && out[k - 1] != ' ') out[k++] = ' ';
      p++;
      continue;
    }
    if (isalpha((unsigned char)*p)) {
      char word[32];
      size_t l = 0;
      while ((isalnum((unsigned char)p[l]) || p[l] == '.' || p[l] == '_') && l < sizeof word - 1) {
        word[l] = p[l];
        l++;
      }
      word[l] = '\0';
      const char *rep = word;
      for (int r = 0; r < 32 && !(k == 0); r++)   /* not the mnemonic */
        if (strcmp(word, fabi[r]) == 0) rep = vtu_xreg_abi_name((unsigned)r);
      size_t rl = strlen(rep);
      if (k + rl + 1 >= n) break;
      memcpy(out + k, rep, rl);
      k += rl;
      p += l;
      continue;
    }
    out[k++] = *p++;
  }
  while (k && out[k - 1] == ' ') k--;
  out[k] = '\0';
}

/* Instruction lines of an objdump -d listing: address and normalised text. */
typedef struct dline { unsigned long addr; char text[160]; } dline;
static dline *listing(const char *path, size_t *count)
{
  FILE *f = fopen(path, "r");
  if (!f) fail_msg("cannot read %s", path);
  size_t cap = 1024, n = 0;
  dline *l = malloc(cap * sizeof *l);
  char buf[512];
  while (fgets(buf, sizeof buf, f)) {
    unsigned long addr, word;
    int pos = 0;
    if (sscanf(buf, " %lx: %lx %n", &addr, &word, &pos) < 2 || pos == 0) continue;
    if (n == cap) l = realloc(l, (cap *= 2) * sizeof *l);
    l[n].addr = addr;
    normalise(buf + pos, l[n].text, sizeof l[n].text);
    n++;
  }
  fclose(f);
  *count = n;
  return l;
}

static void check_group(int fgroup, uint64_t seed)
{
  const char *march = fgroup ? "rv32imaf_zicsr_zve32f" : "rv32ima_zicsr_zifencei_zfinx_zve32x";
  gen_str gs = {0}, vs = {0};
  gen_opts o = {1};
  uint64_t rng = seed;
  size_t n = 0, cap = 4096;
  gen_insn *it = malloc(cap * sizeof *it);
  gen_str_add(&gs, "\t.option norelax\n\t.globl _start\n_start:\n");
  gen_str_add(&vs, "\t.globl _start\n_start:\n");
  size_t na;
  const vtu_alias *al = vtu_aliases(&na);
  for (int s = 0; s < SAMPLES; s++) {
    for (int op = 0; op < VTU_NUM_INSNS; op++) {
      if (!in_group(op, fgroup)) continue;
      if (n == cap) it = realloc(it, (cap *= 2) * sizeof *it);
      if (gen_make(&it[n], op, NULL, 0, &o, &rng)) fail_msg("cannot generate %s", vtu_rows[op].mnemonic);
      gen_str_add(&gs, "\t%s\n", it[n].gtext);
      gen_str_add(&vs, "\t%s\n", it[n].text);
      n++;
    }
    /* the parse aliases of standard instructions (mv, bgt, csrw, vnot.v ...) */
    for (size_t a = 0; a < na; a++) {
      if (!(al[a].flags & AL_PARSE) || !in_group(al[a].base, fgroup)) continue;
      if (n == cap) it = realloc(it, (cap *= 2) * sizeof *it);
      if (gen_make(&it[n], al[a].base, &al[a], 0, &o, &rng)) fail_msg("cannot generate %s", al[a].mnemonic);
      gen_str_add(&gs, "\t%s\n", it[n].gtext);
      gen_str_add(&vs, "\t%s\n", it[n].text);
      n++;
    }
  }
  /* pseudo-instructions: li with edge and random values, la/lla/call/tail
   * to labels of the file (GNU ld resolves GNU's relocations) */
  if (!fgroup) {
    static const int64_t edges[] = {0, 1, -1, 2047, 2048, -2048, -2049, 4095, 4096, 0x7ffff800,
                                    0x7fffffff, 0x80000000, -0x80000000LL, 0xffffffff, 0x12345678,
                                    0xfffff800, 0x800, 0x1000, 0xabcde000};
    size_t ne = sizeof edges / sizeof edges[0];
    for (size_t i = 0; i < ne + 64; i++) {
      int64_t v = i < ne ? edges[i] : (int64_t)(uint32_t)gen_rand(&rng);
      int rd = 1 + (int)(gen_rand(&rng) % 31);   /* GNU adds a nop after li zero, <lui only> */
      if (n == cap) it = realloc(it, (cap *= 2) * sizeof *it);
      memset(&it[n], 0, sizeof it[n]);
      snprintf(it[n].text, sizeof it[n].text, "li x%d, %lld", rd, (long long)v);
      snprintf(it[n].gtext, sizeof it[n].gtext, "%s", it[n].text);
      gen_str_add(&gs, "\t%s\n", it[n].gtext);
      gen_str_add(&vs, "\t%s\n", it[n].text);
      n++;
    }
    static const char *const ps[] = {"la a0, lbl%d", "lla t3, lbl%d", "call lbl%d", "tail lbl%d",
                                     "call t0, lbl%d"};
    for (int i = 0; i < 40; i++) {
      if (n + 1 >= cap) it = realloc(it, (cap *= 2) * sizeof *it);
      memset(&it[n], 0, sizeof it[n]);
      snprintf(it[n].text, sizeof it[n].text, ps[i % 5], (int)(gen_rand(&rng) % 40));
      snprintf(it[n].gtext, sizeof it[n].gtext, "%s", it[n].text);
      gen_str_add(&gs, "\t%s\nlbl%d:\n", it[n].gtext, i);
      gen_str_add(&vs, "\t%s\nlbl%d:\n", it[n].text, i);
      n++;
      it[n] = it[n - 1];  /* two words each */
      n++;
    }
  }
  char gsrc[128], vsrc[128], go[128], gelf[128], velf[128], gdis[128], vdis[128];
  snprintf(gsrc, sizeof gsrc, "%s/gnu%d.s", dir, fgroup);
  snprintf(vsrc, sizeof vsrc, "%s/vs%d.s", dir, fgroup);
  snprintf(go, sizeof go, "%s/gnu%d.o", dir, fgroup);
  snprintf(gelf, sizeof gelf, "%s/gnu%d.elf", dir, fgroup);
  snprintf(velf, sizeof velf, "%s/vs%d.elf", dir, fgroup);
  snprintf(gdis, sizeof gdis, "%s/gnu%d.dis", dir, fgroup);
  snprintf(vdis, sizeof vdis, "%s/vs%d.dis", dir, fgroup);
  write_file(gsrc, gs.s, gs.len);
  write_file(vsrc, vs.s, vs.len);
  if (run("riscv64-unknown-elf-as -march=%s -mabi=ilp32 -mno-relax -o %s %s", march, go, gsrc))
    fail_msg("GNU as rejected %s", gsrc);
  if (run("riscv64-unknown-elf-ld -m elf32lriscv -Ttext=0x80000000 -o %s %s", gelf, go))
    fail_msg("GNU ld failed on %s", go);

  vs_asm_options opt;
  vs_asm_options_init(&opt);
  opt.no_start_files = 1;
  opt.diag = stderr;
  const char *paths[] = {vsrc};
  vs_error err;
  if (vs_assemble_files(paths, 1, velf, &opt, &err)) fail_msg("ventsim as failed: %s", err.msg);

  vs_elf *ge, *ve;
  if (vs_elf_load(gelf, &ge, &err) || vs_elf_load(velf, &ve, &err)) fail_msg("%s", err.msg);
  const vs_elf_section *gt = text_of(ge), *vt = text_of(ve);
  assert_non_null(gt);
  assert_non_null(vt);
  assert_int_equal(gt->addr, 0x80000000u);
  assert_int_equal(vt->addr, 0x80000000u);
  if (gt->size != vt->size) fail_msg("GNU: %u bytes of .text, ventsim: %u", gt->size, vt->size);
  for (size_t i = 0; i < vt->size / 4; i++)
    if (memcmp(gt->data + 4 * i, vt->data + 4 * i, 4) != 0) {
      const uint8_t *a = gt->data + 4 * i, *b = vt->data + 4 * i;
      fail_msg("word %zu (near '%s'): GNU %02x%02x%02x%02x, ventsim %02x%02x%02x%02x", i,
               it[i < n ? i : n - 1].text, a[3], a[2], a[1], a[0], b[3], b[2], b[1], b[0]);
    }
  size_t nwords = vt->size / 4;
  vs_elf_free(ge);
  vs_elf_free(ve);

  /* objdump lists the same instructions for both */
  /* GNU ld writes Tag_RISCV_priv_spec 1.11 (the GNU as default), which
   * decides the CSR names objdump prints; ventsim, like the Ventus
   * toolchain, writes no privileged-spec version, so objdump is told 1.11.
   * objdump's warning about zfinx with zve32f goes to /dev/null. */
  if (run("riscv64-unknown-elf-objdump -d %s > %s 2>/dev/null", gelf, gdis) ||
      run("riscv64-unknown-elf-objdump -d -M priv-spec=1.11 %s > %s 2>/dev/null", velf, vdis))
    fail_msg("objdump failed");
  size_t ng, nv;
  dline *lg = listing(gdis, &ng), *lv = listing(vdis, &nv);
  assert_int_equal(ng, nwords);
  assert_int_equal(nv, nwords);
  for (size_t i = 0; i < nwords; i++) {
    if (lg[i].addr != lv[i].addr || strcmp(lg[i].text, lv[i].text) != 0)
      fail_msg("objdump differs at 0x%lx: GNU's ELF '%s', ventsim's '%s'", lv[i].addr, lg[i].text, lv[i].text);
    if (strncmp(lv[i].text, ".4byte", 6) == 0 || strncmp(lv[i].text, ".word", 5) == 0)
      fail_msg("objdump does not decode the word at 0x%lx", lv[i].addr);
  }
  free(lg);
  free(lv);
  free(it);
  free(gs.s);
  free(vs.s);
}

static void test_gnu_integer_zfinx_vector(void **state) { (void)state; check_group(0, 0x1234567887654321ull); }
static void test_gnu_vector_float(void **state) { (void)state; check_group(1, 0x0fedcba987654321ull); }

int main(void)
{
  if (system("riscv64-unknown-elf-as --version >/dev/null 2>&1") != 0 ||
      system("riscv64-unknown-elf-ld --version >/dev/null 2>&1") != 0 ||
      system("riscv64-unknown-elf-objdump --version >/dev/null 2>&1") != 0) {
    printf("SKIP: GNU binutils for RISC-V (riscv64-unknown-elf-as/ld/objdump) not installed; "
           "install binutils-riscv64-unknown-elf\n");
    return 77;
  }
  snprintf(dir, sizeof dir, "/tmp/vs_asm_gnu_XXXXXX");
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_gnu_integer_zfinx_vector),
    cmocka_unit_test(test_gnu_vector_float),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  if (rc == 0) run("rm -rf %s", dir);
  else printf("inputs and listings kept in %s\n", dir);
  return rc;
}
