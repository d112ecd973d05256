/* The toy ISA (toy.h) on the functional engine and the timing model.
 * Every expected number is worked out by hand in the comments: the results
 * in memory, instruction and thread counts (partial work-groups and partial
 * waves), the statistics, local memory placed by the front end, and what
 * each part of a timing profile does (wait counters instead of a
 * scoreboard, two SIMD units, the bank function).  Code, buffers and local
 * memory lie above 4 GiB, in four different 4-GiB regions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "timing/profile.h"
#include "toy/toy.h"
#include "ventsim/check.h"
#include "ventsim/sim.h"
#include "ventsim/stats.h"
#include "ventsim/timing.h"

#define CODE 0x300000000ull
#define IN   0x100000000ull  /* in[i] = 1000 + 3 i */
#define OUT  0x200001000ull  /* 0xdeadbeef before a launch */
#define NWORDS 1024u

#define TID(a)        TOY_I(TOY_TID, a, 0, 2) /* the global id */
#define LID(a)        TOY_I(TOY_TID, a, 0, 3) /* the id in the work-group */
#define LI(a, imm)    TOY_I(TOY_LI, a, 0, 0), (uint32_t)(imm)
#define ADD(a, b, c)  TOY_I(TOY_ADD, a, b, c)
#define DIV(a, b, c)  TOY_I(TOY_DIV, a, b, c)
#define LD(a, b, s)   TOY_I(TOY_LD, a, b, s)
#define LD64(a, b, s) TOY_I(TOY_LD64, a, b, s)
#define ST(a, b, s)   TOY_I(TOY_ST, a, b, s)
#define WAIT(n)       TOY_I(TOY_WAIT, 0, 0, n)
#define BAR()         TOY_I(TOY_BAR, 0, 0, 0)
#define END()         TOY_I(TOY_END, 0, 0, 0)
#define LLD(a, b)     TOY_I(TOY_LLD, a, b, 0)
#define LST(a, b)     TOY_I(TOY_LST, a, b, 0)

/* out[g] = in[g] + g: 7 instructions */
static const uint32_t kernel_add[] = {
  TID(0),        /* v0 = g                */
  ADD(1, 0, 0),
  ADD(1, 1, 1),  /* v1 = 4 g: byte offset */
  LD(2, 1, 0),   /* v2 = in[g]            */
  ADD(3, 2, 0),
  ST(1, 3, 1),   /* out[g] = v2 + g       */
  END(),
};

/* out[g] = (in[2g] + in[2g+1]) / 3: a register pair, an 8-byte
 * instruction, a divide and a barrier; 12 instructions */
static const uint32_t kernel_pair[] = {
  TID(0),
  ADD(1, 0, 0),
  ADD(1, 1, 1),   /* v1 = 4 g            */
  ADD(4, 1, 1),   /* v4 = 8 g            */
  LD64(2, 4, 0),  /* v2, v3 = in[2g], in[2g+1] */
  WAIT(0),
  ADD(5, 2, 3),
  LI(6, 3),
  DIV(5, 5, 6),
  BAR(),
  ST(1, 5, 1),
  END(),
};

/* out[g] = the first work-item's 2g' of g's work-group + g, through local
 * memory and a barrier: 15 instructions */
static const uint32_t kernel_lds[] = {
  TID(0),        /* v0 = g                 */
  LID(1),        /* v1 = i, in the work-group */
  ADD(2, 1, 1),
  ADD(2, 2, 2),  /* v2 = 4 i               */
  ADD(3, 0, 0),  /* v3 = 2 g               */
  LST(2, 3),     /* local[i] = 2 g         */
  BAR(),
  LI(4, 0),
  LLD(5, 4),     /* v5 = local[0]          */
  WAIT(0),
  ADD(5, 5, 0),
  ADD(6, 0, 0),
  ADD(6, 6, 6),  /* v6 = 4 g               */
  ST(6, 5, 1),   /* out[g] = local[0] + g  */
  END(),
};

typedef struct toy_run {
  vs_device *dev;
  vs_run_result res;
  vs_timing_stats st;     /* timing: from the observer */
  cJSON *stats;           /* the launch's statistics object */
  cJSON *root;
  uint32_t out[NWORDS];
} toy_run;

static unsigned run_threads = 1, run_interleave; /* functional: vs_run_options */
static uint32_t run_lds;                          /* vs_launch.lds_bytes */

