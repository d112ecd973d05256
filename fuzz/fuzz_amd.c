/* Fuzz harness: the AMD decoder and disassembly printer (ventsim/amdgpu.h).
 *
 * Input: byte 0 selects the target (bits 1:0: gfx900, gfx906, gfx1100,
 * gfx1100 wave64); the rest is
 * little-endian instruction words.  Every word position is decoded with
 * exactly the words left after it, copied to a buffer of that size (so a
 * read past nwords_available is a sanitizer error), and printed in full and
 * into an 8-byte buffer.  Checks: the length is 4, 8, 12 or 16 and fits the
 * words available; an invalid word has length 4; the text is terminated and
 * amd_disasm returns its length. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "ventsim/amdgpu.h"

#define MAX_WORDS 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size < 1) return 0;
  static const amd_target targets[4] = {AMD_GFX900, AMD_GFX906, AMD_GFX1100, AMD_GFX1100_W64};
  amd_target t = targets[data[0] & 3];
  data++;
  size--;
  size_t nw = size / 4;
  if (nw > MAX_WORDS) nw = MAX_WORDS;
  char text[512], small[8], com[256];
  for (size_t i = 0; i < nw; i++) {
    size_t left = nw - i;
    uint32_t *w = malloc(left * sizeof *w);
    if (!w) return 0;
    for (size_t k = 0; k < left; k++) w[k] = fuzz_le32(data + 4 * (i + k));
    amd_insn d;
    int len = amd_decode(t, w, (unsigned)left, &d);
    if (len != AMD_DECODE_INVALID && len != 4 && len != 8 && len != 12 && len != 16) abort();
    if (len > 0 && (size_t)len > 4 * left) abort();
    if (len < 0 && d.len != 4) abort();
    size_t need = amd_disasm_sym(&d, 0x1000 + 4 * i, NULL, NULL, text, sizeof text);
    if (need < sizeof text && strlen(text) != need) abort();
    amd_disasm(&d, 0, small, sizeof small);
    if (!memchr(small, 0, sizeof small)) abort();
    amd_disasm_comment(&d, com, sizeof com);
    amd_insn_mnemonic(&d, small, sizeof small);
    free(w);
  }
  return 0;
}
