/* SIMT stack tests: random structured kernels (nested if/else, loops whose
 * threads leave at different iterations, breaks out of nested divergence,
 * threads leaving the whole region early) run on the simulator and on a
 * small reference model of the stack written here from spec section 4:
 *
 *   vbXX: taken lanes form else_mask, the others if_mask; if one is empty
 *   no push; otherwise push {rpc, rpc, active}, then the path with fewer
 *   threads runs first (ties: the taken path), the other is pushed.
 *   join: if the stack is non-empty and pc == top.rpc: pc = top.next,
 *   active = top.mask, pop; else fall through.
 *
 * Each kernel records, per executed "mark", the mark id in a warp log (order
 * of paths) and the mark's sequence number in the log of every active lane
 * (which threads ran it).  Both logs and the final loop counters must equal
 * the model's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "func/fharness.h"

enum { OP_MARK, OP_SETRPC, OP_VBIT, OP_VBZ, OP_DEC, OP_INITC, OP_J, OP_JOIN, OP_END, OP_LABEL };
typedef struct ir { int op, a, b, label; } ir;

#define MAXIR 4096
#define MAXLBL 1024
static ir prog[MAXIR];
static int nprog, nlabels;
static int marks;
static unsigned n_programs, n_divergent_end;

static uint32_t rnd(void) { return fh_rand(); }

static void emit(int op, int a, int b, int label)
{
  assert_true(nprog < MAXIR);
  prog[nprog++] = (ir){op, a, b, label};
}
static int new_label(void) { return nlabels++; }

/* statement generator */
static void gen_stmts(int depth, int loop_depth, int loop_exit, int leave_label, int budget);
static void gen_stmt(int depth, int loop_depth, int loop_exit, int leave_label, int budget)
{
  unsigned r = rnd() % 100;
  if (r < 40 || budget <= 0) {
    emit(OP_MARK, ++marks, 0, 0);
  } else if (r < 68 && depth < 4) { /* if / else */
    int e = new_label(), j = new_label();
    emit(OP_SETRPC, 0, 0, j);
    emit(OP_VBIT, (int)(rnd() % 24), 0, e);
    gen_stmts(depth + 1, loop_depth, loop_exit, leave_label, budget - 1);
    emit(OP_J, 0, 0, j);
    emit(OP_LABEL, 0, 0, e);
    if (rnd() % 4) gen_stmts(depth + 1, loop_depth, loop_exit, leave_label, budget - 1);
    emit(OP_LABEL, 0, 0, j);
    emit(OP_JOIN, 0, 0, 0);
  } else if (r < 84 && loop_depth < 2) { /* loop with divergent exit */
    int h = new_label(), x = new_label(), c = loop_depth;
    emit(OP_INITC, c, (int)(rnd() % 28), 0);
    emit(OP_LABEL, 0, 0, h);
    gen_stmts(depth + 1, loop_depth + 1, x, leave_label, budget - 1);
    emit(OP_DEC, c, 0, 0);
    emit(OP_SETRPC, 0, 0, x);
    emit(OP_VBZ, c, 0, x);
    emit(OP_J, 0, 0, h);
    emit(OP_LABEL, 0, 0, x);
    emit(OP_JOIN, 0, 0, 0);
  } else if (r < 94 && loop_depth > 0) { /* break */
    emit(OP_SETRPC, 0, 0, loop_exit);
    emit(OP_VBIT, (int)(rnd() % 24), 0, loop_exit);
  } else { /* threads leave the whole region */
    emit(OP_SETRPC, 0, 0, leave_label);
    emit(OP_VBIT, (int)(rnd() % 24), 0, leave_label);
  }
}
static void gen_stmts(int depth, int loop_depth, int loop_exit, int leave_label, int budget)
{
  int n = 1 + (int)(rnd() % 3);
  for (int i = 0; i < n; i++) gen_stmt(depth, loop_depth, loop_exit, leave_label, budget);
}

/* ---- memory layout ---- */
#define LANE_LOG  0x4000u  /* lane i: 64 words at LANE_LOG + 256 i */
#define WARP_LOG  0x8000u  /* 512 words */
#define CNT_OUT   0xa000u  /* counters c0, c1: 2 x 32 words */
#define DATA_IN   0x0000u