static void on_end(void *ctx, const vs_launch *l, const vs_timing_stats *st)
{
  (void)l;
  ((toy_run *)ctx)->st = *st;
}

/* Runs `code` over `global` work-items in work-groups of `local`, waves
 * of `wave`; timing with profile p (NULL: the functional engine; p ==
 * &vs_tprofile_ventus: the default configuration). */
static void run(toy_run *r, const uint32_t *code, size_t ncode, uint32_t global, uint32_t local,
                uint32_t wave, const vs_tprofile *p)
{
  vs_error err = {0};
  memset(r, 0, sizeof *r);
  assert_int_equal(toy_register(&err), 0);
  assert_int_equal(vs_device_create(&r->dev, "toy", &err), 0);
  assert_int_equal(vs_device_map(r->dev, CODE, 4096, "code", &err), 0);
  assert_int_equal(vs_device_map(r->dev, IN, 4 * NWORDS, "in", &err), 0);
  assert_int_equal(vs_device_map(r->dev, OUT, 4 * NWORDS, "out", &err), 0);
  assert_int_equal(vs_device_write(r->dev, CODE, code, ncode * 4, &err), 0);
  static uint32_t in[NWORDS], out[NWORDS];
  for (unsigned i = 0; i < NWORDS; i++) {
    in[i] = 1000 + 3 * i;
    out[i] = 0xdeadbeefu;
  }
  assert_int_equal(vs_device_write(r->dev, IN, in, sizeof in, &err), 0);
  assert_int_equal(vs_device_write(r->dev, OUT, out, sizeof out, &err), 0);

  toy_abi abi = {TOY_MAGIC, 0, IN, OUT};
  vs_launch l = {.name = "toy", .entry = CODE, .dims = 1, .global = {global, 1, 1},
                 .local = {local, 1, 1}, .wave_size = wave, .lds_bytes = run_lds, .abi = &abi,
                 .abi_size = sizeof abi};
  vs_run_options o = {0};
  o.threads = run_threads;
  o.interleave = (int)run_interleave;
  vs_stats *stats = vs_stats_create();
  assert_non_null(stats);
  o.stats = stats;
  vs_timing_config *c = NULL;
  vs_timing_observer obs = {0};
  if (p) {
    assert_int_equal(vs_timing_config_create(&c, &err), 0);
    if (p != &vs_tprofile_ventus) vs_timing_config_set_profile(c, p);
    o.timing = c;
    obs.ctx = r;
    obs.launch_end = on_end;
    o.observer = &obs;
  }
  if (vs_device_run(r->dev, &l, &o, &r->res, &err)) fail_msg("run: %s", err.msg);
  assert_int_equal(vs_device_read(r->dev, OUT, r->out, sizeof r->out, &err), 0);
  char *json = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&json, &len);
  assert_int_equal(vs_stats_write_json(stats, f, &err), 0);
  fclose(f);
  r->root = cJSON_Parse(json);
  free(json);
  assert_non_null(r->root);
  r->stats = cJSON_GetArrayItem(cJSON_GetObjectItem(r->root, "launches"), 0);
  assert_non_null(r->stats);
  vs_stats_free(stats);
  vs_timing_config_free(c);
}

static void run_free(toy_run *r)
{
  cJSON_Delete(r->root);
  vs_device_destroy(r->dev);
}

/* A number in the statistics: path of object members, "" ends */
static double stat(const toy_run *r, ...)
{
  va_list ap;
  va_start(ap, r);
  const cJSON *o = r->stats;
  for (const char *k; (k = va_arg(ap, const char *))[0];) {
    o = cJSON_GetObjectItemCaseSensitive(o, k);
    if (!o) fail_msg("statistics: no member %s", k);
  }
  va_end(ap);
  assert_true(cJSON_IsNumber(o));
  return o->valuedouble;
}

static uint64_t config_value(const char *key)
{
  vs_timing_config *c = NULL;
  vs_error err = {0};
  char buf[32];
  assert_int_equal(vs_timing_config_create(&c, &err), 0);
  assert_int_equal(vs_timing_config_get(c, key, buf, sizeof buf, &err), 0);
  vs_timing_config_free(c);
  return strtoull(buf, NULL, 10);
}

