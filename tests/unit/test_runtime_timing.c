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
#include <unistd.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "test_runtime_util.h"
#include "ventsim/driver.h"
#include "ventsim/launch.h"

/* Loads the vecadd test program on dev with buffers a, b (n words each) and
 * an output buffer; returns the kernel with its arguments set and the
 * program and output address through pp and dc. */
static vs_kernel *vecadd_setup(vt_device_h dev, const uint32_t *a, const uint32_t *b, size_t n,
                               vs_program **pp, uint32_t *dc)
{
  static tprog t;
  tp_start(&t);
  tp_binop(&t, "vecadd", 0);
  size_t len;
  uint8_t *elf = tp_elf(&t, NULL, 0, &len);
  assert_non_null(elf);
  vs_program *p = vs_program_load_mem(dev, elf, len, "vecadd.elf");
  free(elf);
  assert_non_null(p);
  size_t bytes = n * sizeof *a;
  uint32_t da = vs_buffer_new(p, bytes, a), db = vs_buffer_new(p, bytes, b);
  *dc = vs_buffer_new(p, bytes, NULL);
  vs_kernel *k = vs_kernel_get(p, "vecadd");
  assert_non_null(k);
  assert_int_equal(vs_kernel_set_arg_buffer(k, 0, da), 0);
  assert_int_equal(vs_kernel_set_arg_buffer(k, 1, db), 0);
  assert_int_equal(vs_kernel_set_arg_buffer(k, 2, *dc), 0);
  *pp = p;
  return k;
}

static void test_vecadd_timing(void **state)
{
  (void)state;
  enum { N = 1024 };
  static uint32_t a[N], b[N], c[N];
  for (unsigned i = 0; i < N; i++) {
    a[i] = 3 * i;
    b[i] = 77777u - i;
  }
  vt_device_h dev = NULL;
  assert_int_equal(vt_dev_open(&dev), 0);
  assert_int_equal(vt_ventsim_set(dev, "mode", "timing"), 0);
  vs_program *p;
  uint32_t dc;
  vs_kernel *k = vecadd_setup(dev, a, b, N, &p, &dc);
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

/* Setting timeline: every timing launch of the device goes into one Chrome
 * Trace Event file, completed when the device closes.  Checked: one launch
 * span per launch named after the kernel (pid 0), one work-group span per
 * work-group (tid < 64 of an SM), warp spans, and counters.  In functional
 * mode a launch with a timeline is refused. */
static void test_timeline(void **state)
{
  (void)state;
  enum { N = 8192, WG = 128 }; /* long enough for counter samples (every 1000 cycles) */
  static uint32_t a[N], b[N];
  for (unsigned i = 0; i < N; i++) a[i] = b[i] = i;
  char path[] = "/tmp/vs_timelineXXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  vt_device_h dev = NULL;
  assert_int_equal(vt_dev_open(&dev), 0);
  assert_int_equal(vt_ventsim_set(dev, "timeline", path), 0);
  vs_program *p;
  uint32_t dc;
  vs_kernel *k = vecadd_setup(dev, a, b, N, &p, &dc);
  size_t g = N, l = WG;
  assert_int_not_equal(vs_kernel_launch(k, 1, &g, &l, NULL), 0); /* functional mode */
  assert_non_null(strstr(vt_last_error(), "needs mode timing"));
  assert_int_equal(vt_ventsim_set(dev, "mode", "timing"), 0);
  for (int i = 0; i < 2; i++)
    if (vs_kernel_launch(k, 1, &g, &l, NULL)) fail_msg("%s", vt_last_error());
  vs_program_free(p);
  assert_int_equal(vt_dev_close(dev), 0);

  FILE *f = fopen(path, "r");
  assert_non_null(f);
  static char buf[8 << 20];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  unlink(path);
  assert_true(n > 0 && n < sizeof buf - 1);
  buf[n] = 0;
  cJSON *root = cJSON_Parse(buf);
  assert_non_null(root);
  const cJSON *ev = cJSON_GetObjectItemCaseSensitive(root, "traceEvents");
  assert_true(cJSON_IsArray(ev));
  int launches = 0, wgs = 0, warp_spans = 0, counters = 0;
  const cJSON *e;
  cJSON_ArrayForEach(e, ev) {
    const char *ph = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "ph"));
    const cJSON *pid = cJSON_GetObjectItemCaseSensitive(e, "pid"), *tid = cJSON_GetObjectItemCaseSensitive(e, "tid");
    assert_non_null(ph);
    if (!strcmp(ph, "C")) counters++;
    if (strcmp(ph, "X")) continue;
    if (pid->valueint == 0) {
      launches++;
      assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "name")), "vecadd");
    } else if (tid->valueint < 64) {
      wgs++;
    } else {
      warp_spans++;
    }
  }
  assert_int_equal(launches, 2);
  assert_int_equal(wgs, 2 * (N / WG));
  assert_true(warp_spans >= 2 * (N / WG) * (WG / 32)); /* at least one per warp */
  assert_true(counters > 0);
  cJSON_Delete(root);
}

int main(void)
{
  vt_ventsim_set(NULL, "quiet", "1");
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_vecadd_timing),
    cmocka_unit_test(test_timeline),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
