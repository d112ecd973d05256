/* The launch helper (include/ventsim/launch.h): NDRanges in 1 and 2
 * dimensions, argument layout, several kernels and programs on one device,
 * its error paths; the print buffer (drained output, malformed buffers);
 * interchange saves replayed on a fresh device.  Kernels are hand-encoded
 * (test_runtime_util.h); expected values come from host computations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/util.h"
#include "test_runtime_util.h"
#include "ventsim/driver.h"
#include "ventsim/launch.h"
#include "ventsim/testcase.h"

#define assert_err(call, text)                                                 \
  do {                                                                         \
    assert_int_equal((call), -1);                                              \
    if (!strstr(vt_last_error(), (text)))                                      \
      fail_msg("message '%s' lacks '%s'", vt_last_error(), (text));            \
  } while (0)

#define VDIVU_VX(vd, vs2, rs1) (0x82006057u | (uint32_t)(vs2) << 20 | (uint32_t)(rs1) << 15 | (uint32_t)(vd) << 7)
#define VREMU_VX(vd, vs2, rs1) (0x8a006057u | (uint32_t)(vs2) << 20 | (uint32_t)(rs1) << 15 | (uint32_t)(vd) << 7)
#define VMUL_VX(vd, vs2, rs1) (0x96006057u | (uint32_t)(vs2) << 20 | (uint32_t)(rs1) << 15 | (uint32_t)(vd) << 7)

static const char fmt_text[] = "group %d thread %d\n";

/* One program with every test kernel:
 *   vecadd(a, b, c), vecsub(a, b, c)  c = a +/- b
 *   grid2d(out)                       out[gy * GX + gx] = gx | gy << 16
 *   argdump(out, ...)                 copies 11 words of its argument buffer
 *   hello()                           each thread prints a format record */
static uint8_t *all_kernels(size_t *len)
{
  static tprog p;
  memset(&p, 0, sizeof p);
  tp_start(&p);
  tp_binop(&p, "vecadd", 0);
  tp_binop(&p, "vecsub", 1);

  tp_label(&p, "grid2d");
  tp_emit(&p, LW(A1, 0, A0));
  tp_emit(&p, CSRR(T0, CSR_KNL));
  tp_emit(&p, LW(T1, 24, T0)); /* LC_SIZE_X */
  tp_emit(&p, LW(T2, 28, T0)); /* LC_SIZE_Y */
  tp_emit(&p, LW(T3, 12, T0)); /* GL_SIZE_X */
  tp_emit(&p, CSRR(T4, CSR_TID));
  tp_emit(&p, VID(0));
  tp_emit(&p, VADD_VX(0, 0, T4));
  tp_emit(&p, VREMU_VX(1, 0, T1));
  tp_emit(&p, VDIVU_VX(2, 0, T1));
  tp_emit(&p, CSRR(T5, CSR_GDX));
  tp_emit(&p, MUL(T5, T5, T1));
  tp_emit(&p, VADD_VX(1, 1, T5));
  tp_emit(&p, CSRR(T6, CSR_GDY));
  tp_emit(&p, MUL(T6, T6, T2));
  tp_emit(&p, VADD_VX(2, 2, T6));
  tp_emit(&p, VMUL_VX(3, 2, T3));
  tp_emit(&p, VADD_VV(3, 3, 1));
  tp_emit(&p, VSLL_VI(3, 3, 2));
  tp_emit(&p, VADD_VX(3, 3, A1));
  tp_emit(&p, VSLL_VI(4, 2, 16));
  tp_emit(&p, VADD_VV(4, 4, 1));
  tp_emit(&p, VSW12(4, 0, 3));
  tp_emit(&p, RET);

  tp_label(&p, "argdump");
  tp_emit(&p, LW(A1, 0, A0));
  for (int i = 0; i < 11; i++) {
    tp_emit(&p, LW(T0, 4 * i, A0));
    tp_emit(&p, SW(T0, 4 * i, A1));
  }
  tp_emit(&p, RET);

  tp_label(&p, "hello");
  tp_emit(&p, CSRR(T0, CSR_KNL));
  tp_emit(&p, LW(A1, 48, T0));
  tp_emit(&p, CSRR(T1, CSR_TID));
  tp_emit(&p, VID(0));
  tp_emit(&p, VADD_VX(0, 0, T1));
  tp_emit(&p, CSRR(T2, CSR_GDX));
  tp_emit(&p, VMV_VX(6, T2));
  tp_emit(&p, LI(T3, 20));
  tp_emit(&p, VMV_VX(1, T3));
  tp_emit(&p, VMV_VX(2, A1));
  tp_emit(&p, VAMOADD(3, 1, 2));
  tp_emit(&p, VADD_VX(4, 3, A1));
  tp_emit(&p, LI(T4, 2));
  tp_emit(&p, VMV_VX(5, T4));
  tp_emit(&p, VSW12(5, 8, 4));
  tp_emit(&p, LUI(T5, 0x80010));
  tp_emit(&p, VMV_VX(5, T5));
  tp_emit(&p, VSW12(5, 12, 4));
  tp_emit(&p, VSW12(6, 16, 4));
  tp_emit(&p, VSW12(0, 20, 4));
  tp_emit(&p, VSW12(1, 4, 4));
  tp_emit(&p, LI(T6, 1));
  tp_emit(&p, CSRW(CSR_PRINT, T6));
  tp_emit(&p, RET);
  return tp_elf(&p, fmt_text, sizeof fmt_text, len);
}

