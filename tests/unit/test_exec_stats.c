/* Counting executed instructions (src/core/execstats.c): the class mix,
 * per-thread (vector) instructions, divergence, and memory accesses by
 * space and size -- every size from 1 to 16 bytes, an atomic's two records
 * counted once.  Expected counts by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/exec.h"

static void acc(vs_memrec *r, unsigned size, int store, int space, int atomic)
{
  vs_memacc *a = &r->acc[r->n++];
  memset(a, 0, sizeof *a);
  a->addr = 0x1000u * r->n;
  a->size = (uint8_t)size;
  a->is_store = (uint8_t)store;
  a->space = (uint8_t)space;
  a->is_atomic = (uint8_t)atomic;
}

static void test_counting(void **state)
{
  (void)state;
  vs_exec_stats st;
  memset(&st, 0, sizeof st);
  vs_memrec r;
  r.n = 0;
  /* a vector load of 8 threads x 16 bytes from global memory, plus 12- and
   * 8-byte loads from local memory and a 1-byte store to private memory */
  for (int i = 0; i < 8; i++) acc(&r, 16, 0, VS_SPACE_GLOBAL, 0);
  acc(&r, 12, 0, VS_SPACE_LOCAL, 0);
  acc(&r, 8, 0, VS_SPACE_LOCAL, 0);
  acc(&r, 1, 1, VS_SPACE_PRIVATE, 0);
  /* an atomic: its load and its store record, one atomic */
  acc(&r, 4, 0, VS_SPACE_GLOBAL, 1);
  acc(&r, 4, 1, VS_SPACE_GLOBAL, 1);
  acc(&r, 2, 0, VS_SPACE_CONSTANT, 0);
  vs_exec_stats_count(&st, VS_CLS_VLOAD, 8, 0, 0, &r);
  assert_int_equal(st.class_insns[VS_CLS_VLOAD], 1);
  assert_int_equal(st.vector_insns, 1);
  assert_int_equal(st.vector_threads, 8);
  assert_int_equal(st.loads[VS_SPACE_GLOBAL][vs_size_index(16)], 8);
  assert_int_equal(st.loads[VS_SPACE_LOCAL][vs_size_index(12)], 1);
  assert_int_equal(st.loads[VS_SPACE_LOCAL][vs_size_index(8)], 1);
  assert_int_equal(st.stores[VS_SPACE_PRIVATE][vs_size_index(1)], 1);
  assert_int_equal(st.loads[VS_SPACE_CONSTANT][vs_size_index(2)], 1);
  assert_int_equal(st.atomics[VS_SPACE_GLOBAL], 1);
  assert_int_equal(st.loads[VS_SPACE_GLOBAL][vs_size_index(4)], 0); /* not a load */
  /* a scalar instruction: no threads counted; a vector branch that went
   * one level deeper is a divergent branch */
  r.n = 0;
  vs_exec_stats_count(&st, VS_CLS_SALU, 8, 0, 0, &r);
  assert_int_equal(st.vector_insns, 1);
  vs_exec_stats_count(&st, VS_CLS_SIMT, 5, 1, 2, &r);
  assert_int_equal(st.divergent_branches, 1);
  assert_int_equal(st.max_stack_depth, 2);
  assert_int_equal(st.vector_threads, 8 + 5);
  /* the classes of AMD code: a DS instruction acts per lane, a scalar
   * memory one does not; both go to memory */
  vs_exec_stats_count(&st, VS_CLS_LDS, 4, 0, 0, &r);
  vs_exec_stats_count(&st, VS_CLS_SMEM, 4, 0, 0, &r);
  assert_int_equal(st.vector_insns, 3);
  assert_true(vs_cls_is(VS_CLS_LDS, VS_CP_MEM) && vs_cls_is(VS_CLS_SMEM, VS_CP_MEM | VS_CP_SMEM));
  assert_false(vs_cls_is(VS_CLS_WAITCNT, VS_CP_MEM | VS_CP_VECTOR | VS_CP_CTRL));
  assert_string_equal(vs_insn_class_name(VS_CLS_LDS), "lds");
  assert_string_equal(vs_insn_class_name(VS_CLS_MESSAGE), "message");
  assert_false(vs_cls_is(VS_CLS_COUNT, VS_CP_VECTOR));
  /* sizes map to distinct indices */
  static const unsigned sizes[VS_NSIZES] = {1, 2, 4, 8, 12, 16};
  for (unsigned i = 0; i < VS_NSIZES; i++) assert_int_equal(vs_size_index(sizes[i]), i);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_counting),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
