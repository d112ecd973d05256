/* The gdb register map (src/debug/gdb_regmap.c).
 *
 * Ventus: the map generated from the register files and the Ventus layout
 * must show gdb exactly what the hand-written map before it did (and what
 * gdb-multiarch's riscv:rv32 accepts, tests/cli/debug_gdb.sh).  The
 * reference below is that hand-written description: the target XML
 * written out register by register, x0-x31 by ABI name, pc, then the
 * vector registers of `lanes` 32-bit lanes (all 256 of the vector file);
 * 'g' carries x0-x31 and pc.
 * Then the default view of an ISA without a layout (64-bit scalar and
 * vector files), and layouts that are wrong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "debug/gdb_regmap.h"
#include "isa/ventus/frontend.h"

/* ---- the reference: the Ventus target description as written by hand ---- */
static char *ref_ventus_xml(unsigned lanes)
{
  static const char *const abi[32] = {"zero", "ra", "sp",  "gp",  "tp", "t0", "t1", "t2",
                                      "fp",   "s1", "a0",  "a1",  "a2", "a3", "a4", "a5",
                                      "a6",   "a7", "s2",  "s3",  "s4", "s5", "s6", "s7",
                                      "s8",   "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
  char *s = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&s, &len);
  assert_non_null(f);
  fputs("<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
        "<target version=\"1.0\">\n<architecture>riscv:rv32</architecture>\n"
        "<feature name=\"org.gnu.gdb.riscv.cpu\">\n", f);
  for (unsigned r = 0; r < 32; r++)
    fprintf(f, "<reg name=\"%s\" bitsize=\"32\" type=\"%s\" regnum=\"%u\"/>\n", abi[r],
            r == 1 ? "code_ptr" : r == 2 ? "data_ptr" : "int", r);
  fprintf(f, "<reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\" regnum=\"32\"/>\n</feature>\n"
             "<feature name=\"org.ventus.simt.vector\">\n"
             "<vector id=\"ventus_u32\" type=\"uint32\" count=\"%u\"/>\n"
             "<vector id=\"ventus_i32\" type=\"int32\" count=\"%u\"/>\n"
             "<vector id=\"ventus_f32\" type=\"ieee_single\" count=\"%u\"/>\n"
             "<union id=\"ventus_vreg\">\n<field name=\"u32\" type=\"ventus_u32\"/>\n"
             "<field name=\"i32\" type=\"ventus_i32\"/>\n<field name=\"f32\" type=\"ventus_f32\"/>\n"
             "</union>\n", lanes, lanes, lanes);
  for (unsigned r = 0; r < 256; r++)
    fprintf(f, "<reg name=\"v%u\" bitsize=\"%u\" type=\"ventus_vreg\" regnum=\"%u\" group=\"vector\"/>\n", r,
            lanes * 32, 33 + r);
  fputs("</feature>\n</target>\n", f);
  fclose(f);
  return s;
}

static void ventus_xml_and_numbering(void **state)
{
  (void)state;
  static const unsigned lane_counts[] = {1, 4, 16, 32};
  for (size_t i = 0; i < sizeof lane_counts / sizeof lane_counts[0]; i++) {
    unsigned lanes = lane_counts[i];
    vs_gdb_regmap *m = NULL;
    vs_error err = {0};
    assert_int_equal(vs_gdb_regmap_create(&m, &vs_isa_ventus, &vs_gdb_layout_ventus, lanes, &err), 0);
    char *ref = ref_ventus_xml(lanes);
    size_t len;
    assert_string_equal(vs_gdb_regmap_xml(m, &len), ref);
    assert_int_equal(len, strlen(ref));
    free(ref);
    assert_int_equal(vs_gdb_regmap_count(m), 289);
    assert_int_equal(vs_gdb_regmap_g_regs(m), 33);
    for (unsigned n = 0; n < 289; n++)
      assert_int_equal(vs_gdb_regmap_size(m, n), n <= 32 ? 4 : 4 * lanes);
    assert_int_equal(vs_gdb_regmap_size(m, 289), 0);
    assert_string_equal(vs_gdb_regmap_name(m, 0), "zero");
    assert_string_equal(vs_gdb_regmap_name(m, 31), "t6");
    assert_string_equal(vs_gdb_regmap_name(m, 32), "pc");
    assert_string_equal(vs_gdb_regmap_name(m, 33), "v0");
    assert_string_equal(vs_gdb_regmap_name(m, 288), "v255");
    assert_null(vs_gdb_regmap_name(m, 289));
    vs_gdb_regmap_free(m);
  }
}