static vs_program *load_all(vt_device_h dev)
{
  size_t len;
  uint8_t *elf = all_kernels(&len);
  assert_non_null(elf);
  vs_program *p = vs_program_load_mem(dev, elf, len, "kernels.elf");
  free(elf);
  assert_non_null(p);
  return p;
}

static void fill(uint32_t *a, uint32_t *b, unsigned n)
{
  for (unsigned i = 0; i < n; i++) {
    a[i] = 7 * i + 3;
    b[i] = i * i;
  }
}

static void test_vecadd_and_several_kernels(void **state)
{
  (void)state;
  enum { N = 512 };
  static uint32_t a[N], b[N], c[N];
  fill(a, b, N);
  vs_program *p = load_all(NULL);
  uint32_t da = vs_buffer_new(p, sizeof a, a), db = vs_buffer_new(p, sizeof b, b), dc = vs_buffer_new(p, sizeof c, NULL);
  assert_true(da && db && dc);
  vs_kernel *add = vs_kernel_get(p, "vecadd"), *sub = vs_kernel_get(p, "vecsub");
  assert_non_null(add);
  assert_non_null(sub);
  assert_ptr_equal(vs_kernel_get(p, "vecadd"), add);
  for (unsigned i = 0; i < 3; i++) {
    assert_int_equal(vs_kernel_set_arg_buffer(add, i, i == 0 ? da : i == 1 ? db : dc), 0);
    assert_int_equal(vs_kernel_set_arg_buffer(sub, i, i == 0 ? da : i == 1 ? db : dc), 0);
  }
  size_t g = N, l = 128;
  vs_run_result r;
  vs_launch_opts o;
  memset(&o, 0, sizeof o);
  o.result = &r;
  /* add, sub, add again with 1 warp of 8 threads per group (local 8) */
  assert_int_equal(vs_kernel_launch(add, 1, &g, &l, &o), 0);
  assert_int_equal(r.workgroups, N / 128);
  assert_int_equal(vs_buffer_read(p, dc, c, sizeof c), 0);
  for (unsigned i = 0; i < N; i++) assert_int_equal(c[i], a[i] + b[i]);
  assert_int_equal(vs_kernel_launch(sub, 1, &g, NULL, NULL), 0);
  assert_int_equal(vs_buffer_read(p, dc, c, sizeof c), 0);
  for (unsigned i = 0; i < N; i++) assert_int_equal(c[i], a[i] - b[i]);
  l = 8;
  o.warp_threads = 8;
  assert_int_equal(vs_kernel_launch(add, 1, &g, &l, &o), 0);
  assert_int_equal(r.workgroups, N / 8);
  assert_int_equal(vs_buffer_read(p, dc, c, sizeof c), 0);
  for (unsigned i = 0; i < N; i++) assert_int_equal(c[i], a[i] + b[i]);

  /* a second program on the same device: launches re-upload as needed */
  vs_program *q = load_all(vs_program_device(p));
  vs_kernel *sub2 = vs_kernel_get(q, "vecsub");
  for (unsigned i = 0; i < 3; i++) assert_int_equal(vs_kernel_set_arg_buffer(sub2, i, i == 0 ? da : i == 1 ? db : dc), 0);
  l = 64;
  assert_int_equal(vs_kernel_launch(sub2, 1, &g, &l, NULL), 0);
  assert_int_equal(vs_buffer_read(p, dc, c, sizeof c), 0);
  for (unsigned i = 0; i < N; i++) assert_int_equal(c[i], a[i] - b[i]);
  assert_int_equal(vs_kernel_launch(add, 1, &g, &l, NULL), 0);
  assert_int_equal(vs_buffer_read(p, dc, c, sizeof c), 0);
  for (unsigned i = 0; i < N; i++) assert_int_equal(c[i], a[i] + b[i]);
  vs_program_free(q);
  /* all buffers freed behind the helper's back: it makes a new print buffer */
  vt_device_h dev = vs_program_device(p);
  assert_int_equal(vt_buf_free(dev, 0, NULL, 0, 0), 0);
  da = vs_buffer_new(p, sizeof a, a);
  db = vs_buffer_new(p, sizeof b, b);
  dc = vs_buffer_new(p, sizeof c, NULL);
  for (unsigned i = 0; i < 3; i++) assert_int_equal(vs_kernel_set_arg_buffer(add, i, i == 0 ? da : i == 1 ? db : dc), 0);
  assert_int_equal(vs_kernel_launch(add, 1, &g, &l, NULL), 0);
  assert_int_equal(vs_buffer_read(p, dc, c, sizeof c), 0);
  for (unsigned i = 0; i < N; i++) assert_int_equal(c[i], a[i] + b[i]);
  /* the helper's per-launch buffers were freed: only ours and the print buffer remain */
  uint64_t next = 0;
  assert_int_equal(vt_buf_alloc(vs_program_device(p), 4, &next, 0, 0, 0), 0);
  assert_int_equal(next, 0x90000000u + 3 * 0x1000 + (1u << 20));
  vs_program_free(p);
}

