/* The C API side of the launch-capture test (tests/cli/amd_capture.sh):
 * runs scale_rev (capture.cl) twice through the launch helper with
 * vs_program_set_save_dir(DIR), checks the output buffer against a host
 * computation after each launch and writes the bytes it read after the
 * last launch to OUT.bin.  With VENTUS.elf (examples/vecadd assembled),
 * a Ventus vecadd launch saved into the same DIR runs between the two:
 * Ventus and AMD launches of one process share DIR's numbering and
 * launches.list.
 *
 *     capture_host CODE.hsaco DIR OUT.bin [VENTUS.elf] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ventsim/launch.h"

#define N 256

/* vecadd(a, b, c) on 64 floats on the Ventus device, saved into dir */
static int ventus_vecadd(const char *elf, const char *dir)
{
  vs_program *v = vs_program_load(NULL, elf);
  if (!v || vs_program_set_save_dir(v, dir)) return 1;
  float a[64], b[64], c[64];
  for (int i = 0; i < 64; i++) a[i] = (float)i, b[i] = 0.5f;
  vs_addr da = vs_buffer_new(v, sizeof a, a), db = vs_buffer_new(v, sizeof b, b), dc = vs_buffer_new(v, sizeof c, NULL);
  vs_kernel *k = vs_kernel_get(v, "vecadd");
  size_t g = 64, l = 32;
  if (!da || !db || !dc || !k || vs_kernel_set_arg_buffer(k, 0, da) || vs_kernel_set_arg_buffer(k, 1, db) ||
      vs_kernel_set_arg_buffer(k, 2, dc) || vs_kernel_launch(k, 1, &g, &l, NULL) || vs_buffer_read(v, dc, c, sizeof c))
    return 1;
  for (int i = 0; i < 64; i++)
    if (c[i] != (float)i + 0.5f) return fprintf(stderr, "Ventus vecadd: c[%d] = %a\n", i, (double)c[i]), 1;
  vs_program_free(v);
  return 0;
}

int main(int argc, char **argv)
{
  if (argc != 4 && argc != 5) return 2;
  FILE *f = fopen(argv[1], "rb");
  if (!f) return 2;
  static unsigned char co[1 << 20];
  size_t len = fread(co, 1, sizeof co, f);
  fclose(f);
  vs_program *p = vs_program_load_mem(NULL, co, len, "capture.hsaco");
  if (!p || vs_program_set_save_dir(p, argv[2])) return 1;
  float a[N], o[N];
  for (int i = 0; i < N; i++) a[i] = (float)i * 0.5f - 3.0f;
  vs_addr da = vs_buffer_new(p, sizeof a, a), dout = vs_buffer_new(p, sizeof o, NULL);
  vs_kernel *k = vs_kernel_get(p, "scale_rev");
  if (!da || !dout || !k) return 1;
  const float scales[2] = {2.0f, -0.25f};
  const float bias = 0.125f;
  uint32_t bias_bits;
  memcpy(&bias_bits, &bias, 4);
  for (int run = 0; run < 2; run++) {
    size_t g = N, l = 64;
    if (vs_kernel_set_arg_buffer(k, 0, da) || vs_kernel_set_arg_buffer(k, 1, dout) ||
        vs_kernel_set_arg_f32(k, 2, scales[run]) || vs_kernel_set_arg_u32(k, 3, bias_bits) ||
        vs_kernel_set_arg_local(k, 4, 64 * sizeof(float)) || vs_kernel_launch(k, 1, &g, &l, NULL))
      return 1;
    if (run == 0 && argc == 5 && ventus_vecadd(argv[4], argv[2])) return 1;
    if (vs_buffer_read(p, dout, o, sizeof o)) return 1;
    /* work-item i reads the product of work-item g + 63 - (i % 64) of its
     * group: one f32 multiply, then one f32 add, each rounded (host floats,
     * no contraction: separate statements) */
    for (int i = 0; i < N; i++) {
      int j = i / 64 * 64 + 63 - i % 64;
      float t = a[j] * scales[run];
      float want = t + bias;
      if (o[i] != want) {
        fprintf(stderr, "launch %d: o[%d] = %a, want %a\n", run, i, (double)o[i], (double)want);
        return 1;
      }
    }
  }
  f = fopen(argv[3], "wb");
  if (!f || fwrite(o, 1, sizeof o, f) != sizeof o || fclose(f)) return 1;
  vs_program_free(p);
  printf("PASS host\n");
  return 0;
}
