/* Instruction fetch and the I-cache (src/timing/fetch.c) and the per-warp
 * I-buffer (ibuffer.c): hit, miss, merge into a busy MSHR, reservation fails
 * (no MSHR; no replaceable line), round-robin order, fetch groups, stopping
 * at control flow.  Expected values worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/exec.h"
#include "core/isa.h"
#include "isa/ventus/frontend.h"
#include "timing/fetch.h"
#include "timing/profile.h"
#include "timing_fake.h"

#define ADDI 0x00108093u /* addi x1, x1, 1 */
#define JAL  0x0000006fu /* jal x0, 0 (control flow) */

typedef struct fixture {
  vs_mem mem;
  vs_tinfo_cache *tic;
  fake_mem low;
  vs_fetch_unit fe;
  vs_fwarp w[3];
} fixture;

/* I-cache: 4 sets x 1 way x 16-byte lines, 1 MSHR with 2 subentries;
 * fetch groups of 2 instructions; hit 1 + decode 1 cycles; the level below
 * answers after 10 cycles.  Code: addi everywhere except a jal at +0x14. */
static int setup(void **state)
{
  fixture *f = calloc(1, sizeof *f);
  vs_error err;
  assert_int_equal(vs_mem_init(&f->mem, 1ull << 30, &err), 0);
  f->mem.decode_page = vs_decode_page;
  f->mem.decode_ctx = (void *)&vs_isa_ventus;
  assert_int_equal(vs_mem_map(&f->mem, 0x80000000u, 4096, "code", &err), 0);
  for (uint32_t a = 0; a < 0x100; a += 4) {
    uint32_t w = a == 0x14 ? JAL : ADDI;
    assert_int_equal(vs_mem_write(&f->mem, 0x80000000u + a, &w, 4, &err), 0);
  }
  f->tic = calloc(1, sizeof *f->tic);
  f->tic->isa = &vs_isa_ventus;
  f->tic->profile = &vs_tprofile_ventus;
  f->low.lat = 10;
  assert_int_equal(vs_fetch_init(&f->fe, 4, 1, 16, 1, 2, 2, 1, 1, fake_lower(&f->low), &f->mem,
                                 f->tic, &err), 0);
  for (int i = 0; i < 3; i++) {
    vs_ibuf_init(&f->w[i].ib, 2);
    f->w[i].active = 1;
  }
  f->w[0].pc = f->w[1].pc = 0x80000000u;
  f->w[2].pc = 0x80000040u; /* set 0 too */
  f->fe.rr = 2;             /* warp 0 goes first */
  *state = f;
  return 0;
}

static int teardown(void **state)
{
  fixture *f = *state;
  vs_fetch_free(&f->fe);
  vs_mem_destroy(&f->mem);
  free(f->tic);
  free(f);
  return 0;
}

static int cycle(fixture *f, uint64_t now, uint64_t *wake)
{
  *wake = VS_NEVER;
  return vs_fetch_cycle(&f->fe, f->w, 3, now, wake);
}

static void test_hit_miss_merge_rfail(void **state)
{
  fixture *f = *state;
  vs_cache_stats *st = &f->fe.ic->st;
  uint64_t wake;
  /* 0: warp 0 misses; the line is requested at 1 and arrives at 11 */
  assert_true(cycle(f, 0, &wake));
  assert_int_equal(st->misses, 1);
  assert_int_equal(f->w[0].fetch_at, 11);
  assert_true(f->w[0].icwait);
  assert_int_equal(f->low.n, 1);
  assert_int_equal(f->low.req[0].addr, 0x80000000u);
  assert_int_equal(f->low.req[0].t, 1);
  /* 1: warp 1, same line: waits on the MSHR (subentry 2 of 2) */
  assert_true(cycle(f, 1, &wake));
  assert_int_equal(st->pending_hits, 1);
  assert_int_equal(f->w[1].fetch_at, 11);
  /* 2: warp 2, another line: the only MSHR is busy -> reservation fail */
  assert_true(cycle(f, 2, &wake));
  assert_int_equal(st->rfails, 1);
  assert_int_equal(st->rfail_mshr, 1);
  assert_int_equal(wake, 11);
  assert_int_equal(f->w[2].ib.count, 0);
  /* 3: warps 0 and 1 wait for the fill; warp 2 fails again */
  assert_true(cycle(f, 3, &wake));
  assert_int_equal(st->rfails, 2);
  /* 11: warp 0 hits: the aligned group of 2 enters its I-buffer, valid
   * now, ready (decoded) at 13 */
  assert_true(cycle(f, 11, &wake));
  assert_int_equal(st->hits, 1);
  assert_int_equal(f->w[0].ib.count, 2);
  assert_int_equal(f->w[0].pc, 0x80000008u);
  assert_int_equal(vs_ibuf_valid_bits(&f->w[0].ib), 3);
  assert_int_equal(vs_ibuf_ready_bits(&f->w[0].ib, 12), 0);
  assert_int_equal(vs_ibuf_ready_bits(&f->w[0].ib, 13), 3);
  assert_int_equal(vs_ibuf_front(&f->w[0].ib)->pc, 0x80000000u);
  /* 12: warp 1 hits (round robin) */
  assert_true(cycle(f, 12, &wake));
  assert_int_equal(f->w[1].ib.count, 2);
  /* 13: warp 2 misses now: the MSHR is free, the filled line is replaced */
  assert_true(cycle(f, 13, &wake));
  assert_int_equal(st->misses, 2);
  assert_int_equal(st->evictions, 1);
  assert_int_equal(f->w[2].fetch_at, 24);
  /* 14: I-buffers full, warp 2 waiting: nothing to do */
  assert_false(cycle(f, 14, &wake));
  assert_int_equal(wake, 24);
  /* warp 0 issued both: at 15 its next line misses, but the MSHR is busy */
  vs_ibuf_pop(&f->w[0].ib);
  vs_ibuf_pop(&f->w[0].ib);
  assert_true(cycle(f, 15, &wake));
  assert_int_equal(st->rfails, 3);
  /* 24: after warp 0 comes warp 1 (full), then warp 2: its line arrived */
  assert_true(cycle(f, 24, &wake));
  assert_int_equal(f->w[2].ib.count, 2);
  assert_int_equal(st->hits, 3);
}

