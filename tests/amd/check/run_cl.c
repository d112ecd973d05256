/* Runs one kernel of a code object with (out, in, n) arguments -- out and
 * in n uints, in[i] = i -- on n work-items in groups of `local`, on its
 * own device, so that the checker's findings (VENTSIM_CHECK) printed when
 * the device closes are this kernel's alone.  Used by cl_bugs.sh.
 *     run_cl KERNEL.hsaco NAME N LOCAL */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ventsim/driver.h"
#include "ventsim/launch.h"

int main(int argc, char **argv)
{
  if (argc != 5) {
    fprintf(stderr, "usage: run_cl KERNEL.hsaco NAME N LOCAL\n");
    return 2;
  }
  unsigned n = (unsigned)strtoul(argv[3], NULL, 0);
  size_t global = n, local = strtoul(argv[4], NULL, 0);
  vt_ventsim_set(NULL, "quiet", "1");
  vs_program *p = vs_program_load(NULL, argv[1]);
  if (!p) {
    fprintf(stderr, "FAIL: %s\n", vt_last_error());
    return 1;
  }
  uint32_t *buf = calloc(n, 4);
  for (unsigned i = 0; i < n; i++) buf[i] = i;
  vs_addr out = vs_buffer_new(p, n * 4u, NULL), in = vs_buffer_new(p, n * 4u, buf);
  vs_kernel *k = vs_kernel_get(p, argv[2]);
  int rc = !out || !in || !k || vs_kernel_set_arg_buffer(k, 0, out) || vs_kernel_set_arg_buffer(k, 1, in) ||
           vs_kernel_set_arg_u32(k, 2, n) || vs_kernel_launch(k, 1, &global, &local, NULL);
  if (rc) fprintf(stderr, "FAIL: %s\n", vt_last_error());
  free(buf);
  vs_program_free(p);
  return rc ? 1 : 0;
}
