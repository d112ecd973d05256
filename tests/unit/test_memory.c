/* Device memory (src/core/memory.c): mapping, protection, lazy pages,
 * limits and the decoded-instruction cache invalidation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/memory.h"

static int decodes; /* pages decoded by the fake front end below */

static void fake_decode(void *ctx, vs_mem *m, uint32_t page, vs_dpage *dp)
{
  (void)ctx;
  decodes++;
  for (unsigned i = 0; i < VS_DPAGE_SLOTS; i++) {
    uint32_t w = 0;
    vs_mem_load_slow(m, page + 4 * i, &w, 4);
    memset(&dp->insn[i], 0, sizeof dp->insn[i]);
    dp->insn[i].word = w;
  }
}

static int setup(void **state)
{
  static vs_mem m;
  vs_error err;
  assert_int_equal(vs_mem_init(&m, 1ull << 30, &err), 0);
  m.decode_page = fake_decode;
  *state = &m;
  decodes = 0;
  return 0;
}

static int teardown(void **state)
{
  vs_mem_destroy(*state);
  return 0;
}

static void test_map_overlap_and_unmap(void **state)
{
  vs_mem *m = *state;
  vs_error err;
  assert_int_equal(vs_mem_map(m, 0x90000000u, 0x2000, "a", &err), 0);
  assert_int_equal(vs_mem_map(m, 0x90002000u, 0x1000, "b", &err), 0);
  /* overlapping: the message names both regions */
  assert_int_equal(vs_mem_map(m, 0x90001000u, 0x2000, "c", &err), -1);
  assert_non_null(strstr(err.msg, "'c'"));
  assert_non_null(strstr(err.msg, "overlaps 'a' [0x90000000, 0x90002000)"));
  /* beyond 4 GiB */
  assert_int_equal(vs_mem_map(m, 0xfffff000u, 0x2000, "d", &err), -1);
  assert_non_null(strstr(err.msg, "32-bit address space"));
  assert_int_equal(vs_mem_unmap(m, 0x90001000u, &err), -1); /* not a region start */
  assert_int_equal(vs_mem_unmap(m, 0x90000000u, &err), 0);
  assert_false(vs_mem_accessible(m, 0x90000000u, 4));
  assert_true(vs_mem_accessible(m, 0x90002000u, 0x1000));
}

static void test_lazy_zero_pages(void **state)
{
  vs_mem *m = *state;
  vs_error err;
  assert_int_equal(vs_mem_map(m, 0x10000000u, 256u << 20, "big", &err), 0);
  uint32_t v = 0xdeadbeef;
  /* mapped but never written: zero, and no page allocated */
  assert_int_equal(vs_mem_load32(m, 0x10000000u + (100u << 20), &v), 0);
  assert_int_equal(v, 0);
  assert_int_equal(atomic_load(&m->materialised), 0);
  assert_int_equal(vs_mem_store32(m, 0x10000004u, 0x12345678u), 0);
  assert_int_equal(atomic_load(&m->materialised), 1);
  assert_int_equal(vs_mem_load32(m, 0x10000004u, &v), 0);
  assert_int_equal(v, 0x12345678u);
  /* little-endian bytes */
  uint8_t b = 0;
  assert_int_equal(vs_mem_load(m, 0x10000004u, &b, 1), 0);
  assert_int_equal(b, 0x78);
}

