/* Timing-model configuration (src/timing/config.c, params.def): defaults,
 * --set, INI files, consistency checks, the dump round trip, name lookup. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "timing/config.h"
#include "ventsim/timing.h"

static vs_timing_config *mk(void)
{
  vs_timing_config *c = NULL;
  vs_error err;
  assert_int_equal(vs_timing_config_create(&c, &err), 0);
  return c;
}

static void test_defaults_are_the_chisel_rtl(void **state)
{
  (void)state;
  vs_timing_config *c = mk();
  /* ventus/src/top/parameters.scala */
  assert_int_equal(c->gpu_num_sms, 2);
  assert_int_equal(c->gpu_warps_per_sm, 8);
  assert_int_equal(c->gpu_wg_slots_per_sm, 8);
  assert_int_equal(c->core_fetch_width, 2);
  assert_int_equal(c->core_ibuffer_size, 2);
  assert_int_equal(c->core_issue_width, 1);
  assert_int_equal(c->core_reg_banks, 4);
  assert_int_equal(c->dc_sets, 256);
  assert_int_equal(c->dc_ways, 2);
  assert_int_equal(c->dc_line, 128);
  assert_int_equal(c->dc_mshrs, 4);
  assert_int_equal(c->dc_mshr_targets, 2);
  assert_int_equal(c->ic_sets, 256);
  assert_int_equal(c->l2_sets, 64);
  assert_int_equal(c->l2_ways, 16);
  assert_int_equal(c->dram_latency, 32);
  assert_int_equal(c->lds_size, 131072);
  assert_int_equal(c->ex_mul_latency, 2);
  assert_int_equal(c->ex_fma_latency, 5);
  assert_int_equal(c->ex_fpu_latency, 3);
  assert_int_equal(c->core_scheduler, VS_SCHED_LRR);
  assert_int_equal(c->dc_write_policy, VS_WP_WRITE_BACK);
  assert_int_equal(c->dc_write_allocate, 0);
  vs_error err;
  assert_int_equal(vs_timing_config_check(c, &err), 0);
  vs_timing_config_free(c);
}

static void test_set_and_get(void **state)
{
  (void)state;
  vs_timing_config *c = mk();
  vs_error err;
  char buf[64];
  assert_int_equal(vs_timing_config_set(c, "dcache.sets=32", &err), 0);
  assert_int_equal(c->dc_sets, 32);
  assert_int_equal(vs_timing_config_set(c, " core.scheduler = gto ", &err), 0);
  assert_int_equal(c->core_scheduler, VS_SCHED_GTO);
  assert_int_equal(vs_timing_config_get(c, "core.scheduler", buf, sizeof buf, &err), 0);
  assert_string_equal(buf, "gto");
  assert_int_equal(vs_timing_config_set(c, "lds.size=64K", &err), 0);
  assert_int_equal(c->lds_size, 65536);
  assert_int_equal(vs_timing_config_set(c, "dcache.write_allocate=yes", &err), 0);
  assert_int_equal(c->dc_write_allocate, 1);
  assert_int_equal(vs_timing_config_set(c, "dram.latency=0x40", &err), 0);
  assert_int_equal(c->dram_latency, 64);
  /* errors name the key and why */
  assert_int_equal(vs_timing_config_set(c, "dcache.mshrs=0", &err), -1);
  assert_int_equal(err.code, VS_E_CONFIG);
  assert_non_null(strstr(err.msg, "dcache.mshrs"));
  assert_non_null(strstr(err.msg, "outside 1..256"));
  assert_int_equal(c->dc_mshrs, 4); /* unchanged */
  assert_int_equal(vs_timing_config_set(c, "core.scheduler=fifo", &err), -1);
  assert_non_null(strstr(err.msg, "core.scheduler"));
  assert_non_null(strstr(err.msg, "lrr, gto"));
  assert_int_equal(vs_timing_config_set(c, "dcache.size=4", &err), -1);
  assert_non_null(strstr(err.msg, "unknown timing parameter 'dcache.size'"));
  assert_int_equal(vs_timing_config_set(c, "dcache.sets", &err), -1);
  assert_int_equal(vs_timing_config_set(c, "dcache.sets=many", &err), -1);
  assert_non_null(strstr(err.msg, "not a number"));
  vs_timing_config_free(c);
}

static void test_consistency_checks(void **state)
{
  (void)state;
  vs_timing_config *c = mk();
  vs_error err;
  assert_int_equal(vs_timing_config_set(c, "dcache.line=96", &err), 0); /* in range ... */
  assert_int_equal(vs_timing_config_check(c, &err), -1);                 /* ... inconsistent */
  assert_non_null(strstr(err.msg, "dcache.line"));
  assert_non_null(strstr(err.msg, "not a power of two"));
  vs_timing_config_free(c);
  c = mk();
  assert_int_equal(vs_timing_config_set(c, "icache.line=4", &err), 0);
  assert_int_equal(vs_timing_config_check(c, &err), -1);
  assert_non_null(strstr(err.msg, "core.fetch_width"));
  vs_timing_config_free(c);
  c = mk();
  assert_int_equal(vs_timing_config_set(c, "lsu.entries=2", &err), 0);
  assert_int_equal(vs_timing_config_check(c, &err), -1);
  assert_non_null(strstr(err.msg, "lsu.entries_per_warp"));
  vs_timing_config_free(c);
}