/* 37 work-items in work-groups of 16, waves of 8: work-groups of 16, 16
 * and 5 work-items, so 2 + 2 + 1 = 5 warps, the last with 5 of its 8 lanes
 * active.  Every warp runs all 7 instructions: 35 warp instructions, 37 x 7
 * = 259 thread instructions. */
static void check_add(const toy_run *r)
{
  for (unsigned g = 0; g < 37; g++) assert_int_equal(r->out[g], 1000 + 3 * g + g);
  for (unsigned g = 37; g < NWORDS; g++) assert_int_equal(r->out[g], 0xdeadbeefu);
  assert_int_equal(r->res.workgroups, 3);
  assert_int_equal(r->res.warp_insns, 35);
  assert_int_equal(r->res.thread_insns, 259);
  assert_int_equal(stat(r, "warps", ""), 5);
  /* per warp 4 ALU, 1 load, 1 store, 1 end */
  assert_int_equal(stat(r, "instruction_mix", "vector-alu", ""), 20);
  assert_int_equal(stat(r, "instruction_mix", "vector-load", ""), 5);
  assert_int_equal(stat(r, "instruction_mix", "vector-store", ""), 5);
  assert_int_equal(stat(r, "instruction_mix", "end", ""), 5);
  /* one 4-byte load and store per work-item, all global */
  assert_int_equal(stat(r, "memory", "global", "loads_by_size", "4", ""), 37);
  assert_int_equal(stat(r, "memory", "global", "stores_by_size", "4", ""), 37);
  assert_int_equal(stat(r, "memory", "global", "load_bytes", ""), 148);
}

static void test_functional(void **state)
{
  (void)state;
  toy_run r;
  run(&r, kernel_add, sizeof kernel_add / 4, 37, 16, 8, NULL);
  check_add(&r);
  run_free(&r);
  /* the same on 3 host threads */
  run_threads = 3;
  run(&r, kernel_add, sizeof kernel_add / 4, 37, 16, 8, NULL);
  check_add(&r);
  run_free(&r);
  run_threads = 1;
}

/* 20 work-items, work-groups of 12, waves of 4: work-groups of 12 and 8
 * work-items, 3 + 2 = 5 warps, 12 instructions each: 60 warp and 240
 * thread instructions.  out[g] = (1000 + 6g + 1003 + 6g) / 3 = 667 + 4g. */
static void check_pair(const toy_run *r)
{
  for (unsigned g = 0; g < 20; g++) assert_int_equal(r->out[g], 667 + 4 * g);
  assert_int_equal(r->out[20], 0xdeadbeefu);
  assert_int_equal(r->res.warp_insns, 60);
  assert_int_equal(r->res.thread_insns, 240);
  assert_int_equal(stat(r, "barriers", ""), 5);
  assert_int_equal(stat(r, "instruction_mix", "vector-div", ""), 5);
  assert_int_equal(stat(r, "instruction_mix", "wait-counter", ""), 5);
  /* the pair load: one 8-byte access per work-item */
  assert_int_equal(stat(r, "memory", "global", "loads_by_size", "8", ""), 20);
  assert_int_equal(stat(r, "memory", "global", "load_bytes", ""), 160);
}

static void test_pairs_div_barrier(void **state)
{
  (void)state;
  toy_run r;
  run(&r, kernel_pair, sizeof kernel_pair / 4, 20, 12, 4, NULL);
  check_pair(&r);
  run_free(&r);
  /* the same with the warps taking turns of one instruction */
  run_interleave = 1;
  run(&r, kernel_pair, sizeof kernel_pair / 4, 20, 12, 4, NULL);
  check_pair(&r);
  run_free(&r);
  run_interleave = 0;
}

/* The timing model runs the same instructions with the same results, with
 * the Ventus profile and with the toy's */
static void test_timing_same_results(void **state)
{
  (void)state;
  const vs_tprofile *profiles[] = {&vs_tprofile_ventus, toy_profile(TOY_PROFILE),
                                   toy_profile(TOY_PROFILE_SIMD2), toy_profile(TOY_PROFILE_BANK0)};
  for (unsigned k = 0; k < 4; k++) {
    toy_run r;
    run(&r, kernel_add, sizeof kernel_add / 4, 37, 16, 8, profiles[k]);
    check_add(&r);
    assert_true(r.res.cycles > 0);
    assert_int_equal(r.st.warp_insns, 35);
    run_free(&r);
    run(&r, kernel_pair, sizeof kernel_pair / 4, 20, 12, 4, profiles[k]);
    check_pair(&r);
    run_free(&r);
  }
}

