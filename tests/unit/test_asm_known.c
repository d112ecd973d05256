/* Known-answer tests of the assembler: instruction words taken from real
 * compiled Ventus code (tc_nn object.dump), pseudo-instruction expansions
 * computed by hand, directives, expressions, symbols and the linker
 * layout, through the public API (ventsim/asm.h). */
#include <elf.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ventsim/asm.h"
#include "ventsim/elf.h"

static uint32_t rd32(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Assembles sources (no start code unless start) and loads the result. */
static vs_elf *assemble_n(const char *const *texts, size_t n, int start)
{
  vs_asm_source src[4];
  char names[4][32];
  for (size_t i = 0; i < n; i++) {
    snprintf(names[i], sizeof names[i], "f%zu.s", i);
    src[i].name = names[i];
    src[i].text = texts[i];
    src[i].len = strlen(texts[i]);
  }
  vs_asm_options opt;
  vs_asm_options_init(&opt);
  opt.no_start_files = !start;
  opt.diag = stderr;
  uint8_t *img;
  size_t len;
  vs_error err;
  if (vs_assemble(src, n, &opt, &img, &len, &err)) fail_msg("assembly failed: %s", err.msg);
  vs_elf *e;
  if (vs_elf_load_mem(img, len, "out.elf", &e, &err)) fail_msg("%s", err.msg);
  free(img);
  return e;
}

static vs_elf *assemble(const char *text) { return assemble_n(&text, 1, 0); }

static const vs_elf_section *section(const vs_elf *e, const char *name)
{
  for (size_t i = 0; i < e->nsections; i++)
    if (strcmp(e->sections[i].name, name) == 0) return &e->sections[i];
  fail_msg("no section %s", name);
  return NULL;
}

static void expect_words(const char *text, const uint32_t *words, size_t n)
{
  vs_elf *e = assemble(text);
  const vs_elf_section *t = section(e, ".text");
  assert_int_equal(t->addr, 0x80000000u);
  if (t->size != 4 * n) fail_msg("'%s': %u bytes, expected %zu", text, t->size, 4 * n);
  for (size_t i = 0; i < n; i++)
    if (rd32(t->data + 4 * i) != words[i])
      fail_msg("'%s': word %zu is 0x%08x, expected 0x%08x", text, i, rd32(t->data + 4 * i), words[i]);
  vs_elf_free(e);
}
#define EXPECT(text, ...) do { \
    const uint32_t w_[] = {__VA_ARGS__}; expect_words(text, w_, sizeof w_ / sizeof w_[0]); } while (0)

/* Words of real compiled Ventus code (tc_nn/4x16/object.dump). */
static void test_ventus_known_words(void **state)
{
  (void)state;
  /* a prefix must be followed by an instruction */
  EXPECT("regext zero, zero, 1\n add zero, zero, zero", 0x0010200b, 0x00000033);
  EXPECT("regext 1; add zero, zero, zero", 0x0010200b, 0x00000033);
  /* a raw word right after a prefix is the instruction it extends */
  EXPECT("regext 1\n .word 0x5e024057", 0x0010200b, 0x5e024057);
  EXPECT("setrpc zero, t1, 96", 0x0603305b);
  EXPECT("vbeq v0, v1, .+48", 0x0200885b);
  EXPECT("vlw12.v v4, 0(v3)", 0x0001a27b);
  EXPECT("join", 0x0000205b);
  EXPECT("endprg", 0x0000400b);
  EXPECT("endprg x0, x0, x0", 0x0000400b);
  EXPECT("vmv.v.x v0, tp", 0x5e024057);
  EXPECT("vmv.v.x v32, tp", 0x0010200b, 0x5e024057);
  EXPECT("regext zero, zero, 1\n vmv.v.x v0, tp", 0x0010200b, 0x5e024057);
  /* more lines of the same listing */
  EXPECT("vsetvli t4, t4, e32, m1, ta, ma", 0x0d0efed7);
  EXPECT("csrr t1, 2053", 0x80502373);
  EXPECT("csrr t1, CSR_WID", 0x80502373);
  EXPECT("csrr t1, wid", 0x80502373);
  EXPECT("mul t1, t1, t3", 0x03c30333);
  EXPECT("sw zero, 0(a0)", 0x00052023);
  EXPECT("lw t1, 0(t0)\n lw a0, 4(t0)", 0x0002a303, 0x0042a503);
  EXPECT("csrw mtvec, t6", 0x305f9073);
  EXPECT("jalr t1", 0x000300e7);
}

