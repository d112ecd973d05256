/* Decoding a page of code: the core reads the page's words (and up to
 * VS_DINSN_WORDS - 1 words of the next page, for an instruction that
 * starts in the last words) and asks the ISA to decode the instruction
 * starting at each word. */
#include "core/exec.h"

void vs_decode_page(void *isa, vs_mem *m, vs_addr page, vs_dpage *dp)
{
  const vs_isa *is = isa;
  uint32_t words[VS_DPAGE_SLOTS + VS_DINSN_WORDS - 1];
  unsigned have = VS_DPAGE_SLOTS;
  if (vs_mem_load_slow(m, page, words, VS_PAGE_SIZE) != 0) /* not mapped: cannot happen */
    for (unsigned i = 0; i < VS_DPAGE_SLOTS; i++) words[i] = 0;
  /* read ahead while the next page is readable */
  while (have < VS_DPAGE_SLOTS + VS_DINSN_WORDS - 1 &&
         vs_mem_load_slow(m, page + 4u * have, &words[have], 4) == 0)
    have++;
  for (unsigned i = 0; i < VS_DPAGE_SLOTS; i++) {
    unsigned n = have - i < VS_DINSN_WORDS ? have - i : VS_DINSN_WORDS;
    is->decode(&dp->insn[i], &words[i], n, page + 4u * i);
  }
}
