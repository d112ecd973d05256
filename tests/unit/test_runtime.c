/* The driver API (include/ventus.h): handles, capabilities, tasks, buffer
 * allocation, copies, uploads, launches through vt_start with a launch
 * record and kernel metadata written by hand, the finished-kernel list,
 * error paths and their messages.  Kernels are hand-encoded
 * (test_runtime_util.h); expected values come from host computations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include <cmocka.h>

#include <cjson/cJSON.h>

#include "common/util.h"
#include "test_runtime_util.h"
#include "ventsim/driver.h"
#include "ventsim/sim.h"
#include "ventus.h"

#define assert_err(call, text)                                                 \
  do {                                                                         \
    assert_int_equal((call), -1);                                              \
    if (!strstr(vt_last_error(), (text)))                                      \
      fail_msg("message '%s' lacks '%s'", vt_last_error(), (text));            \
  } while (0)

static vt_device_h open_dev(void)
{
  vt_device_h d = NULL;
  assert_int_equal(vt_dev_open(&d), 0);
  assert_non_null(d);
  assert_string_equal(vt_last_error(), "");
  return d;
}

static void test_handles(void **state)
{
  (void)state;
  assert_err(vt_dev_open(NULL), "hdevice is NULL");
  assert_err(vt_dev_close(NULL), "NULL");
  vt_device_h d = open_dev();
  assert_int_equal(vt_dev_close(d), 0);
  /* closed, garbage and NULL handles fail everywhere without crashing */
  int junk = 42;
  void *bad[3] = {d, &junk, NULL};
  for (int i = 0; i < 3; i++) {
    uint64_t a = 0;
    char buf[8];
    assert_err(vt_dev_close(bad[i]), i == 2 ? "NULL" : "not an open device");
    assert_err(vt_buf_alloc(bad[i], 16, &a, 0, 0, 0), i == 2 ? "NULL" : "not an open device");
    assert_int_equal(vt_buf_free(bad[i], 0, NULL, 0, 0), -1);
    assert_int_equal(vt_one_buf_free(bad[i], 16, &a, 0, 0), -1);
    assert_int_equal(vt_copy_to_dev(bad[i], 0x90000000u, buf, 4, 0, 0), -1);
    assert_int_equal(vt_copy_from_dev(bad[i], 0x90000000u, buf, 4, 0, 0), -1);
    assert_int_equal(vt_start(bad[i], buf, 0), -1);
    assert_int_equal(vt_ready_wait(bad[i], 10), -1);
    assert_int_equal(vt_root_mem_alloc(bad[i], 3), -1);
    assert_int_equal(vt_root_mem_free(bad[i], 0), -1);
    assert_int_equal(vt_upload_kernel_bytes(bad[i], buf, 4, 0), -1);
    assert_int_equal(vt_upload_kernel_file(bad[i], "x", 0), -1);
    assert_int_equal(vt_dump_perf(bad[i], NULL), -1);
    assert_int_equal(vt_finish_all_kernel(bad[i], NULL), -1);
    assert_int_equal(vt_ventsim_set(bad[i], "threads", "2"), bad[i] == NULL ? 0 : -1);
    assert_null(vt_ventsim_device(bad[i]));
  }
  vt_ventsim_set(NULL, "threads", "1");
  uint64_t v;
  assert_err(vt_dev_caps((vt_device_h *)&bad[1], VT_CAPS_MAX_WARPS, &v), "not an open device");
}