static void test_grid2d(void **state)
{
  (void)state;
  enum { GX = 24, GY = 8 };
  static uint32_t out[GX * GY];
  vs_program *p = load_all(NULL);
  uint32_t dout = vs_buffer_new(p, sizeof out, NULL);
  vs_kernel *k = vs_kernel_get(p, "grid2d");
  assert_int_equal(vs_kernel_set_arg_buffer(k, 0, dout), 0);
  size_t g[2] = {GX, GY}, l[2] = {8, 4};
  assert_int_equal(vs_kernel_launch(k, 2, g, l, NULL), 0); /* 3 x 2 groups of one 32-thread warp */
  assert_int_equal(vs_buffer_read(p, dout, out, sizeof out), 0);
  for (unsigned y = 0; y < GY; y++)
    for (unsigned x = 0; x < GX; x++) assert_int_equal(out[y * GX + x], x | y << 16);
  /* 4 x 4 groups in warps of 8 threads: 2 warps per group */
  memset(out, 0, sizeof out);
  assert_int_equal(vs_buffer_write(p, dout, out, sizeof out), 0);
  size_t l2[2] = {4, 4};
  vs_launch_opts o;
  memset(&o, 0, sizeof o);
  o.warp_threads = 8;
  assert_int_equal(vs_kernel_launch(k, 2, g, l2, &o), 0);
  assert_int_equal(vs_buffer_read(p, dout, out, sizeof out), 0);
  for (unsigned y = 0; y < GY; y++)
    for (unsigned x = 0; x < GX; x++) assert_int_equal(out[y * GX + x], x | y << 16);
  vs_program_free(p);
}

static void test_arg_layout(void **state)
{
  (void)state;
  vs_program *p = load_all(NULL);
  uint32_t dout = vs_buffer_new(p, 64, NULL);
  vs_kernel *k = vs_kernel_get(p, "argdump");
  uint8_t ch = 0xab;
  uint64_t big = 0x1122334455667788ull;
  uint32_t word = 0xcafef00du;
  float vec3[3] = {1.5f, -2.0f, 3.25f};
  assert_int_equal(vs_kernel_set_arg_buffer(k, 0, dout), 0);
  assert_int_equal(vs_kernel_set_arg(k, 1, 1, &ch), 0);
  assert_int_equal(vs_kernel_set_arg(k, 2, 8, &big), 0);
  assert_int_equal(vs_kernel_set_arg_u32(k, 3, word), 0);
  assert_int_equal(vs_kernel_set_arg(k, 4, 12, vec3), 0);
  size_t g = 1;
  assert_int_equal(vs_kernel_launch(k, 1, &g, &g, NULL), 0);
  uint32_t got[11];
  assert_int_equal(vs_buffer_read(p, dout, got, sizeof got), 0);
  /* each argument at a multiple of max(4, its size rounded up to a power of 2) */
  uint32_t want[11] = {0};
  want[0] = dout;             /* offset 0 */
  want[1] = 0xab;             /* offset 4 */
  want[2] = 0x55667788u;      /* offset 8 */
  want[3] = 0x11223344u;
  want[4] = word;             /* offset 16 */
  memcpy(&want[8], vec3, 12); /* offset 32 (12 -> 16) */
  assert_memory_equal(got, want, sizeof want);
  vs_program_free(p);
}

