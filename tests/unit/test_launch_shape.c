/* The generic launch (ventsim/sim.h, src/core/launch.c): an NDRange of
 * work-items becomes a grid of work-groups of warps -- partial last
 * work-groups (OpenCL 2.0 non-uniform) and the checks on the sizes.  The
 * expected numbers are worked out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ventsim/sim.h"
#include "ventsim/ventus_launch.h"

static vs_launch mk(unsigned dims, uint64_t g0, uint64_t g1, uint64_t g2, uint32_t l0, uint32_t l1,
                    uint32_t l2, uint32_t wave)
{
  vs_launch l;
  memset(&l, 0, sizeof l);
  l.name = "k";
  l.dims = dims;
  l.global[0] = g0, l.global[1] = g1, l.global[2] = g2;
  l.local[0] = l0, l.local[1] = l1, l.local[2] = l2;
  l.wave_size = wave;
  return l;
}

static void test_shapes(void **state)
{
  (void)state;
  vs_launch_shape s;
  vs_error err;
  /* 1-D: 1000 work-items in groups of 256 = 4 groups (the last has 232),
   * 256 / 64 = 4 warps of a whole group */
  vs_launch l = mk(1, 1000, 0, 0, 256, 0, 0, 64);
  assert_int_equal(vs_launch_shape_of(&l, &s, &err), 0);
  assert_int_equal(s.groups[0], 4);
  assert_int_equal(s.groups[1], 1);
  assert_int_equal(s.groups[2], 1);
  assert_int_equal(s.nwg, 4);
  assert_int_equal(s.wg_items, 256);
  assert_int_equal(s.wg_warps, 4);
  /* 2-D: 100 x 30 in 16 x 8 groups: 7 x 4 = 28 groups of 128 items, in
   * warps of 32: 4 warps (unused dimension 3 counts as 1) */
  l = mk(2, 100, 30, 77, 16, 8, 99, 32);
  assert_int_equal(vs_launch_shape_of(&l, &s, &err), 0);
  assert_int_equal(s.groups[0], 7);
  assert_int_equal(s.groups[1], 4);
  assert_int_equal(s.groups[2], 1);
  assert_int_equal(s.nwg, 28);
  assert_int_equal(s.wg_items, 128);
  assert_int_equal(s.wg_warps, 4);
  /* a work-group that does not fill its last warp: 3 x 3 x 3 = 27 items
   * in warps of 8: 4 warps, the last with 3 lanes */
  l = mk(3, 3, 3, 3, 3, 3, 3, 8);
  assert_int_equal(vs_launch_shape_of(&l, &s, &err), 0);
  assert_int_equal(s.nwg, 1);
  assert_int_equal(s.wg_warps, 4);
}

static void test_bad_shapes(void **state)
{
  (void)state;
  vs_launch_shape s;
  vs_error err;
  vs_launch l = mk(0, 8, 1, 1, 8, 1, 1, 8);
  assert_int_equal(vs_launch_shape_of(&l, &s, &err), -1);
  assert_non_null(strstr(err.msg, "kernel 'k': 0 dimensions"));
  l = mk(1, 8, 1, 1, 8, 1, 1, 65);
  assert_int_equal(vs_launch_shape_of(&l, &s, &err), -1);
  assert_non_null(strstr(err.msg, "a warp of 65 lanes (1..64)"));
  l = mk(1, 0, 1, 1, 8, 1, 1, 8);
  assert_int_equal(vs_launch_shape_of(&l, &s, &err), -1);
  assert_non_null(strstr(err.msg, "global size 0 in dimension 0"));
  l = mk(2, 8, 8, 1, 8, 0, 1, 8);
  assert_int_equal(vs_launch_shape_of(&l, &s, &err), -1);
  assert_non_null(strstr(err.msg, "work-group size 0 in dimension 1"));
  /* 33 warps of 32 lanes: more than VS_MAX_WG_WARPS */
  l = mk(1, 33 * 32, 1, 1, 33 * 32, 1, 1, 32);
  assert_int_equal(vs_launch_shape_of(&l, &s, &err), -1);
  assert_non_null(strstr(err.msg, "more than 32 warps"));
  /* 2^24 + 1 work-groups */
  l = mk(1, (1ull << 24) + 1, 1, 1, 1, 1, 1, 1);
  assert_int_equal(vs_launch_shape_of(&l, &s, &err), -1);
  assert_non_null(strstr(err.msg, "more than 16777216 work-groups"));
}

/* A Ventus record as a generic launch: grid x (threads x warps) work-items */
static void test_ventus_record(void **state)
{
  (void)state;
  vs_ventus_record r;
  memset(&r, 0, sizeof r);
  r.start_pc = 0x80000000u;
  r.grid[0] = 5, r.grid[1] = 2, r.grid[2] = 3;
  r.warp_threads = 16;
  r.wg_warps = 4;
  r.lds_size = 512;
  r.pds_size = 32;
  r.pds_base = 0xa0000000u;
  vs_ventus_abi abi;
  vs_launch l;
  vs_error err;
  assert_int_equal(vs_ventus_launch(&r, "v", &abi, &l, &err), 0);
  assert_int_equal(l.dims, 3);
  assert_int_equal(l.global[0], 5 * 64);
  assert_int_equal(l.local[0], 64);
  assert_int_equal(l.wave_size, 16);
  assert_int_equal(l.lds_bytes, 512);
  assert_int_equal(l.private_bytes, 32);
  assert_ptr_equal(vs_ventus_record_of(&l), &abi.rec);
  vs_launch_shape s;
  assert_int_equal(vs_launch_shape_of(&l, &s, &err), 0);
  assert_int_equal(s.groups[0], 5);
  assert_int_equal(s.groups[1], 2);
  assert_int_equal(s.groups[2], 3);
  assert_int_equal(s.wg_warps, 4);
  /* a launch without the ABI block is not a Ventus launch */
  vs_launch g = l;
  g.abi = NULL;
  assert_null(vs_ventus_record_of(&g));
  /* the record's checks name the .metadata field */
  r.warp_threads = 33;
  assert_int_equal(vs_ventus_launch(&r, "v", &abi, &l, &err), -1);
  assert_non_null(strstr(err.msg, "kernel 'v': 33 threads per warp (wf_size) is outside 1..32"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_shapes),
    cmocka_unit_test(test_bad_shapes),
    cmocka_unit_test(test_ventus_record),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
