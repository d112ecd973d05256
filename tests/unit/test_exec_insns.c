/* Execution tests of every row of the instruction table (insns.def).
 *
 * The test walks vtu_rows[]: each row must have a handler here (a row without
 * one fails the test).  A handler writes a small body of assembly and random
 * operands; the body runs inside a kernel that loads v1..v8, v0 and a0..a7
 * from memory, makes the lanes whose "exec" word is 0 inactive through a
 * vector branch, runs the body, and stores every register, fflags and vxsat
 * back.  The expected final state comes from the reference model below:
 * plain per-lane C formulas written from the ISA reference
 * (spec/ventus-isa.md) and the RISC-V / RVV specifications; floating point
 * uses the host FPU under fesetround() (an implementation independent of
 * ventsim's), with RISC-V's NaN, min/max, compare and conversion rules
 * written out here, and round-to-nearest-max-magnitude derived from an exact
 * double computation. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "func/fharness.h"
#include "isa/ventus/ventus.h"


/* ---- machine state the kernel loads and stores ------------------------ */
#define NV 9          /* v1..v8 at 0..7, v0 at 8 */
#define MAXL 32
#define IN_V    0x0000u  /* vector slot k at k*128, lane i at +4i        */
#define IN_X    0x0800u  /* a0..a7 at 0..28; frm 32; vxrm 44             */
#define OUT_V   0x1000u
#define OUT_X   0x1800u  /* a0..a7; fflags 36; vxsat 40                  */
#define DATA    0x2000u  /* memory instructions use [DATA, DATA+DATA_N)  */
#define DATA_N  0x2000u
#define DATA_A  (FH_MEM + DATA)

typedef struct st {
  uint32_t v[NV][MAXL];
  uint32_t x[8];
  uint32_t frm, vxrm, fflags, vxsat;
  uint32_t exec[MAXL];
} st;

typedef struct tc {
  const char *row;     /* mnemonic under test */
  char body[1024];
  unsigned lanes;
  st in, exp;
  uint8_t mem[DATA_N], mem_exp[DATA_N];
  uint32_t pds_size;
  uint8_t *pds, *pds_exp;
  size_t pds_len;
  int flags_dontcare;  /* fflags not compared (vfexp)            */
  int ulp_regs;        /* bit r: v(r+1) compared with 1 ulp slack */
  const char *error;   /* expected kernel error text, or NULL    */
  const char *symbol;  /* symbol whose value is passed to fix()   */
  void (*fix)(struct tc *t, uint32_t symval);
} tc;

static const char *prologue =
  "  .text\n  .globl _start\n_start:\n"
  "  li s0, 0x90000000\n  li s1, 0x90001000\n  li s2, 0x90000800\n  li s3, 0x90001800\n"
  "  vid.v v31\n  vsll.vi v31, v31, 2\n  vadd.vx v30, v31, s0\n  vadd.vx v29, v31, s1\n"
  "  vlw12.v v1, 0(v30)\n  vlw12.v v2, 128(v30)\n  vlw12.v v3, 256(v30)\n"
  "  vlw12.v v4, 384(v30)\n  vlw12.v v5, 512(v30)\n  vlw12.v v6, 640(v30)\n"
  "  vlw12.v v7, 768(v30)\n  vlw12.v v8, 896(v30)\n  vlw12.v v0, 1024(v30)\n"
  "  vlw12.v v28, 1152(v30)\n  vmv.v.i v27, 0\n"
  "  lw a0, 0(s2)\n  lw a1, 4(s2)\n  lw a2, 8(s2)\n  lw a3, 12(s2)\n"
  "  lw a4, 16(s2)\n  lw a5, 20(s2)\n  lw a6, 24(s2)\n  lw a7, 28(s2)\n"
  "  lw t0, 32(s2)\n  csrw frm, t0\n  lw t0, 44(s2)\n  csrw vxrm, t0\n"
  "  csrw fflags, zero\n  csrw vxsat, zero\n"
  "0:  auipc t2, 0\n  setrpc zero, t2, 9f - 0b\n  vbeq v28, v27, 9f\n";
static const char *epilogue =
  "9:  join zero, zero, 0\n"
  "  vsetvli t0, zero, e32, m1, tu, mu\n"
  "  csrr t0, fflags\n  sw t0, 36(s3)\n  csrr t0, vxsat\n  sw t0, 40(s3)\n"
  "  vsw12.v v1, 0(v29)\n  vsw12.v v2, 128(v29)\n  vsw12.v v3, 256(v29)\n"
  "  vsw12.v v4, 384(v29)\n  vsw12.v v5, 512(v29)\n  vsw12.v v6, 640(v29)\n"
  "  vsw12.v v7, 768(v29)\n  vsw12.v v8, 896(v29)\n  vsw12.v v0, 1024(v29)\n"
  "  sw a0, 0(s3)\n  sw a1, 4(s3)\n  sw a2, 8(s3)\n  sw a3, 12(s3)\n"
  "  sw a4, 16(s3)\n  sw a5, 20(s3)\n  sw a6, 24(s3)\n  sw a7, 28(s3)\n"
  "  endprg\n";

