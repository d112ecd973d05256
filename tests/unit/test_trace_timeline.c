/* The timeline writer (src/trace/timeline.c) driven with hand-made observer
 * events: spans and their times, launches one after another on one time
 * axis, the window (clipping), the event limit, a launch that never ends,
 * names escaped, window parsing.  The output is parsed with cJSON. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "ventsim/timeline.h"

static vs_launch mk_launch(const char *name)
{
  vs_launch l;
  memset(&l, 0, sizeof l);
  l.name = name; /* one work-group of one warp of 8 lanes */
  l.dims = 1;
  l.global[0] = l.local[0] = 8;
  l.wave_size = 8;
  return l;
}

/* One launch on SM 0 (1 work-group, 1 warp in slot 2), cycles relative to
 * the launch:
 *   wg 5 on wg slot 1: [10, 25)
 *   warp: run [12,15), scoreboard [15,20), run [20,22), drain [22,24)
 *   sample at cycle 20 (interval 10): ipc 0.5, 3 warps, 7 requests
 *   launch: 30 cycles */
static void one_launch(vs_timing_observer *o, const char *name)
{
  vs_launch l = mk_launch(name);
  o->launch_begin(o->ctx, &l, 1, 8);
  o->wg_start(o->ctx, 0, 1, 5, 10);
  o->warp_state(o->ctx, 0, 2, 5, 0, VS_TW_STARTED, 0, 12);
  o->warp_state(o->ctx, 0, 2, 5, 0, VS_TW_RUNNING, VS_STALL_ISSUED, 12);
  o->warp_state(o->ctx, 0, 2, 5, 0, VS_TW_STALLED, VS_STALL_SCOREBOARD, 15);
  vs_timing_sample s = {20, 10, 0, 5, 0.5, 3, 1, 7};
  o->sample(o->ctx, &s);
  o->warp_state(o->ctx, 0, 2, 5, 0, VS_TW_RUNNING, VS_STALL_ISSUED, 20);
  o->warp_state(o->ctx, 0, 2, 5, 0, VS_TW_STALLED, VS_STALL_DRAIN, 22);
  o->warp_state(o->ctx, 0, 2, 5, 0, VS_TW_ENDED, 0, 24);
  o->wg_end(o->ctx, 0, 1, 5, 25);
  vs_timing_stats st;
  memset(&st, 0, sizeof st);
  st.cycles = 30;
  o->launch_end(o->ctx, &l, &st);
}

typedef struct trace {
  cJSON *doc;
  cJSON *ev; /* traceEvents */
} trace;

/* Runs fn against a timeline with options o; returns the parsed trace. */
static trace run(const vs_timeline_options *o, void (*fn)(vs_timing_observer *))
{
  FILE *f = tmpfile();
  assert_non_null(f);
  vs_timeline *tl = NULL;
  vs_error err;
  assert_int_equal(vs_timeline_create(&tl, f, o, &err), 0);
  fn(vs_timeline_observer(tl));
  assert_int_equal(vs_timeline_finish(tl, &err), 0);
  vs_timeline_free(tl);
  long n = ftell(f);
  rewind(f);
  char *buf = malloc((size_t)n + 1);
  assert_non_null(buf);
  assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
  buf[n] = 0;
  fclose(f);
  trace t;
  t.doc = cJSON_Parse(buf);
  free(buf);
  assert_non_null(t.doc);
  t.ev = cJSON_GetObjectItem(t.doc, "traceEvents");
  assert_true(cJSON_IsArray(t.ev));
  return t;
}

static double num(const cJSON *o, const char *k)
{
  const cJSON *x = cJSON_GetObjectItem(o, k);
  assert_true(cJSON_IsNumber(x));
  return x->valuedouble;
}

/* The X event named `name` on pid/tid starting at ts; its duration, or -1 */
static double span(const trace *t, int pid, int tid, const char *name, double ts)
{
  const cJSON *e;
  cJSON_ArrayForEach(e, t->ev)
  {
    const cJSON *ph = cJSON_GetObjectItem(e, "ph");
    if (strcmp(ph->valuestring, "X") || num(e, "pid") != pid || num(e, "tid") != tid ||
        num(e, "ts") != ts || strcmp(cJSON_GetObjectItem(e, "name")->valuestring, name))
      continue;
    return num(e, "dur");
  }
  return -1;
}