static void test_caps(void **state)
{
  (void)state;
  uint64_t v = 0;
  /* NULL handle (the Ventus pocl port asks before opening): the defaults */
  static const struct { uint64_t id, want; } caps[] = {
    {VT_CAPS_VERSION, VS_VERSION_NUMBER}, /* CMake's project(VERSION) */ {VT_CAPS_MAX_CORES, 2}, {VT_CAPS_MAX_WARPS, 8}, {VT_CAPS_MAX_THREADS, 32},
    {VT_CAPS_CACHE_LINE_SIZE, 128}, {VT_CAPS_LOCAL_MEM_SIZE, 65536}, {VT_CAPS_ALLOC_BASE_ADDR, 0x90000000u},
    {VT_CAPS_KERNEL_BASE_ADDR, 0x80000000u}};
  for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
    assert_int_equal(vt_dev_caps(NULL, caps[i].id, &v), 0);
    assert_int_equal(v, caps[i].want);
  }
  vt_device_h d = open_dev(), nul = NULL;
  assert_int_equal(vt_dev_caps(&nul, VT_CAPS_MAX_THREADS, &v), 0);
  assert_int_equal(v, 32);
  assert_int_equal(vt_dev_caps(&d, VT_CAPS_MAX_WARPS, &v), 0);
  assert_int_equal(v, 8);
  assert_err(vt_dev_caps(&d, 8, &v), "unknown capability id 8");
  assert_err(vt_dev_caps(&d, VT_CAPS_VERSION, NULL), "value is NULL");
  /* per device settings */
  assert_int_equal(vt_ventsim_set(d, "warps", "16"), 0);
  assert_int_equal(vt_dev_caps(&d, VT_CAPS_MAX_WARPS, &v), 0);
  assert_int_equal(v, 16);
  assert_int_equal(vt_ventsim_set(d, "local-mem", "128K"), 0);
  assert_int_equal(vt_dev_caps(&d, VT_CAPS_LOCAL_MEM_SIZE, &v), 0);
  assert_int_equal(v, 128 * 1024);
  assert_err(vt_ventsim_set(d, "warps", "33"), "expected a number in 1..32");
  assert_err(vt_ventsim_set(d, "warp-threads", "x"), "warp-threads 'x'");
  assert_err(vt_ventsim_set(d, "bogus", "1"), "unknown setting 'bogus'");
  assert_err(vt_ventsim_set(d, "mode", "fast"), "expected 'functional' or 'timing'");
  char buf[64];
  assert_int_equal(vt_ventsim_get(d, "warps", buf, sizeof buf), 0);
  assert_string_equal(buf, "16");
  assert_int_equal(vt_ventsim_get(d, "mode", buf, sizeof buf), 0);
  assert_string_equal(buf, "functional");
  assert_err(vt_ventsim_get(d, "warps", buf, 1), "too small");
  assert_int_equal(vt_dev_close(d), 0);
  /* the environment: read by vt_dev_open and vt_dev_caps(NULL) */
  setenv("VENTSIM_WARP_THREADS", "16", 1);
  assert_int_equal(vt_dev_caps(NULL, VT_CAPS_MAX_THREADS, &v), 0);
  assert_int_equal(v, 16);
  d = open_dev();
  assert_int_equal(vt_dev_caps(&d, VT_CAPS_MAX_THREADS, &v), 0);
  assert_int_equal(v, 16);
  assert_int_equal(vt_dev_close(d), 0);
  setenv("VENTSIM_WARP_THREADS", "64", 1);
  assert_err(vt_dev_caps(NULL, VT_CAPS_MAX_THREADS, &v), "VENTSIM_WARP_THREADS");
  d = (vt_device_h)&v;
  assert_err(vt_dev_open(&d), "VENTSIM_WARP_THREADS: warp-threads '64'");
  assert_null(d);
  unsetenv("VENTSIM_WARP_THREADS");
  /* process-wide defaults beat the environment */
  setenv("VENTSIM_CORES", "4", 1);
  assert_int_equal(vt_dev_caps(NULL, VT_CAPS_MAX_CORES, &v), 0);
  assert_int_equal(v, 4);
  assert_int_equal(vt_ventsim_set(NULL, "cores", "6"), 0);
  assert_int_equal(vt_dev_caps(NULL, VT_CAPS_MAX_CORES, &v), 0);
  assert_int_equal(v, 6);
  assert_int_equal(vt_ventsim_set(NULL, "cores", "2"), 0);
  unsetenv("VENTSIM_CORES");
}

static void test_alloc(void **state)
{
  (void)state;
  vt_device_h d = open_dev();
  uint64_t a, b, c, x;
  /* page-aligned bump allocation from 0x90000000 */
  assert_int_equal(vt_buf_alloc(d, 100, &a, 0, 0, 0), 0);
  assert_int_equal(a, 0x90000000u);
  assert_int_equal(vt_buf_alloc(d, 5000, &b, 0, 0, 0), 0);
  assert_int_equal(b, 0x90001000u);
  assert_int_equal(vt_buf_alloc(d, 1, &c, 0, 0, 0), 0);
  assert_int_equal(c, 0x90003000u);
  /* freeing the top buffer moves the pointer back; a hole below stays */
  assert_int_equal(vt_one_buf_free(d, 1, &c, 0, 0), 0);
  assert_int_equal(vt_one_buf_free(d, 5000, &b, 0, 0), 0);
  assert_int_equal(vt_buf_alloc(d, 4096, &x, 0, 0, 0), 0);
  assert_int_equal(x, 0x90001000u);
  assert_int_equal(vt_one_buf_free(d, 4096, &a, 0, 0), 0);
  assert_int_equal(vt_buf_alloc(d, 4096, &a, 0, 0, 0), 0);
  assert_int_equal(a, 0x90002000u); /* bump, not the hole at 0x90000000 */
  /* errors */
  assert_err(vt_buf_alloc(d, 0, &x, 0, 0, 0), "size is 0");
  assert_err(vt_buf_alloc(d, 16, NULL, 0, 0, 0), "vaddr is NULL");
  assert_err(vt_buf_alloc(d, 3ull << 30, &x, 0, 0, 0), "more than the whole buffer area");
  assert_err(vt_buf_alloc(d, 16, &x, 0, 7, 0), "task 7 has no memory context");
  assert_err(vt_one_buf_free(d, 16, &c, 0, 0), "was freed already (double free)");
  x = a + 16;
  assert_err(vt_one_buf_free(d, 16, &x, 0, 0), "inside the buffer at 0x90002000");
  x = 0xa0000000u;
  assert_err(vt_one_buf_free(d, 16, &x, 0, 0), "no buffer was allocated at 0xa0000000");
  assert_err(vt_one_buf_free(d, 16, NULL, 0, 0), "vaddr is NULL");
  assert_err(vt_one_buf_free(d, 0, &a, 0, 0), "size is 0");
  assert_err(vt_one_buf_free(d, 8192, &a, 0, 0), "larger than the buffer");
  /* filling the area, then reusing a gap */
  assert_int_equal(vt_buf_free(d, 0, NULL, 0, 0), 0);
  uint64_t big, rest, small;
  assert_int_equal(vt_buf_alloc(d, 0x10000, &small, 0, 0, 0), 0);
  assert_int_equal(small, 0x90000000u);
  assert_int_equal(vt_buf_alloc(d, 0x6fff0000ull, &big, 0, 0, 0), 0);
  assert_int_equal(big, 0x90010000u);
  assert_err(vt_buf_alloc(d, 0x20000, &rest, 0, 0, 0), "out of device address space");
  assert_int_equal(vt_one_buf_free(d, 0x10000, &small, 0, 0), 0);
  assert_int_equal(vt_buf_alloc(d, 0x8000, &rest, 0, 0, 0), 0);
  assert_int_equal(rest, 0x90000000u); /* the gap */
  /* all buffers freed: allocation starts over */
  assert_int_equal(vt_buf_free(d, 0, NULL, 0, 0), 0);
  assert_int_equal(vt_buf_alloc(d, 8, &x, 0, 0, 0), 0);
  assert_int_equal(x, 0x90000000u);
  assert_int_equal(vt_dev_close(d), 0);
}

