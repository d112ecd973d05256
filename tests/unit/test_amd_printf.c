/* The AMD printf formatter (src/isa/amdgpu/printf.c) on records built by
 * hand in the layout clang-19's AMDGPUPrintfRuntimeBinding writes (spec
 * amd-hsa.md 1.3: a u32 format id, then each argument in the size the
 * amdhsa.printf entry gives).  Every expected text is derived by hand in
 * the comments from the bytes and C/OpenCL C printf rules (OpenCL C 3.0
 * 6.15.14.2: a vector's elements are printed with the conversion's flags,
 * width and precision, separated by commas). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "isa/amdgpu/printf.h"

typedef struct rec {
  uint8_t b[512];
  uint32_t n;
} rec;

static void put(rec *r, uint64_t v, unsigned n)
{
  for (unsigned i = 0; i < n; i++) r->b[r->n++] = (uint8_t)(v >> (8 * i));
}

/* The text of the records in r with the one format (id 1) */
static char *format(const char *fmt, uint32_t *sizes, uint32_t nargs, const rec *r)
{
  vs_co_printf pf = {1, nargs, sizes, fmt};
  vs_codeobj co;
  memset(&co, 0, sizeof co);
  co.printfs = &pf;
  co.nprintfs = 1;
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  assert_non_null(f);
  vs_amd_printf_records(f, &co, r->b, r->n);
  fclose(f);
  return text;
}

static void check(const char *fmt, uint32_t *sizes, uint32_t nargs, const rec *r, const char *want)
{
  char *got = format(fmt, sizes, nargs, r);
  assert_string_equal(got, want);
  free(got);
}

/* Vectors: the case printf_formats (tests/amd/kernels/printf.cl) prints
 * int4 with %v4hld and float2 with %v2hlf; the metadata gives 16 and 8 */
static void test_vectors(void **state)
{
  (void)state;
  uint32_t sizes[] = {16, 8};
  rec r = {0};
  put(&r, 1, 4);
  /* int4 (7, 1, -2, 5): 0xfffffffe is -2 as a 32-bit int (hl) */
  put(&r, 7, 4), put(&r, 1, 4), put(&r, 0xfffffffeu, 4), put(&r, 5, 4);
  /* float2 (1.5f, -0.25f): 0x3fc00000 = 1.5 (1.1b * 2^0), 0xbe800000 = -0.25
   * (sign, exponent 125 = 2^-2); %f: six decimals */
  put(&r, 0x3fc00000u, 4), put(&r, 0xbe800000u, 4);
  check("v=%v4hld vf=%v2hlf\n", sizes, 2, &r, "v=7,1,-2,5 vf=1.500000,-0.250000\n");
}

/* Element sizes other than 4, flags and widths per element, 3-element
 * vectors (LLVM's alloc size of <3 x i32> is 16: a fourth, unused slot) */
static void test_vector_forms(void **state)
{
  (void)state;
  uint32_t sizes[] = {4, 4, 4, 16, 8, 32};
  rec r = {0};
  put(&r, 1, 4);
  /* half2 (1.0, -2.5): 0x3c00 = 2^0; 0xc100 = -(1 + 256/1024) * 2^(16-15) = -2.5 */
  put(&r, 0x3c00, 2), put(&r, 0xc100, 2);
  /* half2 (0x0001, 0x7c00): the least subnormal 2^-24 = 5.96046e-08 (%g: 6
   * significant digits), +infinity */
  put(&r, 0x0001, 2), put(&r, 0x7c00, 2);
  /* char4 (-1, 2, -128, 127) with %v4hhd: bytes ff 02 80 7f */
  put(&r, 0xff, 1), put(&r, 0x02, 1), put(&r, 0x80, 1), put(&r, 0x7f, 1);
  /* uint3 (0x10, 0xabc, 0) with %#v3hlx, then the unused fourth slot
   * (garbage that must not be printed); %#x prints 0 without 0x */
  put(&r, 0x10, 4), put(&r, 0xabc, 4), put(&r, 0, 4), put(&r, 0xdeadbeefu, 4);
  /* int2 (1, -2) with %5v2hld: each element in a 5-wide field */
  put(&r, 1, 4), put(&r, 0xfffffffeu, 4);
  /* double4 (0.5, -1, 2, 1e300) with %.1v4le: 0.5 = 0x3fe0000000000000,
   * -1 = 0xbff0000000000000, 2 = 0x4000000000000000, 1e300 as the double
   * nearest (0x7e37e43c8800759c); %.1e: one decimal */
  put(&r, UINT64_C(0x3fe0000000000000), 8), put(&r, UINT64_C(0xbff0000000000000), 8);
  put(&r, UINT64_C(0x4000000000000000), 8), put(&r, UINT64_C(0x7e37e43c8800759c), 8);
  check("h=%v2hf g=%v2hg c=%v4hhd x=%#v3hlx w=[%5v2hld] e=%.1v4le\n", sizes, 6, &r,
        "h=1.000000,-2.500000 g=5.96046e-08,inf c=-1,2,-128,127 x=0x10,0xabc,0 w=[    1,   -2] "
        "e=5.0e-01,-1.0e+00,2.0e+00,1.0e+300\n");
}

/* A vector conversion whose size cannot hold its elements: a note naming
 * the conversion, and the record goes on */
static void test_vector_bad_size(void **state)
{
  (void)state;
  uint32_t sizes[] = {12, 4};
  rec r = {0};
  put(&r, 1, 4);
  put(&r, 1, 4), put(&r, 2, 4), put(&r, 3, 4);
  put(&r, 42, 4);
  check("v=%v4hld d=%d\n", sizes, 2, &r, "v=[ventsim: %v4hld: not a vector conversion of 12 bytes] d=42\n");
}

/* Scalars: ints with and without length modifiers, a float with width and
 * precision, an inline string, a char, a long; two records in a row */
static void test_scalars(void **state)
{
  (void)state;
  uint32_t sizes[] = {4, 4, 4, 4, 4, 4, 8, 4};
  rec r = {0};
  for (int i = 0; i < 2; i++) {
    put(&r, 1, 4);
    put(&r, (uint32_t)-3 - (uint32_t)i, 4);    /* %d: -3, then -4 */
    put(&r, 4000000000u, 4);                  /* %u */
    put(&r, 255, 4);                          /* %x: ff */
    put(&r, 0x40490fd0u, 4);                  /* %5.2f: 3.14159... -> " 3.14" */
    put(&r, 'a' | 'b' << 8 | 'c' << 16, 4);   /* %s "abc": strlen 3, slot alignTo(4, 4) = 4 */
    put(&r, 'Z', 4);                          /* %c */
    put(&r, (uint64_t)-INT64_C(5000000000), 8); /* %ld */
    put(&r, 0x1ff, 4);                        /* %hhd: (signed char)0xff = -1 */
  }
  check("%d %u %x %5.2f %s %c %ld %hhd\n", sizes, 8, &r,
        "-3 4000000000 ff  3.14 abc Z -5000000000 -1\n"
        "-4 4000000000 ff  3.14 abc Z -5000000000 -1\n");
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_vectors),
    cmocka_unit_test(test_vector_forms),
    cmocka_unit_test(test_vector_bad_size),
    cmocka_unit_test(test_scalars),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
