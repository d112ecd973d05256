/* A small runner for tests/cli: launches kernel KERNEL of the program ELF
 * (no arguments) on a 1-D NDRange with the launch helper.
 *     test_runtime_run ELF KERNEL GLOBAL LOCAL WARP_THREADS
 * Exit status 0 iff the launch succeeded; the reason is on stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ventsim/launch.h"

int main(int argc, char **argv)
{
  if (argc != 6) {
    fprintf(stderr, "usage: %s ELF KERNEL GLOBAL LOCAL WARP_THREADS\n", argv[0]);
    return 2;
  }
  vs_program *p = vs_program_load(NULL, argv[1]);
  vs_kernel *k = p ? vs_kernel_get(p, argv[2]) : NULL;
  size_t g = strtoul(argv[3], NULL, 0), l = strtoul(argv[4], NULL, 0);
  vs_launch_opts o;
  memset(&o, 0, sizeof o);
  o.warp_threads = (unsigned)strtoul(argv[5], NULL, 0);
  int rc = !k || vs_kernel_launch(k, 1, &g, &l, &o);
  vs_program_free(p);
  return rc;
}
