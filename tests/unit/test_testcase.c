/* The .metadata/.data reader (spec section 8), the dump format, and the
 * install of buffers into device memory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ventsim/testcase.h"

/* Builds a .metadata text: 64-bit values as two lines, low word first. */
static char *meta_text(const uint64_t *v, size_t n)
{
  char *s = malloc(n * 18 + 1), *p = s;
  for (size_t i = 0; i < n; i++)
    p += sprintf(p, "%08x\n%08x\n", (unsigned)(v[i] & 0xffffffffu), (unsigned)(v[i] >> 32));
  return s;
}

/* one launch: 2 work-groups in x, 8 threads, 4 warps; 3 buffers */
static const uint64_t good[] = {
  0x80000000, 7, 2, 1, 1, 8, 4, 0x90001000, 0x1000, 0x40, 64, 64, 0x90002000,
  3,
  0x80000000, 0x90001000, 0x90000000, /* bases      */
  8, 64, 6,                            /* sizes      */
  0x1000, 0x1000, 0x1000               /* allocsizes */
};
static const char good_data[] =
  "00000013\n00100073\n"                       /* 8 bytes  */
  "80000000\n90000000\n00000001\n00000010\n"   /* 64 bytes */
  "00000000\n00000000\n00000000\n00000000\n"
  "00000000\n00000000\n00000000\n00000000\n00000000\n00000000\n"
  "00000000\n00000000\n"
  "04030201\n00000605\n";                      /* 6 bytes  */

static void test_parse_good(void **state)
{
  (void)state;
  char *m = meta_text(good, sizeof good / sizeof good[0]);
  vs_testcase tc;
  vs_error err;
  assert_int_equal(vs_testcase_parse(m, strlen(m), good_data, strlen(good_data), "k", &tc, &err), 0);
  assert_int_equal(tc.rec.start_pc, 0x80000000u);
  assert_int_equal(tc.kernel_id, 7);
  assert_int_equal(tc.rec.grid[0], 2);
  assert_int_equal(tc.rec.warp_threads, 8);
  assert_int_equal(tc.rec.wg_warps, 4);
  assert_int_equal(tc.rec.knl_addr, 0x90001000u);
  assert_int_equal(tc.rec.lds_size, 0x1000);
  assert_int_equal(tc.rec.pds_size, 0x40);
  assert_int_equal(tc.rec.pds_base, 0x90002000u);
  assert_int_equal(tc.nbuf, 3);
  assert_int_equal(tc.buf[2].base, 0x90000000u);
  assert_int_equal(tc.buf[2].size, 6);
  assert_int_equal(tc.nwords, 2 + 16 + 2);
  assert_string_equal(tc.name, "k");
  assert_false(tc.old_format);

  /* install into a device; the 6-byte buffer's bytes are little-endian */
  vs_device *dev;
  assert_int_equal(vs_device_create(&dev, NULL, &err), 0);
  assert_int_equal(vs_testcase_install(dev, &tc, &err), 0);
  uint8_t b[8] = {0};
  assert_int_equal(vs_device_read(dev, 0x90000000u, b, 8, &err), 0);
  static const uint8_t want[8] = {1, 2, 3, 4, 5, 6, 0, 0};
  assert_memory_equal(b, want, 8);
  /* dump: ADDR WORD lines in increasing address order, '#' comments */
  char *out = NULL;
  size_t outlen = 0;
  FILE *f = open_memstream(&out, &outlen);
  assert_int_equal(vs_dump_buffers(dev, tc.buf, tc.nbuf, f, &err), 0);
  fclose(f);
  char *first = strstr(out, "80000000 00000013\n80000004 00100073\n");
  char *third = strstr(out, "90000000 04030201\n90000004 00000605\n");
  char *second = strstr(out, "90001000 80000000\n");
  assert_non_null(first);
  assert_non_null(second);
  assert_non_null(third);
  assert_true(first < third && third < second);
  for (char *line = out; *line; line = strchr(line, '\n') + 1)
    assert_true(line[0] == '#' || (strlen(line) >= 18 && line[8] == ' ' && line[17] == '\n'));
  free(out);
  vs_device_destroy(dev);
  vs_testcase_free(&tc);
  free(m);
}

