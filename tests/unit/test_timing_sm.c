/* The timing model as a whole (sm.c, gpu.c) on small assembled kernels:
 * determinism and idle-cycle skipping, memory equal to the functional run,
 * barriers that wait for the rest of the work-group to be dispatched (seed
 * 002), barrier fences waiting on the memory counters (seed 000), warps
 * that end only when their stores are written, the deadlock watchdog,
 * cycle and instruction limits, launches that can never be placed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ventsim/asm.h"
#include "ventsim/elf.h"
#include "ventsim/sim.h"
#include "ventsim/stats.h"
#include "ventsim/timing.h"
#include "ventsim/ventus_launch.h"

#define BUF0 0x90002000u /* buffers, 64 KiB apart */
#define BUFSTEP 0x10000u

typedef struct kit {
  vs_device *dev;
  vs_ventus_record rec;  /* made a launch when it runs */
  vs_ventus_abi abi;
  vs_launch l;
  const char *name;
  unsigned nbuf;
} kit;

/* Assembles src, loads it, and sets up a launch of `kernel` with nbuf
 * buffers of 64 KiB (word i = i) as its arguments. */
static void kit_build(kit *k, const char *src, const char *kernel, unsigned grid, unsigned warps,
                      unsigned threads, unsigned lds, unsigned nbuf)
{
  vs_error err = {0};
  vs_asm_source s = {"test.s", src, strlen(src)};
  vs_asm_options o;
  vs_asm_options_init(&o);
  o.diag = stderr;
  uint8_t *img = NULL;
  size_t len = 0;
  if (vs_assemble(&s, 1, &o, &img, &len, &err)) fail_msg("assemble: %s", err.msg);
  vs_elf *e = NULL;
  assert_int_equal(vs_elf_load_mem(img, len, "test", &e, &err), 0);
  assert_int_equal(vs_device_create(&k->dev, NULL, &err), 0);
  for (size_t i = 0; i < e->nsegments; i++) {
    const vs_elf_segment *g = &e->segments[i];
    uint32_t base = g->vaddr & ~4095u;
    uint32_t end = (uint32_t)((g->vaddr + g->memsz + 4095) & ~4095u);
    assert_int_equal(vs_device_map(k->dev, base, end - base, "seg", &err), 0);
    assert_int_equal(vs_device_write(k->dev, g->vaddr, g->data, g->filesz, &err), 0);
  }
  const vs_elf_symbol *sym = vs_elf_find_symbol(e, kernel);
  assert_non_null(sym);
  assert_int_equal(vs_device_map(k->dev, 0x90000000u, 0x2000, "meta+args", &err), 0);
  uint32_t meta[16] = {0}, args[8];
  meta[0] = sym->value;
  meta[1] = 0x90001000u;
  meta[2] = 1;
  meta[3] = grid * warps * threads;
  meta[4] = meta[5] = 1;
  meta[6] = warps * threads;
  meta[7] = meta[8] = 1;
  for (unsigned b = 0; b < nbuf; b++) {
    args[b] = BUF0 + b * BUFSTEP;
    assert_int_equal(vs_device_map(k->dev, args[b], BUFSTEP, "buf", &err), 0);
    static uint32_t w[BUFSTEP / 4];
    for (uint32_t i = 0; i < BUFSTEP / 4; i++) w[i] = i;
    assert_int_equal(vs_device_write(k->dev, args[b], w, BUFSTEP, &err), 0);
  }
  assert_int_equal(vs_device_write(k->dev, 0x90000000u, meta, sizeof meta, &err), 0);
  if (nbuf) assert_int_equal(vs_device_write(k->dev, 0x90001000u, args, nbuf * 4, &err), 0);
  memset(&k->rec, 0, sizeof k->rec);
  k->name = kernel;
  k->rec.start_pc = e->entry;
  k->rec.grid[0] = grid;
  k->rec.grid[1] = k->rec.grid[2] = 1;
  k->rec.warp_threads = threads;
  k->rec.wg_warps = warps;
  k->rec.knl_addr = 0x90000000u;
  k->rec.lds_size = lds;
  k->rec.pds_base = 0xa0000000u;
  k->rec.vgpr_usage = k->rec.sgpr_usage = 32;
  if (vs_ventus_launch(&k->rec, k->name, &k->abi, &k->l, &err)) fail_msg("%s", err.msg);
  k->nbuf = nbuf;
  vs_elf_free(e);
  free(img);
}

