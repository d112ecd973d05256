/* Fuzz harness: the .metadata/.data loader (ventsim/testcase.h).
 *
 * Input: the .metadata text, a NUL byte, the .data text (no NUL: .data is
 * empty).  A parsed test case is installed on a device limited to 64 MiB
 * of host memory, its buffers are dumped, and the launch is run
 * (functional, at most 4096 warp instructions): the launch parameters of
 * the file (grid, warps, threads, local and private memory) go through the
 * launch checks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "ventsim/sim.h"
#include "ventsim/testcase.h"

static FILE *devnull(void)
{
  static FILE *f;
  if (!f) f = fopen("/dev/null", "w");
  return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const uint8_t *nul = memchr(data, 0, size);
  size_t mlen = nul ? (size_t)(nul - data) : size;
  const char *d = nul ? (const char *)nul + 1 : "";
  size_t dlen = nul ? size - mlen - 1 : 0;
  vs_testcase tc;
  vs_error err;
  if (vs_testcase_parse((const char *)data, mlen, d, dlen, "fuzz", &tc, &err)) return 0;
  if (tc.nbuf > VS_TC_MAX_BUFFERS) abort();
  for (size_t i = 0; i < tc.nbuf; i++)
    if (tc.buf[i].size && tc.buf[i].data_word + (tc.buf[i].size + 3) / 4 > tc.nwords) abort();
  vs_device *dev = NULL;
  if (vs_device_create(&dev, NULL, &err) == 0) {
    if (vs_device_set_mem_limit(dev, 64u << 20, &err) == 0 && vs_testcase_install(dev, &tc, &err) == 0) {
      vs_dump_buffers(dev, tc.buf, tc.nbuf, devnull(), &err);
      vs_run_options ro;
      memset(&ro, 0, sizeof ro);
      ro.threads = 1;
      ro.max_instructions = 4096;
      vs_run_result res;
      memset(&err, 0, sizeof err);
      vs_ventus_abi abi;
      vs_launch l;
      if ((vs_ventus_launch(&tc.rec, tc.name, &abi, &l, &err) || vs_device_run(dev, &l, &ro, &res, &err)) &&
          !err.msg[0]) {
        fprintf(stderr, "fuzz_testcase: launch failed without a message\n");
        abort();
      }
    }
    vs_device_destroy(dev);
  }
  vs_testcase_free(&tc);
  return 0;
}
