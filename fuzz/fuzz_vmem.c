/* Fuzz harness: the .vmem loader (ventsim/vmem.h) and its listing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "ventsim/disasm.h"
#include "ventsim/vmem.h"

static FILE *devnull(void)
{
  static FILE *f;
  if (!f) f = fopen("/dev/null", "w");
  return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  vs_vmem v;
  vs_error err;
  if (vs_vmem_parse((const char *)data, size, "fuzz.vmem", &v, &err)) return 0;
  for (size_t i = 1; i < v.n; i++)
    if (v.index[i] <= v.index[i - 1]) abort(); /* documented: strictly increasing */
  vs_disasm_options o = {0};
  vs_disasm_vmem(&v, 0x80000000u, "fuzz.vmem", devnull(), &o, &err);
  vs_vmem_free(&v);
  return 0;
}