static void test_faults(void **state)
{
  vs_mem *m = *state;
  vs_error err;
  uint32_t v;
  assert_int_equal(vs_mem_map(m, 0x90000000u, 100, "small", &err), 0);
  assert_int_equal(vs_mem_load32(m, 0x80000000u, &v), VS_MF_UNMAPPED);
  assert_int_equal(vs_mem_store32(m, 0x80000000u, 1), VS_MF_UNMAPPED);
  assert_int_equal(vs_mem_load32(m, 0x90000002u, &v), VS_MF_MISALIGNED);
  uint16_t h;
  assert_int_equal(vs_mem_load(m, 0x90000001u, &h, 2), VS_MF_MISALIGNED);
  /* protection is per 4 KiB page: the rest of the buffer's page works */
  assert_int_equal(vs_mem_store32(m, 0x90000ffcu, 7), 0);
  assert_int_equal(vs_mem_load32(m, 0x90001000u, &v), VS_MF_UNMAPPED);
  /* bulk copies name the address */
  char buf[16];
  assert_int_equal(vs_mem_read(m, 0x90000ff8u, buf, 16, &err), -1);
  assert_non_null(strstr(err.msg, "0x90001000"));
}

static void test_memory_limit(void **state)
{
  vs_mem *m = *state;
  vs_error err;
  m->limit = 3 * VS_PAGE_SIZE;
  assert_int_equal(vs_mem_map(m, 0x40000000u, 16 * VS_PAGE_SIZE, "x", &err), 0);
  for (uint32_t p = 0; p < 3; p++)
    assert_int_equal(vs_mem_store32(m, 0x40000000u + p * VS_PAGE_SIZE, p), 0);
  assert_int_equal(vs_mem_store32(m, 0x40000000u + 3 * VS_PAGE_SIZE, 1), VS_MF_NOMEM);
  /* reading unwritten pages still works: they need no host memory */
  uint32_t v = 1;
  assert_int_equal(vs_mem_load32(m, 0x40000000u + 9 * VS_PAGE_SIZE, &v), 0);
  assert_int_equal(v, 0);
}

static void test_decoded_pages_follow_code_writes(void **state)
{
  vs_mem *m = *state;
  vs_error err;
  assert_int_equal(vs_mem_map(m, 0x80000000u, 2 * VS_PAGE_SIZE, "code", &err), 0);
  assert_int_equal(vs_mem_write(m, 0x80000000u, "\x13\x00\x00\x00", 4, &err), 0);
  vs_dpage *d1 = vs_mem_dpage(m, 0x80000000u);
  assert_non_null(d1);
  assert_int_equal(decodes, 1);
  assert_int_equal(d1->insn[0].word, 0x13);
  /* the same page is decoded once */
  assert_ptr_equal(vs_mem_dpage(m, 0x80000010u), d1);
  assert_int_equal(decodes, 1);
  /* storing the same value does not invalidate */
  assert_int_equal(vs_mem_store32(m, 0x80000000u, 0x13), 0);
  assert_ptr_equal(vs_mem_dpage(m, 0x80000000u), d1);
  /* changing a word drops the decoded page; the new one sees the word */
  assert_int_equal(vs_mem_store32(m, 0x80000000u, 0x00500513), 0);
  vs_dpage *d2 = vs_mem_dpage(m, 0x80000000u);
  assert_int_equal(decodes, 2);
  assert_int_equal(d2->insn[0].word, 0x00500513);
  /* a write to the next page also drops this one (a prefix in the last
   * word pairs with the next page's first word) */
  assert_int_equal(vs_mem_store32(m, 0x80001000u, 1), 0);
  vs_mem_dpage(m, 0x80001000u);
  vs_mem_dpage(m, 0x80000000u);
  int before = decodes;
  assert_int_equal(vs_mem_store32(m, 0x80001000u, 2), 0);
  vs_mem_dpage(m, 0x80000000u);
  assert_int_equal(decodes, before + 1);
  vs_mem_reclaim(m);
  /* unmapped pc: no decoded page */
  assert_null(vs_mem_dpage(m, 0x70000000u));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown(test_map_overlap_and_unmap, setup, teardown),
    cmocka_unit_test_setup_teardown(test_lazy_zero_pages, setup, teardown),
    cmocka_unit_test_setup_teardown(test_faults, setup, teardown),
    cmocka_unit_test_setup_teardown(test_memory_limit, setup, teardown),
    cmocka_unit_test_setup_teardown(test_decoded_pages_follow_code_writes, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