/* Registers of a warp of 3 lanes shown with 4: x in the x file, pc, v in
 * lane-contiguous rows; the fourth lane reads zero and is not written */
static void ventus_read_write(void **state)
{
  (void)state;
  enum { NL = 3, LANES = 4 };
  static uint32_t x[256], v[256 * NL];
  vs_warp w;
  memset(&w, 0, sizeof w);
  w.nlanes = NL;
  w.rf[0] = x;
  w.rf[1] = v;
  w.pc = 0x80001234u;
  for (unsigned r = 1; r < 256; r++) x[r] = 0x1000u + r;
  for (unsigned r = 0; r < 256 * NL; r++) v[r] = 0xa0000000u + r;
  vs_gdb_regmap *m = NULL;
  vs_error err = {0};
  assert_int_equal(vs_gdb_regmap_create(&m, &vs_isa_ventus, &vs_gdb_layout_ventus, LANES, &err), 0);
  uint8_t b[VS_GDB_MAX_REG_BYTES];
  assert_int_equal(vs_gdb_regmap_read(m, &w, 10, b), 0); /* a0 = x10, little-endian */
  assert_memory_equal(b, "\x0a\x10\x00\x00", 4);
  assert_int_equal(vs_gdb_regmap_read(m, &w, 32, b), 0);
  assert_memory_equal(b, "\x34\x12\x00\x80", 4);
  assert_int_equal(vs_gdb_regmap_read(m, &w, 33 + 5, b), 0); /* v5: row 5, lanes 0..2, then 0 */
  assert_memory_equal(b, "\x0f\x00\x00\xa0\x10\x00\x00\xa0\x11\x00\x00\xa0\x00\x00\x00\x00", 16);
  assert_int_equal(vs_gdb_regmap_read(m, &w, 289, b), -1);
  /* writes: x0 stays zero, x5, pc, v1 (lane 3 has nowhere to go) */
  assert_int_equal(vs_gdb_regmap_write(m, &w, 0, (const uint8_t *)"\x01\x02\x03\x04"), 0);
  assert_int_equal(x[0], 0);
  assert_int_equal(vs_gdb_regmap_write(m, &w, 5, (const uint8_t *)"\x01\x02\x03\x04"), 0);
  assert_int_equal(x[5], 0x04030201u);
  assert_int_equal(vs_gdb_regmap_write(m, &w, 32, (const uint8_t *)"\x00\x01\x00\x80"), 0);
  assert_int_equal(w.pc, 0x80000100u);
  assert_int_equal(vs_gdb_regmap_write(m, &w, 34, (const uint8_t *)"\x01\0\0\0\x02\0\0\0\x03\0\0\0\x04\0\0\0"), 0);
  assert_int_equal(v[1 * NL + 0], 1);
  assert_int_equal(v[1 * NL + 1], 2);
  assert_int_equal(v[1 * NL + 2], 3);
  assert_int_equal(v[2 * NL + 0], 0xa0000000u + 2 * NL); /* v2 untouched */
  vs_gdb_regmap_free(m);
}

/* ---- the default view of an ISA without a layout ---- */
static const vs_regfile demo_files[] = {
  {"v", 2, 64, VS_RF_VECTOR, 0},/* 2 registers of 64-bit lanes: rows 0,1 = v0 (low, high) */
  {"s", 3, 64, VS_RF_SCALAR, 0},/* s0..s2, two words each, low first */
  {"m", 1, 1, VS_RF_SCALAR, 0}, /* a one-bit register, stored as a word */
};
static const vs_isa demo_isa = {.name = "demo", .pc_mask = 0, .regfiles = demo_files, .nregfiles = 3};