static void test_helper_errors(void **state)
{
  (void)state;
  assert_null(vs_program_load(NULL, "/nonexistent/prog.elf"));
  assert_non_null(strstr(vt_last_error(), "/nonexistent/prog.elf"));
  assert_null(vs_program_load_mem(NULL, "junk", 4, "junk.elf"));
  assert_non_null(strstr(vt_last_error(), "junk.elf"));
  assert_null(vs_program_load_mem(NULL, NULL, 0, NULL));
  vs_program *p = load_all(NULL);
  assert_null(vs_kernel_get(p, "nosuch"));
  assert_non_null(strstr(vt_last_error(), "has no symbol 'nosuch'"));
  assert_null(vs_kernel_get(p, "data_object"));
  assert_non_null(strstr(vt_last_error(), "not in an executable segment"));
  assert_null(vs_kernel_get(NULL, "vecadd"));
  vs_kernel *k = vs_kernel_get(p, "vecadd");
  uint32_t x = 1;
  assert_err(vs_kernel_set_arg(k, VS_KERNEL_MAX_ARGS, 4, &x), "argument index 128 is too large");
  assert_err(vs_kernel_set_arg(k, 0, 0, &x), "size 0 is outside 1..1024");
  assert_err(vs_kernel_set_arg(k, 0, 2000, &x), "size 2000");
  assert_err(vs_kernel_set_arg(k, 0, 4, NULL), "value is NULL");
  assert_err(vs_kernel_set_arg_buffer(k, 0, 0x95000000u), "0x95000000 is not inside an allocated buffer");
  assert_err(vs_kernel_set_arg_buffer(NULL, 0, 0), "the kernel is NULL");
  assert_err(vs_kernel_set_local_mem(k, 1u << 20), "more than the 65536 bytes");
  assert_err(vs_kernel_set_private_mem(k, 1u << 30), "limit of 16 MiB");
  uint32_t da = vs_buffer_new(p, 1024, NULL);
  assert_true(da != 0);
  assert_int_equal(vs_buffer_new(p, 0, NULL), 0);
  assert_non_null(strstr(vt_last_error(), "size is 0"));
  assert_int_equal(vs_kernel_set_arg_buffer(k, 0, da), 0);
  assert_int_equal(vs_kernel_set_arg_buffer(k, 2, da), 0);
  size_t g[3] = {256, 4, 4}, l[3] = {64, 1, 1};
  assert_err(vs_kernel_launch(k, 1, g, l, NULL), "argument 1 is not set");
  assert_int_equal(vs_kernel_set_arg_buffer(k, 1, 0), 0); /* NULL pointer: allowed */
  assert_err(vs_kernel_launch(k, 0, g, l, NULL), "work_dim 0");
  assert_err(vs_kernel_launch(k, 4, g, l, NULL), "work_dim 4");
  assert_err(vs_kernel_launch(k, 1, NULL, l, NULL), "global size is NULL");
  assert_err(vs_kernel_launch(NULL, 1, g, l, NULL), "the kernel is NULL");
  size_t l3[1] = {48};
  assert_err(vs_kernel_launch(k, 1, g, l3, NULL), "local size 48 does not divide global size 256");
  size_t l4[3] = {64, 4, 4}; /* 1024 > 8 warps x 32 threads */
  assert_err(vs_kernel_launch(k, 3, g, l4, NULL), "1024 work-items is more than 8 warps x 32 threads");
  size_t g0[1] = {0};
  assert_err(vs_kernel_launch(k, 1, g0, NULL, NULL), "global size 0");
  vs_launch_opts o;
  memset(&o, 0, sizeof o);
  o.warp_threads = 64;
  assert_err(vs_kernel_launch(k, 1, g, l, &o), "64 threads per warp is more than the device's 32");
  o.warp_threads = 0;
  o.global_offset[0] = 1ull << 33;
  assert_err(vs_kernel_launch(k, 1, g, l, &o), "global offset");
  assert_int_equal(vs_kernel_set_private_mem(k, 1u << 20), 0);
  size_t gbig = 1u << 16; /* 64 Ki threads x 1 MiB */
  assert_err(vs_kernel_launch(k, 1, &gbig, NULL, NULL), "does not fit the device");
  assert_int_equal(vs_kernel_set_private_mem(k, 0), 0);
  /* a kernel error comes back with the simulator's message */
  assert_err(vs_kernel_launch(k, 1, g, l, NULL), "vecadd");
  assert_int_equal(vs_buffer_free(p, da), 0);
  assert_err(vs_buffer_free(p, da), "double free");
  assert_err(vs_buffer_read(p, da, &x, 4), "freed");
  vs_program_free(p);
}