static void put32(uint8_t *p, uint32_t v)
{
  p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

static uint32_t rnd(void) { return fh_rand(); }
static int32_t rnd_in(int32_t lo, int32_t hi) { return lo + (int32_t)(rnd() % (uint32_t)(hi - lo + 1)); }

/* interesting integers */
static uint32_t rnd_int(void)
{
  static const uint32_t special[] = {0, 1, 2, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x7ffffffeu,
                                     0x80000001u, 31, 32, 0xfffffffeu, 0x10000u, 0xffffu};
  switch (rnd() % 4) {
  case 0: return special[rnd() % (sizeof special / sizeof special[0])];
  case 1: return (uint32_t)rnd_in(-20, 20);
  default: return rnd() ^ (rnd() << 16);
  }
}
static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
/* interesting floats; `normal_only` keeps results away from under/overflow */
static uint32_t rnd_float(int normal_only)
{
  static const uint32_t special[] = {
    0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7fa00001 /* sNaN */,
    0xffc12345, 0x00000001, 0x807fffff, 0x00800000, 0x7f7fffff, 0xff7fffff, 0x3f800000,
    0xbf800000, 0x4f000000, 0xcf000000, 0x4f800000, 0x3f000000, 0x3fc00000, 0x40200000,
    0xbfc00000, 0x4effffff, 0x5f800000, 0x3e800001};
  if (normal_only) {
    uint32_t e = (uint32_t)rnd_in(110, 144);
    return (rnd() & 0x80000000u) | e << 23 | (rnd() & 0x7fffffu);
  }
  switch (rnd() % 4) {
  case 0: return special[rnd() % (sizeof special / sizeof special[0])];
  case 1: return f2u((float)rnd_in(-1000, 1000) / 8.0f);
  default: {
    uint32_t e = rnd() % 8 == 0 ? rnd() % 256 : (uint32_t)rnd_in(100, 150);
    return (rnd() & 0x80000000u) | e << 23 | (rnd() & 0x7fffffu);
  }
  }
}

/* ---- active lanes ------------------------------------------------------ */
static int lane_on(const tc *t, unsigned i) { return i < t->lanes && t->in.exec[i] != 0; }
static int vm_on(const tc *t, int masked, unsigned i)
{
  return lane_on(t, i) && (!masked || ((t->in.v[8][0] >> i) & 1));
}
static int any_lane(const tc *t)
{
  for (unsigned i = 0; i < t->lanes; i++)
    if (lane_on(t, i)) return 1;
  return 0;
}

static void tc_init(tc *t, const char *row, unsigned lanes)
{
  memset(t, 0, sizeof *t);
  t->row = row;
  t->lanes = lanes;
  for (int r = 0; r < NV; r++)
    for (unsigned i = 0; i < MAXL; i++) t->in.v[r][i] = rnd_int();
  for (int r = 0; r < 8; r++) t->in.x[r] = rnd_int();
  for (unsigned i = 0; i < MAXL; i++) t->in.exec[i] = rnd() % 4 != 0;
  if (rnd() % 4 == 0)
    for (unsigned i = 0; i < MAXL; i++) t->in.exec[i] = 1;
  t->in.frm = (uint32_t)rnd_in(0, 4);
  t->in.vxrm = (uint32_t)rnd_in(0, 3);
  for (unsigned i = 0; i < DATA_N; i++) t->mem[i] = (uint8_t)rnd();
  memcpy(t->mem_exp, t->mem, DATA_N);
  t->exp = t->in;
  t->exp.fflags = t->exp.vxsat = 0;
}
static void tc_body(tc *t, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(t->body, sizeof t->body, fmt, ap);
  va_end(ap);
}

static unsigned n_runs, n_failed;

static void tc_run(tc *t)
{
  static char src[8192];
  snprintf(src, sizeof src, "%s%s\n%s", prologue, t->body, epilogue);
  static uint8_t init[FH_MEM_SIZE];
  memset(init, 0, sizeof init);
  for (int r = 0; r < NV; r++)
    for (unsigned i = 0; i < MAXL; i++) put32(init + IN_V + r * 128 + i * 4, t->in.v[r][i]);
  for (unsigned i = 0; i < MAXL; i++) put32(init + IN_V + 9 * 128 + i * 4, t->in.exec[i]);
  for (int r = 0; r < 8; r++) put32(init + IN_X + r * 4, t->in.x[r]);
  put32(init + IN_X + 32, t->in.frm);
  put32(init + IN_X + 44, t->in.vxrm);
  memcpy(init + DATA, t->mem, DATA_N);
  fh_cfg c;
  memset(&c, 0, sizeof c);
  c.src = src;
  c.threads = t->lanes;
  c.init = init;
  c.init_len = sizeof init;
  c.pds_size = t->pds_size;
  c.pds_init = t->pds;
  c.symbol = t->symbol;
  fh_result r;
  fh_run(&c, &r);
  n_runs++;
  if (t->fix) t->fix(t, r.symbol_value);
  if (t->error) {
    if (r.rc == 0) {
      print_error("row %s: body `%s` ran without the expected error '%s'\n", t->row, t->body, t->error);
      n_failed++;
    } else if (!strstr(r.err.msg, t->error) || !strstr(r.err.msg, "kernel error in 'kernel'")) {
      print_error("row %s: error message '%s' lacks '%s'\n", t->row, r.err.msg, t->error);
      n_failed++;
    }
    fh_free(&r);
    return;
  }
  if (r.rc) {
    print_error("row %s: body `%s`: unexpected kernel error: %s\n", t->row, t->body, r.err.msg);
    n_failed++;
    fh_free(&r);
    return;
  }
  int bad = 0;
  char where[64];
  for (int reg = 0; reg < NV && bad < 4; reg++)
    for (unsigned i = 0; i < t->lanes && bad < 4; i++) {
      uint32_t got = fh_word(&r, OUT_V + (uint32_t)reg * 128 + i * 4), want = t->exp.v[reg][i];
      if (got == want) continue;
      if ((t->ulp_regs >> reg) & 1) {
        int64_t d = (int64_t)got - (int64_t)want;
        if ((got ^ want) < 0x80000000u && d >= -1 && d <= 1 && (want & 0x7f800000u) != 0x7f800000u)
          continue;
      }
      snprintf(where, sizeof where, "v%d[%u]", reg == 8 ? 0 : reg + 1, i);
      print_error("row %s: %s = 0x%08x, expected 0x%08x (v1=0x%08x v2=0x%08x v3=0x%08x a0=0x%08x "
                  "a1=0x%08x frm=%u vxrm=%u exec=%u)\n",
                  t->row, where, got, want, t->in.v[0][i], t->in.v[1][i], t->in.v[2][i], t->in.x[0],
                  t->in.x[1], t->in.frm, t->in.vxrm, t->in.exec[i]);
      bad++;
    }
  for (int reg = 0; reg < 8; reg++) {
    uint32_t got = fh_word(&r, OUT_X + (uint32_t)reg * 4);
    if (got != t->exp.x[reg]) {
      print_error("row %s: a%d = 0x%08x, expected 0x%08x (a0=0x%08x a1=0x%08x a3=0x%08x frm=%u)\n", t->row,
                  reg, got, t->exp.x[reg], t->in.x[0], t->in.x[1], t->in.x[3], t->in.frm);
      bad++;
    }
  }
  if (!t->flags_dontcare && fh_word(&r, OUT_X + 36) != t->exp.fflags) {
    print_error("row %s: fflags = 0x%02x, expected 0x%02x\n", t->row, fh_word(&r, OUT_X + 36), t->exp.fflags);
    bad++;
  }
  if (fh_word(&r, OUT_X + 40) != t->exp.vxsat) {
    print_error("row %s: vxsat = %u, expected %u\n", t->row, fh_word(&r, OUT_X + 40), t->exp.vxsat);
    bad++;
  }
  for (unsigned i = 0; i < DATA_N && bad < 8; i++)
    if (r.mem[DATA + i] != t->mem_exp[i]) {
      print_error("row %s: memory byte 0x%08x = 0x%02x, expected 0x%02x\n", t->row, DATA_A + i,
                  r.mem[DATA + i], t->mem_exp[i]);
      bad++;
    }
  if (t->pds_exp)
    for (size_t i = 0; i < t->pds_len && bad < 8; i++)
      if (r.pds[i] != t->pds_exp[i]) {
        print_error("row %s: private byte %zu = 0x%02x, expected 0x%02x\n", t->row, i, r.pds[i], t->pds_exp[i]);
        bad++;
      }
  fh_free(&r);
  if (bad) {
    print_error("row %s: %d mismatches in body:\n%s\n", t->row, bad, t->body);
    n_failed++;
  }
}

/* ======================================================================= */
/* Integer reference model                                                 */
/* ======================================================================= */
static int64_t roundoff(int64_t v, unsigned d, unsigned vxrm)
{
  if (d == 0) return v;
  uint64_t u = (uint64_t)v;
  unsigned r = 0;
  unsigned bit_d1 = (unsigned)(u >> (d - 1)) & 1, bit_d = (unsigned)(u >> d) & 1;
  uint64_t below = d > 1 ? u & ((1ull << (d - 1)) - 1) : 0;
  uint64_t all = u & ((1ull << d) - 1);
  switch (vxrm) {
  case 0: r = bit_d1; break;                               /* rnu */
  case 1: r = bit_d1 & ((below != 0) | bit_d); break;      /* rne */
  case 2: r = 0; break;                                    /* rdn */
  case 3: r = !bit_d & (all != 0); break;                  /* rod */
  }
  return (v >> d) + (int64_t)r;
}
static uint32_t sat_s(int64_t v, uint32_t *sat)
{
  if (v > INT32_MAX) { *sat = 1; return 0x7fffffffu; }
  if (v < INT32_MIN) { *sat = 1; return 0x80000000u; }
  return (uint32_t)v;
}
static uint32_t sat_u(int64_t v, uint32_t *sat)
{
  if (v > (int64_t)UINT32_MAX) { *sat = 1; return 0xffffffffu; }
  if (v < 0) { *sat = 1; return 0; }
  return (uint32_t)v;
}
#define S(x) ((int32_t)(x))
#define S64(x) ((int64_t)(int32_t)(x))
#define U64(x) ((uint64_t)(uint32_t)(x))

typedef uint32_t (*ibin)(uint32_t a, uint32_t b, unsigned vxrm, uint32_t *sat);
static uint32_t i_add(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a + b; }
static uint32_t i_sub(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a - b; }
static uint32_t i_rsub(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return b - a; }
static uint32_t i_minu(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a < b ? a : b; }
static uint32_t i_min(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return S(a) < S(b) ? a : b; }
static uint32_t i_maxu(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a > b ? a : b; }
static uint32_t i_max(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return S(a) > S(b) ? a : b; }
static uint32_t i_and(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a & b; }
static uint32_t i_or(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a | b; }
static uint32_t i_xor(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a ^ b; }
static uint32_t i_seq(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a == b; }
static uint32_t i_sne(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a != b; }
static uint32_t i_sltu(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a < b; }
static uint32_t i_slt(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return S(a) < S(b); }
static uint32_t i_sleu(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a <= b; }
static uint32_t i_sle(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return S(a) <= S(b); }
static uint32_t i_sgtu(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a > b; }
static uint32_t i_sgt(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return S(a) > S(b); }
static uint32_t i_saddu(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; return sat_u((int64_t)U64(a) + (int64_t)U64(b), s); }
static uint32_t i_sadd(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; return sat_s(S64(a) + S64(b), s); }
static uint32_t i_ssubu(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; return sat_u((int64_t)U64(a) - (int64_t)U64(b), s); }
static uint32_t i_ssub(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; return sat_s(S64(a) - S64(b), s); }
static uint32_t i_sll(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a << (b & 31); }
static uint32_t i_srl(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a >> (b & 31); }
static uint32_t i_sra(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return (uint32_t)(S(a) >> (b & 31)); }
static uint32_t i_ssrl(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)s; return (uint32_t)roundoff((int64_t)U64(a), b & 31, x); }
static uint32_t i_ssra(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)s; return (uint32_t)roundoff(S64(a), b & 31, x); }
static uint32_t i_smul(uint32_t a, uint32_t b, unsigned x, uint32_t *s)
{
  if (a == 0x80000000u && b == 0x80000000u) { *s = 1; return 0x7fffffffu; }
  return sat_s(roundoff(S64(a) * S64(b), 31, x), s);
}
static uint32_t i_aaddu(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)s; return (uint32_t)roundoff((int64_t)(U64(a) + U64(b)), 1, x); }
static uint32_t i_aadd(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)s; return (uint32_t)roundoff(S64(a) + S64(b), 1, x); }
static uint32_t i_asubu(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)s; return (uint32_t)roundoff((int64_t)U64(a) - (int64_t)U64(b), 1, x); }
static uint32_t i_asub(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)s; return (uint32_t)roundoff(S64(a) - S64(b), 1, x); }
static uint32_t i_divu(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return b ? a / b : 0xffffffffu; }
static uint32_t i_remu(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return b ? a % b : a; }
static uint32_t i_div(uint32_t a, uint32_t b, unsigned x, uint32_t *s)
{
  (void)x; (void)s;
  if (b == 0) return 0xffffffffu;
  if (a == 0x80000000u && b == 0xffffffffu) return a;
  return (uint32_t)(S(a) / S(b));
}
static uint32_t i_rem(uint32_t a, uint32_t b, unsigned x, uint32_t *s)
{
  (void)x; (void)s;
  if (b == 0) return a;
  if (a == 0x80000000u && b == 0xffffffffu) return 0;
  return (uint32_t)(S(a) % S(b));
}
static uint32_t i_mul(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return a * b; }
static uint32_t i_mulh(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return (uint32_t)((uint64_t)(S64(a) * S64(b)) >> 32); }
static uint32_t i_mulhu(uint32_t a, uint32_t b, unsigned x, uint32_t *s) { (void)x; (void)s; return (uint32_t)((U64(a) * U64(b)) >> 32); }
static uint32_t i_mulhsu(uint32_t a, uint32_t b, unsigned x, uint32_t *s)
{
  (void)x; (void)s;
  return (uint32_t)((uint64_t)(S64(a) * (int64_t)U64(b)) >> 32); /* |a*b| < 2^63 */
}

static const struct { const char *name; ibin f; int sat; } int_ops[] = {
  {"vadd", i_add, 0}, {"vsub", i_sub, 0}, {"vrsub", i_rsub, 0}, {"vminu", i_minu, 0},
  {"vmin", i_min, 0}, {"vmaxu", i_maxu, 0}, {"vmax", i_max, 0}, {"vand", i_and, 0},
  {"vor", i_or, 0}, {"vxor", i_xor, 0}, {"vmseq", i_seq, 0}, {"vmsne", i_sne, 0},
  {"vmsltu", i_sltu, 0}, {"vmslt", i_slt, 0}, {"vmsleu", i_sleu, 0}, {"vmsle", i_sle, 0},
  {"vmsgtu", i_sgtu, 0}, {"vmsgt", i_sgt, 0}, {"vsaddu", i_saddu, 1}, {"vsadd", i_sadd, 1},
  {"vssubu", i_ssubu, 1}, {"vssub", i_ssub, 1}, {"vsll", i_sll, 0}, {"vsmul", i_smul, 1},
  {"vsrl", i_srl, 0}, {"vsra", i_sra, 0}, {"vssrl", i_ssrl, 0}, {"vssra", i_ssra, 0},
  {"vaaddu", i_aaddu, 0}, {"vaadd", i_aadd, 0}, {"vasubu", i_asubu, 0}, {"vasub", i_asub, 0},
  {"vdivu", i_divu, 0}, {"vdiv", i_div, 0}, {"vremu", i_remu, 0}, {"vrem", i_rem, 0},
  {"vmulhu", i_mulhu, 0}, {"vmul", i_mul, 0}, {"vmulhsu", i_mulhsu, 0}, {"vmulh", i_mulh, 0},
};

/* scalar RV32I/M register-register and register-immediate forms */
static const struct { const char *name; ibin f; int imm; } scalar_ops[] = {
  {"add", i_add, 0}, {"sub", i_sub, 0}, {"sll", i_sll, 0}, {"slt", i_slt, 0},
  {"sltu", i_sltu, 0}, {"xor", i_xor, 0}, {"srl", i_srl, 0}, {"sra", i_sra, 0},
  {"or", i_or, 0}, {"and", i_and, 0}, {"mul", i_mul, 0}, {"mulh", i_mulh, 0},
  {"mulhsu", i_mulhsu, 0}, {"mulhu", i_mulhu, 0}, {"div", i_div, 0}, {"divu", i_divu, 0},
  {"rem", i_rem, 0}, {"remu", i_remu, 0},
  {"addi", i_add, 1}, {"slti", i_slt, 1}, {"sltiu", i_sltu, 1}, {"xori", i_xor, 1},
  {"ori", i_or, 1}, {"andi", i_and, 1}, {"slli", i_sll, 2}, {"srli", i_srl, 2}, {"srai", i_sra, 2},
};