static void test_copies(void **state)
{
  (void)state;
  vt_device_h d = open_dev();
  uint64_t a, b;
  assert_int_equal(vt_buf_alloc(d, 64, &a, 0, 0, 0), 0);
  assert_int_equal(vt_buf_alloc(d, 64, &b, 0, 0, 0), 0);
  uint8_t in[64], out[64];
  for (int i = 0; i < 64; i++) in[i] = (uint8_t)(i * 7 + 1);
  memset(out, 0xee, sizeof out);
  /* fresh buffers read as zero */
  assert_int_equal(vt_copy_from_dev(d, b, out, 64, 0, 0), 0);
  for (int i = 0; i < 64; i++) assert_int_equal(out[i], 0);
  assert_int_equal(vt_copy_to_dev(d, a, in, 64, 0, 0), 0);
  assert_int_equal(vt_copy_from_dev(d, a + 8, out, 56, 0, 0), 0);
  assert_memory_equal(out, in + 8, 56);
  /* outside an allocation, crossing its end, zero size, NULL pointers */
  assert_err(vt_copy_to_dev(d, a + 60, in, 8, 0, 0), "crosses the end of the buffer at 0x90000000 (64 bytes)");
  assert_err(vt_copy_from_dev(d, a + 64, out, 4, 0, 0), "0x90000040 is not inside an allocated buffer");
  assert_err(vt_copy_to_dev(d, 0x70000000u, in, 4, 0, 0), "not inside an allocated buffer or the program");
  assert_err(vt_copy_to_dev(d, a, in, 0, 0, 0), "size is 0");
  assert_err(vt_copy_to_dev(d, a, NULL, 4, 0, 0), "src_addr is NULL");
  assert_err(vt_copy_from_dev(d, a, NULL, 4, 0, 0), "dst_addr is NULL");
  assert_err(vt_copy_to_dev(d, 0x100000000ull, in, 4, 0, 0), "beyond the 32-bit device address space");
  assert_err(vt_copy_to_dev(d, 0xfffffff0u, in, 32, 0, 0), "run past the end");
  assert_err(vt_copy_to_dev(d, a, in, 4, 3, 0), "task 3 has no memory context");
  assert_int_equal(vt_one_buf_free(d, 64, &b, 0, 0), 0);
  assert_err(vt_copy_to_dev(d, b, in, 4, 0, 0), "belongs to a buffer that was freed");
  assert_int_equal(vt_dev_close(d), 0);
}

static void test_tasks(void **state)
{
  (void)state;
  vt_device_h d = open_dev();
  assert_err(vt_root_mem_alloc(d, 0), "task 0 already has a memory context");
  assert_err(vt_root_mem_alloc(d, -1), "negative");
  assert_int_equal(vt_root_mem_alloc(d, 1), 0);
  uint64_t a0, a1;
  assert_int_equal(vt_buf_alloc(d, 16, &a0, 0, 0, 0), 0);
  assert_int_equal(vt_buf_alloc(d, 16, &a1, 0, 1, 0), 0);
  uint32_t v = 5;
  assert_int_equal(vt_copy_to_dev(d, a1, &v, 4, 1, 0), 0);
  /* deleting task 1 frees its buffers only */
  assert_int_equal(vt_root_mem_free(d, 1), 0);
  assert_err(vt_copy_to_dev(d, a1, &v, 4, 0, 0), "freed");
  assert_int_equal(vt_copy_to_dev(d, a0, &v, 4, 0, 0), 0);
  assert_err(vt_root_mem_free(d, 1), "task 1 has no memory context");
  assert_err(vt_buf_alloc(d, 16, &a1, 0, 1, 0), "task 1 has no memory context");
  assert_int_equal(vt_dev_close(d), 0);
}

