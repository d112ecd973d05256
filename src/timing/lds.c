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
  /* distinct rows per bank; n <= VS_MEMREC_MAX, so quadratic is fine */
  unsigned rows[128] = {0};
  unsigned nb = l->banks > 128 ? 128 : l->banks, worst = 1;
  uint32_t rowbytes = l->bank_bytes * l->banks;
  for (unsigned i = 0; i < n; i++) {
    uint32_t bi = (acc[i]->addr / l->bank_bytes) % nb, ri = acc[i]->addr / rowbytes;
    int seen = 0;
    for (unsigned j = 0; j < i && !seen; j++)
      seen = (acc[j]->addr / l->bank_bytes) % nb == bi && acc[j]->addr / rowbytes == ri;
    if (!seen && ++rows[bi] > worst) worst = rows[bi];
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