static int count(const trace *t, const char *ph)
{
  int n = 0;
  const cJSON *e;
  cJSON_ArrayForEach(e, t->ev) n += !strcmp(cJSON_GetObjectItem(e, "ph")->valuestring, ph);
  return n;
}

static double counter(const trace *t, const char *name, double ts)
{
  const cJSON *e;
  cJSON_ArrayForEach(e, t->ev)
  {
    if (strcmp(cJSON_GetObjectItem(e, "ph")->valuestring, "C") ||
        strcmp(cJSON_GetObjectItem(e, "name")->valuestring, name) || num(e, "ts") != ts)
      continue;
    return num(cJSON_GetObjectItem(e, "args"), "value");
  }
  return -1;
}

static const cJSON *other(const trace *t, const char *k)
{
  return cJSON_GetObjectItem(cJSON_GetObjectItem(t->doc, "otherData"), k);
}

static void two_launches(vs_timing_observer *o)
{
  one_launch(o, "first");
  one_launch(o, "sec\"ond\\");
}

/* UTF-8 names are written as UTF-8 (not one \u00XX per byte): Cyrillic,
 * CJK (乘影) and a 4-byte character; control characters are escaped */
static const char utf8_name[] = "\xd1\x8f\xd0\xb4\xd1\x80\xd0\xbe_\xe4\xb9\x98\xe5\xbd\xb1_\xf0\x9f\x9a\x80\x01\x7f";

static void utf8_launch(vs_timing_observer *o)
{
  one_launch(o, utf8_name);
}

static void test_utf8(void **state)
{
  (void)state;
  trace t = run(NULL, utf8_launch);
  assert_true(span(&t, 0, 0, utf8_name, 0) == 30); /* read back byte for byte */
  cJSON_Delete(t.doc);
}

static void test_spans(void **state)
{
  (void)state;
  trace t = run(NULL, two_launches);
  for (int k = 0; k < 2; k++) { /* the second launch starts at 30 */
    double b = 30.0 * k;
    assert_true(span(&t, 1, 1, "wg 5", b + 10) == 15); /* SM 0 = pid 1, wg slot 1 = tid 1 */
    assert_true(span(&t, 1, 66, "run", b + 12) == 3);   /* warp slot 2 = tid 66 */
    assert_true(span(&t, 1, 66, "scoreboard", b + 15) == 5);
    assert_true(span(&t, 1, 66, "run", b + 20) == 2);
    assert_true(span(&t, 1, 66, "drain", b + 22) == 2);
    assert_true(counter(&t, "ipc", b + 10) == 0.5); /* at the interval's start */
    assert_true(counter(&t, "active_warps", b + 20) == 3);
    assert_true(counter(&t, "outstanding_mem", b + 20) == 7);
  }
  assert_true(span(&t, 0, 0, "first", 0) == 30);
  assert_true(span(&t, 0, 0, "sec\"ond\\", 30) == 30); /* escaped and read back */
  assert_int_equal(count(&t, "X"), 2 * 6);
  assert_int_equal(count(&t, "C"), 2 * 3);
  /* names: GPU and SM 0 (2 records each), launches, wg slot 1, warp slot 2, tid 0 of SM 0 */
  assert_int_equal(count(&t, "M"), 2 * 2 + 4 * 2);
  assert_true(num(cJSON_GetObjectItem(t.doc, "otherData"), "events") == 18);
  assert_true(cJSON_IsFalse(other(&t, "truncated")));
  assert_string_equal(cJSON_GetObjectItem(t.doc, "displayTimeUnit")->valuestring, "ms");
  cJSON_Delete(t.doc);
}

static void test_window(void **state)
{
  (void)state;
  vs_timeline_options o = {14, 21, 0};
  trace t = run(&o, two_launches);
  /* first launch, clipped to [14, 21) */
  assert_true(span(&t, 1, 1, "wg 5", 14) == 7);
  assert_true(span(&t, 1, 66, "run", 14) == 1);
  assert_true(span(&t, 1, 66, "scoreboard", 15) == 5);
  assert_true(span(&t, 1, 66, "run", 20) == 1);
  assert_true(span(&t, 0, 0, "first", 14) == 7);
  assert_true(counter(&t, "active_warps", 20) == 3);
  assert_true(counter(&t, "ipc", 10) == -1); /* before the window */
  assert_int_equal(count(&t, "X"), 5);       /* nothing of the second launch */
  assert_int_equal(count(&t, "C"), 2);
  cJSON_Delete(t.doc);
}