/* The interlock.  One warp of 8 loads in[g] and adds g: the ADD after the
 * load needs the loaded register.  The load misses every cache, so its
 * data comes back at least dram.latency cycles after it issued.
 *   Ventus profile (scoreboard): the ADD waits for the data -- at least
 *     dram.latency warp-cycles stalled on the scoreboard;
 *   toy profile (wait counters), no WAIT: nothing holds the ADD, those
 *     stalls are gone (the program is wrong, its timing too; the results
 *     are computed when an instruction issues, so memory is still right);
 *   toy profile with WAIT 0 before the ADD: the warp waits at the WAIT, at
 *     least dram.latency cycles counted as memory_counters. */
static void test_waitcnt_interlock(void **state)
{
  (void)state;
  const uint32_t nowait[] = {TID(0), ADD(1, 0, 0), ADD(1, 1, 1), LD(2, 1, 0), ADD(3, 2, 0), ST(1, 3, 1), END()};
  const uint32_t wait[] = {TID(0), ADD(1, 0, 0), ADD(1, 1, 1), LD(2, 1, 0), WAIT(0), ADD(3, 2, 0), ST(1, 3, 1),
                           END()};
  uint64_t dram = config_value("dram.latency");
  toy_run sb, wc, wcw;
  run(&sb, nowait, 7, 8, 8, 8, &vs_tprofile_ventus);
  run(&wc, nowait, 7, 8, 8, 8, toy_profile(TOY_PROFILE));
  run(&wcw, wait, 8, 8, 8, 8, toy_profile(TOY_PROFILE));
  for (unsigned g = 0; g < 8; g++) {
    assert_int_equal(sb.out[g], 1000 + 4 * g);
    assert_int_equal(wc.out[g], 1000 + 4 * g);
    assert_int_equal(wcw.out[g], 1000 + 4 * g);
  }
  assert_true(sb.st.stalls[VS_STALL_SCOREBOARD] >= dram);
  assert_int_equal(sb.st.stalls[VS_STALL_MEM_COUNTERS], 0);
  assert_true(wc.st.stalls[VS_STALL_SCOREBOARD] + dram <= sb.st.stalls[VS_STALL_SCOREBOARD]);
  assert_int_equal(wc.st.stalls[VS_STALL_MEM_COUNTERS], 0);
  assert_true(wcw.st.stalls[VS_STALL_MEM_COUNTERS] >= dram);
  assert_true(wcw.st.stalls[VS_STALL_SCOREBOARD] + dram <= sb.st.stalls[VS_STALL_SCOREBOARD]);
  run_free(&sb);
  run_free(&wc);
  run_free(&wcw);
}

/* SIMD binding.  Two warps of 8 (one work-group) each divide once.  The
 * SFU has 8 / 4 = 2 lanes: a divide takes 4 passes of exec.div_latency
 * cycles and holds the unit all that time.  The warps start
 * dispatch.warp_interval cycles apart and run the same instructions, so
 * the second warp's divide is ready at most that much after the first's.
 * With one SIMD it waits for the SFU until the first is done -- at least
 * 4 x div_latency - warp_interval cycles stalled on a busy unit, and the
 * launch takes at least the two divides one after the other; with two
 * SIMDs (warp slots 0 and 1 on SIMDs 0 and 1) nothing waits for a unit and
 * the launch is shorter.  (Not by the whole wait: the two stores that
 * follow the divides now reach the in-order LSU together.) */
static void test_simd_binding(void **state)
{
  (void)state;
  const uint32_t code[] = {TID(0), ADD(3, 0, 0), ADD(3, 3, 3), LI(1, 7), DIV(2, 0, 1), ST(3, 2, 1), END()};
  uint64_t div = config_value("exec.div_latency"), wi = config_value("dispatch.warp_interval");
  toy_run one, two;
  run(&one, code, 8, 16, 16, 8, toy_profile(TOY_PROFILE));
  run(&two, code, 8, 16, 16, 8, toy_profile(TOY_PROFILE_SIMD2));
  for (unsigned g = 0; g < 16; g++) {
    assert_int_equal(one.out[g], g / 7);
    assert_int_equal(two.out[g], g / 7);
  }
  assert_true(one.st.stalls[VS_STALL_UNIT_BUSY] >= 4 * div - wi);
  assert_int_equal(two.st.stalls[VS_STALL_UNIT_BUSY], 0);
  assert_true(one.res.cycles >= 2 * 4 * div);
  assert_true(two.res.cycles < one.res.cycles);
  assert_int_equal(stat(&one, "timing", "units", "sfu", "instructions", ""), 2);
  assert_int_equal(stat(&two, "timing", "units", "sfu", "instructions", ""), 2);
  /* 2 divides of 4 passes, on one SFU or on two */
  assert_int_equal(stat(&one, "timing", "units", "sfu", "busy_cycles", ""), 2 * 4 * div);
  assert_int_equal(stat(&two, "timing", "units", "sfu", "busy_cycles", ""), 2 * 4 * div);
  run_free(&one);
  run_free(&two);
}