static void test_ini(void **state)
{
  (void)state;
  vs_timing_config *c = mk();
  vs_error err;
  const char *good = "# comment\n[gpu]\nnum_sms = 4 ; inline\n\n[core]\nscheduler = gto\n";
  assert_int_equal(vs_timing_config_load_string(c, good, "good.ini", &err), 0);
  assert_int_equal(c->gpu_num_sms, 4);
  assert_int_equal(c->core_scheduler, VS_SCHED_GTO);
  /* a bad file names file, line and key, and changes nothing */
  const char *bad = "[gpu]\nnum_sms = 3\n[dcache]\nmshrs = 0\n";
  assert_int_equal(vs_timing_config_load_string(c, bad, "bad.ini", &err), -1);
  assert_non_null(strstr(err.msg, "bad.ini:4:"));
  assert_non_null(strstr(err.msg, "dcache.mshrs"));
  assert_int_equal(c->gpu_num_sms, 4);
  assert_int_equal(vs_timing_config_load_string(c, "[dcache]\nsize = 1\n", "u.ini", &err), -1);
  assert_non_null(strstr(err.msg, "unknown key 'size' in section [dcache]"));
  assert_int_equal(vs_timing_config_load_string(c, "[cache]\nsets = 1\n", "s.ini", &err), -1);
  assert_non_null(strstr(err.msg, "unknown section [cache]"));
  assert_int_equal(vs_timing_config_load_string(c, "num_sms = 1\n", "n.ini", &err), -1);
  assert_non_null(strstr(err.msg, "outside a [section]"));
  vs_timing_config_free(c);
}

static void test_dump_round_trip(void **state)
{
  (void)state;
  vs_timing_config *a = mk(), *b = mk();
  vs_error err;
  assert_int_equal(vs_timing_config_set(a, "l2.banks=4", &err), 0);
  assert_int_equal(vs_timing_config_set(a, "dcache.write_policy=write-through", &err), 0);
  assert_int_equal(vs_timing_config_set(a, "sim.max_cycles=12345", &err), 0);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  assert_non_null(f);
  assert_int_equal(vs_timing_config_dump(a, f), 0);
  fclose(f);
  /* every line fits libinih's 200-character lines */
  for (char *p = text, *nl; (nl = strchr(p, '\n')); p = nl + 1) assert_true(nl - p < 200);
  assert_int_equal(vs_timing_config_load_string(b, text, "dump", &err), 0);
  size_t n;
  const vs_param_desc *p = vs_tparams(&n);
  for (size_t i = 0; i < n; i++) assert_int_equal(vs_tparam_value(a, &p[i]), vs_tparam_value(b, &p[i]));
  free(text);
  vs_timing_config_free(a);
  vs_timing_config_free(b);
}

static void test_shipped_configs(void **state)
{
  (void)state;
  vs_timing_config *c = mk(), *d = mk();
  vs_error err;
  /* the Chisel file is the built-in defaults written out */
  assert_int_equal(vs_timing_config_load(c, VS_SOURCE_DIR "/share/ventsim/configs/ventus-chisel.ini", &err), 0);
  size_t n;
  const vs_param_desc *p = vs_tparams(&n);
  for (size_t i = 0; i < n; i++) assert_int_equal(vs_tparam_value(c, &p[i]), vs_tparam_value(d, &p[i]));
  /* the Verilog port's define.v */
  assert_int_equal(vs_timing_config_load(c, VS_SOURCE_DIR "/share/ventsim/configs/ventus-verilog.ini", &err), 0);
  assert_int_equal(c->gpu_num_sms, 2);
  assert_int_equal(c->gpu_warps_per_sm, 8);
  assert_int_equal(c->dc_sets, 32);
  assert_int_equal(c->dc_line, 8);
  assert_int_equal(c->lds_size, 1024);
  assert_int_equal(c->l2_sets, 2);
  assert_int_equal(c->l2_ways, 4);
  assert_int_equal(c->dram_latency, 4);
  assert_int_equal(vs_timing_config_check(c, &err), 0);
  /* names resolve in share/ventsim/configs */
  char path[4096];
  assert_int_equal(vs_timing_config_find("ventus-verilog", path, sizeof path, &err), 0);
  assert_non_null(strstr(path, "configs/ventus-verilog.ini"));
  assert_int_equal(vs_timing_config_find("no-such-config", path, sizeof path, &err), -1);
  assert_non_null(strstr(err.msg, "no-such-config"));
  vs_timing_config_free(c);
  vs_timing_config_free(d);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_defaults_are_the_chisel_rtl),
    cmocka_unit_test(test_set_and_get),
    cmocka_unit_test(test_consistency_checks),
    cmocka_unit_test(test_ini),
    cmocka_unit_test(test_dump_round_trip),
    cmocka_unit_test(test_shipped_configs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