/* ---- print buffer ---- */

static void test_print_from_kernel(void **state)
{
  (void)state;
  vs_program *p = load_all(NULL);
  char *out = NULL;
  size_t olen = 0;
  FILE *f = open_memstream(&out, &olen);
  assert_int_equal(vt_ventsim_set_print_stream(vs_program_device(p), f), 0);
  vs_kernel *k = vs_kernel_get(p, "hello");
  size_t g = 16, l = 8;
  vs_launch_opts o;
  memset(&o, 0, sizeof o);
  o.warp_threads = 4;
  assert_int_equal(vs_kernel_launch(k, 1, &g, &l, &o), 0);
  /* the buffer was cleared: a second launch prints the same again */
  assert_int_equal(vs_kernel_launch(k, 1, &g, &l, &o), 0);
  fclose(f);
  char want[1024] = "";
  for (int rep = 0; rep < 2; rep++)
    for (int grp = 0; grp < 2; grp++)
      for (int t = 0; t < 8; t++) snprintf(want + strlen(want), sizeof want - strlen(want), fmt_text, grp, t);
  assert_string_equal(out, want);
  free(out);
  vs_program_free(p);
}

/* vs_print_drain on hand-made buffer contents */
typedef struct pbuf {
  vs_device *dev;
  uint32_t addr, size;
} pbuf;

static void pb_init(pbuf *b, uint32_t size)
{
  vs_error err;
  assert_int_equal(vs_device_create(&b->dev, NULL, &err), 0);
  b->addr = 0x90000000u;
  b->size = size;
  assert_int_equal(vs_device_map(b->dev, b->addr, size, "print", &err), 0);
  assert_int_equal(vs_device_map(b->dev, 0x80000000u, 4096, "strings", &err), 0);
  static const char s[] = "v=%d u=%u x=%08x c=%c f=%.2f s=%s %% %5.1e|%-4d|%p|%q\0name\0";
  assert_int_equal(vs_device_write(b->dev, 0x80000000u, s, sizeof s, &err), 0);
}

static void pb_w(pbuf *b, uint32_t off, uint32_t v)
{
  vs_error err;
  assert_int_equal(vs_device_write(b->dev, b->addr + off, &v, 4, &err), 0);
}

static char *pb_drain(pbuf *b, uint32_t *cursor, int final)
{
  char *out = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&out, &len);
  vs_error err;
  assert_int_equal(vs_print_drain(b->dev, b->addr, b->size, cursor, final, f, &err), 0);
  fclose(f);
  return out;
}