/* multiply-add: f(vd, s1, s2) */
typedef uint32_t (*ima)(uint32_t d, uint32_t s1, uint32_t s2);
static uint32_t m_macc(uint32_t d, uint32_t a, uint32_t b) { return a * b + d; }
static uint32_t m_nmsac(uint32_t d, uint32_t a, uint32_t b) { return d - a * b; }
static uint32_t m_madd(uint32_t d, uint32_t a, uint32_t b) { return a * d + b; }
static uint32_t m_nmsub(uint32_t d, uint32_t a, uint32_t b) { return b - a * d; }
static const struct { const char *name; ima f; } ma_ops[] = {
  {"vmacc", m_macc}, {"vnmsac", m_nmsac}, {"vmadd", m_madd}, {"vnmsub", m_nmsub}};

/* ======================================================================= */
/* Floating-point reference model                                          */
/* ======================================================================= */
#define NV_F 0x10u
#define DZ_F 0x08u
#define OF_F 0x04u
#define UF_F 0x02u
#define NX_F 0x01u
#define CNAN 0x7fc00000u
static int is_nan(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }
static int is_snan(uint32_t u) { return is_nan(u) && !(u & 0x00400000u); }

static int host_mode(unsigned rm)
{
  switch (rm) {
  case 0: return FE_TONEAREST;
  case 1: return FE_TOWARDZERO;
  case 2: return FE_DOWNWARD;
  case 3: return FE_UPWARD;
  default: return -1;
  }
}
static uint32_t host_flags(void)
{
  uint32_t f = 0;
  if (fetestexcept(FE_INVALID)) f |= NV_F;
  if (fetestexcept(FE_DIVBYZERO)) f |= DZ_F;
  if (fetestexcept(FE_OVERFLOW)) f |= OF_F;
  if (fetestexcept(FE_UNDERFLOW)) f |= UF_F;
  if (fetestexcept(FE_INEXACT)) f |= NX_F;
  return f;
}

enum { F_ADD, F_SUB, F_MUL, F_DIV, F_SQRT, F_FMA };
static volatile float vf_a, vf_b, vf_c;
static volatile double vd_r;
static float host_op(int op, float a, float b, float c)
{
  vf_a = a; vf_b = b; vf_c = c;
  switch (op) {
  case F_ADD: return vf_a + vf_b;
  case F_SUB: return vf_a - vf_b;
  case F_MUL: return vf_a * vf_b;
  case F_DIV: return vf_a / vf_b;
  case F_SQRT: return sqrtf(vf_a);
  default: return fmaf(vf_a, vf_b, vf_c);
  }
}
/* the same in double; returns 1 if exact */
static int host_op_exact(int op, float a, float b, float c, double *out)
{
  double x = a, y = b, z = c;
  feclearexcept(FE_ALL_EXCEPT);
  switch (op) {
  case F_ADD: vd_r = x + y; break;
  case F_SUB: vd_r = x - y; break;
  case F_MUL: vd_r = x * y; break;
  case F_DIV: vd_r = x / y; break;
  case F_SQRT: vd_r = sqrt(x); break;
  default: vd_r = x * y; vd_r = vd_r + z; break; /* x*y is exact (48 bits) */
  }
  *out = vd_r;
  return !fetestexcept(FE_INEXACT);
}
/* round an exactly known finite double to binary32, ties away from zero */
static uint32_t rmm_round(double d, uint32_t *flags)
{
  fesetround(FE_TOWARDZERO);
  volatile float lo = (float)d;
  fesetround(FE_TONEAREST);
  if ((double)lo == d) return f2u(lo);
  *flags |= NX_F;
  /* the next float away from zero; beyond FLT_MAX: 2^128 (overflow) */
  double next = lo == FLT_MAX || lo == -FLT_MAX ? (d > 0 ? 0x1p128 : -0x1p128)
                                                 : (double)nextafterf(lo, d > 0 ? INFINITY : -INFINITY);
  double mid = ((double)lo + next) / 2;
  if (fabs(d) >= fabs(mid)) {
    if (fabs(next) >= 0x1p128) {
      *flags |= OF_F;
      return d > 0 ? 0x7f800000u : 0xff800000u;
    }
    return f2u((float)next);
  }
  return f2u(lo);
}
/* one arithmetic operation under RISC-V rounding mode rm (0..4) */
static uint32_t fref(int op, uint32_t a, uint32_t b, uint32_t c, unsigned rm, uint32_t *flags)
{
  float fa = u2f(a), fb = u2f(b), fc = u2f(c);
  uint32_t r;
  uint32_t fl = 0;
  int hm = host_mode(rm);
  double exact;
  if (hm < 0 && host_op_exact(op, fa, fb, fc, &exact) && isfinite(exact) &&
      !(op == F_DIV && fb == 0) && !(op == F_SQRT && fa < 0)) {
    r = rmm_round(exact, &fl);
    if ((r & 0x7fffffffu) < 0x00800000u && (fl & NX_F)) fl |= UF_F;
  } else {
    fesetround(hm < 0 ? FE_TONEAREST : hm);
    feclearexcept(FE_ALL_EXCEPT);
    float res = host_op(op, fa, fb, fc);
    fl = host_flags();
    fesetround(FE_TONEAREST);
    r = f2u(res);
  }
  if (is_nan(r)) r = CNAN;
  *flags |= fl;
  return r;
}

static uint32_t fminmax(uint32_t a, uint32_t b, int max, uint32_t *flags)
{
  if (is_snan(a) || is_snan(b)) *flags |= NV_F;
  if (is_nan(a) && is_nan(b)) return CNAN;
  if (is_nan(a)) return b;
  if (is_nan(b)) return a;
  float x = u2f(a), y = u2f(b);
  if (x == y) { /* ±0 */
    if (max) return (a & b & 0x80000000u) ? a : (a & 0x80000000u ? b : a);
    return (a | b) & 0x80000000u ? (a & 0x80000000u ? a : b) : a;
  }
  return (max ? x > y : x < y) ? a : b;
}
/* compares: kind 0 eq (quiet), 1 lt, 2 le (signaling), 3 ne (quiet), 4 gt, 5 ge */
static uint32_t fcmp(uint32_t a, uint32_t b, int kind, uint32_t *flags)
{
  int quiet = kind == 0 || kind == 3;
  if (is_nan(a) || is_nan(b)) {
    if (!quiet || is_snan(a) || is_snan(b)) *flags |= NV_F;
    return kind == 3;
  }
  float x = u2f(a), y = u2f(b);
  switch (kind) {
  case 0: return x == y;
  case 1: return x < y;
  case 2: return x <= y;
  case 3: return x != y;
  case 4: return x > y;
  default: return x >= y;
  }
}
static uint32_t fclass(uint32_t u)
{
  int neg = u >> 31;
  uint32_t e = (u >> 23) & 0xff, m = u & 0x7fffffu;
  if (e == 0xff) return m ? (m & 0x400000u ? 1u << 9 : 1u << 8) : (neg ? 1u << 0 : 1u << 7);
  if (e == 0) return m ? (neg ? 1u << 2 : 1u << 5) : (neg ? 1u << 3 : 1u << 4);
  return neg ? 1u << 1 : 1u << 6;
}
/* float -> int32/uint32 with saturation, RISC-V rules */
static uint32_t fcvt_to_int(uint32_t u, int is_unsigned, unsigned rm, uint32_t *flags)
{
  if (is_nan(u)) { *flags |= NV_F; return is_unsigned ? 0xffffffffu : 0x7fffffffu; }
  double d = u2f(u), r;
  int hm = host_mode(rm);
  if (hm < 0) r = round(d);
  else {
    fesetround(hm);
    r = nearbyint(d);
    fesetround(FE_TONEAREST);
  }
  if (is_unsigned) {
    if (r < 0) { *flags |= NV_F; return 0; }
    if (r > 4294967295.0) { *flags |= NV_F; return 0xffffffffu; }
  } else {
    if (r < -2147483648.0) { *flags |= NV_F; return 0x80000000u; }
    if (r > 2147483647.0) { *flags |= NV_F; return 0x7fffffffu; }
  }
  if (r != d) *flags |= NX_F;
  return is_unsigned ? (uint32_t)r : (uint32_t)(int32_t)r;
}
static uint32_t fcvt_from_int(uint32_t v, int is_unsigned, unsigned rm, uint32_t *flags)
{
  double d = is_unsigned ? (double)v : (double)(int32_t)v;
  int hm = host_mode(rm);
  if (hm < 0) return rmm_round(d, flags);
  fesetround(hm);
  feclearexcept(FE_ALL_EXCEPT);
  volatile double vd = d;
  volatile float f = (float)vd;
  *flags |= host_flags();
  fesetround(FE_TONEAREST);
  return f2u(f);
}
static uint32_t fsgnj(uint32_t a, uint32_t b, int kind)
{
  uint32_t s = kind == 0 ? b : kind == 1 ? ~b : (a ^ b);
  return (a & 0x7fffffffu) | (s & 0x80000000u);
}

/* float binary ops: f(a = vs2 / rs1, b = vs1 / rs2 / scalar) */
typedef enum {
  FB_ADD, FB_SUB, FB_RSUB, FB_MUL, FB_DIV, FB_RDIV, FB_MIN, FB_MAX, FB_SGNJ, FB_SGNJN, FB_SGNJX,
  FB_EQ, FB_LE, FB_LT, FB_NE, FB_GT, FB_GE
} fbin;
static uint32_t fbin_ref(fbin k, uint32_t a, uint32_t b, unsigned rm, uint32_t *fl)
{
  switch (k) {
  case FB_ADD: return fref(F_ADD, a, b, 0, rm, fl);
  case FB_SUB: return fref(F_SUB, a, b, 0, rm, fl);
  case FB_RSUB: return fref(F_SUB, b, a, 0, rm, fl);
  case FB_MUL: return fref(F_MUL, a, b, 0, rm, fl);
  case FB_DIV: return fref(F_DIV, a, b, 0, rm, fl);
  case FB_RDIV: return fref(F_DIV, b, a, 0, rm, fl);
  case FB_MIN: return fminmax(a, b, 0, fl);
  case FB_MAX: return fminmax(a, b, 1, fl);
  case FB_SGNJ: return fsgnj(a, b, 0);
  case FB_SGNJN: return fsgnj(a, b, 1);
  case FB_SGNJX: return fsgnj(a, b, 2);
  case FB_EQ: return fcmp(a, b, 0, fl);
  case FB_LE: return fcmp(a, b, 2, fl);
  case FB_LT: return fcmp(a, b, 1, fl);
  case FB_NE: return fcmp(a, b, 3, fl);
  case FB_GT: return fcmp(a, b, 4, fl);
  default: return fcmp(a, b, 5, fl);
  }
}
static const struct { const char *name; fbin k; } fvec_ops[] = {
  {"vfadd", FB_ADD}, {"vfsub", FB_SUB}, {"vfrsub", FB_RSUB}, {"vfmul", FB_MUL},
  {"vfdiv", FB_DIV}, {"vfrdiv", FB_RDIV}, {"vfmin", FB_MIN}, {"vfmax", FB_MAX},
  {"vfsgnj", FB_SGNJ}, {"vfsgnjn", FB_SGNJN}, {"vfsgnjx", FB_SGNJX}, {"vmfeq", FB_EQ},
  {"vmfle", FB_LE}, {"vmflt", FB_LT}, {"vmfne", FB_NE}, {"vmfgt", FB_GT}, {"vmfge", FB_GE},
};
static const struct { const char *name; fbin k; int rm; } fscalar_ops[] = {
  {"fadd.s", FB_ADD, 1}, {"fsub.s", FB_SUB, 1}, {"fmul.s", FB_MUL, 1}, {"fdiv.s", FB_DIV, 1},
  {"fsgnj.s", FB_SGNJ, 0}, {"fsgnjn.s", FB_SGNJN, 0}, {"fsgnjx.s", FB_SGNJX, 0},
  {"fmin.s", FB_MIN, 0}, {"fmax.s", FB_MAX, 0}, {"feq.s", FB_EQ, 0}, {"flt.s", FB_LT, 0},
  {"fle.s", FB_LE, 0},
};
/* fused multiply-add: neg_prod, neg_add; vector forms say which operand is the addend */
static uint32_t ffma(uint32_t a, uint32_t b, uint32_t c, int np, int na, unsigned rm, uint32_t *fl)
{
  if (np) a ^= 0x80000000u;
  if (na) c ^= 0x80000000u;
  return fref(F_FMA, a, b, c, rm, fl);
}
/* vector FMA: name, negate product, negate addend, addend is vd (1) or vs2 (0) */
static const struct { const char *name; int np, na, acc_vd; } vfma_ops[] = {
  {"vfmacc", 0, 0, 1}, {"vfnmacc", 1, 1, 1}, {"vfmsac", 0, 1, 1}, {"vfnmsac", 1, 0, 1},
  {"vfmadd", 0, 0, 0}, {"vfnmadd", 1, 1, 0}, {"vfmsub", 0, 1, 0}, {"vfnmsub", 1, 0, 0},
};
static const struct { const char *name; int np, na; } sfma_ops[] = {
  {"fmadd.s", 0, 0}, {"fmsub.s", 0, 1}, {"fnmsub.s", 1, 0}, {"fnmadd.s", 1, 1}};