/* The bank function.  One warp, warp slot 0, 4 banks (core.reg_banks).
 * Default (slot + reg) mod 4: ADD v3, v2, v0 reads banks 2 and 0, ST v1, v3
 * banks 1 and 3, the others read one vector register (ADD v1, v0, v0 reads
 * v0 once) -- no conflict; and each instruction depends on the one before,
 * so no two are collected in the same cycle.  With every register in bank
 * 0 those two instructions wait one cycle each for their second read. */
static void test_bank_function(void **state)
{
  (void)state;
  const uint32_t code[] = {TID(0), ADD(1, 0, 0), ADD(1, 1, 1), LD(2, 1, 0), WAIT(0), ADD(3, 2, 0), ST(1, 3, 1),
                           END()};
  assert_int_equal(config_value("core.reg_banks"), 4);
  toy_run def, b0;
  run(&def, code, 8, 8, 8, 8, toy_profile(TOY_PROFILE));
  run(&b0, code, 8, 8, 8, 8, toy_profile(TOY_PROFILE_BANK0));
  assert_int_equal(stat(&def, "timing", "register_banks", "conflict_cycles", ""), 0);
  assert_int_equal(stat(&b0, "timing", "register_banks", "conflict_cycles", ""), 2);
  /* reads: v0 (TID reads s2, another file) ... every source register once:
   * TID s2, ADD v0, ADD v1, LD v1 s0, ADD v2 v0, ST v1 v3 s1 = 10 */
  assert_int_equal(stat(&def, "timing", "register_banks", "reads", ""), 10);
  assert_int_equal(stat(&b0, "timing", "register_banks", "reads", ""), 10);
  run_free(&def);
  run_free(&b0);
}

/* Local memory: 37 work-items in work-groups of 16 (16, 16, 5), 64 bytes
 * of local memory each.  out[g] = 2 x (the work-group's first g) + g =
 * 32 (g / 16) + g.  5 warps x 15 instructions = 75; 37 x 15 = 555 thread
 * instructions; per work-item one local store and one local load. */
static void check_lds(const toy_run *r)
{
  for (unsigned g = 0; g < 37; g++) assert_int_equal(r->out[g], 32 * (g / 16) + g);
  assert_int_equal(r->out[37], 0xdeadbeefu);
  assert_int_equal(r->res.warp_insns, 75);
  assert_int_equal(r->res.thread_insns, 555);
  assert_int_equal(stat(r, "instruction_mix", "lds", ""), 10);
  assert_int_equal(stat(r, "memory", "local", "loads", ""), 37);
  assert_int_equal(stat(r, "memory", "local", "stores", ""), 37);
  assert_int_equal(stat(r, "memory", "global", "loads", ""), 0);
  assert_int_equal(stat(r, "memory", "global", "stores", ""), 37);
}

/* The kernel checker's ISA hook (core/check.h): the toy's check_insn
 * reports the read of a load's destination before a WAIT ("waits") at the
 * reading instruction, naming the load, through the checker's reporting
 * (counts, JSON); with the WAIT in place nothing is found, and the results
 * are the same either way.  8 work-items, out[g] = 2 in[g]. */
