/* An outside program built with `cc host.c $(pkg-config --cflags --libs
 * ventsim)` against an installed ventsim (tests/cli/runtime_pkgconfig.sh):
 * the driver API, the ventsim settings and the launch helper, running the
 * vecadd example kernel given as argv[1]. */
#include <stdio.h>

#include <ventsim/driver.h>
#include <ventsim/launch.h>
#include <ventus.h>

int main(int argc, char **argv)
{
  if (argc < 2) return 2;
  uint64_t threads = 0;
  if (vt_dev_caps(NULL, VT_CAPS_MAX_THREADS, &threads) || threads != 32) {
    printf("FAILED: caps %s\n", vt_last_error());
    return 1;
  }
  vt_device_h dev = NULL;
  if (vt_dev_open(&dev) || vt_ventsim_set(dev, "threads", "2")) {
    printf("FAILED: %s\n", vt_last_error());
    return 1;
  }
  enum { N = 1024 };
  static float a[N], b[N], c[N];
  for (int i = 0; i < N; i++) {
    a[i] = (float)i;
    b[i] = 2.0f * (float)i;
  }
  vs_program *p = vs_program_load(dev, argv[1]);
  uint32_t da = p ? vs_buffer_new(p, sizeof a, a) : 0, db = p ? vs_buffer_new(p, sizeof b, b) : 0;
  uint32_t dc = p ? vs_buffer_new(p, sizeof c, NULL) : 0;
  vs_kernel *k = p ? vs_kernel_get(p, "vecadd") : NULL;
  size_t g = N, l = 128;
  if (!k || vs_kernel_set_arg_buffer(k, 0, da) || vs_kernel_set_arg_buffer(k, 1, db) ||
      vs_kernel_set_arg_buffer(k, 2, dc) || vs_kernel_launch(k, 1, &g, &l, NULL) || vs_buffer_read(p, dc, c, sizeof c)) {
    printf("FAILED: %s\n", vt_last_error());
    return 1;
  }
  vs_program_free(p);
  vt_dev_close(dev);
  for (int i = 0; i < N; i++)
    if (c[i] != 3.0f * (float)i) {
      printf("FAILED: c[%d] = %g\n", i, (double)c[i]);
      return 1;
    }
  printf("PASSED\n");
  return 0;
}
