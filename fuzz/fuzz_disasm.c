/* Fuzz harness: the instruction decoder and the disassembly printer.
 *
 * Input: byte 0 selects options (bit 0 numeric registers, bit 1 CSR names,
 * bit 2 no aliases, bit 3 bytes column, bit 4 relative targets, bits 5-6:
 * force prefixes: 0 none, 1 every even word becomes a regext/regexti/
 * regpair/regpairi prefix (chosen by its own bits), 2 every word); the rest
 * is little-endian instruction words.  Every word is decoded alone, with
 * the next word (prefix handling), printed through vs_disasm_insn and
 * vtu_disasm, and the whole sequence is listed as a .vmem image. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "isa/ventus/disasm.h"
#include "isa/ventus/ventus.h"
#include "ventsim/disasm.h"
#include "ventsim/vmem.h"

#define MAX_WORDS 64

static FILE *devnull(void)
{
  static FILE *f;
  if (!f) f = fopen("/dev/null", "w");
  return f;
}

static int symbolize(void *ctx, uint32_t addr, char *buf, size_t n)
{
  (void)ctx;
  if (addr & 4) return 0;
  snprintf(buf, n, "sym+0x%x", (unsigned)(addr & 0xff));
  return 1;
}

static uint32_t make_prefix(uint32_t w)
{
  static const uint32_t f3[4] = {2, 3, 5, 7};
  return (w & ~0x707fu) | f3[(w >> 7) & 3] << 12 | 0x0bu;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size < 1) return 0;
  unsigned mode = data[0];
  data++;
  size--;
  size_t nw = size / 4;
  if (nw > MAX_WORDS) nw = MAX_WORDS;
  uint32_t w[MAX_WORDS + 1];
  uint32_t idx[MAX_WORDS + 1];
  for (size_t i = 0; i < nw; i++) {
    w[i] = fuzz_le32(data + 4 * i);
    unsigned force = (mode >> 5) & 3;
    if ((force == 1 && !(i & 1)) || force == 2) w[i] = make_prefix(w[i]);
    idx[i] = (uint32_t)i;
  }
  vs_disasm_options o = {mode & 1, (mode >> 1) & 1, (mode >> 2) & 1, (mode >> 3) & 1};
  vtu_disasm_opts vo;
  memset(&vo, 0, sizeof vo);
  vo.numeric_regs = mode & 1;
  vo.csr_names = (mode >> 1) & 1;
  vo.no_aliases = (mode >> 2) & 1;
  vo.relative_targets = (mode >> 4) & 1;
  vo.symbolize = (mode & 0x80) ? symbolize : NULL;
  char buf[256], small[8];
  uint32_t pc = 0x80000000u;
  for (size_t i = 0; i < nw; i++, pc += 4) {
    int have1 = i + 1 < nw;
    uint32_t w1 = have1 ? w[i + 1] : 0;
    unsigned len = vs_disasm_insn(pc, w[i], w1, have1, &o, buf, sizeof buf);
    if (len != 4 && len != 8) abort();
    if (len == 8 && !have1) abort();
    vs_disasm_insn(pc, w[i], w1, have1, &o, small, sizeof small);
    if (memchr(small, 0, sizeof small) == NULL) abort(); /* must stay terminated */

    vs_dinsn d;
    memset(&d, 0, sizeof d);
    if (vtu_decode(w[i], w1, have1, &d) == 0) {
      size_t need = vtu_disasm(&d, pc, &vo, buf, sizeof buf);
      if (need < sizeof buf && strlen(buf) != need) abort();
      vtu_disasm(&d, pc, &vo, small, sizeof small);
      if (memchr(small, 0, sizeof small) == NULL) abort();
    }
    vs_dinsn d1;
    memset(&d1, 0, sizeof d1);
    if (vtu_decode_word(w[i], &d1) == 0 && have1 && vtu_is_prefix(w[i])) {
      vs_dinsn d2;
      memset(&d2, 0, sizeof d2);
      if (vtu_decode_word(w1, &d2) == 0 && vtu_apply_prefix(w[i], &d2) == 0)
        vtu_disasm(&d2, pc + 4, &vo, buf, sizeof buf);
    }
  }
  vs_vmem v = {nw, idx, w};
  vs_error err;
  vs_disasm_vmem(&v, 0x80000000u, "fuzz.vmem", devnull(), &o, &err);
  return 0;
}