static const char *head =
  "  .text\n  .globl _start\n_start:\n"
  "  li s5, 0x90008000\n  li s6, 0\n  li s7, 0x90004000\n  li s8, 0x90000000\n"
  "  vid.v v20\n  vsll.vi v21, v20, 2\n  vadd.vx v19, v21, s8\n  vlw12.v v19, 0(v19)\n"
  "  vsll.vi v20, v20, 8\n  vadd.vx v20, v20, s7\n  vmv.v.i v27, 0\n  vmv.v.i v24, 0\n  vmv.v.i v25, 0\n";

static void to_asm(char *out, size_t n)
{
  size_t p = (size_t)snprintf(out, n, "%s", head);
  for (int i = 0; i < nprog && p < n; i++) {
    const ir *x = &prog[i];
    switch (x->op) {
    case OP_MARK:
      p += (size_t)snprintf(out + p, n - p,
                            "  li t0, %d\n  sw t0, 0(s5)\n  addi s5, s5, 4\n  vmv.v.x v21, s6\n"
                            "  vsw12.v v21, 0(v20)\n  vadd.vi v20, v20, 4\n  addi s6, s6, 1\n", x->a);
      break;
    case OP_SETRPC:
      p += (size_t)snprintf(out + p, n - p, "  la t2, L%d\n  setrpc zero, t2, 0\n", x->label);
      break;
    case OP_VBIT:
      p += (size_t)snprintf(out + p, n - p, "  vsrl.vi v22, v19, %d\n  vand.vi v22, v22, 1\n  vbne v22, v27, L%d\n",
                            x->a, x->label);
      break;
    case OP_VBZ: p += (size_t)snprintf(out + p, n - p, "  vbeq v%d, v27, L%d\n", 24 + x->a, x->label); break;
    case OP_DEC: p += (size_t)snprintf(out + p, n - p, "  vadd.vi v%d, v%d, -1\n", 24 + x->a, 24 + x->a); break;
    case OP_INITC:
      p += (size_t)snprintf(out + p, n - p, "  vsrl.vi v22, v19, %d\n  vand.vi v22, v22, 3\n  vadd.vi v%d, v22, 1\n",
                            x->b, 24 + x->a);
      break;
    case OP_J: p += (size_t)snprintf(out + p, n - p, "  j L%d\n", x->label); break;
    case OP_JOIN: p += (size_t)snprintf(out + p, n - p, "  join zero, zero, 0\n"); break;
    case OP_LABEL: p += (size_t)snprintf(out + p, n - p, "L%d:\n", x->label); break;
    case OP_END:
      p += (size_t)snprintf(out + p, n - p,
                            "  li t0, 0x9000a000\n  vid.v v21\n  vsll.vi v21, v21, 2\n  vadd.vx v21, v21, t0\n"
                            "  vsw12.v v24, 0(v21)\n  vsw12.v v25, 128(v21)\n  endprg\n");
      break;
    }
  }
  assert_true(p < n);
}

/* ---- the reference model ---- */
typedef struct ent { int rpc, next; uint64_t mask; } ent;
typedef struct model {
  unsigned lanes;
  uint32_t data[32];
  uint32_t cnt[2][32];
  uint32_t wlog[512];
  int nw;
  uint32_t llog[32][64];
  int nl[32];
  int divergent_end;   /* endprg with a non-empty stack */
  int overflow;        /* program too long for the logs / step limit */
} model;

static int label_pos[MAXLBL];

