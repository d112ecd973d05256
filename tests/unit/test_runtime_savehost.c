/* Host program for tests/cli/runtime_interchange.sh: runs a sequence of
 * launches with the launch helper, saving them as interchange files in
 * argv[1], and prints the final contents of its buffers as the
 * `ventsim run --dump` format ("ADDR WORD" lines).  The script replays the
 * files with `ventsim run` and compares.  Exit status 0 iff the in-process
 * results also match a host computation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_runtime_util.h"
#include "ventsim/launch.h"

enum { N = 1024 };

static void dump(vs_program *p, uint32_t addr, size_t n)
{
  uint32_t *w = malloc(n * 4);
  if (!w || vs_buffer_read(p, addr, w, n * 4)) exit(1);
  for (size_t i = 0; i < n; i++) printf("%08x %08x\n", addr + (uint32_t)(4 * i), w[i]);
  free(w);
}

int main(int argc, char **argv)
{
  if (argc != 2) return 2;
  static tprog t;
  tp_start(&t);
  tp_binop(&t, "vecadd", 0);
  tp_binop(&t, "vecsub", 1);
  size_t len;
  uint8_t *elf = tp_elf(&t, NULL, 0, &len);
  vs_program *p = elf ? vs_program_load_mem(NULL, elf, len, "savehost.elf") : NULL;
  free(elf);
  if (!p || vs_program_set_save_dir(p, argv[1])) {
    fprintf(stderr, "%s\n", vt_last_error());
    return 1;
  }
  static uint32_t a[N], b[N], c[N], d[N];
  for (unsigned i = 0; i < N; i++) {
    a[i] = i * 2654435761u;
    b[i] = i + 17;
    c[i] = 0xdeadbeefu;
  }
  uint32_t da = vs_buffer_new(p, sizeof a, a), db = vs_buffer_new(p, sizeof b, b), dc = vs_buffer_new(p, sizeof c, NULL);
  vs_kernel *add = vs_kernel_get(p, "vecadd"), *sub = vs_kernel_get(p, "vecsub");
  size_t g = N, l = 128, g2 = N / 2;
  int rc = !da || !db || !dc || !add || !sub;
  /* 1: c = a + b   2 (after the host changes b[100..199]): a = c - b
   * 3 (on a new buffer d = b): b = d + a for the first half */
  rc = rc || vs_kernel_set_arg_buffer(add, 0, da) || vs_kernel_set_arg_buffer(add, 1, db) ||
       vs_kernel_set_arg_buffer(add, 2, dc) || vs_kernel_launch(add, 1, &g, &l, NULL);
  for (unsigned i = 100; i < 200; i++) b[i] = 5 * i;
  rc = rc || vs_buffer_write(p, db + 400, b + 100, 400);
  rc = rc || vs_kernel_set_arg_buffer(sub, 0, dc) || vs_kernel_set_arg_buffer(sub, 1, db) ||
       vs_kernel_set_arg_buffer(sub, 2, da) || vs_kernel_launch(sub, 1, &g, &l, NULL);
  uint32_t dd = rc ? 0 : vs_buffer_new(p, sizeof d, b);
  vs_launch_opts o;
  memset(&o, 0, sizeof o);
  o.warp_threads = 16;
  rc = rc || !dd || vs_kernel_set_arg_buffer(add, 0, dd) || vs_kernel_set_arg_buffer(add, 1, da) ||
       vs_kernel_set_arg_buffer(add, 2, db) || vs_kernel_launch(add, 1, &g2, &l, &o);
  if (rc) {
    fprintf(stderr, "%s\n", vt_last_error());
    return 1;
  }
  dump(p, da, N);
  dump(p, db, N);
  dump(p, dc, N);
  /* the host's answer */
  int bad = 0;
  uint32_t got[N];
  vs_buffer_read(p, db, got, sizeof got);
  for (unsigned i = 0; i < N; i++) {
    uint32_t a0 = i * 2654435761u, b0 = i + 17, b1 = (i >= 100 && i < 200) ? 5 * i : b0;
    uint32_t c1 = a0 + b0, a2 = c1 - b1, b3 = i < N / 2 ? b1 + a2 : b1;
    bad += got[i] != b3;
  }
  vs_program_free(p);
  return bad ? 1 : 0;
}