static void test_li_expansion(void **state)
{
  (void)state;
  EXPECT("li a0, 0", 0x00000513);
  EXPECT("li a0, 2047", 0x7ff00513);
  EXPECT("li a0, 2048", 0x00001537, 0x80050513);
  EXPECT("li a0, -2048", 0x80000513);
  EXPECT("li a0, -2049", 0xfffff537, 0x7ff50513);
  EXPECT("li a0, 0x7ffff800", 0x80000537, 0x80050513);
  EXPECT("li a0, 0x80000000", 0x80000537);
  EXPECT("li a0, -0x80000000", 0x80000537);
  EXPECT("li a0, 0xffffffff", 0xfff00513);
  EXPECT("li a0, 0x12345678", 0x12345537, 0x67850513);
  EXPECT("li t4, 32", 0x02000e93);
  /* a value known only later: lui %hi + addi %lo */
  EXPECT("li a0, N\n .equ N, 0x12345fff", 0x12346537, 0xfff50513);
  /* x40 needs regext before each instruction: rd ext 1 (imm 1) for lui,
   * rd and rs1 ext 1 (imm 1 | 1 << 3 = 9) for addi */
  EXPECT("li x40, 0x12345678", 0x0010200b, 0x12345437, 0x0090200b, 0x67840413);
}

static void test_la_call_tail(void **state)
{
  (void)state;
  /* la at 0x80000000 to 0x80001800 (.data at the next page + 0x800):
   * delta 0x1800: hi = 2, lo = -2048.  call/tail to func at 0x80000100. */
  const char *src =
    "    la a0, target\n"          /* 0x80000000 */
    "    call func\n"              /* 0x80000008 */
    "    tail func\n"              /* 0x80000010 */
    "    lla a1, func\n"           /* 0x80000018: delta 0xe8 */
    "    call t0, func\n"          /* 0x80000020: delta 0xe0 */
    "    .balign 256\n"
    "func: ret\n"
    "    .data\n"
    "    .zero 0x800\n"
    "target: .word 1\n";
  const uint32_t want[] = {
    0x00002517, 0x80050513,   /* auipc a0, 2; addi a0, a0, -2048 */
    0x00000097, 0x0f8080e7,   /* auipc ra, 0; jalr ra, 248(ra) */
    0x00000317, 0x0f030067,   /* auipc t1, 0; jalr zero, 240(t1) */
    0x00000597, 0x0e858593,   /* auipc a1, 0; addi a1, a1, 232 */
    0x00000317, 0x0e0302e7,   /* call t0: auipc t1, 0; jalr t0, 224(t1) (as GNU as) */
  };
  vs_elf *e = assemble(src);
  const vs_elf_section *t = section(e, ".text");
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    if (rd32(t->data + 4 * i) != want[i])
      fail_msg("word %zu is 0x%08x, expected 0x%08x", i, rd32(t->data + 4 * i), want[i]);
  assert_int_equal(rd32(t->data + 0x28), 0x00000013);   /* .balign pads with nops */
  assert_int_equal(rd32(t->data + 0x100), 0x00008067);  /* ret */
  assert_int_equal(vs_elf_find_symbol(e, "target")->value, 0x80001800u);
  vs_elf_free(e);

  /* absolute targets, backwards and far: call at 0x80000000 */
  EXPECT("call f\n .equ f, 0x7ffff800", 0x00000097, 0x800080e7);  /* -0x800: hi 0 */
  EXPECT("call f\n .equ f, 0x80012345", 0x00012097, 0x345080e7);  /* hi 0x12, lo 0x345 */
  EXPECT("call f\n .equ f, 0x80012945", 0x00013097, 0x945080e7);  /* hi 0x13, lo -0x6bb */
}

/* la / call / tail at 0x80000000 to targets at the edge displacements
 * (words computed by hand: hi = (d + 0x800) >> 12, lo = d - (hi << 12)). */
