/* Divergent control flow: nested if/else, loops with data-dependent trip
 * counts, break/continue, a switch with fall-through, early return, a
 * do-while; and a loop with a barrier whose trip count is uniform while
 * the work inside it diverges. */

__kernel void divergent(__global const int *in, __global int *out)
{
  size_t i = get_global_id(0);
  int x = in[i];
  __global int *o = out + i * 6;
  int a;
  if (x & 1) {
    if (x & 2) a = x * 3;
    else a = x - 7;
  } else {
    if (x & 4) a = x >> 2;
    else if (x & 8) a = ~x;
    else a = x & 0xff;
  }
  o[0] = a;
  uint c = (uint)x & 0xffffu, steps = 0;
  while (c > 1 && steps < 300) {
    c = (c & 1) ? 3 * c + 1 : c >> 1;
    steps++;
  }
  o[1] = (int)steps;
  int s;
  switch (x & 15) {
  case 0: s = 10; break;
  case 1:
  case 2: s = x * 2; break;
  case 3: s = -x; break;
  case 5: s = x ^ 0x55; /* fall through */
  case 6: s = x + 1; break;
  case 9: s = 99; break;
  case 12: s = x % 7; break;
  case 13: s = (x >> 4) & 0x3ff; break;
  default: s = 0;
  }
  o[2] = s;
  int acc = 0;
  for (int k = 0; k < (x & 31); k++) {
    if (k % 3 == 0) continue;
    if (acc > 100) break;
    acc += k * (x & 7);
  }
  o[3] = acc;
  if ((x & 0xff) == 0x42 || (x & 0x7ff) == 0x3) {
    o[4] = -1;
    o[5] = -1;
    return;
  }
  int d = x & 0xffff, t = 0;
  do {
    t += d & 3;
    d >>= 2;
  } while (d);
  o[4] = t;
  o[5] = steps > 50 ? (int)(steps * 2) : a > 0 ? 1 : 2;
}

__kernel void barrier_loop(__global const int *in, __global int *out, int rounds)
{
  __local int buf[256];
  size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
  int v = in[g];
  for (int r = 0; r < rounds; r++) {
    buf[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    int nb = buf[(l + 1 + (size_t)r) % n];
    if ((v ^ r) & 1) v = v + nb;
    else if (nb > v) v = nb - v;
    else {
      for (int k = 0; k < (nb & 7); k++) v ^= k << r;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[g] = v;
}
