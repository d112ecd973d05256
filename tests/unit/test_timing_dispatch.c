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

static int pick(vs_smres *sms, unsigned n, unsigned *rr, const vs_wgreq *r)
{
  vs_wgplace at = {99, 99, 99, 99};
  int i = vs_dispatch_pick(sms, n, rr, r, &at);
  if (i >= 0) { /* one SM: its own slot and local memory */
    assert_int_equal(at.first, (unsigned)i);
    assert_int_equal(at.slot_sm, (unsigned)i);
    assert_int_equal(at.lds_sm, (unsigned)i);
  }
  return i;
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
  assert_int_equal(pick(sm, 2, &rr, &r), 0);
  assert_int_equal(pick(sm, 2, &rr, &r), 1);
  assert_int_equal(pick(sm, 2, &rr, &r), 0);
  assert_int_equal(pick(sm, 2, &rr, &r), 1);
  assert_int_equal(sm[0].warps, 0);
  assert_int_equal(sm[0].wg_slots, 6);
  assert_int_equal(sm[0].vgprs, 4096 - 512);
  assert_int_equal(pick(sm, 2, &rr, &r), -1); /* nothing fits */
  vs_dispatch_give(sm, &(vs_wgplace){1, 0, 1, 1}, &r);
  assert_int_equal(pick(sm, 2, &rr, &r), 1);
  /* a resource other than warps limits: registers */
  vs_smres_full(&c, &sm[0]);
  sm[0].vgprs = 200;
  rr = 0;
  vs_smres_full(&c, &sm[1]);
  assert_int_equal(pick(sm, 2, &rr, &r), 1); /* SM 0 lacks registers */
  /* and work-group slots */
  sm[0].vgprs = 4096;
  sm[0].wg_slots = 0;
  rr = 0;
  assert_int_equal(pick(sm, 2, &rr, &r), 1);
}

/* gpu.vgpr_lanes (RDNA3, docs/amd-hardware.md section 7 item 4): registers
 * counted 32 lanes wide, granules of 24; a wave64 wave with V registers
 * uses twice the file of a wave32 one. */
static void test_vgpr_lanes(void **state)
{
  (void)state;
  struct vs_timing_config c;
  vs_timing_config_defaults(&c);
  c.gpu_vgpr_lanes = 32;
  c.gpu_vgpr_granule = 24;
  c.gpu_vgprs_per_sm = 3072;
  c.gpu_warps_per_sm = 32;
  c.gpu_wg_slots_per_sm = 16;
  vs_wgreq r;
  launch_ *l = launch(2, 192, 8, 0);
  l->l.wave_size = 32;
  vs_wgreq_of(&c, &l->c, &r);
  /* wave32: 192 x 32 lane-registers in granules of 24 x 32 = 768: 8
   * granules = 192 registers a warp, 384 a work-group of 2 */
  assert_int_equal(r.warp_vgprs, 192);
  assert_int_equal(r.vgprs, 384);
  vs_smres sm;
  vs_smres_full(&c, &sm);
  unsigned rr = 0, n32 = 0, n64 = 0;
  while (pick(&sm, 1, &rr, &r) == 0) n32++;
  assert_int_equal(n32, 8); /* 3072 / 384 (16 warps of 32 slots, 8 of 16 work-group slots) */
  l->l.wave_size = 64;
  vs_wgreq_of(&c, &l->c, &r);
  /* wave64: 192 x 64 = 12288 lane-registers = 16 granules = 384 registers */
  assert_int_equal(r.warp_vgprs, 384);
  vs_smres_full(&c, &sm);
  while (pick(&sm, 1, &rr, &r) == 0) n64++;
  assert_int_equal(n64, 4); /* 3072 / 768: half as many */
  /* the granule in wave64 is 12 wave64 registers: 12 -> 24, 13 -> 48 */
  l->l.vgprs = 12;
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(r.warp_vgprs, 24);
  l->l.vgprs = 13;
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(r.warp_vgprs, 48);
  l->l.wave_size = 32; /* wave32: 13 -> one granule of 24 */
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(r.warp_vgprs, 24);
  /* gpu.vgpr_lanes = 0 (Ventus, gfx9): a warp's registers whatever its size */
  vs_timing_config_defaults(&c);
  l = launch(2, 192, 8, 0);
  l->l.wave_size = 64;
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(r.warp_vgprs, 192);
}