static void test_limit(void **state)
{
  (void)state;
  vs_timeline_options o = {0, 0, 4};
  trace t = run(&o, two_launches);
  /* events in the order they complete: run [12,15), the 3 counters at 20,
   * then scoreboard [15,20) is one too many */
  assert_int_equal(count(&t, "X") + count(&t, "C"), 4);
  assert_true(span(&t, 1, 66, "run", 12) == 3);
  assert_true(counter(&t, "ipc", 10) == 0.5);
  assert_true(counter(&t, "active_warps", 20) == 3);
  assert_true(counter(&t, "outstanding_mem", 20) == 7);
  assert_true(span(&t, 1, 66, "scoreboard", 15) == -1);
  assert_true(span(&t, 0, 0, "first", 0) == -1);
  assert_true(cJSON_IsTrue(other(&t, "truncated")));
  assert_true(num(cJSON_GetObjectItem(t.doc, "otherData"), "truncated_at_cycle") == 20);
  cJSON_Delete(t.doc);
}

static void unfinished(vs_timing_observer *o)
{
  vs_launch l = mk_launch("st\xc3\xb6p\xe9" "d"); /* \xe9 is not UTF-8: U+FFFD */
  o->launch_begin(o->ctx, &l, 2, 8);
  o->wg_start(o->ctx, 1, 0, 3, 10);
  o->warp_state(o->ctx, 1, 0, 3, 0, VS_TW_STARTED, 0, 11);
  o->warp_state(o->ctx, 1, 0, 3, 0, VS_TW_STALLED, VS_STALL_BARRIER, 11);
  o->warp_state(o->ctx, 1, 0, 3, 0, VS_TW_RUNNING, VS_STALL_ISSUED, 40); /* last seen: 40 */
}

static void test_unfinished(void **state)
{
  (void)state;
  trace t = run(NULL, unfinished);
  assert_true(span(&t, 2, 0, "wg 3", 10) == 30); /* closed at the last cycle seen */
  assert_true(span(&t, 2, 64, "barrier", 11) == 29);
  assert_true(span(&t, 0, 0, "st\xc3\xb6p\xef\xbf\xbd" "d", 0) == 40); /* read back as UTF-8 */
  assert_int_equal(count(&t, "X"), 3); /* the run span [40, 40) is empty */
  const cJSON *e;
  int marked = 0;
  cJSON_ArrayForEach(e, t.ev)
  {
    const cJSON *a = cJSON_GetObjectItem(e, "args");
    marked += cJSON_IsTrue(cJSON_GetObjectItem(a, "unfinished"));
  }
  assert_int_equal(marked, 2); /* the work-group and the launch */
  cJSON_Delete(t.doc);
}

static void test_parse_window(void **state)
{
  (void)state;
  vs_timeline_options o = {0, 0, 0};
  vs_error err;
  assert_int_equal(vs_timeline_parse_window("100:200", &o, &err), 0);
  assert_true(o.window_start == 100 && o.window_end == 200);
  assert_int_equal(vs_timeline_parse_window("7:", &o, &err), 0);
  assert_true(o.window_start == 7 && o.window_end == 0);
  assert_int_equal(vs_timeline_parse_window(":9", &o, &err), 0);
  assert_true(o.window_start == 0 && o.window_end == 9);
  const char *bad[] = {"", ":", "5", "9:9", "9:3", "a:4", "1:b", "-1:5", "1:2:3",
                       "123456789012345678901234567890123:1"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    err.code = 0;
    assert_int_equal(vs_timeline_parse_window(bad[i], &o, &err), -1);
    assert_int_equal(err.code, VS_E_USAGE);
    assert_non_null(strstr(err.msg, "window"));
  }
  vs_timeline *tl = NULL;
  vs_timeline_options w = {50, 50, 0};
  assert_int_equal(vs_timeline_create(&tl, stdout, &w, &err), -1);
  assert_null(tl);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_spans),
    cmocka_unit_test(test_utf8),
    cmocka_unit_test(test_window),
    cmocka_unit_test(test_limit),
    cmocka_unit_test(test_unfinished),
    cmocka_unit_test(test_parse_window),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