static void test_print_formats_and_garbage(void **state)
{
  (void)state;
  pbuf b;
  pb_init(&b, 256);
  /* a text record, a format record with every conversion, and one that is
   * reserved but not complete yet */
  pb_w(&b, 4, 16); pb_w(&b, 8, 1); pb_w(&b, 12, 0x6c6c6568); pb_w(&b, 16, 0x00000a6f); /* "hello\n" */
  float fv = 3.14159f;
  uint32_t fbits;
  memcpy(&fbits, &fv, 4);
  uint32_t rec[] = {0, 2, 0x80000000u, (uint32_t)-5, 7, 0xbeef, 'Z', fbits, 0x80000036u, fbits, 42, 0x1234};
  rec[0] = sizeof rec;
  for (unsigned i = 0; i < sizeof rec / 4; i++) pb_w(&b, 20 + 4 * i, rec[i]);
  uint32_t end = 4 + 16 + (uint32_t)sizeof rec;
  pb_w(&b, 0, end - 4 + 12); /* used: includes a 12-byte reservation */
  uint32_t cur = 0;
  char *o = pb_drain(&b, &cur, 0);
  assert_string_equal(o, "hello\nv=-5 u=7 x=0000beef c=Z f=3.14 s=name % 3.1e+00|42  |0x00001234|%q");
  free(o);
  assert_int_equal(cur, end - 4);
  /* the pending record completes: the next drain prints only it */
  pb_w(&b, end + 4, 1); pb_w(&b, end + 8, 0x726f6d0a); pb_w(&b, end, 12);
  o = pb_drain(&b, &cur, 0);
  assert_string_equal(o, "\nmor");
  free(o);
  /* final: nothing left; the used part is cleared */
  o = pb_drain(&b, &cur, 1);
  assert_string_equal(o, "");
  free(o);
  uint32_t z[64];
  vs_error err;
  assert_int_equal(vs_device_read(b.dev, b.addr, z, sizeof z, &err), 0);
  for (int i = 0; i < 64; i++) assert_int_equal(z[i], 0);

  /* garbage: a length that is not a multiple of 4 */
  pb_w(&b, 0, 40); pb_w(&b, 4, 13); pb_w(&b, 8, 1);
  cur = 0;
  o = pb_drain(&b, &cur, 1);
  assert_non_null(strstr(o, "malformed record at offset 0 (length 13, kind 1)"));
  free(o);
  /* a length beyond the used part, an unknown kind, a format record too short */
  pb_w(&b, 0, 16); pb_w(&b, 4, 64); pb_w(&b, 8, 1);
  cur = 0;
  o = pb_drain(&b, &cur, 1);
  assert_non_null(strstr(o, "length 64"));
  free(o);
  pb_w(&b, 0, 16); pb_w(&b, 4, 8); pb_w(&b, 8, 77);
  cur = 0;
  o = pb_drain(&b, &cur, 1);
  assert_non_null(strstr(o, "kind 77"));
  free(o);
  pb_w(&b, 0, 8); pb_w(&b, 4, 8); pb_w(&b, 8, 2);
  cur = 0;
  o = pb_drain(&b, &cur, 1);
  assert_non_null(strstr(o, "malformed"));
  free(o);
  /* bad format and string addresses, missing arguments, huge widths */
  uint32_t r2[] = {16, 2, 0xdead0000u, 1};
  for (unsigned i = 0; i < 4; i++) pb_w(&b, 4 + 4 * i, r2[i]);
  pb_w(&b, 0, 16);
  cur = 0;
  o = pb_drain(&b, &cur, 1);
  assert_non_null(strstr(o, "format string address 0xdead0000 is not readable"));
  free(o);
  static const char f2[] = "%s|%d|%99999d|%.99999f\0";
  assert_int_equal(vs_device_write(b.dev, 0x80000100u, f2, sizeof f2, &err), 0);
  uint32_t r3[] = {16, 2, 0x80000100u, 0x12345678u};
  for (unsigned i = 0; i < 4; i++) pb_w(&b, 4 + 4 * i, r3[i]);
  pb_w(&b, 0, 16);
  cur = 0;
  o = pb_drain(&b, &cur, 1);
  assert_string_equal(o, "(bad string address 0x12345678)|(missing)|(missing)|(missing)");
  free(o);
  static const char f3[] = "%d|%99999d|%.99999f";
  assert_int_equal(vs_device_write(b.dev, 0x80000200u, f3, sizeof f3, &err), 0);
  uint32_t r4[] = {24, 2, 0x80000200u, 1, 2, 3};
  for (unsigned i = 0; i < 6; i++) pb_w(&b, 4 + 4 * i, r4[i]);
  pb_w(&b, 0, 24);
  cur = 0;
  o = pb_drain(&b, &cur, 1);
  assert_int_equal(strlen(o), 2 + 256 + 1 + 258); /* "1|", width 256, "|", "0." + 256 digits */
  free(o);
  /* overflow: used beyond the buffer; an incomplete record */
  pb_w(&b, 0, 1000); pb_w(&b, 4, 0);
  cur = 0;
  o = pb_drain(&b, &cur, 1);
  assert_non_null(strstr(o, "is full: 748 bytes of output were dropped (buffer size 256)"));
  free(o);
  assert_int_equal(cur, 256);
  pb_w(&b, 0, 12);
  cur = 0;
  o = pb_drain(&b, &cur, 1);
  assert_non_null(strstr(o, "12 bytes from offset 0 were reserved but never completed"));
  free(o);
  /* unreadable buffers fail; a garbage cursor is clamped */
  uint32_t c2 = 0xffffffffu;
  pb_w(&b, 0, 0);
  o = pb_drain(&b, &c2, 0);
  assert_string_equal(o, "");
  free(o);
  assert_int_equal(vs_print_drain(b.dev, 0xa0000000u, 64, &c2, 1, NULL, &err), -1);
  assert_non_null(strstr(err.msg, "not mapped"));
  assert_int_equal(vs_print_drain(b.dev, b.addr, 4, &c2, 1, NULL, &err), -1);
  assert_int_equal(vs_print_drain(b.dev, b.addr, 256, NULL, 1, NULL, &err), -1);
  /* the on_print callback: drains what is complete, keeps its cursor */
  pb_w(&b, 4, 16); pb_w(&b, 8, 1); pb_w(&b, 12, 0x6c6c6568); pb_w(&b, 16, 0x00000a6f);
  pb_w(&b, 0, 16);
  char *out = NULL;
  size_t len = 0;
  vs_print_buffer pb = {b.addr, b.size, 0, open_memstream(&out, &len)};
  assert_int_equal(vs_print_hook(&pb, b.dev, NULL), 0);
  assert_int_equal(pb.cursor, 16);
  assert_int_equal(vs_print_hook(&pb, b.dev, NULL), 0); /* nothing new */
  fclose(pb.out);
  assert_string_equal(out, "hello\n");
  free(out);
  pb.addr = 0xa0000000u;
  assert_int_equal(vs_print_hook(&pb, b.dev, NULL), -1);
  vs_device_destroy(b.dev);
}