static void kit_free(kit *k)
{
  vs_device_destroy(k->dev);
}

static vs_timing_config *cfg(const char *const *sets)
{
  vs_timing_config *c = NULL;
  vs_error err;
  assert_int_equal(vs_timing_config_create(&c, &err), 0);
  for (; sets && *sets; sets++)
    if (vs_timing_config_set(c, *sets, &err)) fail_msg("%s", err.msg);
  return c;
}

/* ---- an observer that records what the tests look at ---- */
typedef struct rec {
  uint64_t started[64];
  uint64_t barrier_from[64], resumed_after_barrier[64];
  int at_barrier[64];
  vs_timing_stats st;
  unsigned samples;
} rec;

static void on_warp(void *ctx, unsigned sm, unsigned slot, uint32_t wg, unsigned wid, int state,
                    int reason, uint64_t cycle)
{
  (void)wg;
  (void)wid;
  rec *r = ctx;
  unsigned k = sm * 32 + slot;
  if (k >= 64) return;
  if (state == VS_TW_STARTED) r->started[k] = cycle;
  if (state == VS_TW_STALLED && reason == VS_STALL_BARRIER && !r->at_barrier[k]) {
    r->at_barrier[k] = 1;
    r->barrier_from[k] = cycle;
  }
  if (state == VS_TW_RUNNING && r->at_barrier[k] == 1) {
    r->at_barrier[k] = 2;
    r->resumed_after_barrier[k] = cycle;
  }
}

static void on_end(void *ctx, const vs_launch *l, const vs_timing_stats *st)
{
  (void)l;
  ((rec *)ctx)->st = *st;
}

static void on_sample(void *ctx, const vs_timing_sample *s)
{
  (void)s;
  ((rec *)ctx)->samples++;
}

static int run_timing(kit *k, vs_timing_config *c, rec *r, vs_stats *stats, uint64_t maxi,
                      vs_run_result *res, vs_error *err)
{
  vs_timing_observer obs;
  memset(&obs, 0, sizeof obs);
  obs.ctx = r;
  obs.warp_state = on_warp;
  obs.launch_end = on_end;
  obs.sample = on_sample;
  vs_run_options o;
  memset(&o, 0, sizeof o);
  o.timing = c;
  o.observer = r ? &obs : NULL;
  o.stats = stats;
  o.max_instructions = maxi;
  if (vs_ventus_launch(&k->rec, k->name, &k->abi, &k->l, err)) return -1; /* (rec may have changed) */
  return vs_device_run(k->dev, &k->l, &o, res, err);
}

static const char vecadd_src[] =
  "    .text\n    .globl vecadd\nvecadd:\n"
  "    lw t0, 0(a0)\n    lw t1, 4(a0)\n    lw t2, 8(a0)\n"
  "    csrr t3, CSR_GDX\n    csrr t4, CSR_NUMW\n    csrr t5, CSR_NUMT\n"
  "    mul t4, t4, t5\n    mul t3, t3, t4\n    csrr t5, CSR_TID\n    add t3, t3, t5\n"
  "    vid.v v1\n    vadd.vx v1, v1, t3\n    vsll.vi v1, v1, 2\n"
  "    vadd.vx v2, v1, t0\n    vlw12.v v3, 0(v2)\n    vadd.vx v2, v1, t1\n    vlw12.v v4, 0(v2)\n"
  "    vadd.vv v5, v3, v4\n    vadd.vx v2, v1, t2\n    vsw12.v v5, 0(v2)\n    ret\n";

static char *json_without_wall_time(vs_stats *s)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  vs_error err;
  assert_int_equal(vs_stats_write_json(s, f, &err), 0);
  fclose(f);
  /* drop the "seconds" lines: wall time */
  char *o = text;
  for (char *p = text; *p;) {
    char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
    char line[256];
    snprintf(line, sizeof line, "%.*s", (int)(n < 255 ? n : 255), p);
    if (!strstr(line, "\"seconds\"")) {
      memmove(o, p, n);
      o += n;
    }
    p += n;
  }
  *o = '\0';
  return text;
}

