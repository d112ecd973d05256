/* Device memory (src/core/memory.c): mapping, protection, lazy pages,
 * limits, the 48-bit address space above 4 GiB, accesses of every width
 * and across pages, and the decoded-instruction cache invalidation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/exec.h"
#include "core/memory.h"

static int decodes; /* pages decoded by the fake front end below */

static void fake_decode(void *ctx, vs_mem *m, vs_addr page, vs_dpage *dp)
{
  (void)ctx;
  decodes++;
  for (unsigned i = 0; i < VS_DPAGE_SLOTS; i++) {
    uint32_t w = 0;
    vs_mem_load_slow(m, page + 4 * i, &w, 4);
    memset(&dp->insn[i], 0, sizeof dp->insn[i]);
    dp->insn[i].w[0] = w;
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
  /* across 4 GiB is fine; beyond 2^48 is not */
  assert_int_equal(vs_mem_map(m, 0xfffff000u, 0x2000, "d", &err), 0);
  assert_true(vs_mem_accessible(m, 0xfffff000u, 0x2000));
  assert_int_equal(vs_mem_map(m, 0xfffffffff000ull, 0x2000, "e", &err), -1);
  assert_non_null(strstr(err.msg, "48-bit address space"));
  assert_false(vs_mem_accessible(m, 0xfffffffff000ull, 0x2000));
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
  /* the alignment rule is the ISA's: the memory takes any address */
  assert_int_equal(vs_mem_store32(m, 0x90000002u, 0x44332211u), 0);
  uint16_t h;
  assert_int_equal(vs_mem_load(m, 0x90000003u, &h, 2), 0);
  assert_int_equal(h, 0x3322);
  /* protection is per 4 KiB page: the rest of the buffer's page works */
  assert_int_equal(vs_mem_store32(m, 0x90000ffcu, 7), 0);
  assert_int_equal(vs_mem_load32(m, 0x90001000u, &v), VS_MF_UNMAPPED);
  /* bulk copies name the address */
  char buf[16];
  assert_int_equal(vs_mem_read(m, 0x90000ff8u, buf, 16, &err), -1);
  assert_non_null(strstr(err.msg, "0x90001000"));
}

/* Addresses above 4 GiB: their own page tables, made on first write */
static void test_high_addresses(void **state)
{
  vs_mem *m = *state;
  vs_error err;
  const vs_addr hi = 0x7f1234560000ull;
  assert_int_equal(vs_mem_map(m, hi, 3 * VS_PAGE_SIZE, "high", &err), 0);
  uint32_t v = 1;
  assert_int_equal(vs_mem_load32(m, hi + 8, &v), 0); /* mapped, never written */
  assert_int_equal(v, 0);
  assert_null(vs_mem_page(m, hi));
  assert_int_equal(vs_mem_store32(m, hi + 8, 0xcafef00du), 0);
  assert_non_null(vs_mem_page(m, hi));
  assert_int_equal(atomic_load(&m->materialised), 1);
  assert_int_equal(vs_mem_load32(m, hi + 8, &v), 0);
  assert_int_equal(v, 0xcafef00du);
  /* the same low 32 bits below 4 GiB are another address */
  assert_int_equal(vs_mem_load32(m, (uint32_t)hi + 8, &v), VS_MF_UNMAPPED);
  assert_int_equal(vs_mem_load32(m, hi + 3 * VS_PAGE_SIZE, &v), VS_MF_UNMAPPED);
  assert_int_equal(vs_mem_store32(m, hi - 4, 1), VS_MF_UNMAPPED);
  /* bulk copies across the pages, and the bytes back */
  uint8_t out[2 * VS_PAGE_SIZE], in[2 * VS_PAGE_SIZE];
  for (size_t i = 0; i < sizeof out; i++) out[i] = (uint8_t)(i * 7 + 1);
  assert_int_equal(vs_mem_write(m, hi + 100, out, sizeof out, &err), 0);
  assert_int_equal(vs_mem_read(m, hi + 100, in, sizeof in, &err), 0);
  assert_memory_equal(in, out, sizeof out);
  assert_int_equal(vs_mem_read(m, hi + 2 * VS_PAGE_SIZE, in, 2 * VS_PAGE_SIZE, &err), -1);
  assert_non_null(strstr(err.msg, "0x7f1234563000"));
  /* code above 4 GiB decodes */
  vs_dpage *dp = vs_mem_dpage(m, hi + 4);
  assert_non_null(dp);
  assert_int_equal(dp->insn[2].w[0], 0xcafef00du);
  /* unmapping frees the pages */
  assert_int_equal(vs_mem_unmap(m, hi, &err), 0);
  assert_int_equal(atomic_load(&m->materialised), 0);
  assert_false(vs_mem_accessible(m, hi, 4));
  vs_mem_reclaim(m);
}

/* 1 to 16-byte accesses, within a page and across one */
static void test_access_widths(void **state)
{
  vs_mem *m = *state;
  vs_error err;
  assert_int_equal(vs_mem_map(m, 0x20000000u, 2 * VS_PAGE_SIZE, "w", &err), 0);
  static const unsigned sizes[] = {1, 2, 4, 8, 12, 16};
  for (unsigned k = 0; k < 6; k++) {
    uint8_t out[16], in[16];
    for (unsigned i = 0; i < 16; i++) out[i] = (uint8_t)(0x10 * k + i + 1);
    /* at the start of the second page, then straddling the two pages */
    vs_addr at[2] = {0x20001000u, 0x20001000u - sizes[k] / 2};
    for (unsigned j = 0; j < 2; j++) {
      memset(in, 0, sizeof in);
      assert_int_equal(vs_mem_store(m, at[j], out, sizes[k]), 0);
      assert_int_equal(vs_mem_load(m, at[j], in, sizes[k]), 0);
      assert_memory_equal(in, out, sizes[k]);
      uint8_t b;
      assert_int_equal(vs_mem_load(m, at[j] + sizes[k] - 1, &b, 1), 0);
      assert_int_equal(b, out[sizes[k] - 1]);
    }
  }
  /* a store that crosses into an unmapped page writes nothing */
  uint8_t sixteen[16];
  memset(sixteen, 0xee, sizeof sixteen);
  assert_int_equal(vs_mem_store(m, 0x20002000u - 8, sixteen, 16), VS_MF_UNMAPPED);
  uint64_t q = 0;
  assert_int_equal(vs_mem_load(m, 0x20002000u - 8, &q, 8), 0);
  assert_true(q != 0xeeeeeeeeeeeeeeeeull);
  assert_int_equal(vs_mem_load(m, 0x20002000u - 8, sixteen, 16), VS_MF_UNMAPPED);
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
  assert_int_equal(d1->insn[0].w[0], 0x13);
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
  assert_int_equal(d2->insn[0].w[0], 0x00500513);
  /* a write to the next page also drops this one (an instruction in its
   * last words may read ahead into the next page) */
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

/* The core's page decoder (core/decode.c) gives the ISA every word of the
 * page and reads up to two words ahead into the next page when it is
 * mapped: a fake ISA records what it was given. */
static unsigned seen_nw[VS_DPAGE_SLOTS];
static uint32_t seen_w[VS_DPAGE_SLOTS][3];
static vs_addr seen_pc[VS_DPAGE_SLOTS];

static void record_decode(vs_dinsn *d, const uint32_t *w, unsigned nw, vs_addr pc)
{
  unsigned i = (unsigned)((pc & VS_PAGE_MASK) / 4);
  seen_nw[i] = nw;
  seen_pc[i] = pc;
  for (unsigned k = 0; k < nw; k++) seen_w[i][k] = w[k];
  memset(d, 0, sizeof *d);
  d->w[0] = w[0];
  d->len = 4;
}

static void test_decode_read_ahead(void **state)
{
  vs_mem *m = *state;
  vs_error err;
  static vs_isa fake;
  fake.decode = record_decode;
  m->decode_page = vs_decode_page;
  m->decode_ctx = &fake;
  const vs_addr a = 0x1234000000ull; /* above 4 GiB too */
  assert_int_equal(vs_mem_map(m, a, VS_PAGE_SIZE + 8, "code", &err), 0);
  for (uint32_t i = 0; i < VS_DPAGE_SLOTS + 2; i++) assert_int_equal(vs_mem_store32(m, a + 4 * i, 1000 + i), 0);
  assert_non_null(vs_mem_dpage(m, a));
  assert_int_equal(seen_nw[0], 3);
  assert_int_equal(seen_pc[5], a + 20);
  assert_int_equal(seen_w[5][2], 1007);
  /* the last word of the page sees the first two of the next one */
  assert_int_equal(seen_nw[VS_DPAGE_SLOTS - 1], 3);
  assert_int_equal(seen_w[VS_DPAGE_SLOTS - 1][0], 1000 + VS_DPAGE_SLOTS - 1);
  assert_int_equal(seen_w[VS_DPAGE_SLOTS - 1][2], 1000 + VS_DPAGE_SLOTS + 1);
  /* the next page (mapped: one page, all of it readable) ends the code:
   * its last words have fewer words after them */
  vs_mem_dpage(m, a + VS_PAGE_SIZE);
  assert_int_equal(seen_nw[0], 3);
  assert_int_equal(seen_nw[VS_DPAGE_SLOTS - 2], 2);
  assert_int_equal(seen_nw[VS_DPAGE_SLOTS - 1], 1);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown(test_map_overlap_and_unmap, setup, teardown),
    cmocka_unit_test_setup_teardown(test_lazy_zero_pages, setup, teardown),
    cmocka_unit_test_setup_teardown(test_faults, setup, teardown),
    cmocka_unit_test_setup_teardown(test_high_addresses, setup, teardown),
    cmocka_unit_test_setup_teardown(test_access_widths, setup, teardown),
    cmocka_unit_test_setup_teardown(test_memory_limit, setup, teardown),
    cmocka_unit_test_setup_teardown(test_decoded_pages_follow_code_writes, setup, teardown),
    cmocka_unit_test_setup_teardown(test_decode_read_ahead, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