static void test_pcrel_pseudo_edges(void **state)
{
  (void)state;
  static const struct { const char *d; uint32_t la[2], call[2], tail[2]; } t[] = {
    {"0",          {0x00000517, 0x00050513}, {0x00000097, 0x000080e7}, {0x00000317, 0x00030067}},
    {"2047",       {0x00000517, 0x7ff50513}, {0x00000097, 0x7ff080e7}, {0x00000317, 0x7ff30067}},
    {"2048",       {0x00001517, 0x80050513}, {0x00001097, 0x800080e7}, {0x00001317, 0x80030067}},
    {"-2048",      {0x00000517, 0x80050513}, {0x00000097, 0x800080e7}, {0x00000317, 0x80030067}},
    {"-2049",      {0xfffff517, 0x7ff50513}, {0xfffff097, 0x7ff080e7}, {0xfffff317, 0x7ff30067}},
    {"0x7ffff800", {0x80000517, 0x80050513}, {0x80000097, 0x800080e7}, {0x80000317, 0x80030067}},
    {"0x80000000", {0x80000517, 0x00050513}, {0x80000097, 0x000080e7}, {0x80000317, 0x00030067}},
    {"0xffffffff", {0x00000517, 0xfff50513}, {0x00000097, 0xfff080e7}, {0x00000317, 0xfff30067}},
    {"0x12345678", {0x12345517, 0x67850513}, {0x12345097, 0x678080e7}, {0x12345317, 0x67830067}},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    char src[160];
    snprintf(src, sizeof src, "la a0, T\n.equ T, (0x80000000 + %s) & 0xffffffff", t[i].d);
    expect_words(src, t[i].la, 2);
    snprintf(src, sizeof src, "call T\n.equ T, (0x80000000 + %s) & 0xffffffff", t[i].d);
    expect_words(src, t[i].call, 2);
    snprintf(src, sizeof src, "tail T\n.equ T, (0x80000000 + %s) & 0xffffffff", t[i].d);
    expect_words(src, t[i].tail, 2);
  }
}

static void test_relocation_operators(void **state)
{
  (void)state;
  EXPECT("lui a0, %hi(0x12345fff)\n addi a0, a0, %lo(0x12345fff)", 0x12346537, 0xfff50513);
  EXPECT("lui a0, %hi(x)\n sw a1, %lo(x)(a0)\n .equ x, 0x80000ffc", 0x80001537, 0xfeb52e23);
  /* %pcrel_lo names the auipc's label; target 0x80000010 from 0x80000004 */
  EXPECT("nop\n 1: auipc a1, %pcrel_hi(t)\n addi a1, a1, %pcrel_lo(1b)\n nop\n t: nop",
         0x00000013, 0x00000597, 0x00c58593, 0x00000013, 0x00000013);
}

static void test_vector_forms(void **state)
{
  (void)state;
  EXPECT("vadd.vv v1, v2, v3", 0x022180d7);
  EXPECT("vfadd.vv v1, v2, v3, v0.t", 0x002190d7);
  EXPECT("vmslt.vi v1, v2, 16", 0x7627b0d7);       /* GNU: vmsle.vi v1, v2, 15 */
  EXPECT("vmsltu.vi v1, v2, 0", 0x662100d7);       /* vmsne.vv v1, v2, v2 */
  EXPECT("vmsge.vi v1, v2, 5", 0x7e2230d7);        /* vmsgt.vi v1, v2, 4 */
  EXPECT("vmsgeu.vi v1, v2, 0", 0x622100d7);       /* vmseq.vv v1, v2, v2 */
  EXPECT("vmsge.vv v1, v2, v3", 0x763100d7);       /* vmsle.vv v1, v3, v2 */
  EXPECT("vsetvli t0, t1, e32, m1", 0x010372d7);
  EXPECT("vsetvli t0, t1, e32, ta, ma", 0x0d0372d7);
  EXPECT("vsetivli t0, 5, e32, m1, ta, ma", 0xcd02f2d7);
  /* vadd.vi with 100: regexti imm[11:6] = 100 >> 5 = 3, low 5 bits 4 */
  EXPECT("vadd.vi v1, v2, 100", 0x0c00300b, 0x022230d7);
  EXPECT("amoadd.w.aqrl v1, v2, (v3)", 0x0621a0af);
  EXPECT("amoadd.w v1, v2, 0(v3)", 0x0021a0af);
  EXPECT("lw a0, (a1)", 0x0005a503);
}