static void test_deterministic_and_skip_exact(void **state)
{
  (void)state;
  uint64_t cycles[3];
  char *json[3];
  const char *skip_off[] = {"sim.skip_idle=0", NULL};
  for (int i = 0; i < 3; i++) {
    kit k;
    kit_build(&k, vecadd_src, "vecadd", 12, 4, 16, 0, 3);
    vs_timing_config *c = cfg(i == 2 ? skip_off : NULL);
    vs_stats *st = vs_stats_create();
    vs_run_result res;
    vs_error err;
    if (run_timing(&k, c, NULL, st, 0, &res, &err)) fail_msg("%s", err.msg);
    cycles[i] = res.cycles;
    json[i] = json_without_wall_time(st);
    assert_int_equal(res.warp_insns, 12 * 4 * (res.warp_insns / 48));
    vs_stats_free(st);
    vs_timing_config_free(c);
    kit_free(&k);
  }
  assert_true(cycles[0] > 0);
  assert_int_equal(cycles[0], cycles[1]);
  assert_int_equal(cycles[0], cycles[2]); /* skipping idle cycles changes nothing */
  assert_string_equal(json[0], json[1]);
  assert_string_equal(json[0], json[2]);
  for (int i = 0; i < 3; i++) free(json[i]);
}

/* The same kernel on the functional engine and on the timing model (both
 * schedulers) leaves the same memory. */
static void test_memory_equals_functional(void **state)
{
  (void)state;
  static uint32_t a[BUFSTEP / 4], b[BUFSTEP / 4];
  static const char *const gto[] = {"core.scheduler=gto", NULL};
  for (int mode = 0; mode < 2; mode++) {
    kit f, t;
    kit_build(&f, vecadd_src, "vecadd", 8, 2, 32, 0, 3);
    kit_build(&t, vecadd_src, "vecadd", 8, 2, 32, 0, 3);
    vs_run_options o;
    memset(&o, 0, sizeof o);
    vs_run_result res;
    vs_error err;
    assert_int_equal(vs_device_run(f.dev, &f.l, &o, &res, &err), 0);
    vs_timing_config *c = cfg(mode ? gto : NULL);
    assert_int_equal(run_timing(&t, c, NULL, NULL, 0, &res, &err), 0);
    for (unsigned buf = 0; buf < 3; buf++) {
      assert_int_equal(vs_device_read(f.dev, BUF0 + buf * BUFSTEP, a, BUFSTEP, &err), 0);
      assert_int_equal(vs_device_read(t.dev, BUF0 + buf * BUFSTEP, b, BUFSTEP, &err), 0);
      assert_memory_equal(a, b, BUFSTEP);
    }
    assert_int_equal(a[5], 5 + 5); /* c = a + b, with a[i] = b[i] = i */
    vs_timing_config_free(c);
    kit_free(&f);
    kit_free(&t);
  }
}

/* Seed 002: a warp that reaches a barrier before its whole work-group was
 * dispatched waits for the rest.  Warps start 300 cycles apart. */
static void test_barrier_waits_for_dispatch(void **state)
{
  (void)state;
  static const char src[] = "    .text\n    .globl k\nk:\n    barrier x0, x0, 0\n    ret\n";
  kit k;
  kit_build(&k, src, "k", 1, 2, 8, 0, 0);
  static const char *const sets[] = {"dispatch.warp_interval=300", NULL};
  vs_timing_config *c = cfg(sets);
  rec r;
  memset(&r, 0, sizeof r);
  vs_run_result res;
  vs_error err;
  if (run_timing(&k, c, &r, NULL, 0, &res, &err)) fail_msg("%s", err.msg);
  /* warp slot 1 starts 300 cycles after slot 0 */
  assert_int_equal(r.started[1] - r.started[0], 300);
  assert_int_equal(r.at_barrier[0], 2);
  assert_true(r.barrier_from[0] < r.started[1]);         /* arrived before warp 1 existed */
  assert_true(r.resumed_after_barrier[0] > r.started[1]); /* released after it arrived */
  /* its barrier stall is counted for every cycle it waited */
  assert_true(r.st.stalls[VS_STALL_BARRIER] >= r.resumed_after_barrier[0] - r.barrier_from[0]);
  assert_true(res.cycles > 300);
  vs_timing_config_free(c);
  kit_free(&k);
}

/* Seed 000: a barrier whose fence names global memory waits until the
 * warp's stores are done (VScnt = 0); without the fence bit it does not. */
