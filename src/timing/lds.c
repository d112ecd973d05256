#include <string.h>

#include "timing/lds.h"
#include "timing/tcommon.h"

void vs_lds_init(vs_lds *l, unsigned banks, unsigned bank_bytes, unsigned latency)
{
  l->banks = banks ? banks : 1;
  l->bank_bytes = bank_bytes ? bank_bytes : 4;
  l->latency = latency;
  l->next_free = 0;
  l->st = (vs_lds_stats){0};
}

unsigned vs_lds_passes(const vs_lds *l, const vs_memacc *const *acc, unsigned n)
{
  if (n == 0) return 1;
  /* distinct rows per bank: (row, bank) pairs in a small hash set (n is at
   * most VS_MEMREC_MAX < 256) */
  uint64_t keys[256];
  uint8_t used[256];
  unsigned rows[128] = {0};
  memset(used, 0, sizeof used);
  unsigned nb = l->banks > 128 ? 128 : l->banks, worst = 1;
  uint32_t rowbytes = l->bank_bytes * l->banks;
  for (unsigned i = 0; i < n; i++) {
    uint32_t b = (acc[i]->addr / l->bank_bytes) % nb;
    uint64_t key = (uint64_t)(acc[i]->addr / rowbytes) << 8 | b;
    unsigned h = (unsigned)((key * 0x9e3779b97f4a7c15ull) >> 56);
    while (used[h] && keys[h] != key) h = (h + 1) & 255;
    if (used[h]) continue; /* the same row of the same bank: broadcast */
    used[h] = 1;
    keys[h] = key;
    if (++rows[b] > worst) worst = rows[b];
  }
  return worst;
}

uint64_t vs_lds_access(vs_lds *l, unsigned passes, uint64_t t)
{
  if (passes == 0) passes = 1;
  uint64_t s = vs_tmax(t, l->next_free);
  l->next_free = s + passes;
  l->st.accesses++;
  l->st.passes += passes;
  l->st.conflict_passes += passes - 1;
  return s + passes - 1 + l->latency;
}
