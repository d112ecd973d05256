/* Fuzz harness: the assembler and linker (ventsim/asm.h).
 *
 * Input: assembly source text.  If the first byte is 0x01..0x07 it is an
 * option byte (bit 0: link the built-in start code, bit 1: .text at
 * 0x1000 instead of the default, bit 2: isa "ventus" given explicitly) and
 * the text follows.  NUL bytes split the text into up to 4 separately
 * assembled sources that are linked together.  A successful ELF is loaded
 * back (ventsim/elf.h) and disassembled, so the output of the assembler is
 * also checked to be a valid input of the loader. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "ventsim/asm.h"
#include "ventsim/disasm.h"
#include "ventsim/elf.h"

#define MAX_SOURCES 4

static FILE *devnull(void)
{
  static FILE *f;
  if (!f) f = fopen("/dev/null", "w");
  return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  unsigned flags = 0;
  if (size && data[0] >= 1 && data[0] <= 7) {
    flags = data[0];
    data++;
    size--;
  }
  vs_asm_source src[MAX_SOURCES];
  static const char *const names[MAX_SOURCES] = {"fuzz0.s", "fuzz1.s", "fuzz2.s", "fuzz3.s"};
  size_t n = 0, start = 0;
  for (size_t i = 0; i < size && n < MAX_SOURCES - 1; i++)
    if (data[i] == 0) {
      src[n] = (vs_asm_source){names[n], (const char *)data + start, i - start};
      n++;
      start = i + 1;
    }
  src[n] = (vs_asm_source){names[n], (const char *)data + start, size - start};
  n++;
  vs_asm_options opt;
  vs_asm_options_init(&opt);
  opt.no_start_files = !(flags & 1);
  if (flags & 2) {
    opt.has_text_addr = 1;
    opt.text_addr = 0x1000;
  }
  if (flags & 4) opt.isa = "ventus";
  opt.diag = NULL;
  uint8_t *elf = NULL;
  size_t elf_len = 0;
  vs_error err;
  memset(&err, 0, sizeof err);
  if (vs_assemble(src, n, &opt, &elf, &elf_len, &err) == 0) {
    vs_elf *e = NULL;
    vs_error lerr;
    if (vs_elf_load_mem(elf, elf_len, "fuzz.elf", &e, &lerr)) {
      /* the assembler wrote an ELF that its own loader rejects */
      fprintf(stderr, "fuzz_asm: own ELF rejected: %s\n", lerr.msg);
      abort();
    }
    vs_disasm_options dopt = {0};
    vs_disasm_elf(e, "fuzz.elf", devnull(), &dopt, &lerr);
    vs_elf_free(e);
    free(elf);
  } else if (elf) {
    fprintf(stderr, "fuzz_asm: failed assembly returned an image\n");
    abort();
  }
  return 0;
}