static void test_barrier_fence_waits_for_counters(void **state)
{
  (void)state;
  static const char *const sets[] = {"dram.latency=400", NULL};
  uint64_t memcnt[2];
  for (int fence = 0; fence < 2; fence++) {
    char src[512];
    snprintf(src, sizeof src,
             "    .text\n    .globl k\nk:\n    lw t0, 0(a0)\n    vid.v v1\n    vsll.vi v1, v1, 2\n"
             "    vadd.vx v1, v1, t0\n    vsw12.v v1, 0(v1)\n    barrier x0, x0, %d\n    ret\n",
             fence ? 2 : 0);
    kit k;
    kit_build(&k, src, "k", 1, 2, 8, 0, 1);
    vs_timing_config *c = cfg(sets);
    rec r;
    memset(&r, 0, sizeof r);
    vs_run_result res;
    vs_error err;
    if (run_timing(&k, c, &r, NULL, 0, &res, &err)) fail_msg("%s", err.msg);
    memcnt[fence] = r.st.stalls[VS_STALL_MEM_COUNTERS];
    vs_timing_config_free(c);
    kit_free(&k);
  }
  assert_int_equal(memcnt[0], 0);
  assert_true(memcnt[1] > 2 * 300); /* two warps wait for their stores (DRAM 400) */
}

/* A warp ends when endprg executed and its stores were written: the same
 * kernel with a store instead of an add takes about one more DRAM trip
 * (600 cycles: the write-around store makes the L2 fetch its line). */
static void test_end_waits_for_stores(void **state)
{
  (void)state;
  uint64_t cyc[2];
  for (int store = 0; store < 2; store++) {
    char src[256];
    snprintf(src, sizeof src, "    .text\n    .globl k\nk:\n    lw t0, 0(a0)\n    li t1, 7\n"
             "    %s\n    ret\n", store ? "sw t1, 0(t0)" : "add t1, t1, t0");
    static const char *const sets[] = {"dram.latency=600", "dcache.flush_on_wg_end=0", NULL};
    kit k;
    kit_build(&k, src, "k", 1, 1, 8, 0, 1);
    vs_timing_config *c = cfg(sets);
    vs_run_result res;
    vs_error err;
    if (run_timing(&k, c, NULL, NULL, 0, &res, &err)) fail_msg("%s", err.msg);
    cyc[store] = res.cycles;
    vs_timing_config_free(c);
    kit_free(&k);
  }
  assert_true(cyc[1] >= cyc[0] + 590);
  assert_true(cyc[1] <= cyc[0] + 700);
}

static void test_watchdog(void **state)
{
  (void)state;
  /* a load that waits 5000 cycles for DRAM is in flight the whole time: not
   * a deadlock, however short the watchdog (issue 17) */
  static const char src[] = "    .text\n    .globl k\nk:\n    lw t0, 0(a0)\n    vid.v v1\n"
                            "    vsll.vi v1, v1, 2\n    vadd.vx v1, v1, t0\n    vlw12.v v2, 0(v1)\n"
                            "    vadd.vv v3, v2, v2\n    ret\n";
  kit k;
  kit_build(&k, src, "k", 1, 2, 8, 0, 1);
  static const char *const sets[] = {"dram.latency=5000", "sim.watchdog=200", NULL};
  vs_timing_config *c = cfg(sets);
  vs_run_result res;
  vs_error err;
  if (run_timing(&k, c, NULL, NULL, 0, &res, &err)) fail_msg("%s", err.msg);
  assert_true(res.cycles > 3 * 5000); /* I-cache misses and the loads, one after another */
  vs_timing_config_free(c);
  kit_free(&k);
  /* a divide of 4 passes x 1000 cycles: the next instruction waits on the
   * scoreboard for its result, with no memory in flight */
  static const char div[] = "    .text\n    .globl k\nk:\n    vid.v v1\n    vdivu.vv v2, v1, v1\n"
                            "    vadd.vv v3, v2, v2\n    ret\n";
  kit_build(&k, div, "k", 1, 1, 8, 0, 0);
  static const char *const sets2[] = {"exec.div_latency=1000", "sim.watchdog=1000", NULL};
  c = cfg(sets2);
  assert_int_equal(run_timing(&k, c, NULL, NULL, 0, &res, &err), -1);
  assert_int_equal(err.code, VS_E_DEADLOCK);
  assert_non_null(strstr(err.msg, "deadlock in kernel 'k'"));
  assert_non_null(strstr(err.msg, "no memory request in flight for 1000 cycles (sim.watchdog)"));
  assert_non_null(strstr(err.msg, "warp 0 (wg 0 wid 0)"));
  assert_non_null(strstr(err.msg, "pc 0x"));
  assert_non_null(strstr(err.msg, "ibuf v"));
  assert_non_null(strstr(err.msg, "stack 0"));
  /* every wait counter, nothing outstanding (no memory was in flight) */
  assert_non_null(strstr(err.msg, "stack 0 VM0 VS0 LGKM0 EXP0 sb v2"));
  assert_non_null(strstr(err.msg, "no-barrier"));
  assert_non_null(strstr(err.msg, "I-cache MSHRs 0/4"));
  assert_non_null(strstr(err.msg, "[scoreboard]"));
  assert_non_null(strstr(err.msg, " sb v2"));
  vs_timing_config_free(c);
  /* the derived default (sim.watchdog = 0) lets the same divide finish */
  static const char *const sets3[] = {"exec.div_latency=1000", NULL};
  c = cfg(sets3);
  if (run_timing(&k, c, NULL, NULL, 0, &res, &err)) fail_msg("%s", err.msg);
  vs_timing_config_free(c);
  kit_free(&k);
}