static void test_upload(void **state)
{
  (void)state;
  vt_device_h d = open_dev();
  uint32_t words[2] = {0x00000013u, ENDPRG};
  assert_err(vt_upload_kernel_bytes(d, NULL, 8, 0), "content is NULL");
  assert_err(vt_upload_kernel_bytes(d, words, 0, 0), "size is 0");
  assert_err(vt_upload_kernel_bytes(d, words, 8, -1), "negative");
  /* a flat image at 0x80000000, readable through the copies */
  assert_int_equal(vt_upload_kernel_bytes(d, words, 8, 0), 0);
  uint32_t back[2];
  assert_int_equal(vt_copy_from_dev(d, 0x80000000u, back, 8, 0, 0), 0);
  assert_memory_equal(back, words, 8);
  /* files: missing, .vmem, ELF with a segment outside the program area */
  assert_err(vt_upload_kernel_file(d, "/nonexistent/k.elf", 0), "/nonexistent/k.elf");
  assert_err(vt_upload_kernel_file(d, NULL, 0), "filename is NULL");
  char path[] = "/tmp/vs_rt_vmemXXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  const char vm[] = "@0\n0000100b\n@2\ndeadbeef\n";
  assert_int_equal(write(fd, vm, sizeof vm - 1), (ssize_t)(sizeof vm - 1));
  close(fd);
  assert_int_equal(vt_upload_kernel_file(d, path, 0), 0);
  uint32_t three[3];
  assert_int_equal(vt_copy_from_dev(d, 0x80000000u, three, 12, 0, 0), 0);
  assert_int_equal(three[0], 0x0000100bu);
  assert_int_equal(three[1], 0);
  assert_int_equal(three[2], 0xdeadbeefu);
  fd = open(path, O_WRONLY | O_TRUNC);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, "not hex\n", 8), 8);
  close(fd);
  assert_err(vt_upload_kernel_file(d, path, 0), "neither an ELF program nor a .vmem file");
  unlink(path);
  tprog p;
  memset(&p, 0, sizeof p);
  tp_start(&p);
  size_t len;
  uint8_t *elf = tp_elf(&p, "data", 4, &len);
  assert_non_null(elf);
  assert_int_equal(vt_upload_kernel_bytes(d, elf, len, 0), 0);
  uint32_t w;
  assert_int_equal(vt_copy_from_dev(d, 0x80010000u, &w, 4, 0, 0), 0);
  assert_memory_equal(&w, "data", 4);
  free(elf);
  /* a data section at 0x90000000 would overlap the buffers */
  vs_elfw_section sec = {".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 0x90000000u, 4, 4, (const uint8_t *)"abcd"};
  vs_elfw_image img = {EM_RISCV, 0, 0x90000000u, 4096, &sec, 1, NULL, 0};
  vs_error err;
  assert_int_equal(vs_elf_write_mem(&img, &elf, &len, &err), 0);
  assert_err(vt_upload_kernel_bytes(d, elf, len, 0), "outside the program area");
  free(elf);
  /* the previous program is still there */
  assert_int_equal(vt_copy_from_dev(d, 0x80010000u, &w, 4, 0, 0), 0);
  assert_memory_equal(&w, "data", 4);
  assert_int_equal(vt_dev_close(d), 0);
}

/* ---- launches through vt_start only ---- */

typedef struct drv {
  vt_device_h d;
  uint64_t a, b, c, args, knl;
  unsigned n;
} drv;

/* A vecadd launch set up with driver calls only: n = groups * local. */
static void drv_setup(drv *s, unsigned groups, unsigned local)
{
  s->d = open_dev();
  tprog p;
  memset(&p, 0, sizeof p);
  tp_start(&p);
  tp_binop(&p, "vecadd", 0);
  size_t len;
  uint8_t *elf = tp_elf(&p, NULL, 0, &len);
  assert_non_null(elf);
  assert_int_equal(vt_upload_kernel_bytes(s->d, elf, len, 0), 0);
  free(elf);
  s->n = groups * local;
  uint32_t *x = malloc(4 * s->n), *y = malloc(4 * s->n);
  for (unsigned i = 0; i < s->n; i++) {
    x[i] = i * 3 + 1;
    y[i] = 1000000u - i;
  }
  assert_int_equal(vt_buf_alloc(s->d, 4 * s->n, &s->a, 0, 0, 0), 0);
  assert_int_equal(vt_buf_alloc(s->d, 4 * s->n, &s->b, 0, 0, 0), 0);
  assert_int_equal(vt_buf_alloc(s->d, 4 * s->n, &s->c, 0, 0, 0), 0);
  assert_int_equal(vt_copy_to_dev(s->d, s->a, x, 4 * s->n, 0, 0), 0);
  assert_int_equal(vt_copy_to_dev(s->d, s->b, y, 4 * s->n, 0, 0), 0);
  free(x);
  free(y);
  uint32_t argv[3] = {(uint32_t)s->a, (uint32_t)s->b, (uint32_t)s->c};
  assert_int_equal(vt_buf_alloc(s->d, sizeof argv, &s->args, 0, 0, 0), 0);
  assert_int_equal(vt_copy_to_dev(s->d, s->args, argv, sizeof argv, 0, 0), 0);
  uint32_t knl[16] = {0};
  knl[0] = 0x80000000u + 4 * 5; /* vecadd follows the 5 words of start code */
  knl[1] = (uint32_t)s->args;
  knl[2] = 1;
  knl[3] = s->n; knl[4] = 1; knl[5] = 1;
  knl[6] = local; knl[7] = 1; knl[8] = 1;
  assert_int_equal(vt_buf_alloc(s->d, 64, &s->knl, 0, 0, 0), 0);
  assert_int_equal(vt_copy_to_dev(s->d, s->knl, knl, 64, 0, 0), 0);
}

static vt_meta_data drv_meta(const drv *s, unsigned groups, unsigned wf, unsigned wg)
{
  vt_meta_data m;
  memset(&m, 0, sizeof m);
  m.kernel_id = 1;
  m.kernel_size[0] = groups;
  m.kernel_size[1] = m.kernel_size[2] = 1;
  m.wf_size = wf;
  m.wg_size = wg;
  m.metaDataBaseAddr = s->knl;
  m.sgprUsage = 64;
  m.vgprUsage = 64;
  return m;
}

