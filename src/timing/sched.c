#include "timing/config.h"
#include "timing/sched.h"

void vs_sched_order(int policy, unsigned n, unsigned last, const uint64_t *age, uint8_t *order)
{
  if (n == 0) return;
  if (last >= n) last = n - 1;
  if (policy == VS_SCHED_OLDEST) { /* by age only (insertion sort), ties by index */
    for (unsigned i = 0; i < n; i++) {
      unsigned j = i;
      while (j > 0 && (age[order[j - 1]] > age[i] || (age[order[j - 1]] == age[i] && order[j - 1] > i))) {
        order[j] = order[j - 1];
        j--;
      }
      order[j] = (uint8_t)i;
    }
    return;
  }
  if (policy != VS_SCHED_GTO) {
    for (unsigned k = 0; k < n; k++) order[k] = (uint8_t)((last + 1 + k) % n);
    return;
  }
  /* greedy: last first; then by age (insertion sort, n <= 64), ties by index */
  unsigned m = 0;
  order[m++] = (uint8_t)last;
  for (unsigned i = 0; i < n; i++) {
    if (i == last) continue;
    unsigned j = m;
    while (j > 1 && (age[order[j - 1]] > age[i] || (age[order[j - 1]] == age[i] && order[j - 1] > i))) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = (uint8_t)i;
    m++;
  }
}