static void test_limits(void **state)
{
  (void)state;
  static const char loop[] = "    .text\n    .globl k\nk:\n    li t0, 100000\n1:  addi t0, t0, -1\n"
                             "    bnez t0, 1b\n    ret\n";
  kit k;
  kit_build(&k, loop, "k", 1, 1, 8, 0, 0);
  static const char *const sets[] = {"sim.max_cycles=500", NULL};
  vs_timing_config *c = cfg(sets);
  vs_run_result res;
  vs_error err;
  assert_int_equal(run_timing(&k, c, NULL, NULL, 0, &res, &err), -1);
  assert_int_equal(err.code, VS_E_KERNEL);
  assert_non_null(strstr(err.msg, "cycle limit"));
  assert_non_null(strstr(err.msg, "kernel error in 'k'"));
  vs_timing_config_free(c);
  c = cfg(NULL);
  assert_int_equal(run_timing(&k, c, NULL, NULL, 50, &res, &err), -1);
  assert_int_equal(err.code, VS_E_KERNEL);
  assert_non_null(strstr(err.msg, "instruction limit"));
  /* a work-group that can never be placed */
  k.rec.wg_warps = 16;
  assert_int_equal(run_timing(&k, c, NULL, NULL, 0, &res, &err), -1);
  assert_int_equal(err.code, VS_E_LIMIT);
  assert_non_null(strstr(err.msg, "gpu.warps_per_sm"));
  vs_timing_config_free(c);
  kit_free(&k);
}

/* The observer gets samples; the statistics count every warp-cycle once */
static void test_observer_and_stall_accounting(void **state)
{
  (void)state;
  kit k;
  kit_build(&k, vecadd_src, "vecadd", 4, 4, 16, 0, 3);
  static const char *const sets[] = {"sim.sample_interval=10", "sim.end_latency=0", NULL};
  vs_timing_config *c = cfg(sets);
  rec r;
  memset(&r, 0, sizeof r);
  vs_run_result res;
  vs_error err;
  if (run_timing(&k, c, &r, NULL, 0, &res, &err)) fail_msg("%s", err.msg);
  assert_int_equal(r.st.cycles, res.cycles);
  assert_int_equal(r.st.warp_insns, res.warp_insns);
  assert_int_equal(r.st.stalls[VS_STALL_ISSUED], res.warp_insns); /* single issue per warp */
  assert_int_equal(r.samples, 2 * (res.cycles / 10));
  vs_timing_config_free(c);
  kit_free(&k);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_deterministic_and_skip_exact),
    cmocka_unit_test(test_memory_equals_functional),
    cmocka_unit_test(test_barrier_waits_for_dispatch),
    cmocka_unit_test(test_barrier_fence_waits_for_counters),
    cmocka_unit_test(test_end_waits_for_stores),
    cmocka_unit_test(test_watchdog),
    cmocka_unit_test(test_limits),
    cmocka_unit_test(test_observer_and_stall_accounting),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
