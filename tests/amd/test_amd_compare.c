/* The AMD corpus's own machinery: the case parser's errors, the input
 * generators (xorshift64* against values computed by hand from its
 * definition, binary16 rounding against the IEEE 754 definition), and every
 * comparison rule and property on results built here that pass and results
 * that must fail. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tcase.h"
#include "tcompare.h"
#include "tresult.h"

/* writes TEXT to a temporary NAME.json and loads it */
static int load_text(const char *text, tc_case *c, char *err, size_t n)
{
  char dir[] = "/tmp/amdcase_XXXXXX", path[64];
  assert_non_null(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/case.json", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  assert_int_equal(fputs(text, f) >= 0, 1);
  fclose(f);
  int r = tc_case_load(path, c, err, n);
  unlink(path);
  rmdir(dir);
  return r;
}

static void test_parse_errors(void **state)
{
  (void)state;
  tc_case c;
  char err[512];
  assert_int_equal(load_text("{\"build\": \"x\",", &c, err, sizeof err), -1);
  assert_non_null(strstr(err, "not valid JSON"));
  assert_non_null(strstr(err, "/tmp/amdcase_"));
  assert_int_equal(load_text("{\"build\": \"x\", \"bogus\": 1, \"buffers\": [], \"launches\": []}", &c, err, sizeof err), -1);
  assert_non_null(strstr(err, "unknown key 'bogus'"));
  assert_int_equal(load_text("{\"build\": \"x\", \"buffers\": [{\"name\": \"a\", \"type\": \"int\", \"count\": 4, "
                             "\"compare\": {\"ulp\": 2}}], \"launches\": [{\"kernel\": \"k\", \"global\": [4], "
                             "\"args\": [\"a\"]}]}", &c, err, sizeof err), -1);
  assert_non_null(strstr(err, "floating-point buffers only"));
  assert_int_equal(load_text("{\"build\": \"x\", \"buffers\": [{\"name\": \"a\", \"type\": \"int\", \"count\": 4, "
                             "\"compare\": \"exact\"}], \"launches\": [{\"kernel\": \"k\", \"global\": [4], "
                             "\"args\": [\"b\"]}]}", &c, err, sizeof err), -1);
  assert_non_null(strstr(err, "no buffer named 'b'"));
  assert_int_equal(load_text("{\"build\": \"x\", \"buffers\": [{\"name\": \"a\", \"type\": \"int\", \"count\": 4}], "
                             "\"launches\": [{\"kernel\": \"k\", \"global\": [4], \"args\": [\"a\"]}]}",
                             &c, err, sizeof err), -1);
  assert_non_null(strstr(err, "nothing is compared"));
}

static void test_struct_layout(void **state)
{
  (void)state;
  tc_case c;
  char err[512];
  /* char, int, short, double: offsets 0, 4, 8, 16; size 24 (C rules) */
  assert_int_equal(load_text("{\"build\": \"x\", \"buffers\": [{\"name\": \"a\", \"type\": \"int\", \"count\": 1, "
                             "\"compare\": \"exact\"}], \"launches\": [{\"kernel\": \"k\", \"global\": [1], "
                             "\"args\": [{\"struct\": [{\"char\": -2}, {\"int\": 7}, {\"short\": 3}, "
                             "{\"double\": 1.5}]}, {\"int3\": [1, 2, 3]}, {\"ulong\": \"0xfedcba9876543210\"}]}]}",
                             &c, err, sizeof err), 0);
  const tc_arg *a = c.launches[0].args;
  assert_int_equal(a[0].size, 24);
  assert_int_equal((int8_t)a[0].bytes[0], -2);
  int32_t i;
  int16_t s;
  double d;
  memcpy(&i, a[0].bytes + 4, 4);
  memcpy(&s, a[0].bytes + 8, 2);
  memcpy(&d, a[0].bytes + 16, 8);
  assert_int_equal(i, 7);
  assert_int_equal(s, 3);
  assert_true(d == 1.5);
  assert_int_equal(a[1].size, 16); /* a 3-vector takes the room of 4 */
  uint64_t u;
  memcpy(&u, a[2].bytes, 8);
  assert_true(u == 0xfedcba9876543210ULL);
  tc_case_free(&c);
}

static void test_generators(void **state)
{
  (void)state;
  /* xorshift64* from state 1: x ^= x>>12, x ^= x<<25, x ^= x>>27 gives
   * 0x2000001; times 0x2545F4914F6CDD1D mod 2^64 */
  uint64_t st = 1;
  assert_true(tc_xorshift64s(&st) == 0x47e4ce4b896cdd1dULL);
  assert_true(st == 0x2000001ULL);
  assert_true(tc_xorshift64s(&st) == 0xabcfa6a8e079651dULL);
  /* binary16: largest finite, the overflow threshold (a tie, to even:
   * infinity), the smallest subnormal, ties to even below it, 1, 0.1 */
  assert_int_equal(tc_double_to_half(65504.0), 0x7bff);
  assert_int_equal(tc_double_to_half(65519.99), 0x7bff);
  assert_int_equal(tc_double_to_half(65520.0), 0x7c00);
  assert_int_equal(tc_double_to_half(0x1p-24), 0x0001);
  assert_int_equal(tc_double_to_half(0x1p-25), 0x0000);
  assert_int_equal(tc_double_to_half(3 * 0x1p-25), 0x0002);
  assert_int_equal(tc_double_to_half(-1.0), 0xbc00);
  assert_int_equal(tc_double_to_half(0.1), 0x2e66);
  assert_true(tc_half_to_float(0x3555) == 0x1.554p-2f);
  assert_true(tc_half_to_float(0x0001) == 0x1p-24f);
}

/* a case with one output buffer of TYPE, COUNT elements, rule RULE (JSON),
 * and optional extra buffers/properties (JSON fragments) */
static void make_case(tc_case *c, const char *extra_bufs, const char *type, int count, const char *rule,
                      const char *props)
{
  char text[4096], err[512];
  snprintf(text, sizeof text,
           "{\"build\": \"x\", \"buffers\": [%s%s{\"name\": \"out\", \"type\": \"%s\", \"count\": %d, "
           "\"compare\": %s}], \"launches\": [{\"kernel\": \"k\", \"global\": [1], \"args\": []}]%s%s}",
           extra_bufs, extra_bufs[0] ? ", " : "", type, count, rule, props[0] ? ", " : "", props);
  int r = load_text(text, c, err, sizeof err);
  if (r) fail_msg("%s", err);
}

/* compares two results holding REF and TEST as buffer `out` (the last
 * buffer; earlier buffers get their generated contents); returns the
 * number of failed elements */
static size_t compare(const tc_case *c, const void *ref, const void *test, const char *pref, const char *ptest)
{
  void *in[8] = {0};
  tr_result a = {0}, b = {0};
  void *ab[8] = {0}, *bb[8] = {0};
  for (size_t i = 0; i < c->nbufs; i++) {
    in[i] = malloc(c->bufs[i].count * tc_type_size(c->bufs[i].type));
    tc_generate(&c->bufs[i], in[i]);
    ab[i] = bb[i] = in[i];
  }
  ab[c->nbufs - 1] = (void *)ref;
  bb[c->nbufs - 1] = (void *)test;
  a.status = b.status = TR_OK;
  a.bufs = ab;
  b.bufs = bb;
  a.printf_text = (char *)pref;
  b.printf_text = (char *)ptest;
  a.printf_len = pref ? strlen(pref) : 0;
  b.printf_len = ptest ? strlen(ptest) : 0;
  tcmp_report rep = {0};
  tcmp_case(c, in, &a, &b, &rep);
  size_t failed = 0;
  for (size_t i = 0; i < rep.n; i++) failed += rep.lines[i].failed;
  assert_int_equal(rep.failed != 0, failed != 0);
  tcmp_report_free(&rep);
  for (size_t i = 0; i < c->nbufs; i++) free(in[i]);
  return failed;
}

static void test_exact_and_bits(void **state)
{
  (void)state;
  tc_case c;
  make_case(&c, "", "int", 4, "\"exact\"", "");
  int32_t r[4] = {1, -2, 3, 4}, t[4] = {1, -2, 3, 4};
  assert_int_equal(compare(&c, r, t, NULL, NULL), 0);
  t[2] = 5;
  assert_int_equal(compare(&c, r, t, NULL, NULL), 1);
  tc_case_free(&c);

  uint32_t fr[3] = {0x7fc00000u, 0x80000000u, 0x3f800000u}, ft[3] = {0x7fc00001u, 0x80000000u, 0x3f800000u};
  make_case(&c, "", "float", 3, "\"exact\"", "");
  assert_int_equal(compare(&c, fr, ft, NULL, NULL), 0); /* any NaN matches any NaN */
  ft[1] = 0;                                               /* -0 vs +0 */
  assert_int_equal(compare(&c, fr, ft, NULL, NULL), 1);
  tc_case_free(&c);
  make_case(&c, "", "float", 3, "\"bits\"", "");
  assert_int_equal(compare(&c, fr, ft, NULL, NULL), 2); /* NaN payload and the zero's sign */
  tc_case_free(&c);
}

static void test_ulp(void **state)
{
  (void)state;
  tc_case c;
  make_case(&c, "", "float", 4, "{\"ulp\": 3}", "");
  uint32_t r[4] = {0x3f800000u, 0x00000001u, 0x7f800000u, 0x80000000u};
  uint32_t t[4] = {0x3f800003u, 0x80000001u, 0x7f800000u, 0x00000000u}; /* 3 ulp; 2 across zero; inf; -0/+0 */
  assert_int_equal(compare(&c, r, t, NULL, NULL), 0);
  t[0] = 0x3f800004u;
  t[2] = 0x7f7fffffu; /* max float is not infinity */
  assert_int_equal(compare(&c, r, t, NULL, NULL), 2);
  tc_case_free(&c);
  assert_true(tcmp_ulp_distance(TC_DOUBLE, 0x3ff0000000000000ULL, 0x3fefffffffffffffULL) == 1);
  assert_true(tcmp_ulp_distance(TC_HALF, 0x0001, 0x8001) == 2);
}

static void test_contract(void **state)
{
  (void)state;
  tc_case c;
  /* out = a * b + c with a = b = 1 + 2^-12, c = -(1 + 2^-11): the product
   * 1 + 2^-11 + 2^-24 is a tie in float and rounds to even, 1 + 2^-11, so
   * unfused gives 0 and fused 2^-24 */
  make_case(&c,
            "{\"name\": \"a\", \"type\": \"float\", \"count\": 1, \"init\": {\"const\": \"0x1.001p0\"}}",
            "float", 1, "{\"contract\": [\"a\", \"a\", \"-0x1.002p0\"]}", "");
  float ref = 0.0f, fused = 0x1p-24f, other = -0x1p-24f;
  assert_int_equal(compare(&c, &ref, &ref, NULL, NULL), 0);
  assert_int_equal(compare(&c, &ref, &fused, NULL, NULL), 0);
  assert_int_equal(compare(&c, &ref, &other, NULL, NULL), 1);
  tc_case_free(&c);
}

static void test_rel(void **state)
{
  (void)state;
  tc_case c;
  make_case(&c, "", "float", 2, "{\"rel\": 1e-3, \"abs\": 1e-6}", "");
  float r[2] = {1000.0f, 0.0f}, t[2] = {1000.9f, 5e-7f};
  assert_int_equal(compare(&c, r, t, NULL, NULL), 0);
  t[0] = 1001.5f;
  t[1] = 2e-6f;
  assert_int_equal(compare(&c, r, t, NULL, NULL), 2);
  tc_case_free(&c);
}

static void test_slots(void **state)
{
  (void)state;
  tc_case c;
  make_case(&c, "", "float", 4, "[\"exact\", \"ignore\"]", "");
  float r[4] = {1, 2, 3, 4}, t[4] = {1, 20, 3, 40};
  assert_int_equal(compare(&c, r, t, NULL, NULL), 0);
  t[2] = 30;
  assert_int_equal(compare(&c, r, t, NULL, NULL), 1);
  tc_case_free(&c);
}

static void test_printf(void **state)
{
  (void)state;
  tc_case c;
  char text[1024], err[256];
  snprintf(text, sizeof text,
           "{\"build\": \"x\", \"buffers\": [], \"launches\": [{\"kernel\": \"k\", \"global\": [1], "
           "\"args\": []}], \"printf\": {\"compare\": \"sorted_lines\", \"mask\": [\"ptr=\"]}}");
  assert_int_equal(load_text(text, &c, err, sizeof err), 0);
  tr_result a = {0}, b = {0};
  a.status = b.status = TR_OK;
  tcmp_report rep = {0};
  a.printf_text = "b 2\na 1\nptr=0x1234\n";
  b.printf_text = "ptr=0xffff\na 1\nb 2\n";
  a.printf_len = strlen(a.printf_text);
  b.printf_len = strlen(b.printf_text);
  tcmp_case(&c, NULL, &a, &b, &rep);
  assert_int_equal(rep.failed, 0);
  tcmp_report_free(&rep);
  b.printf_text = "a 1\nb 2\nb 2\nptr=0\n"; /* a duplicated line */
  b.printf_len = strlen(b.printf_text);
  tcmp_case(&c, NULL, &a, &b, &rep);
  assert_int_equal(rep.failed, 1);
  tcmp_report_free(&rep);
  tc_case_free(&c);
}

/* runs the properties of C on TEST (as buffers of the case: TEST[i] or the
 * generated contents) */
static int props_fail(const tc_case *c, void **test)
{
  void *in[8] = {0};
  for (size_t i = 0; i < c->nbufs; i++) {
    in[i] = malloc(c->bufs[i].count * tc_type_size(c->bufs[i].type));
    tc_generate(&c->bufs[i], in[i]);
    if (!test[i]) test[i] = in[i];
  }
  tr_result r = {0};
  r.status = TR_OK;
  r.bufs = test;
  tcmp_report rep = {0};
  tcmp_properties(c, in, &r, "test", &rep);
  int f = rep.failed;
  tcmp_report_free(&rep);
  for (size_t i = 0; i < c->nbufs; i++) {
    if (test[i] == in[i]) test[i] = NULL;
    free(in[i]);
  }
  return f;
}

static void test_history(void **state)
{
  (void)state;
  tc_case c;
  char err[512];
  /* 4 work-items did old = atomic_add(&cell, w + 1) on a cell starting at 10 */
  assert_int_equal(load_text("{\"build\": \"x\", \"buffers\": [{\"name\": \"cell\", \"type\": \"int\", \"count\": 1, "
                             "\"init\": {\"const\": 10}}, {\"name\": \"old\", \"type\": \"int\", \"count\": 4}, "
                             "{\"name\": \"xo\", \"type\": \"int\", \"count\": 4}, {\"name\": \"xc\", \"type\": \"int\", "
                             "\"count\": 1}], \"launches\": [{\"kernel\": \"k\", \"global\": [4], \"args\": []}], "
                             "\"properties\": [{\"atomic_history\": \"add\", \"old\": \"old\", \"cells\": \"cell\", "
                             "\"operand\": {\"iota\": 1}}, {\"atomic_history\": \"cmpxchg\", \"old\": \"xo\", "
                             "\"cells\": \"xc\", \"operand\": {\"iota\": 1}, \"expected\": {\"const\": 0}}]}",
                             &c, err, sizeof err), 0);
  /* the order w1, w0, w2, w3: 10 -> 12 -> 13 -> 16 -> 20 */
  int32_t cell = 20, old[4] = {12, 10, 13, 16};
  int32_t xc = 3, xo[4] = {3, 3, 0, 3}; /* w2 won (0 -> 3), the others saw its value */
  void *t[4] = {&cell, old, xo, &xc};
  assert_int_equal(props_fail(&c, t), 0);
  old[3] = 13; /* two work-items saw 13 and both changed it */
  assert_int_equal(props_fail(&c, t), 1);
  old[3] = 16;
  cell = 21; /* the history ends at 20 */
  assert_int_equal(props_fail(&c, t), 1);
  cell = 20;
  xo[0] = 0; /* two winners */
  assert_int_equal(props_fail(&c, t), 1);
  tc_case_free(&c);
}

static void test_permutation_sorted(void **state)
{
  (void)state;
  tc_case c;
  char err[512];
  assert_int_equal(load_text("{\"build\": \"x\", \"buffers\": [{\"name\": \"p\", \"type\": \"uint\", \"count\": 4}, "
                             "{\"name\": \"s\", \"type\": \"short\", \"count\": 6}], \"launches\": [{\"kernel\": \"k\", "
                             "\"global\": [4], \"args\": []}], \"properties\": [{\"permutation\": [\"p\"], \"start\": 5}, "
                             "{\"sorted\": \"s\", \"segment\": 3}]}", &c, err, sizeof err), 0);
  uint32_t p[4] = {7, 5, 8, 6};
  int16_t s[6] = {-3, 0, 9, -20, -1, 4};
  void *t[2] = {p, s};
  assert_int_equal(props_fail(&c, t), 0);
  p[2] = 6;
  assert_int_equal(props_fail(&c, t), 1);
  p[2] = 8;
  s[4] = -30;
  assert_int_equal(props_fail(&c, t), 1);
  tc_case_free(&c);
}

/* subgroups.cl records for one work-group of 4 split into sub-groups of 2 */
static void sg_records(int32_t *rec, const int32_t *x)
{
  memset(rec, 0, 4 * 24 * sizeof *rec);
  for (int i = 0; i < 4; i++) {
    int32_t *o = rec + 24 * i;
    int s = i / 2, l = i % 2, b = 2 * s;
    o[0] = 2, o[1] = 2, o[2] = 2, o[3] = s, o[4] = l, o[5] = x[i];
    o[6] = x[b] + x[b + 1];
    o[7] = x[b] < x[b + 1] ? x[b] : x[b + 1];
    o[8] = x[b] > x[b + 1] ? x[b] : x[b + 1];
    o[9] = l ? x[b] + x[b + 1] : x[b];
    o[10] = l ? x[b] : 0;
    o[11] = l ? o[8] : x[b];
    o[12] = x[b];
    o[13] = x[b] > 500 || x[b + 1] > 500;
    o[14] = x[b] > -500 && x[b + 1] > -500;
    o[15] = o[20] = o[21] = x[b + (l ^ 1)];
    o[16] = 0, o[17] = i, o[18] = 2, o[19] = x[b + 1], o[22] = x[b], o[23] = 0;
  }
}

static void test_subgroups(void **state)
{
  (void)state;
  tc_case c;
  char err[512];
  assert_int_equal(load_text("{\"build\": \"x\", \"buffers\": [{\"name\": \"rec\", \"type\": \"int\", \"count\": 96}], "
                             "\"launches\": [{\"kernel\": \"k\", \"global\": [4], \"args\": []}], "
                             "\"properties\": [{\"subgroups\": \"rec\", \"stride\": 24}]}", &c, err, sizeof err), 0);
  const int32_t x[4] = {600, -7, 3, 1000};
  int32_t rec[96];
  sg_records(rec, x);
  void *t[1] = {rec};
  assert_int_equal(props_fail(&c, t), 0);
  rec[24 * 3 + 6] += 1; /* a wrong reduction */
  assert_int_equal(props_fail(&c, t), 1);
  sg_records(rec, x);
  rec[24 * 1 + 4] = 0; /* two members with local id 0 */
  assert_int_equal(props_fail(&c, t), 1);
  sg_records(rec, x);
  rec[24 * 2 + 21] = x[2]; /* the DPP neighbour is itself */
  assert_int_equal(props_fail(&c, t), 1);
  tc_case_free(&c);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_parse_errors),  cmocka_unit_test(test_struct_layout), cmocka_unit_test(test_generators),
    cmocka_unit_test(test_exact_and_bits), cmocka_unit_test(test_ulp),          cmocka_unit_test(test_contract),
    cmocka_unit_test(test_rel),           cmocka_unit_test(test_slots),         cmocka_unit_test(test_printf),
    cmocka_unit_test(test_history),       cmocka_unit_test(test_permutation_sorted),
    cmocka_unit_test(test_subgroups),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