/* WGP mode: a work-group of 5 warps spread over the 2 SMs of a group
 * (gpu.sms_per_wgp = 2, vs_launch.wg_sms = 2): 3 warps (0, 2, 4) on one SM
 * and 2 (1, 3) on the other, which SM first taking turns like the SMs of
 * the round robin; the work-group slot and the local memory from the first
 * SM of the two (in that order) with room (a WGP's barriers and LDS are
 * one). */
static void test_wgp_span(void **state)
{
  (void)state;
  struct vs_timing_config c;
  vs_timing_config_defaults(&c);
  c.gpu_sms_per_wgp = 2;
  c.gpu_wg_slots_per_sm = 1;
  c.lds_size = 1500;
  vs_wgreq r;
  launch_ *l = launch(5, 64, 8, 1000);
  l->l.wg_sms = 2;
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(r.span, 2);
  assert_int_equal(r.warps_on[0], 3);
  assert_int_equal(r.warps_on[1], 2);
  assert_int_equal(r.vgprs_on[0], 3 * 64);
  assert_int_equal(r.vgprs_on[1], 2 * 64);
  vs_smres sm[4];
  for (int i = 0; i < 4; i++) vs_smres_full(&c, &sm[i]);
  unsigned rr = 0;
  vs_wgplace at;
  /* A: 3 warps on SM 0, 2 on SM 1; SM 0's slot and LDS */
  assert_int_equal(vs_dispatch_pick(sm, 4, &rr, &r, &at), 0);
  assert_int_equal(at.rot, 0);
  assert_int_equal(at.slot_sm, 0);
  assert_int_equal(at.lds_sm, 0);
  /* B: the same pair rotated: 3 on SM 1, 2 on SM 0; SM 1's slot and LDS
   * (SM 0 has none and 500 bytes) */
  assert_int_equal(vs_dispatch_pick(sm, 4, &rr, &r, &at), 0);
  assert_int_equal(at.rot, 1);
  assert_int_equal(at.slot_sm, 1);
  assert_int_equal(at.lds_sm, 1);
  assert_int_equal(sm[0].warps, 8 - 3 - 2);
  assert_int_equal(sm[1].warps, 8 - 2 - 3);
  assert_int_equal(sm[0].wg_slots, 0);
  assert_int_equal(sm[1].wg_slots, 0);
  assert_int_equal(sm[0].lds, 500);
  assert_int_equal(sm[1].lds, 500);
  /* C, D on SMs 2, 3 */
  assert_int_equal(vs_dispatch_pick(sm, 4, &rr, &r, &at), 2);
  assert_int_equal(vs_dispatch_pick(sm, 4, &rr, &r, &at), 2);
  assert_int_equal(at.slot_sm, 3);
  /* warps would fit (3 + 3 left) but no work-group slot is free */
  assert_int_equal(vs_dispatch_pick(sm, 4, &rr, &r, &at), -1);
  vs_dispatch_give(sm, &(vs_wgplace){0, 1, 1, 1}, &r); /* B ends */
  assert_int_equal(sm[0].warps, 8 - 3);
  assert_int_equal(sm[1].warps, 8 - 2);
  assert_int_equal(sm[1].wg_slots, 1);
  assert_int_equal(sm[1].lds, 1500);
  rr = 1;
  assert_int_equal(vs_dispatch_pick(sm, 4, &rr, &r, &at), 0);
  assert_int_equal(at.rot, 1);
  assert_int_equal(at.slot_sm, 1);
  /* one-warp work-groups alternate between the two SMs */
  l = launch(1, 64, 8, 0);
  l->l.wg_sms = 2;
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(r.warps_on[0], 1);
  assert_int_equal(r.warps_on[1], 0);
  vs_smres_full(&c, &sm[0]);
  vs_smres_full(&c, &sm[1]);
  rr = 0;
  assert_int_equal(vs_dispatch_pick(sm, 2, &rr, &r, &at), 0);
  assert_int_equal(vs_dispatch_pick(sm, 2, &rr, &r, &at), 0);
  assert_int_equal(sm[0].warps, 7);
  assert_int_equal(sm[1].warps, 7);
  /* the launch spreads over no more SMs than a group has */
  c.gpu_sms_per_wgp = 1;
  l = launch(5, 64, 8, 1000);
  l->l.wg_sms = 2;
  vs_wgreq_of(&c, &l->c, &r);
  assert_int_equal(r.span, 1);
  assert_int_equal(r.warps_on[0], 5);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_requirements),
    cmocka_unit_test(test_never_fits),
    cmocka_unit_test(test_round_robin_placement),
    cmocka_unit_test(test_vgpr_lanes),
    cmocka_unit_test(test_wgp_span),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