static void drv_check(const drv *s)
{
  uint32_t *c = malloc(4 * s->n);
  assert_int_equal(vt_copy_from_dev(s->d, s->c, c, 4 * s->n, 0, 0), 0);
  for (unsigned i = 0; i < s->n; i++) assert_int_equal(c[i], (i * 3 + 1) + (1000000u - i));
  free(c);
}

static void test_start_driver_only(void **state)
{
  (void)state;
  drv s;
  drv_setup(&s, 4, 64);
  vt_meta_data m = drv_meta(&s, 4, 32, 2);
  assert_int_equal(vt_start(s.d, &m, 0), 0);
  assert_int_equal(vt_ready_wait(s.d, MAX_TIMEOUT), 0);
  drv_check(&s);
  /* the finished list: one id per launch, oldest first, in pieces */
  m.kernel_id = 2;
  assert_int_equal(vt_start(s.d, &m, 0), 0);
  int ids[1];
  vt_kernel_list l = {ids, 1, 0};
  assert_int_equal(vt_finish_all_kernel(s.d, &l), 0);
  assert_int_equal(l.count, 1);
  assert_int_equal(ids[0], VT_FINISHED_ID(0, 1));
  assert_int_equal(vt_finish_all_kernel(s.d, &l), 0);
  assert_int_equal(l.count, 1);
  assert_int_equal(ids[0], VT_FINISHED_ID(0, 2));
  assert_int_equal(vt_finish_all_kernel(s.d, &l), 0);
  assert_int_equal(l.count, 0);
  vt_kernel_list bad = {NULL, 4, 0};
  assert_err(vt_finish_all_kernel(s.d, &bad), "ids is NULL");
  assert_err(vt_finish_all_kernel(s.d, NULL), "finished_kernel_list is NULL");
  /* counters */
  char *txt = NULL;
  size_t tlen = 0;
  FILE *f = open_memstream(&txt, &tlen);
  assert_int_equal(vt_dump_perf(s.d, f), 0);
  fclose(f);
  assert_non_null(strstr(txt, "2 launches (0 failed)"));
  assert_non_null(strstr(txt, "vecadd"));
  assert_non_null(strstr(txt, "grid 4x1x1, 2 warps x 32 threads"));
  free(txt);
  assert_int_equal(vt_dev_close(s.d), 0);
}

static void test_start_errors(void **state)
{
  (void)state;
  vt_device_h d = open_dev();
  vt_meta_data m;
  memset(&m, 0, sizeof m);
  assert_err(vt_start(d, &m, 0), "no program has been uploaded");
  /* a failed start is reported by vt_ready_wait too, once (docs/runtime.md) */
  assert_err(vt_ready_wait(d, 0), "a launch failed: no program has been uploaded");
  assert_int_equal(vt_ready_wait(d, 0), 0);
  assert_int_equal(vt_dev_close(d), 0);

  drv s;
  drv_setup(&s, 2, 32);
  assert_err(vt_start(s.d, NULL, 0), "metaData is NULL");
  assert_err(vt_ready_wait(s.d, 0), "a launch failed: metaData is NULL");
  assert_int_equal(vt_ready_wait(s.d, 0), 0);
  vt_meta_data good = drv_meta(&s, 2, 32, 1);
  m = good; m.kernel_size[1] = 0;
  assert_err(vt_start(s.d, &m, 0), "kernel_size[1] is 0");
  m = good; m.kernel_size[0] = 1u << 20; m.kernel_size[1] = 1u << 10;
  assert_err(vt_start(s.d, &m, 0), "more than the limit");
  m = good; m.wf_size = 33;
  assert_err(vt_start(s.d, &m, 0), "wf_size 33 is outside 1..32");
  m = good; m.wf_size = 0;
  assert_err(vt_start(s.d, &m, 0), "wf_size 0");
  m = good; m.wg_size = 9;
  assert_err(vt_start(s.d, &m, 0), "wg_size 9 is outside 1..8");
  m = good; m.metaDataBaseAddr = 0x12345678u;
  assert_err(vt_start(s.d, &m, 0), "kernel metadata buffer (metaDataBaseAddr): 0x12345678 is not inside");
  m = good; m.metaDataBaseAddr = s.args; /* a 12-byte buffer cannot hold 64 bytes */
  assert_err(vt_start(s.d, &m, 0), "crosses the end of the buffer");
  m = good; m.ldsSize = 1u << 20;
  assert_err(vt_start(s.d, &m, 0), "ldsSize 1048576 is more than the 65536 bytes");
  m = good; m.pdsBaseAddr = 1ull << 40;
  assert_err(vt_start(s.d, &m, 0), "pdsBaseAddr = 0x10000000000 does not fit in 32 bits");
  m = good; m.vgprUsage = 1ull << 33;
  assert_err(vt_start(s.d, &m, 0), "vgprUsage");
  m = good; m.pdsSize = 64; m.pdsBaseAddr = s.a; /* 64 x 64 threads do not fit a 256-byte buffer */
  assert_err(vt_start(s.d, &m, 0), "does not fit the buffer at 0x90000000");
  assert_err(vt_start(s.d, &good, 5), "task 5 has no memory context");
  /* a print buffer outside an allocation, or too small */
  uint32_t pr[2] = {0x9f000000u, 4096};
  assert_int_equal(vt_copy_to_dev(s.d, s.knl + 48, pr, 8, 0, 0), 0);
  assert_err(vt_start(s.d, &good, 0), "print buffer (KNL_PRINT_ADDR/KNL_PRINT_SIZE): 0x9f000000");
  pr[0] = (uint32_t)s.a;
  pr[1] = 4;
  assert_int_equal(vt_copy_to_dev(s.d, s.knl + 48, pr, 8, 0, 0), 0);
  assert_err(vt_start(s.d, &good, 0), "too small (at least 8)");
  pr[0] = pr[1] = 0;
  assert_int_equal(vt_copy_to_dev(s.d, s.knl + 48, pr, 8, 0, 0), 0);
  /* nothing ran so far; the good record works */
  assert_int_equal(vt_start(s.d, &good, 0), 0);
  drv_check(&s);
  assert_int_equal(vt_dev_close(s.d), 0);
}