/* ---- interchange files ---- */

static void replay(const char *dir, vs_device *dev)
{
  char list[512];
  snprintf(list, sizeof list, "%s/launches.list", dir);
  FILE *f = fopen(list, "r");
  assert_non_null(f);
  char line[256];
  vs_error err;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = '\0';
    char path[800];
    snprintf(path, sizeof path, "%s/%s", dir, line);
    vs_testcase tc;
    memset(&tc, 0, sizeof tc);
    if (vs_testcase_load(path, &tc, &err) || vs_testcase_install(dev, &tc, &err)) fail_msg("%s", err.msg);
    vs_run_result r;
    vs_ventus_abi abi;
    vs_launch l;
    if (vs_ventus_launch(&tc.rec, tc.name, &abi, &l, &err) || vs_device_run(dev, &l, NULL, &r, &err))
      fail_msg("%s", err.msg);
    vs_testcase_free(&tc);
  }
  fclose(f);
}

static void rm_dir(const char *dir)
{
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
}

static void test_interchange_roundtrip(void **state)
{
  (void)state;
  enum { N = 256 };
  char dir[] = "/tmp/vs_rt_saveXXXXXX";
  assert_non_null(mkdtemp(dir));
  static uint32_t a[N], b[N], c[N], r[N];
  fill(a, b, N);
  vs_program *p = load_all(NULL);
  assert_int_equal(vs_program_set_save_dir(p, dir), 0);
  uint32_t da = vs_buffer_new(p, sizeof a, a), db = vs_buffer_new(p, sizeof b, b), dc = vs_buffer_new(p, sizeof c, NULL);
  vs_kernel *add = vs_kernel_get(p, "vecadd"), *sub = vs_kernel_get(p, "vecsub"), *hello = vs_kernel_get(p, "hello");
  vs_kernel_set_arg_buffer(add, 0, da); vs_kernel_set_arg_buffer(add, 1, db); vs_kernel_set_arg_buffer(add, 2, dc);
  vs_kernel_set_arg_buffer(sub, 0, dc); vs_kernel_set_arg_buffer(sub, 1, da); vs_kernel_set_arg_buffer(sub, 2, db);
  char *out = NULL;
  size_t olen = 0;
  FILE *f = open_memstream(&out, &olen);
  vt_ventsim_set_print_stream(vs_program_device(p), f);
  size_t g = N, l = 64;
  /* launch 1: c = a + b; the host changes a[4..7]; launch 2: b = c - a;
   * launch 3 prints (the print buffer is cleared afterwards); a new buffer;
   * launch 4: c = a + b */
  assert_int_equal(vs_kernel_launch(add, 1, &g, &l, NULL), 0);
  uint32_t patch[4] = {1, 2, 3, 4};
  assert_int_equal(vs_buffer_write(p, da + 16, patch, sizeof patch), 0);
  assert_int_equal(vs_kernel_launch(sub, 1, &g, &l, NULL), 0);
  size_t g8 = 8;
  assert_int_equal(vs_kernel_launch(hello, 1, &g8, &g8, NULL), 0);
  uint32_t dd = vs_buffer_new(p, sizeof patch, patch);
  assert_true(dd != 0);
  assert_int_equal(vs_kernel_launch(add, 1, &g, &l, NULL), 0);
  fclose(f);
  free(out);
  /* the files: launches.list in order; the second launch holds only what
   * the host changed since the first (16 bytes of a, the new argument,
   * metadata and private buffers), not the program */
  vs_testcase tc;
  vs_error err;
  char path[600];
  snprintf(path, sizeof path, "%s/vecsub_0.metadata", dir);
  memset(&tc, 0, sizeof tc);
  assert_int_equal(vs_testcase_load(path, &tc, &err), 0);
  int saw_a = 0;
  for (size_t i = 0; i < tc.nbuf; i++) {
    assert_true(tc.buf[i].base != 0x80000000u);
    if (tc.buf[i].base == da + 16) {
      saw_a = 1;
      assert_int_equal(tc.buf[i].size, 16);
    }
    assert_true(tc.buf[i].base != db); /* kernel results are not saved */
  }
  assert_true(saw_a);
  assert_int_equal(tc.rec.grid[0], N / 64);
  assert_int_equal(tc.rec.wg_warps, 2);
  assert_int_equal(tc.rec.warp_threads, 32);
  vs_testcase_free(&tc);
  /* replaying the sequence on a fresh device gives the same memory */
  vs_device *rd;
  assert_int_equal(vs_device_create(&rd, NULL, &err), 0);
  replay(dir, rd);
  uint32_t *bufs[3] = {a, b, c};
  uint32_t addrs[3] = {da, db, dc};
  for (int i = 0; i < 3; i++) {
    assert_int_equal(vs_buffer_read(p, addrs[i], bufs[i], sizeof a), 0);
    assert_int_equal(vs_device_read(rd, addrs[i], r, sizeof r, &err), 0);
    assert_memory_equal(bufs[i], r, sizeof r);
  }
  /* and the host computation agrees */
  uint32_t a0[N], b0[N];
  fill(a0, b0, N);
  for (unsigned i = 0; i < N; i++) {
    uint32_t ai = (i >= 4 && i < 8) ? patch[i - 4] : a0[i];
    uint32_t c1 = a0[i] + b0[i], b2 = c1 - ai;
    assert_int_equal(b[i], b2);
    assert_int_equal(c[i], ai + b2);
  }
  vs_device_destroy(rd);
  vs_program_free(p);
  FILE *lf;
  snprintf(path, sizeof path, "%s/launches.list", dir);
  assert_non_null(lf = fopen(path, "r"));
  char all[256] = "";
  size_t n = fread(all, 1, sizeof all - 1, lf);
  all[n] = '\0';
  fclose(lf);
  assert_string_equal(all, "vecadd_0.metadata\nvecsub_0.metadata\nhello_0.metadata\nvecadd_1.metadata\n");
  rm_dir(dir);

  /* the environment variable does the same for any device */
  assert_non_null(mkdtemp(strcpy(dir, "/tmp/vs_rt_saveXXXXXX")));
  setenv("VENTSIM_SAVE_LAUNCHES", dir, 1);
  p = load_all(NULL);
  unsetenv("VENTSIM_SAVE_LAUNCHES");
  dc = vs_buffer_new(p, 4 * 64, NULL);
  vs_kernel *k = vs_kernel_get(p, "grid2d");
  vs_kernel_set_arg_buffer(k, 0, dc);
  size_t g2[2] = {8, 8};
  assert_int_equal(vs_kernel_launch(k, 2, g2, NULL, NULL), 0);
  assert_int_equal(vs_device_create(&rd, NULL, &err), 0);
  replay(dir, rd);
  assert_int_equal(vs_buffer_read(p, dc, c, 256), 0);
  assert_int_equal(vs_device_read(rd, dc, r, 256, &err), 0);
  assert_memory_equal(c, r, 256);
  for (unsigned i = 0; i < 64; i++) assert_int_equal(c[i], (i % 8) | (i / 8) << 16);
  vs_device_destroy(rd);
  /* an unusable directory fails the launch with a message */
  vs_launch_opts o;
  memset(&o, 0, sizeof o);
  o.save_dir = "/nonexistent/dir/x";
  assert_err(vs_kernel_launch(k, 2, g2, NULL, &o), "saving the launch: cannot create directory /nonexistent/dir/x");
  vs_program_free(p);
  rm_dir(dir);
}

int main(void)
{
  vt_ventsim_set(NULL, "quiet", "1");
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_vecadd_and_several_kernels),
    cmocka_unit_test(test_grid2d),
    cmocka_unit_test(test_arg_layout),
    cmocka_unit_test(test_helper_errors),
    cmocka_unit_test(test_print_from_kernel),
    cmocka_unit_test(test_print_formats_and_garbage),
    cmocka_unit_test(test_interchange_roundtrip),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