static void test_directives_and_expressions(void **state)
{
  (void)state;
  const char *src =
    "    .data\n"
    "a:  .byte 1, 0xff, -1, 'A', '\\n'\n"
    "    .half 0x1234, -2\n"
    "    .p2align 2\n"
    "b:  .word (1 << 4) + 3 * 2 - ~0, b - a, 100 / 7, 100 % 7, 0x0f & 0x3c | 0x100 ^ 1\n"
    "    .string \"hi\\t\", \"x\"\n"
    "    .ascii \"ab\"\n"
    "    .align 3\n"
    "c:  .zero 3\n"
    "    .space 2, 0x55\n"
    "    .set N, 4\n"
    "    .word N, -N, . - c\n"
    "    .equ N, 5\n"
    "    .word N /* a comment */ ; .word 7 // another\n"
    "    .dword 0x1122334455667788\n"
    "    .section .rodata.str, \"a\"\n"
    "s:  .asciz \"r\"\n"
    "    .bss\n"
    "z:  .zero 16\n";
  vs_elf *e = assemble(src);
  const vs_elf_section *d = section(e, ".data");
  /* layout by hand: a=0: 5 bytes; .half at 5 needs no alignment in GNU as
   * (.half does not align): 0x1234 at 5..6, -2 at 7..8; .p2align 2 -> 12 */
  const uint8_t head[] = {1, 0xff, 0xff, 'A', '\n', 0x34, 0x12, 0xfe, 0xff, 0, 0, 0};
  assert_memory_equal(d->data, head, sizeof head);
  assert_int_equal(rd32(d->data + 12), 23);   /* 16 + 6 - (-1) */
  assert_int_equal(rd32(d->data + 16), 12);   /* b - a */
  assert_int_equal(rd32(d->data + 20), 14);
  assert_int_equal(rd32(d->data + 24), 2);
  assert_int_equal(rd32(d->data + 28), 0x10d); /* (0x0f & 0x3c) | (0x100 ^ 1) = 0x0c | 0x101 */
  assert_memory_equal(d->data + 32, "hi\t\0x\0ab", 8);
  /* .align 3 -> 40; c: 3 zeros, 2 x 0x55 -> 45; .word at 45 is not aligned
   * (GNU as does not align .word either) */
  const vs_elf_symbol *c = vs_elf_find_symbol(e, "c");
  assert_int_equal(c->value, d->addr + 40);
  assert_int_equal(d->data[43], 0x55);
  assert_int_equal(d->data[44], 0x55);
  assert_int_equal(rd32(d->data + 45), 4);
  assert_int_equal(rd32(d->data + 49), 0xfffffffcu);
  assert_int_equal(rd32(d->data + 53), 13);     /* . - c at 53 */
  assert_int_equal(rd32(d->data + 57), 5);
  assert_int_equal(rd32(d->data + 61), 7);
  assert_int_equal(rd32(d->data + 65), 0x55667788u);
  assert_int_equal(rd32(d->data + 69), 0x11223344u);
  const vs_elf_section *r = section(e, ".rodata");
  assert_memory_equal(r->data, "r", 2);
  const vs_elf_section *b = section(e, ".bss");
  assert_int_equal(b->type, SHT_NOBITS);
  assert_int_equal(b->size, 16);
  /* page layout: .text (empty: not emitted), .rodata, .data, .bss */
  assert_int_equal(r->addr & 0xfff, 0);
  assert_true(d->addr > r->addr && (d->addr & 0xfff) == 0);
  assert_true(b->addr > d->addr && (b->addr & 0xfff) == 0);
  assert_int_equal(vs_elf_find_symbol(e, "__bss_start")->value, b->addr);
  assert_int_equal(vs_elf_find_symbol(e, "__BSS_END__")->value, b->addr + 16);
  assert_int_equal(vs_elf_find_symbol(e, "_end")->value, b->addr + 16);
  assert_int_equal(vs_elf_find_symbol(e, "__global_pointer$")->value, d->addr + 0x800);
  vs_elf_free(e);
}

/* Two files: each has its own numeric labels and local symbols; a kernel
 * in one calls a function in the other. */