static void test_kernel_error(void **state)
{
  (void)state;
  drv s;
  drv_setup(&s, 2, 32);
  /* c points nowhere: the stores fault */
  uint32_t bad = 0xa0000000u;
  assert_int_equal(vt_copy_to_dev(s.d, s.args + 8, &bad, 4, 0, 0), 0);
  vt_meta_data m = drv_meta(&s, 2, 32, 1);
  assert_err(vt_start(s.d, &m, 0), "vecadd");
  assert_non_null(strstr(vt_last_error(), "vt_start: "));
  /* vt_ready_wait reports it once */
  assert_err(vt_ready_wait(s.d, 0), "a launch failed");
  assert_int_equal(vt_ready_wait(s.d, 0), 0);
  int ids[4];
  vt_kernel_list l = {ids, 4, 0};
  assert_int_equal(vt_finish_all_kernel(s.d, &l), 0);
  assert_int_equal(l.count, 0);
  /* the device still works */
  bad = (uint32_t)s.c;
  assert_int_equal(vt_copy_to_dev(s.d, s.args + 8, &bad, 4, 0, 0), 0);
  assert_int_equal(vt_start(s.d, &m, 0), 0);
  drv_check(&s);
  /* an endless kernel stops at the instruction limit */
  uint32_t loop = JAL_SELF;
  assert_int_equal(vt_copy_to_dev(s.d, 0x80000014u, &loop, 4, 0, 0), 0);
  assert_int_equal(vt_ventsim_set(s.d, "max-instructions", "10000"), 0);
  assert_err(vt_start(s.d, &m, 0), "instruction limit");
  char *txt = NULL;
  size_t tlen = 0;
  FILE *f = open_memstream(&txt, &tlen);
  assert_int_equal(vt_dump_perf(s.d, f), 0);
  fclose(f);
  assert_non_null(strstr(txt, "(2 failed)"));
  assert_non_null(strstr(txt, "(FAILED)"));
  free(txt);
  assert_int_equal(vt_dev_close(s.d), 0);
}

static void test_timing_mode(void **state)
{
  (void)state;
  char ini[] = "/tmp/vs_rt_iniXXXXXX";
  int fd = mkstemp(ini);
  assert_true(fd >= 0);
  const char good[] = "[gpu]\nnum_sms = 4\n";
  assert_int_equal(write(fd, good, sizeof good - 1), (ssize_t)(sizeof good - 1));
  close(fd);
  drv s;
  drv_setup(&s, 4, 64);
  char buf[256];
  /* checked when set also in functional mode (the mode may change later):
   * per device and process-wide */
  assert_err(vt_ventsim_set(s.d, "config", "/nonexistent/cfg.ini"), "/nonexistent/cfg.ini");
  assert_err(vt_ventsim_set(NULL, "config", "/nonexistent/cfg.ini"), "/nonexistent/cfg.ini");
  assert_err(vt_ventsim_set(s.d, "config", "no-such-config"), "no-such-config");
  assert_int_equal(vt_ventsim_get(s.d, "config", buf, sizeof buf), 0);
  assert_string_equal(buf, "");
  assert_int_equal(vt_ventsim_set(s.d, "config", "ventus-verilog"), 0);
  assert_int_equal(vt_ventsim_set(s.d, "config", ""), 0);
  assert_int_equal(vt_ventsim_set(s.d, "mode", "timing"), 0);
  assert_int_equal(vt_ventsim_get(s.d, "mode", buf, sizeof buf), 0);
  assert_string_equal(buf, "timing");
  /* a bad configuration is refused when it is set, and changes nothing */
  assert_err(vt_ventsim_set(s.d, "config", "/nonexistent/cfg.ini"), "timing configuration");
  assert_int_equal(vt_ventsim_get(s.d, "config", buf, sizeof buf), 0);
  assert_string_equal(buf, "");
  assert_int_equal(vt_ventsim_set(s.d, "config", ini), 0);
  assert_int_equal(vt_ventsim_get(s.d, "config", buf, sizeof buf), 0);
  assert_string_equal(buf, ini);
  /* (launches in timing mode: test_runtime_timing) */
  assert_int_equal(vt_dev_close(s.d), 0);
  /* a configuration with an unknown key; the same through the environment */
  fd = open(ini, O_WRONLY | O_TRUNC);
  const char bad[] = "[gpu]\nbogus_key = 1\n";
  assert_int_equal(write(fd, bad, sizeof bad - 1), (ssize_t)(sizeof bad - 1));
  close(fd);
  setenv("VENTSIM_MODE", "timing", 1);
  setenv("VENTSIM_CONFIG", ini, 1);
  vt_device_h d = NULL;
  assert_err(vt_dev_open(&d), "bogus_key");
  unsetenv("VENTSIM_MODE"); /* functional: the configuration is still checked */
  assert_err(vt_dev_open(&d), "bogus_key");
  assert_null(d);
  unsetenv("VENTSIM_CONFIG");
  unlink(ini);
}