/* ======================================================================= */
/* Handlers                                                                */
/* ======================================================================= */
static const char *rm_names[] = {"rne", "rtz", "rdn", "rup", "rmm", "", "", "dyn"};

static void fill_float_inputs(tc *t, int normal_only)
{
  for (int r = 0; r < 8; r++)
    for (unsigned i = 0; i < MAXL; i++) t->in.v[r][i] = rnd_float(normal_only);
  for (int r = 0; r < 8; r++) t->in.x[r] = rnd_float(normal_only);
  t->exp = t->in;
  t->exp.fflags = t->exp.vxsat = 0;
}

static int split_form(const char *mn, char *base, size_t n, const char **form)
{
  const char *dot = strrchr(mn, '.');
  if (!dot || (size_t)(dot - mn) >= n) return -1;
  memcpy(base, mn, (size_t)(dot - mn));
  base[dot - mn] = 0;
  *form = dot + 1;
  return 0;
}

static unsigned pick_lanes(void)
{
  static const unsigned l[] = {8, 8, 4, 32, 5};
  return l[rnd() % 5];
}

/* vector integer .vv/.vx/.vi */
static int h_vint(int row, int trial)
{
  const char *mn = vtu_rows[row].mnemonic, *form;
  char base[32];
  if (split_form(mn, base, sizeof base, &form)) return 0;
  for (size_t k = 0; k < sizeof int_ops / sizeof int_ops[0]; k++) {
    if (strcmp(int_ops[k].name, base)) continue;
    static tc t;
    tc_init(&t, mn, pick_lanes());
    int masked = trial & 1;
    const char *ms = masked ? ", v0.t" : "";
    int32_t imm = 0;
    int uimm = strchr(vtu_rows[row].args, 'K') != NULL;
    if (!strcmp(form, "vv")) tc_body(&t, "%s v3, v1, v2%s", mn, ms);
    else if (!strcmp(form, "vx")) tc_body(&t, "%s v3, v1, a0%s", mn, ms);
    else if (!strcmp(form, "vi")) {
      imm = uimm ? rnd_in(0, 31) : rnd_in(-16, 15);
      tc_body(&t, "%s v3, v1, %d%s", mn, imm, ms);
    } else return 0;
    if (trial == 3) /* equal operands hit the edge of compares */
      for (unsigned i = 0; i < MAXL; i++) t.in.v[1][i] = t.in.v[0][i];
    t.exp = t.in;
    t.exp.fflags = t.exp.vxsat = 0;
    for (unsigned i = 0; i < t.lanes; i++) {
      if (!vm_on(&t, masked, i)) continue;
      uint32_t b = form[1] == 'v' ? t.in.v[1][i] : form[1] == 'x' ? t.in.x[0] : (uint32_t)imm;
      uint32_t sat = 0;
      t.exp.v[2][i] = int_ops[k].f(t.in.v[0][i], b, t.in.vxrm, &sat);
      if (int_ops[k].sat && sat) t.exp.vxsat = 1;
    }
    tc_run(&t);
    return 1;
  }
  for (size_t k = 0; k < sizeof ma_ops / sizeof ma_ops[0]; k++) {
    if (strcmp(ma_ops[k].name, base)) continue;
    static tc t;
    tc_init(&t, mn, pick_lanes());
    int masked = trial & 1;
    const char *ms = masked ? ", v0.t" : "";
    if (!strcmp(form, "vv")) tc_body(&t, "%s v3, v1, v2%s", mn, ms);
    else tc_body(&t, "%s v3, a0, v2%s", mn, ms);
    for (unsigned i = 0; i < t.lanes; i++)
      if (vm_on(&t, masked, i))
        t.exp.v[2][i] = ma_ops[k].f(t.in.v[2][i], form[1] == 'v' ? t.in.v[0][i] : t.in.x[0], t.in.v[1][i]);
    tc_run(&t);
    return 1;
  }
  return 0;
}

static int h_vfloat(int row, int trial)
{
  const char *mn = vtu_rows[row].mnemonic, *form;
  char base[32];
  if (split_form(mn, base, sizeof base, &form)) return 0;
  int masked = trial & 1;
  const char *ms = masked ? ", v0.t" : "";
  for (size_t k = 0; k < sizeof fvec_ops / sizeof fvec_ops[0]; k++) {
    if (strcmp(fvec_ops[k].name, base)) continue;
    static tc t;
    tc_init(&t, mn, pick_lanes());
    fill_float_inputs(&t, trial == 2);
    if (trial == 2) t.in.frm = t.exp.frm = 4; /* RMM on normal numbers */
    if (!strcmp(form, "vv")) tc_body(&t, "%s v3, v1, v2%s", mn, ms);
    else tc_body(&t, "%s v3, v1, a0%s", mn, ms);
    for (unsigned i = 0; i < t.lanes; i++)
      if (vm_on(&t, masked, i))
        t.exp.v[2][i] = fbin_ref(fvec_ops[k].k, t.in.v[0][i], form[1] == 'v' ? t.in.v[1][i] : t.in.x[0],
                                 t.in.frm, &t.exp.fflags);
    tc_run(&t);
    return 1;
  }
  for (size_t k = 0; k < sizeof vfma_ops / sizeof vfma_ops[0]; k++) {
    if (strcmp(vfma_ops[k].name, base)) continue;
    static tc t;
    tc_init(&t, mn, pick_lanes());
    fill_float_inputs(&t, trial == 2);
    if (trial == 2) t.in.frm = t.exp.frm = 4;
    if (!strcmp(form, "vv")) tc_body(&t, "%s v3, v1, v2%s", mn, ms);
    else tc_body(&t, "%s v3, a0, v2%s", mn, ms);
    for (unsigned i = 0; i < t.lanes; i++) {
      if (!vm_on(&t, masked, i)) continue;
      uint32_t s1 = form[1] == 'v' ? t.in.v[0][i] : t.in.x[0], s2 = t.in.v[1][i], d = t.in.v[2][i];
      /* vfmacc family: ±(vs1*vs2) ± vd; vfmadd family: ±(vs1*vd) ± vs2 */
      t.exp.v[2][i] = vfma_ops[k].acc_vd ? ffma(s1, s2, d, vfma_ops[k].np, vfma_ops[k].na, t.in.frm, &t.exp.fflags)
                                         : ffma(s1, d, s2, vfma_ops[k].np, vfma_ops[k].na, t.in.frm, &t.exp.fflags);
    }
    tc_run(&t);
    return 1;
  }
  return 0;
}

/* vector float unary */
static int h_vfunary(int row, int trial)
{
  const char *mn = vtu_rows[row].mnemonic;
  static const char *names[] = {"vfsqrt.v", "vfclass.v", "vfcvt.xu.f.v", "vfcvt.x.f.v", "vfcvt.f.xu.v",
                                "vfcvt.f.x.v", "vfcvt.rtz.xu.f.v", "vfcvt.rtz.x.f.v", "vfexp.v"};
  int k = -1;
  for (int j = 0; j < 9; j++)
    if (!strcmp(names[j], mn)) k = j;
  if (k < 0) return 0;
  static tc t;
  tc_init(&t, mn, pick_lanes());
  if (k != 4 && k != 5) fill_float_inputs(&t, 0);
  if (trial == 2) t.in.frm = t.exp.frm = 4;
  int masked = (trial & 1) && k != 8;
  tc_body(&t, "%s v3, v1%s", mn, masked ? ", v0.t" : "");
  for (unsigned i = 0; i < t.lanes; i++) {
    if (!vm_on(&t, masked, i)) continue;
    uint32_t a = t.in.v[0][i], *r = &t.exp.v[2][i], *fl = &t.exp.fflags;
    switch (k) {
    case 0: *r = fref(F_SQRT, a, 0, 0, t.in.frm, fl); break;
    case 1: *r = fclass(a); break;
    case 2: *r = fcvt_to_int(a, 1, t.in.frm, fl); break;
    case 3: *r = fcvt_to_int(a, 0, t.in.frm, fl); break;
    case 4: *r = fcvt_from_int(a, 1, t.in.frm, fl); break;
    case 5: *r = fcvt_from_int(a, 0, t.in.frm, fl); break;
    case 6: *r = fcvt_to_int(a, 1, 1, fl); break;
    case 7: *r = fcvt_to_int(a, 0, 1, fl); break;
    default: {
      float f = u2f(a);
      if (is_nan(a)) *r = CNAN;
      else *r = f2u((float)exp((double)f));
      t.flags_dontcare = 1;
      t.ulp_regs = 1 << 2;
    }
    }
  }
  tc_run(&t);
  return 1;
}

