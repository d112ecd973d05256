/* Runs one hand-written GCN5 kernel (tests/amd/exec/NAME.s, assembled by
 * llvm-mc-19 and linked by ld.lld-19 into NAME.hsaco) through the public
 * launch helper (ventsim/launch.h) and checks the values the source says,
 * derived by hand, in its comments:
 *
 *   // LAUNCH g l               1-D NDRange (or: gx gy gz lx ly lz)
 *   // OUTN n                   dwords of the out buffer (default 256)
 *   // IN n base step           the in buffer: n dwords base + step * i
 *   // ARGN v                   the uint argument (default 0)
 *   // THREADS n                run the work-groups on n host threads
 *   // EXPECT idx value         out[idx] == value
 *   // EXPECT_SEQ idx n b s     out[idx + i] == b + s * i for i < n
 *   // EXPECT_LANES idx n e0 .. ek-1
 *                               out[idx + i] == e[i % k] for i < n, where an
 *                               entry with a sign (+3, -1) means i + that
 *                               (the lane's own index plus an offset) and
 *                               one without (7, 0x10) is the value itself
 *   // ERROR text               the launch fails with a message containing text
 *
 * Every dword of out without an EXPECT must keep its initial 0xcccccccc.
 * Usage: run_asm KERNEL.hsaco SOURCE.s [THREADS]  (THREADS overrides the
 * source's: the same kernel and expectations on that many host threads) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ventsim/driver.h"
#include "ventsim/launch.h"

#define MAXOUT 65536

int main(int argc, char **argv)
{
  if (argc != 3 && argc != 4) {
    fprintf(stderr, "usage: run_asm KERNEL.hsaco SOURCE.s [THREADS]\n");
    return 2;
  }
  FILE *src = fopen(argv[2], "r");
  if (!src) {
    perror(argv[2]);
    return 2;
  }
  static uint32_t expect[MAXOUT];
  static unsigned char has[MAXOUT];
  size_t global[3] = {1, 1, 1}, local[3] = {1, 1, 1};
  unsigned dims = 1, outn = 256, inn = 0, argn = 0;
  uint32_t inbase = 0, instep = 0;
  char error[256] = "", threads[16] = "";
  char line[512];
  while (fgets(line, sizeof line, src)) {
    char *c = strstr(line, "// ");
    if (!c) continue;
    c += 3;
    unsigned long a[6];
    int n;
    if (sscanf(c, "LAUNCH %lu %lu %lu %lu %lu %lu", &a[0], &a[1], &a[2], &a[3], &a[4], &a[5]) == 6) {
      dims = 3;
      for (int i = 0; i < 3; i++) { global[i] = a[i]; local[i] = a[3 + i]; }
    } else if (sscanf(c, "LAUNCH %lu %lu", &a[0], &a[1]) == 2) {
      global[0] = a[0];
      local[0] = a[1];
    } else if (sscanf(c, "OUTN %lu", &a[0]) == 1) {
      outn = (unsigned)a[0];
    } else if (sscanf(c, "IN %lu %li %li", &a[0], (long *)&a[1], (long *)&a[2]) == 3) {
      inn = (unsigned)a[0];
      inbase = (uint32_t)a[1];
      instep = (uint32_t)a[2];
    } else if (sscanf(c, "THREADS %15s", threads) == 1) {
      /* the value is checked by vt_ventsim_set */
    } else if (sscanf(c, "ARGN %li", (long *)&a[0]) == 1) {
      argn = (unsigned)a[0];
    } else if (strncmp(c, "EXPECT_LANES ", 13) == 0) {
      char *q = c + 13, *e;
      unsigned long at = strtoul(q, &e, 0), cnt = strtoul(e, &q, 0);
      long val[64];
      int rel[64], k = 0;
      for (;;) {
        while (*q == ' ' || *q == '\t') q++;
        if (!*q || *q == '\n' || k == 64) break;
        rel[k] = *q == '+' || *q == '-';
        val[k] = strtol(q, &e, 0);
        if (e == q) break;
        q = e;
        k++;
      }
      for (unsigned long i = 0; k && i < cnt && at + i < MAXOUT; i++) {
        int j = (int)(i % (unsigned long)k);
        expect[at + i] = (uint32_t)(rel[j] ? (long)i + val[j] : val[j]);
        has[at + i] = 1;
      }
    } else if (sscanf(c, "EXPECT_SEQ %lu %lu %li %li", &a[0], &a[1], (long *)&a[2], (long *)&a[3]) == 4) {
      for (unsigned long i = 0; i < a[1] && a[0] + i < MAXOUT; i++) {
        expect[a[0] + i] = (uint32_t)(a[2] + a[3] * i);
        has[a[0] + i] = 1;
      }
    } else if (sscanf(c, "EXPECT %lu %li", &a[0], (long *)&a[1]) == 2 && a[0] < MAXOUT) {
      expect[a[0]] = (uint32_t)a[1];
      has[a[0]] = 1;
    } else if (sscanf(c, "ERROR %255[^\n]%n", error, &n) == 1) {
      /* the text up to the end of the line */
    }
  }
  fclose(src);
  if (outn > MAXOUT) outn = MAXOUT;

  vt_ventsim_set(NULL, "quiet", "1");
  if (argc == 4) snprintf(threads, sizeof threads, "%s", argv[3]);
  if (threads[0] && vt_ventsim_set(NULL, "threads", threads)) {
    fprintf(stderr, "FAIL: threads %s: %s\n", threads, vt_last_error());
    return 2;
  }
  vs_program *p = vs_program_load(NULL, argv[1]);
  if (!p) {
    fprintf(stderr, "FAIL: %s\n", vt_last_error());
    return 1;
  }
  uint32_t *out = malloc(outn * 4u), *in = malloc((inn ? inn : 1) * 4u);
  for (unsigned i = 0; i < outn; i++) out[i] = 0xccccccccu;
  for (unsigned i = 0; i < inn; i++) in[i] = inbase + instep * i;
  vs_addr o = vs_buffer_new(p, outn * 4u, out), b = vs_buffer_new(p, (inn ? inn : 1) * 4u, in);
  vs_kernel *k = vs_kernel_get(p, "test");
  int rc = !o || !b || !k || vs_kernel_set_arg_buffer(k, 0, o) || vs_kernel_set_arg_buffer(k, 1, b) ||
           vs_kernel_set_arg_u32(k, 2, argn);
  if (rc) {
    fprintf(stderr, "FAIL: setting up: %s\n", vt_last_error());
    return 1;
  }
  rc = vs_kernel_launch(k, dims, global, local, NULL);
  int bad = 0;
  if (error[0]) {
    if (rc == 0) {
      fprintf(stderr, "FAIL: the launch succeeded; expected an error with \"%s\"\n", error);
      bad = 1;
    } else if (!strstr(vt_last_error(), error)) {
      fprintf(stderr, "FAIL: the error\n  %s\ndoes not contain \"%s\"\n", vt_last_error(), error);
      bad = 1;
    } else {
      printf("error as expected: %s\n", vt_last_error());
    }
  } else if (rc) {
    fprintf(stderr, "FAIL: %s\n", vt_last_error());
    bad = 1;
  } else if (vs_buffer_read(p, o, out, outn * 4u)) {
    fprintf(stderr, "FAIL: reading out: %s\n", vt_last_error());
    bad = 1;
  } else {
    unsigned checked = 0;
    for (unsigned i = 0; i < outn; i++) {
      uint32_t want = has[i] ? expect[i] : 0xccccccccu;
      checked += has[i];
      if (out[i] != want) {
        fprintf(stderr, "FAIL: out[%u] = 0x%08x, expected 0x%08x%s\n", i, out[i], want,
                has[i] ? "" : " (no store expected)");
        bad++;
      }
    }
    if (!bad) printf("ok: %u values as expected, the other %u dwords untouched\n", checked, outn - checked);
  }
  free(out);
  free(in);
  vs_program_free(p);
  return bad ? 1 : 0;
}