static void test_threads_trace_stats(void **state)
{
  (void)state;
  char dir[] = "/tmp/vs_rt_statsXXXXXX";
  assert_non_null(mkdtemp(dir));
  char stats[256], trace[256];
  snprintf(stats, sizeof stats, "%s/stats.json", dir);
  snprintf(trace, sizeof trace, "%s/trace.log", dir);
  drv s;
  drv_setup(&s, 8, 64);
  assert_int_equal(vt_ventsim_set(s.d, "threads", "4"), 0);
  assert_int_equal(vt_ventsim_set(s.d, "stats", stats), 0);
  vt_meta_data m = drv_meta(&s, 8, 32, 2);
  assert_int_equal(vt_start(s.d, &m, 0), 0);
  drv_check(&s);
  assert_err(vt_ventsim_set(s.d, "trace", "/nonexistent/dir/t.log"), "/nonexistent/dir/t.log");
  assert_int_equal(vt_ventsim_set(s.d, "trace", trace), 0);
  assert_int_equal(vt_start(s.d, &m, 0), 0);
  assert_int_equal(vt_ventsim_set(s.d, "trace", ""), 0);
  assert_int_equal(vt_dev_close(s.d), 0);
  char *txt = NULL;
  size_t len = 0;
  vs_error err;
  assert_int_equal(vs_read_file(stats, 1 << 24, &txt, &len, &err), 0);
  assert_non_null(strstr(txt, "\"launches\""));
  assert_non_null(strstr(txt, "vecadd"));
  free(txt);
  assert_int_equal(vs_read_file(trace, 1 << 26, &txt, &len, &err), 0);
  assert_non_null(strstr(txt, "core   0: 0x80000000"));
  free(txt);
  unlink(stats);
  unlink(trace);
  rmdir(dir);
}

/* The statistics of a long-running host stay bounded: the last 1024
 * launches one by one, earlier ones only in the totals (issue 17). */
static void test_stats_bounded(void **state)
{
  (void)state;
  char dir[] = "/tmp/vs_rt_boundXXXXXX";
  assert_non_null(mkdtemp(dir));
  char stats[256];
  snprintf(stats, sizeof stats, "%s/stats.json", dir);
  drv s;
  drv_setup(&s, 1, 32);
  assert_int_equal(vt_ventsim_set(s.d, "stats", stats), 0);
  vt_meta_data m = drv_meta(&s, 1, 32, 1);
  const unsigned n = 1100;
  for (unsigned i = 0; i < n; i++) assert_int_equal(vt_start(s.d, &m, 0), 0);
  char *perf = NULL;
  size_t plen = 0;
  FILE *f = open_memstream(&perf, &plen);
  assert_int_equal(vt_dump_perf(s.d, f), 0);
  fclose(f);
  assert_non_null(strstr(perf, "statistics: the first 76 launches are only in the totals"));
  free(perf);
  assert_int_equal(vt_dev_close(s.d), 0);
  char *txt = NULL;
  size_t len = 0;
  vs_error err;
  assert_int_equal(vs_read_file(stats, 1 << 26, &txt, &len, &err), 0);
  cJSON *doc = cJSON_Parse(txt);
  free(txt);
  assert_non_null(doc);
  const cJSON *launches = cJSON_GetObjectItem(doc, "launches");
  assert_int_equal(cJSON_GetArraySize(launches), 1024);
  assert_int_equal(cJSON_GetObjectItem(doc, "omitted_launches")->valuedouble, n - 1024);
  /* the totals still count every launch: n times one launch's count */
  double one = cJSON_GetObjectItem(cJSON_GetArrayItem(launches, 0), "warp_instructions")->valuedouble;
  const cJSON *tot = cJSON_GetObjectItem(doc, "totals");
  assert_true(one > 0);
  assert_true(cJSON_GetObjectItem(tot, "warp_instructions")->valuedouble == one * n);
  assert_true(cJSON_GetObjectItem(tot, "workgroups")->valuedouble == 1.0 * n);
  assert_true(cJSON_IsFalse(cJSON_GetObjectItem(doc, "partial")));
  cJSON_Delete(doc);
  unlink(stats);
  rmdir(dir);
}

/* ---- threads: several devices at once, one device from two threads ---- */

typedef struct job {
  vt_device_h dev;   /* shared device, or NULL: open one */
  uint64_t knl;      /* with a shared device: its metadata buffer */
  unsigned groups;
  int errors;
  char msg[256];
} job;