static void run_model(model *m)
{
  /* a label names the instruction after it */
  for (int i = 0; i < nprog; i++)
    if (prog[i].op == OP_LABEL) {
      int j = i;
      while (prog[j].op == OP_LABEL) j++;
      label_pos[prog[i].label] = j;
    }
  static ent stack[4096];
  int sp = 0, pc = 0, rpc = -1;
  uint64_t act = m->lanes == 64 ? ~0ull : (1ull << m->lanes) - 1;
  long steps = 0;
  for (;;) {
    if (++steps > 200000 || sp >= 4000) { m->overflow = 1; return; }
    const ir *x = &prog[pc];
    switch (x->op) {
    case OP_LABEL: pc++; steps--; break;
    case OP_MARK:
      if (m->nw >= 512) { m->overflow = 1; return; }
      for (unsigned i = 0; i < m->lanes; i++)
        if ((act >> i) & 1) {
          if (m->nl[i] >= 64) { m->overflow = 1; return; }
          m->llog[i][m->nl[i]++] = (uint32_t)m->nw;
        }
      m->wlog[m->nw++] = (uint32_t)x->a;
      pc++;
      break;
    case OP_SETRPC: rpc = label_pos[x->label]; pc++; break;
    case OP_INITC:
      for (unsigned i = 0; i < m->lanes; i++)
        if ((act >> i) & 1) m->cnt[x->a][i] = ((m->data[i] >> x->b) & 3) + 1;
      pc++;
      break;
    case OP_DEC:
      for (unsigned i = 0; i < m->lanes; i++)
        if ((act >> i) & 1) m->cnt[x->a][i]--;
      pc++;
      break;
    case OP_VBIT: case OP_VBZ: {
      uint64_t taken = 0;
      for (unsigned i = 0; i < m->lanes; i++) {
        int t = x->op == OP_VBIT ? (int)((m->data[i] >> x->a) & 1) : m->cnt[x->a][i] == 0;
        if (t) taken |= 1ull << i;
      }
      uint64_t em = taken & act, im = act & ~taken;
      int epc = label_pos[x->label], ipc = pc + 1;
      if (em == 0) pc = ipc;
      else if (im == 0) pc = epc;
      else {
        stack[sp++] = (ent){rpc, rpc, act};
        if (__builtin_popcountll(im) < __builtin_popcountll(em)) {
          stack[sp++] = (ent){rpc, epc, em};
          act = im;
          pc = ipc;
        } else {
          stack[sp++] = (ent){rpc, ipc, im};
          act = em;
          pc = epc;
        }
      }
      break;
    }
    case OP_J: pc = label_pos[x->label]; break;
    case OP_JOIN:
      if (sp > 0 && stack[sp - 1].rpc == pc) {
        pc = stack[sp - 1].next;
        act = stack[sp - 1].mask;
        sp--;
      } else pc++;
      break;
    case OP_END:
      if (sp) m->divergent_end = 1;
      return;
    }
  }
}

static void one_program(unsigned seed, unsigned lanes)
{
  fh_seed(seed);
  nprog = nlabels = marks = 0;
  int leave = new_label();
  emit(OP_SETRPC, 0, 0, leave);
  gen_stmts(0, 0, -1, leave, 3 + (int)(rnd() % 3));
  emit(OP_LABEL, 0, 0, leave);
  emit(OP_JOIN, 0, 0, 0);
  emit(OP_MARK, 999, 0, 0);
  emit(OP_END, 0, 0, 0);
  if (nprog > 160) return; /* keep branches within their 4 KiB reach */
  static model m;
  memset(&m, 0, sizeof m);
  m.lanes = lanes;
  for (unsigned i = 0; i < 32; i++) m.data[i] = rnd();
  run_model(&m);
  if (m.overflow) return;
  n_programs++;
  if (m.divergent_end) n_divergent_end++;
  static char src[200000];
  to_asm(src, sizeof src);
  static uint8_t init[FH_MEM_SIZE];
  memset(init, 0, sizeof init);
  memcpy(init + DATA_IN, m.data, sizeof m.data);
  fh_cfg c;
  memset(&c, 0, sizeof c);
  c.src = src;
  c.threads = lanes;
  c.init = init;
  c.init_len = sizeof init;
  fh_result r;
  fh_run(&c, &r);
  if (m.divergent_end) {
    if (r.rc == 0 || !strstr(r.err.msg, "endprg")) {
      fprintf(stderr, "%s\n", src);
      fail_msg("seed %u: expected the divergent-endprg error, got rc %d '%s'", seed, r.rc, r.err.msg);
    }
    fh_free(&r);
    return;
  }
  if (r.rc) {
    fprintf(stderr, "%s\n", src);
    fail_msg("seed %u: %s", seed, r.err.msg);
  }
  int bad = 0;
  for (int k = 0; k < m.nw; k++)
    if (fh_word(&r, WARP_LOG + 4u * k) != m.wlog[k]) bad++;
  if (fh_word(&r, WARP_LOG + 4u * m.nw) != 0) bad++;
  for (unsigned i = 0; i < lanes; i++) {
    for (int k = 0; k < m.nl[i]; k++)
      if (fh_word(&r, LANE_LOG + 256 * i + 4u * k) != m.llog[i][k]) bad++;
    for (int c2 = 0; c2 < 2; c2++)
      if (fh_word(&r, CNT_OUT + 128u * c2 + 4 * i) != m.cnt[c2][i]) bad++;
  }
  if (bad) {
    fprintf(stderr, "%s\nwarp log (model):", src);
    for (int k = 0; k < m.nw; k++) fprintf(stderr, " %u", m.wlog[k]);
    fprintf(stderr, "\nwarp log (sim):  ");
    for (int k = 0; k < m.nw + 2; k++) fprintf(stderr, " %u", fh_word(&r, WARP_LOG + 4u * k));
    fprintf(stderr, "\n");
    fail_msg("seed %u lanes %u: %d differences from the SIMT stack model", seed, lanes, bad);
  }
  fh_free(&r);
}