static void default_view(void **state)
{
  (void)state;
  vs_gdb_regmap *m = NULL;
  vs_error err = {0};
  assert_int_equal(vs_gdb_regmap_create(&m, &demo_isa, NULL, 2, &err), 0);
  /* scalar files in order (s0-s2, m0), pc, vector files (v0, v1) */
  static const char *const names[] = {"s0", "s1", "s2", "m0", "pc", "v0", "v1"};
  static const size_t sizes[] = {8, 8, 8, 4, 8, 16, 16};
  assert_int_equal(vs_gdb_regmap_count(m), 7);
  assert_int_equal(vs_gdb_regmap_g_regs(m), 5);
  for (unsigned n = 0; n < 7; n++) {
    assert_string_equal(vs_gdb_regmap_name(m, n), names[n]);
    assert_int_equal(vs_gdb_regmap_size(m, n), sizes[n]);
  }
  const char *want =
    "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n<target version=\"1.0\">\n"
    "<feature name=\"org.ventsim.demo\">\n"
    "<reg name=\"s0\" bitsize=\"64\" type=\"int\" regnum=\"0\"/>\n"
    "<reg name=\"s1\" bitsize=\"64\" type=\"int\" regnum=\"1\"/>\n"
    "<reg name=\"s2\" bitsize=\"64\" type=\"int\" regnum=\"2\"/>\n"
    "<reg name=\"m0\" bitsize=\"32\" type=\"int\" regnum=\"3\"/>\n"
    "<reg name=\"pc\" bitsize=\"64\" type=\"code_ptr\" regnum=\"4\"/>\n"
    "<vector id=\"demo_u64\" type=\"uint64\" count=\"2\"/>\n"
    "<vector id=\"demo_i64\" type=\"int64\" count=\"2\"/>\n"
    "<vector id=\"demo_f64\" type=\"ieee_double\" count=\"2\"/>\n"
    "<union id=\"demo_vreg64\">\n<field name=\"u64\" type=\"demo_u64\"/>\n"
    "<field name=\"i64\" type=\"demo_i64\"/>\n<field name=\"f64\" type=\"demo_f64\"/>\n</union>\n"
    "<reg name=\"v0\" bitsize=\"128\" type=\"demo_vreg64\" regnum=\"5\" group=\"vector\"/>\n"
    "<reg name=\"v1\" bitsize=\"128\" type=\"demo_vreg64\" regnum=\"6\" group=\"vector\"/>\n"
    "</feature>\n</target>\n";
  assert_string_equal(vs_gdb_regmap_xml(m, NULL), want);

  /* a warp of 2 lanes: v is 4 rows (v0 low, v0 high, v1 low, v1 high) of 2 lanes */
  uint32_t v[8] = {0x11, 0x12, 0x21, 0x22, 0x31, 0x32, 0x41, 0x42};
  uint32_t s[6] = {1, 2, 3, 4, 5, 6}, mm[1] = {1};
  vs_warp w;
  memset(&w, 0, sizeof w);
  w.nlanes = 2;
  w.rf[0] = v;
  w.rf[1] = s;
  w.rf[2] = mm;
  w.pc = 0x123456789abcull;
  uint8_t b[VS_GDB_MAX_REG_BYTES];
  assert_int_equal(vs_gdb_regmap_read(m, &w, 1, b), 0); /* s1 = 4 << 32 | 3 */
  assert_memory_equal(b, "\x03\0\0\0\x04\0\0\0", 8);
  assert_int_equal(vs_gdb_regmap_read(m, &w, 4, b), 0);
  assert_memory_equal(b, "\xbc\x9a\x78\x56\x34\x12\0\0", 8);
  assert_int_equal(vs_gdb_regmap_read(m, &w, 6, b), 0); /* v1: lane 0 = 0x41 << 32 | 0x31, lane 1 */
  assert_memory_equal(b, "\x31\0\0\0\x41\0\0\0\x32\0\0\0\x42\0\0\0", 16);
  assert_int_equal(vs_gdb_regmap_write(m, &w, 5, (const uint8_t *)"\1\0\0\0\2\0\0\0\3\0\0\0\4\0\0\0"), 0);
  static const uint32_t v_after[8] = {1, 3, 2, 4, 0x31, 0x32, 0x41, 0x42};
  assert_memory_equal(v, v_after, sizeof v);
  assert_int_equal(vs_gdb_regmap_write(m, &w, 2, (const uint8_t *)"\xef\xcd\xab\x89\x67\x45\x23\x01"), 0);
  assert_int_equal(s[4], 0x89abcdefu);
  assert_int_equal(s[5], 0x01234567u);
  vs_gdb_regmap_free(m);
}