static void *run_job(void *arg)
{
  job *j = arg;
  if (!j->dev) {
    drv s;
    memset(&s, 0, sizeof s);
    /* no cmocka asserts in threads: a small setup by hand */
    vt_device_h d = NULL;
    tprog p;
    memset(&p, 0, sizeof p);
    tp_start(&p);
    tp_binop(&p, "vecadd", 0);
    size_t len;
    uint8_t *elf = tp_elf(&p, NULL, 0, &len);
    unsigned n = j->groups * 32;
    uint32_t *x = calloc(n, 4), *c = calloc(n, 4);
    uint64_t da = 0, dc = 0, dargs = 0, dknl = 0;
    if (!elf || !x || !c || vt_dev_open(&d) || vt_upload_kernel_bytes(d, elf, len, 0) ||
        vt_buf_alloc(d, 4 * n, &da, 0, 0, 0) || vt_buf_alloc(d, 4 * n, &dc, 0, 0, 0)) {
      j->errors++;
    } else {
      for (unsigned i = 0; i < n; i++) x[i] = i ^ 0x5a5a;
      uint32_t argv[3] = {(uint32_t)da, (uint32_t)da, (uint32_t)dc};
      uint32_t knl[16] = {0x80000014u, 0, 1, n, 1, 1, 32, 1, 1};
      j->errors += vt_copy_to_dev(d, da, x, 4 * n, 0, 0) != 0;
      j->errors += vt_buf_alloc(d, 12, &dargs, 0, 0, 0) != 0;
      j->errors += vt_copy_to_dev(d, dargs, argv, 12, 0, 0) != 0;
      knl[1] = (uint32_t)dargs;
      j->errors += vt_buf_alloc(d, 64, &dknl, 0, 0, 0) != 0;
      j->errors += vt_copy_to_dev(d, dknl, knl, 64, 0, 0) != 0;
      vt_meta_data m = {0, {j->groups, 1, 1}, 32, 1, dknl, 0, 0, 32, 32, 0};
      for (int rep = 0; rep < 5; rep++) j->errors += vt_start(d, &m, 0) != 0;
      j->errors += vt_copy_from_dev(d, dc, c, 4 * n, 0, 0) != 0;
      for (unsigned i = 0; i < n; i++) j->errors += c[i] != 2 * (i ^ 0x5a5a);
      /* an error here does not show in another thread's vt_last_error */
      j->errors += vt_buf_alloc(d, 0, &da, 0, 0, 0) != -1;
      snprintf(j->msg, sizeof j->msg, "%s", vt_last_error());
    }
    if (d) j->errors += vt_dev_close(d) != 0;
    free(elf);
    free(x);
    free(c);
    return NULL;
  }
  vt_meta_data m = {0, {j->groups, 1, 1}, 32, 2, j->knl, 0, 0, 32, 32, 0};
  for (int rep = 0; rep < 5; rep++) j->errors += vt_start(j->dev, &m, 0) != 0;
  snprintf(j->msg, sizeof j->msg, "%s", vt_last_error());
  return NULL;
}

static void test_threads(void **state)
{
  (void)state;
  enum { T = 4 };
  job jobs[T];
  pthread_t th[T];
  memset(jobs, 0, sizeof jobs);
  for (int i = 0; i < T; i++) {
    jobs[i].groups = 8u << i;
    assert_int_equal(pthread_create(&th[i], NULL, run_job, &jobs[i]), 0);
  }
  for (int i = 0; i < T; i++) {
    pthread_join(th[i], NULL);
    assert_int_equal(jobs[i].errors, 0);
    assert_non_null(strstr(jobs[i].msg, "vt_buf_alloc: size is 0"));
  }
  assert_string_equal(vt_last_error(), "");
  /* one device, two threads: the launches take turns */
  drv s;
  drv_setup(&s, 4, 64);
  for (int i = 0; i < 2; i++) {
    jobs[i].dev = s.d;
    jobs[i].knl = s.knl;
    jobs[i].groups = 4;
    jobs[i].errors = 0;
    assert_int_equal(pthread_create(&th[i], NULL, run_job, &jobs[i]), 0);
  }
  for (int i = 0; i < 2; i++) {
    pthread_join(th[i], NULL);
    assert_int_equal(jobs[i].errors, 0);
    assert_string_equal(jobs[i].msg, "");
  }
  drv_check(&s);
  int ids[16];
  vt_kernel_list l = {ids, 16, 0};
  assert_int_equal(vt_finish_all_kernel(s.d, &l), 0);
  assert_int_equal(l.count, 10);
  /* the simulator device behind the handle */
  vs_device *vd = vt_ventsim_device(s.d);
  assert_non_null(vd);
  uint32_t w = 0;
  vs_error err;
  assert_int_equal(vs_device_read(vd, (uint32_t)s.c + 4, &w, 4, &err), 0);
  assert_int_equal(w, (1 * 3 + 1) + (1000000u - 1));
  assert_int_equal(vt_dev_close(s.d), 0);
}

int main(void)
{
  vt_ventsim_set(NULL, "quiet", "1");
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_handles),
    cmocka_unit_test(test_caps),
    cmocka_unit_test(test_alloc),
    cmocka_unit_test(test_copies),
    cmocka_unit_test(test_tasks),
    cmocka_unit_test(test_upload),
    cmocka_unit_test(test_start_driver_only),
    cmocka_unit_test(test_start_errors),
    cmocka_unit_test(test_kernel_error),
    cmocka_unit_test(test_timing_mode),
    cmocka_unit_test(test_threads_trace_stats),
    cmocka_unit_test(test_stats_bounded),
    cmocka_unit_test(test_threads),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