/* moves, merges, element access */
static int h_vmove(int row, int trial)
{
  const char *mn = vtu_rows[row].mnemonic;
  static tc t;
  tc_init(&t, mn, pick_lanes());
  (void)trial;
  int32_t imm = rnd_in(-16, 15);
  int k;
  static const char *names[] = {"vmerge.vvm", "vmerge.vxm", "vmerge.vim", "vmv.v.v", "vmv.v.x", "vmv.v.i",
                                "vmv.x.s", "vmv.s.x", "vid.v", "vfmerge.vfm", "vfmv.v.f", "vfmv.f.s",
                                "vfmv.s.f"};
  for (k = 0; k < 13 && strcmp(names[k], mn); k++) {}
  if (k == 13) return 0;
  switch (k) {
  case 0: tc_body(&t, "%s v3, v1, v2, v0", mn); break;
  case 1: case 9: tc_body(&t, "%s v3, v1, a0, v0", mn); break;
  case 2: tc_body(&t, "%s v3, v1, %d, v0", mn, imm); break;
  case 3: tc_body(&t, "%s v3, v2", mn); break;
  case 4: case 7: case 10: case 12: tc_body(&t, "%s v3, a0", mn); break;
  case 5: tc_body(&t, "%s v3, %d", mn, imm); break;
  case 6: case 11: tc_body(&t, "%s a2, v1", mn); break;
  case 8: tc_body(&t, "%s v3%s", mn, (trial & 1) ? ", v0.t" : ""); break;
  }
  int last = -1;
  for (unsigned i = 0; i < t.lanes; i++) {
    if (!lane_on(&t, i)) continue;
    int m = (t.in.v[8][0] >> i) & 1;
    uint32_t *d = &t.exp.v[2][i];
    switch (k) {
    case 0: *d = m ? t.in.v[1][i] : t.in.v[0][i]; break;
    case 1: case 9: *d = m ? t.in.x[0] : t.in.v[0][i]; break;
    case 2: *d = m ? (uint32_t)imm : t.in.v[0][i]; break;
    case 3: *d = t.in.v[1][i]; break;
    case 4: case 7: case 10: *d = t.in.x[0]; break;
    case 5: *d = (uint32_t)imm; break;
    case 6: last = (int)i; break;
    case 8: if (!(trial & 1) || m) *d = i; break;
    case 12: if (i == 0) *d = t.in.x[0]; break;
    default: break;
    }
  }
  if (k == 6 && last >= 0) t.exp.x[2] = t.in.v[0][last];
  if (k == 11 && any_lane(&t)) t.exp.x[2] = t.in.v[0][0];
  tc_run(&t);
  return 1;
}

/* ---- vector memory ---- */
static uint32_t sext(uint32_t v, unsigned bits) { return (uint32_t)((int32_t)(v << (32 - bits)) >> (32 - bits)); }
static uint32_t mem_ld(const uint8_t *m, uint32_t off, unsigned size, int sign)
{
  uint32_t v = 0;
  for (unsigned b = 0; b < size; b++) v |= (uint32_t)m[off + b] << (8 * b);
  return sign && size < 4 ? sext(v, size * 8) : v;
}
static void mem_st(uint8_t *m, uint32_t off, unsigned size, uint32_t v)
{
  for (unsigned b = 0; b < size; b++) m[off + b] = (uint8_t)(v >> (8 * b));
}
/* a permutation of distinct slots so stores do not collide */
static void perm(unsigned *p, unsigned n)
{
  for (unsigned i = 0; i < n; i++) p[i] = i;
  for (unsigned i = n - 1; i > 0; i--) {
    unsigned j = rnd() % (i + 1), x = p[i];
    p[i] = p[j];
    p[j] = x;
  }
}

static int h_vmem(int row, int trial)
{
  const char *mn = vtu_rows[row].mnemonic;
  int store = vtu_rows[row].cls == VS_CLS_VSTORE;
  if (vtu_rows[row].cls != VS_CLS_VLOAD && !store) return 0;
  if (vtu_rows[row].flags & VTU_F_PRIV) return 0;
  unsigned size;
  int sign = 1;
  char kind; /* u unit, s strided, x indexed, c custom 12-bit */
  unsigned idx_bits = 0;
  if (!strncmp(mn, "vle", 3) || !strncmp(mn, "vse", 3)) kind = 'u', size = (unsigned)atoi(mn + 3) / 8;
  else if (!strncmp(mn, "vlse", 4) || !strncmp(mn, "vsse", 4)) kind = 's', size = (unsigned)atoi(mn + 4) / 8;
  else if (strstr(mn, "xei")) kind = 'x', size = 4, idx_bits = (unsigned)atoi(strstr(mn, "xei") + 3);
  else if (strstr(mn, "12.v")) {
    kind = 'c';
    char w = mn[2];
    size = w == 'b' ? 1 : w == 'h' ? 2 : 4;
    sign = mn[3] != 'u';
  } else return 0;
  static tc t;
  tc_init(&t, mn, pick_lanes());
  int masked = kind != 'c' && (trial & 1);
  const char *ms = masked ? ", v0.t" : "";
  uint32_t base = DATA_A + 0x1000;
  int32_t stride = 0;
  int32_t imm = 0;
  unsigned p[MAXL];
  perm(p, MAXL);
  t.in.x[0] = base;
  switch (kind) {
  case 'u': tc_body(&t, "%s v%d, (a0)%s", mn, store ? 2 : 3, ms); break;
  case 's':
    stride = (int32_t)size * rnd_in(store ? 1 : -8, 8);
    if (store && rnd() % 2) stride = -stride;
    t.in.x[1] = (uint32_t)stride;
    tc_body(&t, "%s v%d, (a0), a1%s", mn, store ? 2 : 3, ms);
    break;
  case 'x': {
    t.in.x[0] = DATA_A;
    uint32_t lim = idx_bits == 8 ? 0x100 : DATA_N;
    for (unsigned i = 0; i < MAXL; i++) {
      uint32_t off;
      if (!store) off = (rnd() % lim) & ~3u;          /* loads may share addresses */
      else if (strstr(mn, "sox") && i % 3 == 2) off = p[i - 1] * 4; /* ordered: the later lane wins */
      else off = p[i] * 4;                             /* unordered: distinct */
      uint32_t junk = idx_bits == 32 ? 0 : rnd() << idx_bits;
      t.in.v[0][i] = off | junk;
    }
    tc_body(&t, "%s v%d, (a0), v1%s", mn, store ? 2 : 3, ms);
    break;
  }
  default:
    imm = rnd_in(-64, 64) * (int32_t)size;
    for (unsigned i = 0; i < MAXL; i++) t.in.v[0][i] = base + p[i] * 4 * size - (uint32_t)imm;
    tc_body(&t, "%s v%d, %d(v1)", mn, store ? 2 : 3, imm);
    break;
  }
  t.exp = t.in;
  t.exp.fflags = t.exp.vxsat = 0;
  memcpy(t.mem_exp, t.mem, DATA_N);
  for (unsigned i = 0; i < t.lanes; i++) {
    if (!vm_on(&t, masked, i)) continue;
    uint32_t a;
    switch (kind) {
    case 'u': a = base + i * size; break;
    case 's': a = base + (uint32_t)((int32_t)i * stride); break;
    case 'x': a = t.in.x[0] + (idx_bits == 32 ? t.in.v[0][i] : t.in.v[0][i] & ((1u << idx_bits) - 1)); break;
    default: a = t.in.v[0][i] + (uint32_t)imm; break;
    }
    uint32_t off = a - DATA_A;
    assert_true(off + size <= DATA_N);
    if (store) mem_st(t.mem_exp, off, size, t.in.v[1][i]);
    else t.exp.v[2][i] = mem_ld(t.mem, off, size, sign);
  }
  tc_run(&t);
  return 1;
}

/* private memory (spec 3.5): one warp, TID 0, NUMW 1 */
static int h_vpriv(int row, int trial)
{
  const char *mn = vtu_rows[row].mnemonic;
  if (!(vtu_rows[row].flags & VTU_F_PRIV)) return 0;
  int store = vtu_rows[row].cls == VS_CLS_VSTORE;
  char w = mn[2];
  unsigned size = w == 'b' ? 1 : w == 'h' ? 2 : 4;
  int sign = mn[3] != 'u';
  static tc t;
  static uint8_t pds[64 * MAXL], pds_exp[64 * MAXL];
  tc_init(&t, mn, pick_lanes());
  (void)trial;
  t.pds_size = 64;
  t.pds_len = 64u * t.lanes;
  for (size_t i = 0; i < t.pds_len; i++) pds[i] = (uint8_t)rnd();
  memcpy(pds_exp, pds, t.pds_len);
  t.pds = pds;
  t.pds_exp = pds_exp;
  int32_t imm = rnd_in(-300, 300);
  for (unsigned i = 0; i < MAXL; i++) {
    uint32_t a = (uint32_t)rnd_in(0, (int32_t)(64 / size) - 1) * size;
    t.in.v[0][i] = a - (uint32_t)imm;
  }
  t.exp = t.in;
  t.exp.fflags = t.exp.vxsat = 0;
  tc_body(&t, "%s v%d, %d(v1)", mn, store ? 2 : 3, imm);
  for (unsigned i = 0; i < t.lanes; i++) {
    if (!lane_on(&t, i)) continue;
    uint32_t a = t.in.v[0][i] + (uint32_t)imm;
    uint32_t phys = (a & ~3u) * 1 * t.lanes + (a & 3) + (0 + i) * 4;
    assert_true(phys + size <= t.pds_len);
    if (store) mem_st(pds_exp, phys, size, t.in.v[1][i]);
    else t.exp.v[2][i] = mem_ld(pds, phys, size, sign);
  }
  tc_run(&t);
  return 1;
}

/* atomics: one per active thread in increasing thread order */
static int h_amo(int row, int trial)
{
  const char *mn = vtu_rows[row].mnemonic;
  if (vtu_rows[row].cls != VS_CLS_VAMO) return 0;
  static tc t;
  tc_init(&t, mn, pick_lanes());
  for (unsigned i = 0; i < MAXL; i++) t.in.v[0][i] = DATA_A + 4 * (rnd() % 6);
  t.exp = t.in;
  t.exp.fflags = t.exp.vxsat = 0;
  uint8_t *m = t.mem_exp;
  if (!strcmp(mn, "lr.w") || !strcmp(mn, "sc.w")) {
    /* lanes sharing a word: the first sc wins unless it stored the value read */
    for (unsigned i = 0; i < MAXL; i++)
      if (rnd() % 3 == 0) t.in.v[1][i] = mem_ld(t.mem, t.in.v[0][i] - DATA_A, 4, 0);
    t.exp = t.in;
    t.exp.fflags = t.exp.vxsat = 0;
    uint32_t resv[MAXL];
    int has[MAXL] = {0};
    if (!strcmp(mn, "lr.w")) tc_body(&t, "lr.w v3, (v1)");
    else if (trial == 2) tc_body(&t, "sc.w v3, v2, (v1)");
    else if (trial == 3) tc_body(&t, "lr.w v4, (v1)\n sc.w v5, v2, (v1)\n sc.w v3, v6, (v1)");
    else tc_body(&t, "lr.w v4, (v1)\n sc.w v3, v2, (v1)");
    int n_sc = !strcmp(mn, "lr.w") ? 0 : trial == 2 ? 1 : trial == 3 ? 2 : 1;
    int do_lr = strcmp(mn, "lr.w") == 0 || trial != 2;
    for (unsigned i = 0; i < t.lanes; i++) {
      if (!lane_on(&t, i) || !do_lr) continue;
      uint32_t v = mem_ld(m, t.in.v[0][i] - DATA_A, 4, 0);
      t.exp.v[!strcmp(mn, "lr.w") ? 2 : 3][i] = v;
      resv[i] = v;
      has[i] = 1;
    }
    for (int s = 0; s < n_sc; s++) {
      int dreg = (trial == 3 && s == 0) ? 4 : 2, sreg = (trial == 3 && s == 1) ? 5 : 1;
      for (unsigned i = 0; i < t.lanes; i++) {
        if (!lane_on(&t, i)) continue;
        uint32_t off = t.in.v[0][i] - DATA_A;
        if (has[i] && mem_ld(m, off, 4, 0) == resv[i]) {
          mem_st(m, off, 4, t.in.v[sreg][i]);
          t.exp.v[dreg][i] = 0;
        } else t.exp.v[dreg][i] = 1;
        has[i] = 0;
      }
    }
    tc_run(&t);
    return 1;
  }
  tc_body(&t, "%s v3, v2, (v1)", mn);
  for (unsigned i = 0; i < t.lanes; i++) {
    if (!lane_on(&t, i)) continue;
    uint32_t off = t.in.v[0][i] - DATA_A, old = mem_ld(m, off, 4, 0), b = t.in.v[1][i], n = 0;
    if (!strcmp(mn, "amoswap.w")) n = b;
    else if (!strcmp(mn, "amoadd.w")) n = old + b;
    else if (!strcmp(mn, "amoxor.w")) n = old ^ b;
    else if (!strcmp(mn, "amoand.w")) n = old & b;
    else if (!strcmp(mn, "amoor.w")) n = old | b;
    else if (!strcmp(mn, "amomin.w")) n = S(old) < S(b) ? old : b;
    else if (!strcmp(mn, "amomax.w")) n = S(old) > S(b) ? old : b;
    else if (!strcmp(mn, "amominu.w")) n = old < b ? old : b;
    else if (!strcmp(mn, "amomaxu.w")) n = old > b ? old : b;
    else fail_msg("no model for %s", mn);
    mem_st(m, off, 4, n);
    t.exp.v[2][i] = old;
  }
  tc_run(&t);
  return 1;
}