static uint64_t run_checked(const uint32_t *code, size_t ncode, cJSON **json)
{
  vs_error err = {0};
  vs_device *dev = NULL;
  vs_checker *chk = NULL;
  assert_int_equal(toy_register(&err), 0);
  assert_int_equal(vs_device_create(&dev, "toy", &err), 0);
  assert_int_equal(vs_checker_create(&chk, dev, ~0u, &err), 0);
  assert_int_equal(vs_device_map(dev, CODE, 4096, "code", &err), 0);
  assert_int_equal(vs_device_map(dev, IN, 32, "in", &err), 0);
  assert_int_equal(vs_device_map(dev, OUT, 32, "out", &err), 0);
  assert_int_equal(vs_device_write(dev, CODE, code, ncode * 4, &err), 0);
  uint32_t in[8], out[8];
  for (unsigned i = 0; i < 8; i++) in[i] = 1000 + 3 * i;
  assert_int_equal(vs_device_write(dev, IN, in, sizeof in, &err), 0);
  toy_abi abi = {TOY_MAGIC, 0, IN, OUT};
  vs_launch l = {.name = "toy", .entry = CODE, .dims = 1, .global = {8, 1, 1},
                 .local = {8, 1, 1}, .wave_size = 8, .abi = &abi, .abi_size = sizeof abi};
  vs_run_options o = {0};
  vs_checker_run_options(chk, &o);
  vs_run_result res;
  if (vs_device_run(dev, &l, &o, &res, &err)) fail_msg("run: %s", err.msg);
  assert_int_equal(vs_device_read(dev, OUT, out, sizeof out, &err), 0);
  for (unsigned i = 0; i < 8; i++) assert_int_equal(out[i], 2 * in[i]);
  uint64_t n = vs_checker_findings(chk);
  *json = vs_checker_json(chk);
  assert_non_null(*json);
  vs_checker_free(chk);
  vs_device_destroy(dev);
  return n;
}

static void test_check_hook(void **state)
{
  (void)state;
  /* v0 = 4 gid; v1 = in[gid]; v2 = v1 + v1; out[gid] = v2 */
  const uint32_t bug[] = {
    TOY_I(TOY_TID, 0, 0, 2), TOY_I(TOY_ADD, 0, 0, 0), TOY_I(TOY_ADD, 0, 0, 0),
    TOY_I(TOY_LD, 1, 0, 0),                   /* CODE + 12 */
    TOY_I(TOY_ADD, 2, 1, 1),                  /* CODE + 16: no WAIT before */
    TOY_I(TOY_ST, 0, 2, 1), TOY_I(TOY_END, 0, 0, 0)};
  const uint32_t ok[] = {
    TOY_I(TOY_TID, 0, 0, 2), TOY_I(TOY_ADD, 0, 0, 0), TOY_I(TOY_ADD, 0, 0, 0),
    TOY_I(TOY_LD, 1, 0, 0), TOY_I(TOY_WAIT, 0, 0, 0), TOY_I(TOY_ADD, 2, 1, 1),
    TOY_I(TOY_ST, 0, 2, 1), TOY_I(TOY_END, 0, 0, 0)};
  cJSON *j = NULL;
  assert_int_equal(run_checked(bug, sizeof bug / 4, &j), 1);
  const cJSON *f = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "findings_list"), 0);
  assert_non_null(f);
  assert_string_equal(cJSON_GetObjectItem(f, "check")->valuestring, "waits");
  assert_true(cJSON_GetObjectItem(f, "pc")->valuedouble == (double)(CODE + 16));
  assert_true(cJSON_GetObjectItem(f, "pc2")->valuedouble == (double)(CODE + 12));
  assert_true(cJSON_GetObjectItem(f, "count")->valuedouble == 1); /* one warp */
  assert_non_null(strstr(cJSON_GetObjectItem(f, "text")->valuestring, "reads v1"));
  cJSON_Delete(j);
  assert_int_equal(run_checked(ok, sizeof ok / 4, &j), 0);
  cJSON_Delete(j);
}

static void test_local_memory(void **state)
{
  (void)state;
  toy_run r;
  run_lds = 64;
  run(&r, kernel_lds, sizeof kernel_lds / 4, 37, 16, 8, NULL);
  check_lds(&r);
  run_free(&r);
  run_threads = 3;
  run(&r, kernel_lds, sizeof kernel_lds / 4, 37, 16, 8, NULL);
  check_lds(&r);
  run_free(&r);
  run_threads = 1;
  const vs_tprofile *profiles[] = {&vs_tprofile_ventus, toy_profile(TOY_PROFILE)};
  for (unsigned k = 0; k < 2; k++) {
    run(&r, kernel_lds, sizeof kernel_lds / 4, 37, 16, 8, profiles[k]);
    check_lds(&r);
    /* the timing model sends them to the SM's local memory (the toy's
     * windows lie at 2^47 - 2^40): 10 instructions; the 8 stores of a warp
     * write 8 consecutive words, one per bank, and its loads all read word
     * 0 (a broadcast), so each takes a single pass */
    assert_int_equal(stat(&r, "timing", "lds", "accesses", ""), 10);
    assert_int_equal(stat(&r, "timing", "lds", "passes", ""), 10);
    run_free(&r);
  }
  run_lds = 0;
}

