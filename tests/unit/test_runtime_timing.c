/* Launches through the driver in timing mode (VENTSIM_MODE=timing): the
 * launch runs on the timing model (vs_run_options.timing), computes the
 * same result as in functional mode, and its cycles reach the counters.
 * Kept apart from test_runtime so that a problem in the timing model does
 * not hide the driver's own tests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_runtime_util.h"
#include "ventsim/driver.h"
#include "ventsim/launch.h"

static void test_vecadd_timing(void **state)
{
  (void)state;
  enum { N = 1024 };
  static uint32_t a[N], b[N], c[N];
  for (unsigned i = 0; i < N; i++) {
    a[i] = 3 * i;
    b[i] = 77777u - i;
  }
  static tprog t;
  tp_start(&t);
  tp_binop(&t, "vecadd", 0);
  size_t len;
  uint8_t *elf = tp_elf(&t, NULL, 0, &len);
  assert_non_null(elf);
  vt_device_h dev = NULL;
  assert_int_equal(vt_dev_open(&dev), 0);
  assert_int_equal(vt_ventsim_set(dev, "mode", "timing"), 0);
  vs_program *p = vs_program_load_mem(dev, elf, len, "timing.elf");
  free(elf);
  assert_non_null(p);
  uint32_t da = vs_buffer_new(p, sizeof a, a), db = vs_buffer_new(p, sizeof b, b), dc = vs_buffer_new(p, sizeof c, NULL);
  vs_kernel *k = vs_kernel_get(p, "vecadd");
  assert_non_null(k);
  assert_int_equal(vs_kernel_set_arg_buffer(k, 0, da), 0);
  assert_int_equal(vs_kernel_set_arg_buffer(k, 1, db), 0);
  assert_int_equal(vs_kernel_set_arg_buffer(k, 2, dc), 0);
  size_t g = N, l = 128;
  vs_run_result r;
  vs_launch_opts o;
  memset(&o, 0, sizeof o);
  o.result = &r;
  if (vs_kernel_launch(k, 1, &g, &l, &o)) fail_msg("%s", vt_last_error());
  assert_true(r.cycles > 0);
  assert_int_equal(vs_buffer_read(p, dc, c, sizeof c), 0);
  for (unsigned i = 0; i < N; i++) assert_int_equal(c[i], a[i] + b[i]);
  char *txt = NULL;
  size_t tlen = 0;
  FILE *f = open_memstream(&txt, &tlen);
  assert_int_equal(vt_dump_perf(dev, f), 0);
  fclose(f);
  assert_non_null(strstr(txt, "mode timing"));
  assert_null(strstr(txt, " 0 cycles,"));
  free(txt);
  vs_program_free(p);
  assert_int_equal(vt_dev_close(dev), 0);
}

int main(void)
{
  vt_ventsim_set(NULL, "quiet", "1");
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_vecadd_timing),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