/* scalar integer */
static int h_scalar(int row, int trial)
{
  const char *mn = vtu_rows[row].mnemonic;
  static tc t;
  for (size_t k = 0; k < sizeof scalar_ops / sizeof scalar_ops[0]; k++) {
    if (strcmp(scalar_ops[k].name, mn)) continue;
    tc_init(&t, mn, pick_lanes());
    if (trial == 3) t.in.x[1] = t.in.x[0];
    t.exp = t.in;
    t.exp.fflags = t.exp.vxsat = 0;
    uint32_t b = t.in.x[1], s = 0;
    if (scalar_ops[k].imm == 0) tc_body(&t, "%s a2, a0, a1", mn);
    else {
      int32_t imm = scalar_ops[k].imm == 2 ? rnd_in(0, 31) : rnd_in(-2048, 2047);
      if (trial == 3 && scalar_ops[k].imm == 1) imm = rnd_in(-3, 3), t.in.x[0] = t.exp.x[0] = (uint32_t)imm;
      b = (uint32_t)imm;
      tc_body(&t, "%s a2, a0, %d", mn, imm);
    }
    t.exp.x[2] = scalar_ops[k].f(t.in.x[0], b, 0, &s);
    tc_run(&t);
    return 1;
  }
  static const char *ld[] = {"lb", "lh", "lw", "lbu", "lhu", "flw", "sb", "sh", "sw", "fsw"};
  for (int k = 0; k < 10; k++) {
    if (strcmp(ld[k], mn)) continue;
    tc_init(&t, mn, pick_lanes());
    int store = k >= 6;
    unsigned size = (mn[1] == 'b' || mn[2] == 'b') && mn[0] != 'f' ? 1 : (mn[1] == 'h' || mn[2] == 'h') && mn[0] != 'f' ? 2 : 4;
    if (!strcmp(mn, "lbu")) size = 1;
    int32_t imm = rnd_in(-512, 511) * (int32_t)size;
    t.in.x[0] = t.exp.x[0] = DATA_A + 0x1000;
    uint32_t off = 0x1000 + (uint32_t)imm;
    if (store) {
      tc_body(&t, "%s a1, %d(a0)", mn, imm);
      mem_st(t.mem_exp, off, size, t.in.x[1]);
    } else {
      tc_body(&t, "%s a2, %d(a0)", mn, imm);
      t.exp.x[2] = mem_ld(t.mem, off, size, mn[2] != 'u');
    }
    tc_run(&t);
    return 1;
  }
  static const char *br[] = {"beq", "bne", "blt", "bge", "bltu", "bgeu"};
  for (int k = 0; k < 6; k++) {
    if (strcmp(br[k], mn)) continue;
    tc_init(&t, mn, pick_lanes());
    if (trial & 1) t.in.x[1] = t.exp.x[1] = t.in.x[0];
    uint32_t a = t.in.x[0], b = t.in.x[1];
    int taken = k == 0 ? a == b : k == 1 ? a != b : k == 2 ? S(a) < S(b) : k == 3 ? S(a) >= S(b)
              : k == 4 ? a < b : a >= b;
    tc_body(&t, "  %s a0, a1, 1f\n  li a2, 1\n  j 2f\n1: li a2, 2\n2:", mn);
    t.exp.x[2] = taken ? 2 : 1;
    tc_run(&t);
    return 1;
  }
  return 0;
}

static void fix_jal(tc *t, uint32_t probe) { t->exp.x[2] = probe + 4; }
static void fix_auipc(tc *t, uint32_t probe) { t->exp.x[2] = probe + (t->exp.x[2] << 12); }

static int h_control(int row, int trial)
{
  const char *mn = vtu_rows[row].mnemonic;
  static tc t;
  tc_init(&t, mn, pick_lanes());
  (void)trial;
  if (!strcmp(mn, "jal")) {
    tc_body(&t, "  .globl probe\nprobe: jal a2, 1f\n  li a3, 5\n1:");
    t.symbol = "probe";
    t.fix = fix_jal;
  } else if (!strcmp(mn, "jalr")) {
    tc_body(&t, "  la t3, 1f\n  .globl probe\nprobe: jalr a2, 4(t3)\n  li a3, 5\n1: li a3, 7\n  li a5, 9");
    t.symbol = "probe";
    t.fix = fix_jal;
    t.exp.x[5] = 9;
  } else if (!strcmp(mn, "lui")) {
    uint32_t imm = rnd() & 0xfffff;
    tc_body(&t, "lui a2, 0x%x", imm);
    t.exp.x[2] = imm << 12;
  } else if (!strcmp(mn, "auipc")) {
    uint32_t imm = rnd() & 0xfffff;
    tc_body(&t, "  .globl probe\nprobe: auipc a2, 0x%x", imm);
    t.exp.x[2] = imm;
    t.symbol = "probe";
    t.fix = fix_auipc;
  } else if (!strcmp(mn, "fence")) tc_body(&t, "fence rw, rw");
  else if (!strcmp(mn, "fence.tso") || !strcmp(mn, "fence.i")) tc_body(&t, "%s", mn);
  else if (!strcmp(mn, "ecall")) {
    tc_body(&t, "ecall");
    t.in.exec[0] = 1;
    t.error = "ecall is not supported";
  } else if (!strcmp(mn, "ebreak")) {
    tc_body(&t, "ebreak");
    t.in.exec[0] = 1;
    t.error = "ebreak";
  } else return 0;
  tc_run(&t);
  return 1;
}

static int h_csr(int row, int trial)
{
  const char *mn = vtu_rows[row].mnemonic;
  if (vtu_rows[row].cls != VS_CLS_CSR) return 0;
  static tc t;
  tc_init(&t, mn, pick_lanes());
  int imm = mn[5] == 'i';
  uint32_t src = imm ? (uint32_t)rnd_in(0, 31) : t.in.x[0];
  char op = mn[4]; /* w s c */
  if (trial == 1) {
    /* fcsr = frm << 5 | fflags */
    src &= 0xff;
    t.in.x[0] = t.exp.x[0] = src;
    t.in.x[1] = t.exp.x[1] = 0;
    if (imm) tc_body(&t, "csrrw zero, fcsr, a1\n  %s a2, fcsr, %u\n  csrr a3, frm", mn, src);
    else tc_body(&t, "csrrw zero, fcsr, a1\n  %s a2, fcsr, a0\n  csrr a3, frm", mn);
    uint32_t nv = op == 'w' ? src : op == 's' ? src : 0;
    t.exp.x[2] = 0;
    t.exp.x[3] = (nv >> 5) & 7;
    t.exp.fflags = nv & 0x1f;
  } else {
    if (imm) tc_body(&t, "csrw mscratch, a1\n  %s a2, mscratch, %u\n  csrr a3, mscratch", mn, src);
    else tc_body(&t, "csrw mscratch, a1\n  %s a2, mscratch, a0\n  csrr a3, mscratch", mn);
    uint32_t old = t.in.x[1];
    t.exp.x[2] = old;
    t.exp.x[3] = op == 'w' ? src : op == 's' ? old | src : old & ~src;
  }
  tc_run(&t);
  return 1;
}

static int h_fscalar(int row, int trial)
{
  const char *mn = vtu_rows[row].mnemonic;
  static tc t;
  tc_init(&t, mn, pick_lanes());
  int normal = trial == 2;
  fill_float_inputs(&t, normal);
  unsigned rm = normal ? 4 : (unsigned)rnd_in(0, 4);
  if (!normal && rm == 4) rm = 7;
  if (trial == 0) rm = 7;
  unsigned erm = rm == 7 ? t.in.frm : rm;
  uint32_t *fl = &t.exp.fflags, a = t.in.x[0], b = t.in.x[1];
  for (size_t k = 0; k < sizeof fscalar_ops / sizeof fscalar_ops[0]; k++) {
    if (strcmp(fscalar_ops[k].name, mn)) continue;
    if (fscalar_ops[k].rm) tc_body(&t, "%s a2, a0, a1, %s", mn, rm_names[rm]);
    else tc_body(&t, "%s a2, a0, a1", mn);
    t.exp.x[2] = fbin_ref(fscalar_ops[k].k, a, b, erm, fl);
    tc_run(&t);
    return 1;
  }
  for (size_t k = 0; k < 4; k++) {
    if (strcmp(sfma_ops[k].name, mn)) continue;
    tc_body(&t, "%s a2, a0, a1, a3, %s", mn, rm_names[rm]);
    t.exp.x[2] = ffma(a, b, t.in.x[3], sfma_ops[k].np, sfma_ops[k].na, erm, fl);
    tc_run(&t);
    return 1;
  }
  if (!strcmp(mn, "fsqrt.s")) {
    tc_body(&t, "%s a2, a0, %s", mn, rm_names[rm]);
    t.exp.x[2] = fref(F_SQRT, a, 0, 0, erm, fl);
  } else if (!strcmp(mn, "fcvt.w.s") || !strcmp(mn, "fcvt.wu.s")) {
    tc_body(&t, "%s a2, a0, %s", mn, rm_names[rm]);
    t.exp.x[2] = fcvt_to_int(a, mn[6] == 'u', erm, fl);
  } else if (!strcmp(mn, "fcvt.s.w") || !strcmp(mn, "fcvt.s.wu")) {
    t.in.x[0] = t.exp.x[0] = a = rnd_int();
    tc_body(&t, "%s a2, a0, %s", mn, rm_names[rm]);
    t.exp.x[2] = fcvt_from_int(a, mn[8] == 'u', erm, fl);
  } else if (!strcmp(mn, "fmv.x.w") || !strcmp(mn, "fmv.w.x")) {
    tc_body(&t, "%s a2, a0", mn);
    t.exp.x[2] = a;
  } else if (!strcmp(mn, "fclass.s")) {
    tc_body(&t, "%s a2, a0", mn);
    t.exp.x[2] = fclass(a);
  } else return 0;
  tc_run(&t);
  return 1;
}