static void test_multi_file_link(void **state)
{
  (void)state;
  const char *a =
    "    .globl kern\n"
    "    .type kern, @function\n"
    "kern:\n"
    "1:  addi a0, a0, -1\n"
    "    bnez a0, 1b\n"
    "    call helper\n"
    "local: j 1f\n"
    "1:  ret\n"
    "    .size kern, . - kern\n";
  const char *b =
    "    .text\n"
    "local: nop\n"
    "1:  nop\n"
    "    .globl helper\n"
    "helper:\n"
    "    j 1b\n";
  const char *srcs[] = {a, b};
  vs_elf *e = assemble_n(srcs, 2, 1);
  const vs_elf_symbol *k = vs_elf_find_symbol(e, "kern");
  const vs_elf_symbol *h = vs_elf_find_symbol(e, "helper");
  const vs_elf_symbol *s = vs_elf_find_symbol(e, "_start");
  assert_non_null(k);
  assert_non_null(h);
  assert_non_null(s);
  assert_int_equal(s->value, 0x80000000u);
  assert_int_equal(e->entry, 0x80000000u);
  assert_int_equal(k->type, STT_FUNC);
  assert_int_equal(k->bind, STB_GLOBAL);
  assert_int_equal(k->size, 24);
  const vs_elf_section *t = section(e, ".text");
  const uint8_t *kp = t->data + (k->value - t->addr);
  assert_int_equal(rd32(kp + 4), 0xfe051ee3);   /* bnez a0, -4 */
  /* call helper: auipc ra, hi; jalr ra, lo(ra) with helper = kern + 24 + 8 */
  uint32_t delta = h->value - (k->value + 8);
  assert_int_equal(delta, 24);
  assert_int_equal(rd32(kp + 8), 0x00000097);
  assert_int_equal(rd32(kp + 12), 0x018080e7);
  assert_int_equal(rd32(kp + 16), 0x0040006f);  /* j 1f: +4 */
  const uint8_t *hp = t->data + (h->value - t->addr);
  assert_int_equal(rd32(hp), 0xffdff06f);       /* j 1b: -4, the other file's 1: */
  /* two local symbols named "local", one per file */
  size_t nlocal = 0;
  for (size_t i = 0; i < e->nsymbols; i++)
    if (strcmp(e->symbols[i].name, "local") == 0) {
      nlocal++;
      assert_int_equal(e->symbols[i].bind, STB_LOCAL);
    }
  assert_int_equal(nlocal, 2);
  vs_elf_free(e);
}

static void test_errors_through_api(void **state)
{
  (void)state;
  const char *text = "  nop\n  addi a0, a0, 4096\n";
  vs_asm_source s = {"bad.s", text, strlen(text)};
  vs_asm_options opt;
  vs_asm_options_init(&opt);
  opt.no_start_files = 1;
  uint8_t *img = (uint8_t *)&opt;
  size_t len = 99;
  vs_error err;
  assert_int_equal(vs_assemble(&s, 1, &opt, &img, &len, &err), -1);
  assert_null(img);
  assert_int_equal(len, 0);
  assert_string_equal(err.msg, "bad.s:2:16: immediate 4096 out of range [-2048, 2047]");
  /* the error limit */
  char big[4096] = "";
  for (int i = 0; i < 30; i++) strcat(big, "bogus\n");
  vs_asm_source s2 = {"many.s", big, strlen(big)};
  char *out = NULL;
  size_t outlen = 0;
  FILE *diag = open_memstream(&out, &outlen);
  opt.diag = diag;
  opt.max_errors = 5;
  assert_int_equal(vs_assemble(&s2, 1, &opt, &img, &len, &err), -1);
  fclose(diag);
  size_t lines = 0;
  for (size_t i = 0; i < outlen; i++) lines += out[i] == '\n';
  assert_int_equal(lines, 6);   /* 5 errors and "too many errors" */
  assert_non_null(strstr(out, "many.s:5:1: error: unknown instruction mnemonic 'bogus'"));
  assert_null(strstr(out, "many.s:6:1"));
  free(out);
}

static void test_start_code(void **state)
{
  (void)state;
  const char *start = vs_asm_start_code(NULL);
  assert_non_null(start);
  assert_non_null(strstr(start, "_start:"));
  const char *k = ".globl k\nk: ret\n";
  vs_elf *e = assemble_n(&k, 1, 1);
  const vs_elf_section *t = section(e, ".text");
  assert_int_equal(rd32(t->data), 0x00002197);   /* auipc gp, 2: gp = .data (+0x1000) + 0x800 */
  assert_int_equal(vs_elf_find_symbol(e, "__global_pointer$")->value, 0x80001800u);
  assert_non_null(vs_elf_find_symbol(e, "__vs_print_addr"));
  assert_non_null(vs_elf_find_symbol(e, "__vs_print_size"));
  vs_elf_free(e);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_ventus_known_words),
    cmocka_unit_test(test_li_expansion),
    cmocka_unit_test(test_la_call_tail),
    cmocka_unit_test(test_pcrel_pseudo_edges),
    cmocka_unit_test(test_relocation_operators),
    cmocka_unit_test(test_vector_forms),
    cmocka_unit_test(test_directives_and_expressions),
    cmocka_unit_test(test_multi_file_link),
    cmocka_unit_test(test_errors_through_api),
    cmocka_unit_test(test_start_code),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