static void test_old_format(void **state)
{
  (void)state;
  /* without start_addr: 12 values, then num_buffer */
  char *m = meta_text(good + 1, sizeof good / sizeof good[0] - 1);
  vs_testcase tc;
  vs_error err;
  assert_int_equal(vs_testcase_parse(m, strlen(m), good_data, strlen(good_data), "k", &tc, &err), 0);
  assert_true(tc.old_format);
  assert_int_equal(tc.rec.start_pc, 0x80000000u);
  assert_int_equal(tc.kernel_id, 7);
  assert_int_equal(tc.rec.warp_threads, 8);
  vs_testcase_free(&tc);
  free(m);
}

static void expect_error(const uint64_t *v, size_t n, const char *data, const char *fragment)
{
  char *m = meta_text(v, n);
  vs_testcase tc;
  vs_error err;
  int rc = vs_testcase_parse(m, strlen(m), data, strlen(data), "bad", &tc, &err);
  free(m);
  if (rc == 0) {
    vs_testcase_free(&tc);
    fail_msg("accepted input that should fail with '%s'", fragment);
  }
  if (!strstr(err.msg, fragment)) fail_msg("message '%s' lacks '%s'", err.msg, fragment);
}

static void test_errors(void **state)
{
  (void)state;
  uint64_t v[sizeof good / sizeof good[0]];
  size_t n = sizeof good / sizeof good[0];
  /* truncated: odd number of lines */
  {
    char *m = meta_text(good, n);
    m[strlen(m) - 9] = '\0';
    vs_testcase tc;
    vs_error err;
    assert_int_equal(vs_testcase_parse(m, strlen(m), good_data, strlen(good_data), "t", &tc, &err), -1);
    assert_non_null(strstr(err.msg, "pairs of lines"));
    free(m);
  }
  /* garbled word, with its line number */
  {
    vs_testcase tc;
    vs_error err;
    const char *m = "80000000\n0000000g\n";
    assert_int_equal(vs_testcase_parse(m, strlen(m), "", 0, "g", &tc, &err), -1);
    assert_non_null(strstr(err.msg, "g.metadata:2"));
  }
  /* the value count does not fit any layout */
  expect_error(good, n - 1, good_data, "do not form a launch record");
  /* .data too short / too long */
  expect_error(good, n, "00000013\n", "words, but the buffer sizes");
  /* buffer beyond 4 GiB */
  memcpy(v, good, sizeof v);
  v[16] = 0xfffffff0; /* + allocsize 0x1000 */
  expect_error(v, n, good_data, "exceeds the 32-bit address space");
  /* overlapping buffers */
  memcpy(v, good, sizeof v);
  v[16] = 0x90001800;
  expect_error(v, n, good_data, "overlaps buffer");
  /* size larger than allocsize */
  memcpy(v, good, sizeof v);
  v[22] = 4;
  expect_error(v, n, good_data, "larger than buffer_allocsize");
  /* a 64-bit field that does not fit 32 bits */
  memcpy(v, good, sizeof v);
  v[5] = 1ull << 32;
  expect_error(v, n, good_data, "wf_size");
  /* num_buffer absurd */
  memcpy(v, good, sizeof v);
  v[13] = 1u << 30;
  expect_error(v, 14, good_data, "num_buffer");
}

static void test_load_from_files(void **state)
{
  (void)state;
  vs_testcase tc;
  vs_error err;
  assert_int_equal(vs_testcase_load("/nonexistent/x.metadata", &tc, &err), -1);
  assert_non_null(strstr(err.msg, "/nonexistent/x.metadata"));
  assert_int_equal(vs_testcase_load("x.meta", &tc, &err), -1);
  assert_non_null(strstr(err.msg, "ending in .metadata"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_parse_good),
    cmocka_unit_test(test_old_format),
    cmocka_unit_test(test_errors),
    cmocka_unit_test(test_load_from_files),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