static int h_vcfg(int row, int trial)
{
  const char *mn = vtu_rows[row].mnemonic;
  if (vtu_rows[row].cls != VS_CLS_VCFG) return 0;
  static tc t;
  tc_init(&t, mn, pick_lanes());
  uint32_t avl = (uint32_t)rnd_in(0, 40);
  if (trial == 3) {
    tc_body(&t, "%s", !strcmp(mn, "vsetvl") ? "li t3, 0x08\n  vsetvl a2, a0, t3\n  vadd.vi v3, v1, 1"
                    : !strcmp(mn, "vsetivli") ? "vsetivli a2, 4, e16, m1, tu, mu\n  vadd.vi v3, v1, 1"
                                              : "vsetvli a2, a0, e16, m1, tu, mu\n  vadd.vi v3, v1, 1");
    t.in.exec[0] = 1;
    t.error = "illegal";
    tc_run(&t);
    return 1;
  }
  t.in.x[0] = t.exp.x[0] = avl;
  if (!strcmp(mn, "vsetvli")) {
    if (trial == 2) avl = 1000, tc_body(&t, "vsetvli a2, zero, e32, m1, tu, mu\n  vadd.vi v3, v1, 1");
    else tc_body(&t, "vsetvli a2, a0, e32, m1, tu, mu\n  vadd.vi v3, v1, 1");
  } else if (!strcmp(mn, "vsetivli")) {
    avl &= 31;
    tc_body(&t, "vsetivli a2, %u, e32, m1, tu, mu\n  vadd.vi v3, v1, 1", avl);
  } else {
    t.in.x[1] = t.exp.x[1] = 0x10; /* e32, m1, tu, mu */
    tc_body(&t, "vsetvl a2, a0, a1\n  vadd.vi v3, v1, 1");
  }
  uint32_t vl = avl < t.lanes ? avl : t.lanes;
  t.exp.x[2] = vl;
  for (unsigned i = 0; i < vl; i++)
    if (lane_on(&t, i)) t.exp.v[2][i] = t.in.v[0][i] + 1;
  tc_run(&t);
  return 1;
}

static int h_custom(int row, int trial)
{
  const char *mn = vtu_rows[row].mnemonic;
  static tc t;
  tc_init(&t, mn, pick_lanes());
  if (!strcmp(mn, "vadd12.vi") || !strcmp(mn, "vsub12.vi")) {
    int32_t imm = rnd_in(-2048, 2047);
    tc_body(&t, "%s v3, v1, %d", mn, imm);
    for (unsigned i = 0; i < t.lanes; i++)
      if (lane_on(&t, i)) t.exp.v[2][i] = mn[1] == 'a' ? t.in.v[0][i] + (uint32_t)imm : t.in.v[0][i] - (uint32_t)imm;
  } else if (!strcmp(mn, "regext")) {
    if (trial & 1) {
      /* scalar: rd x44, then rs1 x44 */
      tc_body(&t, "regext 0x1\n  addi x12, a0, 5\n  regext 0x8\n  addi a2, x12, 0");
      t.exp.x[2] = t.in.x[0] + 5;
    } else {
      tc_body(&t, "vmv.v.v v33, v4\n  vmv.v.v v34, v5\n  regext 0x49\n  vadd.vv v8, v1, v2\n"
                  "  vmv.v.v v3, v40\n  vsub.vv v41, v34, v33\n  vmv.v.v v6, v41");
      for (unsigned i = 0; i < t.lanes; i++)
        if (lane_on(&t, i)) {
          t.exp.v[2][i] = t.in.v[3][i] + t.in.v[4][i];
          t.exp.v[5][i] = t.in.v[4][i] - t.in.v[3][i];
        }
    }
  } else if (!strcmp(mn, "regexti")) {
    int32_t imm = rnd_in(-1024, 1023);
    if (trial & 1) tc_body(&t, "vadd.vi v3, v1, %d", imm); /* prefix from the assembler */
    else {
      int32_t lo = imm & 31;
      if (lo >= 16) lo -= 32;
      tc_body(&t, "regexti 0x%x\n  vadd.vi v8, v1, %d\n  vmv.v.v v3, v40", (unsigned)(((imm >> 5) & 63) << 6) | 1u, lo);
    }
    for (unsigned i = 0; i < t.lanes; i++)
      if (lane_on(&t, i)) t.exp.v[2][i] = t.in.v[0][i] + (uint32_t)imm;
  } else if (!strcmp(mn, "regpair") || !strcmp(mn, "regpairi")) {
    int store = trial & 1;
    unsigned p[MAXL];
    perm(p, MAXL);
    uint32_t base = DATA_A + 0x1000;
    if (!strcmp(mn, "regpair")) {
      t.in.x[0] = t.exp.x[0] = base;
      tc_body(&t, store ? "regpair 0\n  vse32.v v4, (a0)" : "regpair 0\n  vle32.v v4, (a0)");
    } else {
      for (unsigned i = 0; i < MAXL; i++) t.in.v[0][i] = t.exp.v[0][i] = base + p[i] * 8 - 16;
      tc_body(&t, store ? "regpairi 0\n  vsw12.v v4, 16(v1)" : "regpairi 0\n  vlw12.v v4, 16(v1)");
    }
    for (unsigned i = 0; i < t.lanes; i++) {
      if (!lane_on(&t, i)) continue;
      uint32_t a = !strcmp(mn, "regpair") ? base + 8 * i : base + p[i] * 8;
      if (store) {
        mem_st(t.mem_exp, a - DATA_A, 4, t.in.v[3][i]);
        mem_st(t.mem_exp, a - DATA_A + 4, 4, t.in.v[4][i]);
      } else {
        t.exp.v[3][i] = mem_ld(t.mem, a - DATA_A, 4, 0);
        t.exp.v[4][i] = mem_ld(t.mem, a - DATA_A + 4, 4, 0);
      }
    }
  } else if (!strcmp(mn, "endprg")) {
    tc_body(&t, "endprg");
    int some_on = 0, some_off = 0;
    for (unsigned i = 0; i < t.lanes; i++) {
      if (t.in.exec[i]) some_on = 1;
      else some_off = 1;
    }
    if (trial & 1 || !some_on || !some_off) {
      /* uniform: the warp ends before storing anything */
      for (unsigned i = 0; i < MAXL; i++) t.in.exec[i] = 1;
      memset(&t.exp, 0, sizeof t.exp);
    } else t.error = "endprg";
  } else if (!strcmp(mn, "barrier") || !strcmp(mn, "barriersub")) {
    tc_body(&t, "%s 0\n  vadd.vi v3, v1, 1", mn); /* one warp: passes at once */
    for (unsigned i = 0; i < t.lanes; i++)
      if (lane_on(&t, i)) t.exp.v[2][i] = t.in.v[0][i] + 1;
  } else if (!strcmp(mn, "vftta.vv")) {
    t.lanes = 8;
    fill_float_inputs(&t, 1);
    for (unsigned i = 0; i < MAXL; i++) t.in.exec[i] = 1;
    t.in.frm = t.exp.frm = (uint32_t)rnd_in(0, 3);
    tc_body(&t, "vftta.vv v3, v1, v2");
    for (unsigned m = 0; m < 2; m++)
      for (unsigned k = 0; k < 2; k++) {
        uint32_t pr[4], *fl = &t.exp.fflags;
        for (unsigned n = 0; n < 4; n++) pr[n] = fref(F_MUL, t.in.v[0][m * 4 + n], t.in.v[1][k * 4 + n], 0, t.in.frm, fl);
        uint32_t s01 = fref(F_ADD, pr[0], pr[1], 0, t.in.frm, fl), s23 = fref(F_ADD, pr[2], pr[3], 0, t.in.frm, fl);
        uint32_t s = fref(F_ADD, s01, s23, 0, t.in.frm, fl);
        t.exp.v[2][m * 2 + k] = fref(F_ADD, s, t.in.v[2][m * 2 + k], 0, t.in.frm, fl);
      }
    for (unsigned i = 4; i < 8; i++) t.exp.v[2][i] = 0;
  } else if (!strcmp(mn, "join")) {
    tc_body(&t, "join zero, zero, 0\n  vadd.vi v3, v1, 1"); /* top entry's rpc is elsewhere: no effect */
    for (unsigned i = 0; i < t.lanes; i++)
      if (lane_on(&t, i)) t.exp.v[2][i] = t.in.v[0][i] + 1;
  } else if (!strcmp(mn, "setrpc")) {
    int32_t imm = rnd_in(-2048, 2047);
    tc_body(&t, "setrpc a2, a0, %d\n  csrr a3, rpc", imm);
    t.exp.x[2] = t.exp.x[3] = t.in.x[0] + (uint32_t)imm;
  } else if (mn[0] == 'v' && mn[1] == 'b' && vtu_rows[row].cls == VS_CLS_SIMT) {
    if (trial & 1)
      for (unsigned i = 0; i < MAXL; i++)
        if (rnd() % 2) t.in.v[1][i] = t.in.v[0][i];
    t.exp = t.in;
    t.exp.fflags = 0;
    tc_body(&t, "3: auipc t3, 0\n  setrpc zero, t3, 4f - 3b\n  %s v1, v2, 5f\n  vadd.vi v3, v3, 1\n"
                "  j 4f\n5: vadd.vi v3, v3, 2\n4: join zero, zero, 0\n  vadd.vi v4, v4, 3", mn);
    for (unsigned i = 0; i < t.lanes; i++) {
      if (!lane_on(&t, i)) continue;
      uint32_t a = t.in.v[0][i], b = t.in.v[1][i];
      int tk = !strcmp(mn, "vbeq") ? a == b : !strcmp(mn, "vbne") ? a != b : !strcmp(mn, "vblt") ? S(a) < S(b)
             : !strcmp(mn, "vbge") ? S(a) >= S(b) : !strcmp(mn, "vbltu") ? a < b : a >= b;
      t.exp.v[2][i] += tk ? 2 : 1;
      t.exp.v[3][i] += 3;
    }
  } else return 0;
  tc_run(&t);
  return 1;
}


/* Hand-derived floating-point cases (values worked out on paper, not by
 * the host FPU): fused multiply-add with one rounding, canonical NaN,
 * RISC-V min/max, round-to-nearest-max-magnitude, saturating conversions,
 * overflow, underflow only when inexact, division by zero. */
