/* The work-group dispatcher (dispatch.c): what a work-group needs, launches
 * that can never be placed, placement in round-robin order only where
 * everything fits, resources returned at the end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/dispatch.h"

/* A launch being run as the dispatcher sees it: work-groups of `warps`
 * warps using vgpr / sgpr registers each, and `lds` bytes of local memory
 * per work-group (as the ISA's launch_begin computed it). */
typedef struct launch_ {
  vs_launch l;
  vs_launch_ctx c;
} launch_;

static launch_ *launch(unsigned warps, unsigned vgpr, unsigned sgpr, unsigned lds)
{
  static launch_ x;
  memset(&x, 0, sizeof x);
  x.l.name = "k";
  x.l.wave_size = 8;
  x.l.vgprs = vgpr;
  x.l.sgprs = sgpr;
  x.c.l = &x.l;
  x.c.shape.wg_warps = warps;
  x.c.lds_per_wg = lds;
  x.c.lds_what = "the test's local memory";
  return &x;
}

static void test_requirements(void **state)
{
  (void)state;
  struct vs_timing_config c;
  vs_timing_config_defaults(&c);
  launch_ *l = launch(4, 64, 32, 4096 + 4 * 1024);
  vs_wgreq r;
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(r.warps, 4);
  assert_int_equal(r.vgprs, 256);
  assert_int_equal(r.sgprs, 128);
  assert_int_equal(r.lds, 4096 + 4 * 1024); /* what the launch says */
  c.disp_lds_request = 128;                   /* the Verilog test bench's fixed request */
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(r.lds, 128);
}

static void test_never_fits(void **state)
{
  (void)state;
  struct vs_timing_config c;
  vs_timing_config_defaults(&c);
  vs_error err;
  vs_wgreq r;
  launch_ *l = launch(9, 8, 8, 0);
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(vs_wgreq_check(&c, &l->c, &r, &err), -1);
  assert_int_equal(err.code, VS_E_LIMIT);
  assert_non_null(strstr(err.msg, "gpu.warps_per_sm"));
  c.gpu_vgprs_per_sm = 256;
  l = launch(4, 128, 8, 0);
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(vs_wgreq_check(&c, &l->c, &r, &err), -1);
  assert_non_null(strstr(err.msg, "gpu.vgprs_per_sm"));
  vs_timing_config_defaults(&c);
  l = launch(4, 300, 8, 0);
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(vs_wgreq_check(&c, &l->c, &r, &err), -1);
  assert_non_null(strstr(err.msg, "gpu.max_vgprs_per_warp"));
  l = launch(4, 8, 8, 200000);
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(vs_wgreq_check(&c, &l->c, &r, &err), -1);
  assert_non_null(strstr(err.msg, "lds.size"));
  l = launch(8, 256, 64, 100000);
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(vs_wgreq_check(&c, &l->c, &r, &err), 0);
}

/* Two SMs with 8 warp slots; work-groups of 4 warps: two per SM. */
static void test_round_robin_placement(void **state)
{
  (void)state;
  struct vs_timing_config c;
  vs_timing_config_defaults(&c);
  vs_smres sm[2];
  vs_smres_full(&c, &sm[0]);
  vs_smres_full(&c, &sm[1]);
  launch_ *l = launch(4, 64, 32, 0);
  vs_wgreq r;
  vs_wgreq_of(&c, &l->c, &r);
  unsigned rr = 0;
  assert_int_equal(vs_dispatch_pick(sm, 2, &rr, &r), 0);
  assert_int_equal(vs_dispatch_pick(sm, 2, &rr, &r), 1);
  assert_int_equal(vs_dispatch_pick(sm, 2, &rr, &r), 0);
  assert_int_equal(vs_dispatch_pick(sm, 2, &rr, &r), 1);
  assert_int_equal(sm[0].warps, 0);
  assert_int_equal(sm[0].wg_slots, 6);
  assert_int_equal(sm[0].vgprs, 4096 - 512);
  assert_int_equal(vs_dispatch_pick(sm, 2, &rr, &r), -1); /* nothing fits */
  vs_smres_give(&sm[1], &r);
  assert_int_equal(vs_dispatch_pick(sm, 2, &rr, &r), 1);
  /* a resource other than warps limits: registers */
  vs_smres_full(&c, &sm[0]);
  sm[0].vgprs = 200;
  rr = 0;
  vs_smres_full(&c, &sm[1]);
  assert_int_equal(vs_dispatch_pick(sm, 2, &rr, &r), 1); /* SM 0 lacks registers */
  /* and work-group slots */
  sm[0].vgprs = 4096;
  sm[0].wg_slots = 0;
  rr = 0;
  assert_int_equal(vs_dispatch_pick(sm, 2, &rr, &r), 1);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_requirements),
    cmocka_unit_test(test_never_fits),
    cmocka_unit_test(test_round_robin_placement),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
