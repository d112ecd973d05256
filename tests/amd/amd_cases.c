/* Test helper: decodes byte cases with our AMD decoder and prints one line
 * per case, for comparison with llvm-objdump (tests/amd/llvm_oracle.py).
 *
 *   amd_cases TARGET < cases      (one case a line: hex bytes, no spaces)
 *
 * Output per case: "LEN\tTEXT\tCOMMENT" with LEN in bytes, or "invalid". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ventsim/amdgpu.h"

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: amd_cases TARGET < cases\n");
    return 2;
  }
  amd_target t = amd_target_by_name(argv[1]);
  if (t == AMD_TARGET_NONE) {
    fprintf(stderr, "amd_cases: unknown target '%s'\n", argv[1]);
    return 2;
  }
  char line[256];
  while (fgets(line, sizeof line, stdin)) {
    uint8_t b[32];
    size_t nb = 0;
    for (char *p = line; p[0] && p[1] && p[0] != '\n' && nb < sizeof b; p += 2) {
      unsigned v;
      if (sscanf(p, "%2x", &v) != 1) break;
      b[nb++] = (uint8_t)v;
    }
    uint32_t w[8] = {0};
    unsigned nw = (unsigned)(nb / 4);
    for (unsigned i = 0; i < nw; i++)
      w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
             (uint32_t)b[4 * i + 3] << 24;
    amd_insn d;
    int len = amd_decode(t, w, nw, &d);
    if (len < 0) {
      printf("invalid\n");
      continue;
    }
    char text[512], com[512];
    amd_disasm(&d, 0, text, sizeof text);
    amd_disasm_comment(&d, com, sizeof com);
    printf("%d\t%s\t%s\n", len, text, com);
  }
  return 0;
}