static const struct fpcase {
  const char *insn;   /* a0, a1, a3 are the operands, a2 the result */
  uint32_t a, b, c, want, flags;
} fp_cases[] = {
  /* (1 + 2^-23)(1 - 2^-24) - 1 = 2^-24 - 2^-47 exactly; rounding the product
   * first would give 0 */
  {"fmadd.s a2, a0, a1, a3, rne", 0x3f800001, 0x3f7fffff, 0xbf800000, 0x337ffffe, 0},
  {"fmul.s a2, a0, a1, rne", 0x3f800001, 0x3f7fffff, 0, 0x3f800000, NX_F},
  {"fnmsub.s a2, a0, a1, a3, rne", 0x3f800001, 0x3f7fffff, 0x3f800000, 0xb37ffffe, 0},
  {"fmadd.s a2, a0, a1, a3, rne", 0x00000000, 0x7f800000, 0x3f800000, CNAN, NV_F}, /* 0 * inf */
  {"fmadd.s a2, a0, a1, a3, rne", 0x7f800000, 0x3f800000, 0xff800000, CNAN, NV_F}, /* inf - inf */
  /* canonical NaN */
  {"fadd.s a2, a0, a1, rne", 0x7f800001, 0x3f800000, 0, CNAN, NV_F},
  {"fadd.s a2, a0, a1, rne", 0xffc12345, 0x3f800000, 0, CNAN, 0},
  {"fsqrt.s a2, a0, rne", 0xbf800000, 0, 0, CNAN, NV_F},
  {"fsqrt.s a2, a0, rne", 0x80000000, 0, 0, 0x80000000, 0},
  {"fdiv.s a2, a0, a1, rne", 0, 0, 0, CNAN, NV_F},
  {"fdiv.s a2, a0, a1, rne", 0xbf800000, 0, 0, 0xff800000, DZ_F},
  /* min / max */
  {"fmin.s a2, a0, a1", 0x00000000, 0x80000000, 0, 0x80000000, 0},
  {"fmax.s a2, a0, a1", 0x80000000, 0x00000000, 0, 0x00000000, 0},
  {"fmin.s a2, a0, a1", 0x7fc00000, 0x40000000, 0, 0x40000000, 0},
  {"fmax.s a2, a0, a1", 0x40000000, 0x7f800001, 0, 0x40000000, NV_F},
  {"fmin.s a2, a0, a1", 0xffc00001, 0x7fc00002, 0, CNAN, 0},
  /* compares */
  {"feq.s a2, a0, a1", 0x7fc00000, 0x7fc00000, 0, 0, 0},
  {"flt.s a2, a0, a1", 0x7fc00000, 0x3f800000, 0, 0, NV_F},
  {"feq.s a2, a0, a1", 0x80000000, 0x00000000, 0, 1, 0},
  /* rounding: 1 + 2^-24 is half-way between 1 and 1 + 2^-23 */
  {"fadd.s a2, a0, a1, rne", 0x3f800000, 0x33800000, 0, 0x3f800000, NX_F},
  {"fadd.s a2, a0, a1, rmm", 0x3f800000, 0x33800000, 0, 0x3f800001, NX_F},
  {"fadd.s a2, a0, a1, rup", 0x3f800000, 0x33000000, 0, 0x3f800001, NX_F},
  {"fadd.s a2, a0, a1, rdn", 0xbf800000, 0xb3000000, 0, 0xbf800001, NX_F},
  {"fadd.s a2, a0, a1, rtz", 0xbf800000, 0xb3ffffff, 0, 0xbf800000, NX_F},
  {"fsub.s a2, a0, a1, rdn", 0x3f800000, 0x3f800000, 0, 0x80000000, 0}, /* x - x = -0 rounding down */
  {"fcvt.w.s a2, a0, rmm", 0x40200000, 0, 0, 3, NX_F},              /* 2.5 */
  {"fcvt.w.s a2, a0, rne", 0x40200000, 0, 0, 2, NX_F},
  {"fcvt.w.s a2, a0, rmm", 0xc0200000, 0, 0, (uint32_t)-3, NX_F},
  {"fcvt.w.s a2, a0, rup", 0xc0200000, 0, 0, (uint32_t)-2, NX_F},
  /* saturating conversions */
  {"fcvt.w.s a2, a0, rtz", 0x4f32d05e, 0, 0, 0x7fffffff, NV_F},      /* 3e9 */
  {"fcvt.w.s a2, a0, rtz", 0xcf000000, 0, 0, 0x80000000, 0},         /* -2^31 fits */
  {"fcvt.w.s a2, a0, rtz", 0x7fc00000, 0, 0, 0x7fffffff, NV_F},
  {"fcvt.w.s a2, a0, rtz", 0xff800000, 0, 0, 0x80000000, NV_F},
  {"fcvt.wu.s a2, a0, rtz", 0xbf800000, 0, 0, 0, NV_F},
  {"fcvt.wu.s a2, a0, rtz", 0xbf000000, 0, 0, 0, NX_F},              /* -0.5 -> 0, only inexact */
  {"fcvt.wu.s a2, a0, rtz", 0x4f800000, 0, 0, 0xffffffff, NV_F},     /* 2^32 */
  {"fcvt.wu.s a2, a0, rtz", 0x7f800000, 0, 0, 0xffffffff, NV_F},
  {"fcvt.s.w a2, a0, rne", 0x7fffffff, 0, 0, 0x4f000000, NX_F},
  {"fcvt.s.wu a2, a0, rtz", 0xffffffff, 0, 0, 0x4f7fffff, NX_F},
  {"fcvt.s.w a2, a0, rmm", 0x01000001, 0, 0, 0x4b800001, NX_F},      /* 2^24 + 1: tie, away */
  /* overflow and underflow */
  {"fmul.s a2, a0, a1, rne", 0x7f7fffff, 0x40000000, 0, 0x7f800000, OF_F | NX_F},
  {"fmul.s a2, a0, a1, rtz", 0x7f7fffff, 0x40000000, 0, 0x7f7fffff, OF_F | NX_F},
  {"fmul.s a2, a0, a1, rne", 0x00800000, 0x3f000000, 0, 0x00400000, 0},            /* exact subnormal */
  {"fmul.s a2, a0, a1, rne", 0x00800001, 0x3f000000, 0, 0x00400000, UF_F | NX_F},  /* tie to even */
  {"fmul.s a2, a0, a1, rup", 0x00800001, 0x3f000000, 0, 0x00400001, UF_F | NX_F},
  /* fclass */
  {"fclass.s a2, a0", 0xff800000, 0, 0, 1u << 0, 0},
  {"fclass.s a2, a0", 0x807fffff, 0, 0, 1u << 2, 0},
  {"fclass.s a2, a0", 0x7f800001, 0, 0, 1u << 8, 0},
  {"fclass.s a2, a0", 0x7fc00000, 0, 0, 1u << 9, 0},
};

static void test_fp_edge_cases(void **state)
{
  (void)state;
  static tc t;
  unsigned before = n_failed;
  for (size_t k = 0; k < sizeof fp_cases / sizeof fp_cases[0]; k++) {
    const struct fpcase *c = &fp_cases[k];
    tc_init(&t, c->insn, 4);
    for (unsigned i = 0; i < MAXL; i++) t.in.exec[i] = 1;
    t.in.x[0] = c->a, t.in.x[1] = c->b, t.in.x[3] = c->c;
    t.exp = t.in;
    t.exp.fflags = c->flags;
    t.exp.vxsat = 0;
    t.exp.x[2] = c->want;
    tc_body(&t, "%s", c->insn);
    tc_run(&t);
    /* the same through the vector unit where there is a counterpart */
    const char *vop = !strncmp(c->insn, "fadd.s", 6) ? "vfadd.vv" : !strncmp(c->insn, "fmul.s", 6) ? "vfmul.vv"
                    : !strncmp(c->insn, "fmin.s", 6) ? "vfmin.vv" : !strncmp(c->insn, "fdiv.s", 6) ? "vfdiv.vv" : NULL;
    const char *rm = strrchr(c->insn, ' ');
    int frm = !rm ? 0 : !strcmp(rm, " rne") ? 0 : !strcmp(rm, " rtz") ? 1 : !strcmp(rm, " rdn") ? 2
            : !strcmp(rm, " rup") ? 3 : !strcmp(rm, " rmm") ? 4 : 0;
    if (vop) {
      tc_init(&t, vop, 4);
      for (unsigned i = 0; i < MAXL; i++) t.in.exec[i] = 1, t.in.v[0][i] = c->a, t.in.v[1][i] = c->b;
      t.in.frm = (uint32_t)frm;
      t.exp = t.in;
      t.exp.fflags = c->flags;
      t.exp.vxsat = 0;
      for (unsigned i = 0; i < MAXL; i++) t.exp.v[2][i] = i < 4 ? c->want : t.in.v[2][i];
      tc_body(&t, "%s v3, v1, v2", vop);
      tc_run(&t);
    }
  }
  assert_int_equal(n_failed, before);
}


/* LMUL = 2 (docs/functional-model.md): groups of two registers, VLMAX =
 * 2 x threads, element e of a group in register base + e / threads, lane
 * e mod threads; tail undisturbed.  All threads active. */
static void test_lmul2(void **state)
{
  (void)state;
  static tc t;
  unsigned before = n_failed;
  for (int trial = 0; trial < 12; trial++) {
    tc_init(&t, "vsetvli m2", pick_lanes());
    for (unsigned i = 0; i < MAXL; i++) t.in.exec[i] = 1;
    uint32_t avl = (uint32_t)rnd_in(0, 2 * (int)t.lanes + 5);
    t.in.x[0] = avl;
    t.exp = t.in;
    t.exp.fflags = t.exp.vxsat = 0;
    uint32_t vl = avl < 2 * t.lanes ? avl : 2 * t.lanes;
    t.exp.x[2] = vl;
    tc_body(&t, "vsetvli a2, a0, e32, m2, tu, mu\n  vadd.vv v4, v2, v6\n  vid.v v6\n  vmul.vx v2, v2, a1");
    for (uint32_t e = 0; e < vl; e++) {
      unsigned r = e / t.lanes, i = e % t.lanes;
      t.exp.v[3 + r][i] = t.in.v[1 + r][i] + t.in.v[5 + r][i]; /* v4/v5 = v2/v3 + v6/v7 */
      t.exp.v[5 + r][i] = e;                                   /* vid over the group    */
      t.exp.v[1 + r][i] = t.in.v[1 + r][i] * t.in.x[1];
    }
    tc_run(&t);
  }
  tc_init(&t, "vsetvli m2", 8);
  for (unsigned i = 0; i < MAXL; i++) t.in.exec[i] = 1;
  tc_body(&t, "vsetvli a2, a0, e32, m2, tu, mu\n  vadd.vv v3, v2, v6");
  t.error = "illegal";
  tc_run(&t);
  assert_int_equal(n_failed, before);
}

/* ======================================================================= */
typedef int (*handler)(int row, int trial);
static const handler handlers[] = {h_vint, h_vfloat, h_vfunary, h_vmove, h_vmem, h_vpriv, h_amo,
                                   h_scalar, h_control, h_csr, h_fscalar, h_vcfg, h_custom};

#define TRIALS 4

static void test_every_row(void **state)
{
  (void)state;
  fh_seed(0x5eed1234u);
  int missing = 0;
  for (int row = 0; row < VTU_NUM_INSNS; row++) {
    for (int trial = 0; trial < TRIALS; trial++) {
      int done = 0;
      for (size_t h = 0; h < sizeof handlers / sizeof handlers[0] && !done; h++) done = handlers[h](row, trial);
      if (!done) {
        print_error("row %s (%d) has no execution test\n", vtu_rows[row].mnemonic, row);
        missing++;
        break;
      }
    }
  }
  assert_int_equal(missing, 0);
  assert_int_equal(n_failed, 0);
  print_message("%u kernels run for %d rows\n", n_runs, VTU_NUM_INSNS);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_every_row),
    cmocka_unit_test(test_fp_edge_cases),
    cmocka_unit_test(test_lmul2),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
