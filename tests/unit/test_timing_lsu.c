/* The load/store unit (src/timing/lsu.c): per-warp coalescing into line
 * requests and the in-order request queue in front of the D-cache.
 * Expected values worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/dcache.h"
#include "timing/lds.h"
#include "timing/lsu.h"
#include "timing_fake.h"

static vs_memacc acc[VS_MEMREC_MAX];
static const vs_memacc *ptr[VS_MEMREC_MAX];

/* n lanes: lane i accesses base + i * stride, size 4 */
static unsigned lanes(unsigned n, uint32_t base, uint32_t stride, int store)
{
  for (unsigned i = 0; i < n; i++) {
    memset(&acc[i], 0, sizeof acc[i]);
    acc[i].addr = base + i * stride;
    acc[i].size = 4;
    acc[i].lane = (uint8_t)i;
    acc[i].is_store = (uint8_t)store;
    ptr[i] = &acc[i];
  }
  return n;
}


static void test_coalescing(void **state)
{
  (void)state;
  vs_lsreq r[VS_MEMREC_MAX];
  /* 8 consecutive words in one 128-byte line: one request */
  unsigned n = lanes(8, 0x1000, 4, 0);
  assert_int_equal(vs_coalesce(ptr, n, 128, r), 1);
  assert_int_equal(r[0].addr, 0x1000);
  assert_int_equal(r[0].kind, VS_REQ_LOAD);
  /* the same with 8-byte lines (the Verilog port): 4 requests */
  assert_int_equal(vs_coalesce(ptr, n, 8, r), 4);
  assert_int_equal(r[3].addr, 0x1018);
  /* straddling a line boundary: 0x1070..0x108c -> 2 lines */
  n = lanes(8, 0x1070, 4, 0);
  assert_int_equal(vs_coalesce(ptr, n, 128, r), 2);
  assert_int_equal(r[0].addr, 0x1000);
  assert_int_equal(r[1].addr, 0x1080);
  /* stride of a line: one request per lane, in lane order */
  n = lanes(8, 0x2000, 128, 0);
  assert_int_equal(vs_coalesce(ptr, n, 128, r), 8);
  assert_int_equal(r[7].addr, 0x2000 + 7 * 128);
  /* all lanes on one word: one request */
  n = lanes(32, 0x3004, 0, 0);
  assert_int_equal(vs_coalesce(ptr, n, 128, r), 1);
  /* stores: bytes written per request */
  n = lanes(16, 0x4000, 4, 1);
  assert_int_equal(vs_coalesce(ptr, n, 32, r), 2);
  assert_int_equal(r[0].kind, VS_REQ_STORE);
  assert_int_equal(r[0].bytes, 32);
  assert_int_equal(r[0].nthreads, 8);
  /* atomics are recorded as a load and a store per thread: one request per
   * line with the number of threads */
  for (unsigned i = 0; i < 4; i++) {
    memset(&acc[2 * i], 0, 2 * sizeof acc[0]);
    acc[2 * i].addr = acc[2 * i + 1].addr = 0x5000;
    acc[2 * i].size = acc[2 * i + 1].size = 4;
    acc[2 * i].is_atomic = acc[2 * i + 1].is_atomic = 1;
    acc[2 * i + 1].is_store = 1;
    ptr[2 * i] = &acc[2 * i];
    ptr[2 * i + 1] = &acc[2 * i + 1];
  }
  assert_int_equal(vs_coalesce(ptr, 8, 128, r), 1);
  assert_int_equal(r[0].kind, VS_REQ_ATOMIC);
  assert_int_equal(r[0].nthreads, 4);
}

/* The LSU handles the oldest instruction: one D-cache request per cycle,
 * retried after a reservation fail; done when its last request is. */
static void test_lsu_queue(void **state)
{
  (void)state;
  fake_mem f = {.lat = 10};
  vs_dcache d;
  vs_lds l;
  vs_lsu u;
  vs_error err;
  assert_int_equal(vs_dcache_init(&d, 4, 1, 16, 1, 2, 1, 2, 0, 0, fake_lower(&f), &err), 0);
  vs_lds_init(&l, 8, 4, 2);
  assert_int_equal(vs_lsu_init(&u, 2, 1, &err), 0);
  vs_lsent *e = vs_lsu_slot(&u);
  memset(e, 0, sizeof *e);
  e->ready_at = 5;
  e->done = 5;
  e->nreq = 2; /* lines 0x00 and 0x10 */
  e->req[0] = (vs_lsreq){0x00, 0, VS_REQ_LOAD, 1};
  e->req[1] = (vs_lsreq){0x10, 0, VS_REQ_LOAD, 1};
  vs_lsu_push(&u);
  uint64_t wake = VS_NEVER;
  int act = 0;
  assert_null(vs_lsu_cycle(&u, &d, &l, 4, &wake, &act));
  assert_int_equal(wake, 5);
  /* 5: first request misses (done 18) */
  assert_null(vs_lsu_cycle(&u, &d, &l, 5, &wake, &act));
  assert_int_equal(e->next, 1);
  /* 6: second needs the only MSHR: reservation fail until 17 */
  act = 0;
  wake = VS_NEVER;
  assert_null(vs_lsu_cycle(&u, &d, &l, 6, &wake, &act));
  assert_false(act);
  assert_int_equal(wake, 17);
  assert_int_equal(u.st.rfail_cycles, 1);
  /* 17: it goes (request at 19, data at 29, done 30) and the instruction completes */
  vs_lsent *x = vs_lsu_cycle(&u, &d, &l, 17, &wake, &act);
  assert_ptr_equal(x, e);
  assert_int_equal(x->done, 30);
  vs_lsu_pop(&u);
  assert_int_equal(u.count, 0);
  /* an LDS-only instruction: 3 passes */
  e = vs_lsu_slot(&u);
  memset(e, 0, sizeof *e);
  e->ready_at = e->done = 40;
  e->lds_passes = 3;
  vs_lsu_push(&u);
  x = vs_lsu_cycle(&u, &d, &l, 40, &wake, &act);
  assert_non_null(x);
  assert_int_equal(x->done, 44);
  vs_lsu_pop(&u);
  vs_lsu_free(&u);
  vs_dcache_free(&d);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_coalescing),
    cmocka_unit_test(test_lsu_queue),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
