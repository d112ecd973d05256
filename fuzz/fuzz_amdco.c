/* Fuzz harness: HSA code-object listings (amd_disasm_code_object): any
 * bytes as an ELF file, listed for the processor in e_flags and, when byte
 * 18 is odd, as gfx906 whatever e_flags says.  A failure must come with a
 * message. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_common.h"
#include "ventsim/amdgpu.h"

static FILE *devnull(void)
{
  static FILE *f;
  if (!f) f = fopen("/dev/null", "w");
  return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  vs_error err = {0};
  /* byte 18 (e_machine, 224 in a real file): bits 1:0 force a target */
  static const amd_target targets[4] = {AMD_TARGET_NONE, AMD_GFX906, AMD_GFX1100, AMD_GFX1100_W64};
  amd_target t = size > 18 ? targets[data[18] & 3] : AMD_TARGET_NONE;
  if (amd_disasm_code_object(data, size, "fuzz.hsaco", t, devnull(), &err) != 0 && !err.msg[0])
    abort();
  return 0;
}