/* A group stops after a control-flow instruction; nothing more is fetched
 * until the warp is redirected. */
static void test_stop_at_control_flow(void **state)
{
  fixture *f = *state;
  uint64_t wake;
  f->w[1].active = f->w[2].active = 0;
  f->w[0].pc = 0x80000010u; /* addi at +0x10, jal at +0x14 */
  assert_true(cycle(f, 0, &wake));  /* miss */
  assert_true(cycle(f, 11, &wake)); /* hit: addi, jal */
  assert_int_equal(f->w[0].ib.count, 2);
  assert_true(f->w[0].stop);
  vs_ibuf_pop(&f->w[0].ib);
  assert_false(cycle(f, 12, &wake)); /* room, but a jal waits: no fetch */
  assert_int_equal(f->w[0].pc, 0x80000018u);
  vs_fetch_redirect(&f->w[0], 0x80000000u, 20);
  assert_int_equal(f->w[0].ib.count, 0); /* flushed */
  assert_false(cycle(f, 19, &wake));
  assert_int_equal(wake, 20);
  assert_true(cycle(f, 20, &wake));
  assert_int_equal(f->fe.ic->st.misses, 2);
}

/* Two SMs' fetch units sharing one I-cache with 1 bank (icache.sms 2,
 * icache.banks 1): the second SM's fetch of the line the first one missed
 * merges into the first one's MSHR and then hits; lookups of one cycle
 * meet in the bank and the later one waits a cycle. */
static void test_shared_icache(void **state)
{
  fixture *f = *state;
  vs_error err;
  vs_fetch_unit fe2;
  vs_fwarp w2 = {0};
  uint64_t wake = VS_NEVER;
  assert_int_equal(vs_fetch_banks(&f->fe, 1, &err), 0);
  assert_int_equal(vs_fetch_init(&fe2, 4, 1, 16, 1, 2, 2, 1, 1, fake_lower(&f->low), &f->mem,
                                 f->tic, &err), 0);
  vs_fetch_share(&fe2, &f->fe);
  assert_ptr_equal(fe2.ic, f->fe.ic);
  vs_ibuf_init(&w2.ib, 2);
  w2.active = 1;
  w2.pc = 0x80000000u;
  f->w[1].active = f->w[2].active = 0;
  vs_cache_stats *st = &f->fe.ic->st;
  /* 0: SM A's warp misses (bank cycle 0; requested at 1, filled at 11) */
  assert_true(cycle(f, 0, &wake));
  assert_int_equal(f->w[0].fetch_at, 11);
  /* 0: SM B's warp, same line: bank 0 is taken in cycle 0, its lookup is
   * in cycle 1: the line is being filled, a subentry of A's MSHR */
  assert_true(vs_fetch_cycle(&fe2, &w2, 1, 0, &wake));
  assert_int_equal(st->misses, 1);
  assert_int_equal(st->pending_hits, 1);
  assert_int_equal(w2.fetch_at, 11);
  assert_int_equal(st->bank_waits, 1);
  assert_int_equal(st->bank_wait_cycles, 1);
  /* 11: A hits (ready at 11 + 1 + 1 = 13); B, in the same cycle, waits
   * for the bank: hit at 12, ready at 14 */
  assert_true(cycle(f, 11, &wake));
  assert_true(vs_fetch_cycle(&fe2, &w2, 1, 11, &wake));
  assert_int_equal(st->hits, 2);
  assert_int_equal(vs_ibuf_ready_bits(&f->w[0].ib, 13), 3);
  assert_int_equal(vs_ibuf_ready_bits(&w2.ib, 13), 0);
  assert_int_equal(vs_ibuf_ready_bits(&w2.ib, 14), 3);
  assert_int_equal(st->bank_waits, 2);
  assert_int_equal(f->low.n, 1); /* one line read from below for both SMs */
  vs_fetch_free(&fe2);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown(test_hit_miss_merge_rfail, setup, teardown),
    cmocka_unit_test_setup_teardown(test_stop_at_control_flow, setup, teardown),
    cmocka_unit_test_setup_teardown(test_shared_icache, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
