/* __constant memory: program-scope __constant arrays (ints, floats and an
 * array of structs) and a __constant kernel argument. */

__constant int primes[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
__constant float scale[8] = {0.5f, 1.0f, 1.5f, 2.0f, -0.25f, 4.0f, 8.0f, -16.0f};

typedef struct {
  int base;
  short step;
  char shift;
} rule;

__constant rule rules[4] = {{100, 3, 1}, {-50, -7, 2}, {0, 11, 0}, {12345, 1, 5}};

__kernel void constant_tables(__global const int *in, __constant int *carg, int nc, __global int *out,
                              __global float *fout)
{
  size_t i = get_global_id(0);
  int x = in[i];
  __constant rule *r = &rules[x & 3];
  out[i * 3] = primes[x & 15] * carg[(uint)x % (uint)nc];
  out[i * 3 + 1] = (r->base + r->step * (x >> 8)) >> r->shift;
  out[i * 3 + 2] = carg[(i * 7) % (uint)nc] + primes[(x >> 4) & 15];
  fout[i] = scale[x & 7] * (float)(x >> 16);
}