/* ---- a special register and layouts that are wrong ---- */
static uint64_t get_active(const vs_warp *w)
{
  return w->active;
}

static void special_and_errors(void **state)
{
  (void)state;
  static const vs_gdb_special exec = {"exec", "data_ptr", "system", 64, get_active, NULL};
  const vs_gdb_part parts[] = {
    {.feature = "f.a", .kind = VS_GDB_FILE, .file = 1, .first = 1, .count = 2},
    {.feature = "f.b", .kind = VS_GDB_SPECIAL, .special = &exec},
  };
  vs_gdb_layout l = {NULL, NULL, parts, 2};
  vs_gdb_regmap *m = NULL;
  vs_error err = {0};
  assert_int_equal(vs_gdb_regmap_create(&m, &demo_isa, &l, 1, &err), 0);
  assert_int_equal(vs_gdb_regmap_count(m), 3);
  assert_int_equal(vs_gdb_regmap_g_regs(m), 3);
  assert_string_equal(vs_gdb_regmap_name(m, 0), "s1");
  assert_string_equal(vs_gdb_regmap_name(m, 2), "exec");
  assert_non_null(strstr(vs_gdb_regmap_xml(m, NULL),
                         "</feature>\n<feature name=\"f.b\">\n"
                         "<reg name=\"exec\" bitsize=\"64\" type=\"data_ptr\" regnum=\"2\" group=\"system\"/>\n"));
  vs_warp w;
  memset(&w, 0, sizeof w);
  w.active = 0x8000000000000005ull;
  uint8_t b[8];
  assert_int_equal(vs_gdb_regmap_read(m, &w, 2, b), 0);
  assert_memory_equal(b, "\x05\0\0\0\0\0\0\x80", 8);
  assert_int_equal(vs_gdb_regmap_write(m, &w, 2, b), -1); /* read-only */
  vs_gdb_regmap_free(m);

  /* errors: no such file, past a file's end, 0 or > VS_MAX_LANES lanes */
  vs_gdb_part bad = {.feature = "f", .kind = VS_GDB_FILE, .file = 3};
  l = (vs_gdb_layout){NULL, NULL, &bad, 1};
  assert_int_equal(vs_gdb_regmap_create(&m, &demo_isa, &l, 1, &err), -1);
  assert_null(m);
  assert_non_null(strstr(err.msg, "no such register file"));
  bad = (vs_gdb_part){.feature = "f", .kind = VS_GDB_FILE, .file = 1, .first = 2, .count = 2};
  assert_int_equal(vs_gdb_regmap_create(&m, &demo_isa, &l, 1, &err), -1);
  assert_non_null(strstr(err.msg, "registers 2..3 of file 's', which has 3"));
  assert_int_equal(vs_gdb_regmap_create(&m, &demo_isa, NULL, 0, &err), -1);
  assert_int_equal(vs_gdb_regmap_create(&m, &demo_isa, NULL, VS_MAX_LANES + 1, &err), -1);
  assert_non_null(strstr(err.msg, "lanes per warp"));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(ventus_xml_and_numbering),
    cmocka_unit_test(ventus_read_write),
    cmocka_unit_test(default_view),
    cmocka_unit_test(special_and_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