static void test_random_programs(void **state)
{
  (void)state;
  static const unsigned lanes[] = {8, 32, 4, 16, 7};
  for (unsigned s = 1; s <= 400; s++) one_program(s * 7919u, lanes[s % 5]);
  print_message("%u programs checked, %u of them end divergent\n", n_programs, n_divergent_end);
  assert_true(n_programs >= 200);
}

/* Hand-checked order of paths (spec 4: fewer threads first, ties take the
 * branch), 8 threads: lanes 0-2 branch (3 vs 5): the taken path first;
 * lanes 0-3 (4 vs 4): the taken path first; lanes 0-5 (6 vs 2): the
 * fall-through path first. */
static void test_path_order(void **state)
{
  (void)state;
  static const char *src =
    "  .text\n  .globl _start\n_start:\n"
    "  li s5, 0x90008000\n  vid.v v1\n  vmv.v.i v27, 0\n"
    "  li t1, 3\n  vmv.v.x v2, t1\n  vmsltu.vv v3, v1, v2\n"  /* lanes 0-2 */
    "0: auipc t2, 0\n  setrpc zero, t2, 1f - 0b\n  vbne v3, v27, 2f\n"
    "  li t0, 10\n  sw t0, 0(s5)\n  addi s5, s5, 4\n  j 1f\n"
    "2: li t0, 11\n  sw t0, 0(s5)\n  addi s5, s5, 4\n"
    "1: join zero, zero, 0\n"
    "  li t1, 4\n  vmv.v.x v2, t1\n  vmsltu.vv v3, v1, v2\n"  /* lanes 0-3: tie */
    "0: auipc t2, 0\n  setrpc zero, t2, 1f - 0b\n  vbne v3, v27, 2f\n"
    "  li t0, 20\n  sw t0, 0(s5)\n  addi s5, s5, 4\n  j 1f\n"
    "2: li t0, 21\n  sw t0, 0(s5)\n  addi s5, s5, 4\n"
    "1: join zero, zero, 0\n"
    "  li t1, 6\n  vmv.v.x v2, t1\n  vmsltu.vv v3, v1, v2\n"  /* lanes 0-5 taken */
    "0: auipc t2, 0\n  setrpc zero, t2, 1f - 0b\n  vbne v3, v27, 2f\n"
    "  li t0, 30\n  sw t0, 0(s5)\n  addi s5, s5, 4\n  j 1f\n"
    "2: li t0, 31\n  sw t0, 0(s5)\n  addi s5, s5, 4\n"
    "1: join zero, zero, 0\n"
    "  li t0, 99\n  sw t0, 0(s5)\n  endprg\n";
  fh_cfg c;
  memset(&c, 0, sizeof c);
  c.src = src;
  c.threads = 8;
  fh_result r;
  fh_run(&c, &r);
  assert_int_equal(r.rc, 0);
  static const uint32_t want[] = {11, 10, 21, 20, 30, 31, 99};
  for (unsigned k = 0; k < 7; k++) assert_int_equal(fh_word(&r, WARP_LOG + 4 * k), want[k]);
  fh_free(&r);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_path_order),
    cmocka_unit_test(test_random_programs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