/* Errors: the toy's launch checks, an illegal instruction (reported with
 * the toy's disassembly and warp state), and the trace hook */
static void test_errors_and_trace(void **state)
{
  (void)state;
  vs_error err = {0};
  assert_int_equal(toy_register(&err), 0);
  assert_int_equal(toy_register(&err), 0); /* once */
  vs_device *dev = NULL;
  assert_int_equal(vs_device_create(&dev, "toy", &err), 0);
  assert_string_equal(vs_device_isa(dev), "toy");
  const uint32_t code[] = {TID(0), TOY_I(TOY_ADD, 16, 0, 0), END()}; /* v16 does not exist */
  assert_int_equal(vs_device_map(dev, CODE, 4096, "code", &err), 0);
  assert_int_equal(vs_device_write(dev, CODE, code, sizeof code, &err), 0);
  toy_abi abi = {TOY_MAGIC, 0, IN, OUT};
  vs_launch l = {.name = "bad", .entry = CODE, .dims = 1, .global = {8, 1, 1}, .local = {8, 1, 1},
                 .wave_size = 8, .abi = &abi, .abi_size = sizeof abi};
  vs_run_result res;
  char *text = NULL;
  size_t len = 0;
  FILE *tf = open_memstream(&text, &len);
  vs_run_options o = {0};
  o.trace = tf;
  assert_int_equal(vs_device_run(dev, &l, &o, &res, &err), -1);
  assert_int_equal(err.code, VS_E_KERNEL);
  assert_non_null(strstr(err.msg, "illegal toy instruction 0x03100000"));
  assert_non_null(strstr(err.msg, "0x300000004"));
  fclose(tf);
  assert_string_equal(text, "300000000: tid v0, s2\n"); /* the instruction that completed */
  free(text);
  toy_abi bad = abi;
  bad.magic = 0;
  l.abi = &bad;
  assert_int_equal(vs_device_run(dev, &l, NULL, &res, &err), -1);
  assert_non_null(strstr(err.msg, "needs a toy_abi block"));
  l.abi = &abi;
  l.lds_bytes = TOY_LDS_WINDOW + 1;
  assert_int_equal(vs_device_run(dev, &l, NULL, &res, &err), -1);
  assert_non_null(strstr(err.msg, "65537 bytes of local memory (at most 65536)"));
  l.lds_bytes = 0;
  l.dims = 2;
  l.global[1] = 2;
  assert_int_equal(vs_device_run(dev, &l, NULL, &res, &err), -1);
  assert_non_null(strstr(err.msg, "1-D launches only"));
  /* local memory beyond lds_bytes */
  const uint32_t lds_code[] = {LID(0), ADD(0, 0, 0), ADD(0, 0, 0), LLD(1, 0), END()};
  assert_int_equal(vs_device_write(dev, CODE, lds_code, sizeof lds_code, &err), 0);
  l.dims = 1;
  l.global[1] = 1;
  l.lds_bytes = 16; /* 4 words: lanes 4..7 are out */
  assert_int_equal(vs_device_run(dev, &l, NULL, &res, &err), -1);
  assert_int_equal(err.code, VS_E_KERNEL);
  assert_non_null(strstr(err.msg, "local offset 0x10 is outside the 16 bytes of local memory"));
  vs_device_destroy(dev);
  /* Ventus is still the default */
  assert_int_equal(vs_device_create(&dev, NULL, &err), 0);
  assert_string_equal(vs_device_isa(dev), "ventus");
  vs_device_destroy(dev);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_functional),
    cmocka_unit_test(test_pairs_div_barrier),
    cmocka_unit_test(test_timing_same_results),
    cmocka_unit_test(test_waitcnt_interlock),
    cmocka_unit_test(test_simd_binding),
    cmocka_unit_test(test_bank_function),
    cmocka_unit_test(test_local_memory),
    cmocka_unit_test(test_check_hook),
    cmocka_unit_test(test_errors_and_trace),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
