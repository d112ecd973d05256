/* Non-inlined functions: scalar and many arguments, a struct passed and
 * returned by value, pointers to global, local and private memory, a call
 * chain four deep, and calls inside divergent branches.  (OpenCL C has no
 * recursion.) */

typedef struct {
  int x;
  float y;
  long z;
} triple;

__attribute__((noinline)) int mix3(int a, int b, int c)
{
  return (a * 31 + b) ^ (c << 3);
}

__attribute__((noinline)) float many_args(float a0, float a1, float a2, float a3, float a4, float a5,
                                           float a6, float a7, float a8, float a9, float a10, float a11,
                                           float a12, float a13, float a14, float a15, float a16, float a17,
                                           float a18, float a19)
{
  return a0 - a1 + a2 * 2.0f - a3 + a4 + a5 * 0.5f - a6 + a7 + a8 - a9 + a10 + a11 - a12 + a13 + a14 * 4.0f -
         a15 + a16 + a17 - a18 + a19 * 0.25f;
}

__attribute__((noinline)) triple make_triple(int i)
{
  triple t = {i * 7, (float)i * 0.5f, (long)i << 33};
  return t;
}

__attribute__((noinline)) long use_triple(triple t)
{
  return t.z + t.x + (long)(t.y * 4.0f);
}

__attribute__((noinline)) void store_global(__global int *p, int v)
{
  *p = v;
}

__attribute__((noinline)) int sum_local(__local const int *l, int n)
{
  int s = 0;
  for (int k = 0; k < n; k++) s += l[k];
  return s;
}

__attribute__((noinline)) void fill_private(__private int *p, int n, int v)
{
  for (int k = 0; k < n; k++) p[k] = v + k;
}

__attribute__((noinline)) int chain_d(int x) { return x * 3 + 1; }
__attribute__((noinline)) int chain_c(int x) { return chain_d(x) ^ 0x55; }
__attribute__((noinline)) int chain_b(int x) { return chain_c(x + 2) - chain_d(x); }
__attribute__((noinline)) int chain_a(int x) { return chain_b(x) + chain_c(x >> 1); }

__attribute__((noinline)) int divergent_callee(int x)
{
  if (x & 1) return x * 5;
  int s = 0;
  for (int k = 0; k < (x & 15); k++) s += k;
  return s;
}

__kernel void calls(__global const int *in, __global int *out, __global long *lout, __global float *fout)
{
  __local int lbuf[64];
  size_t i = get_global_id(0), l = get_local_id(0);
  int x = in[i];
  lbuf[l] = x & 0xff;
  barrier(CLK_LOCAL_MEM_FENCE);
  __global int *o = out + i * 6;
  o[0] = mix3(x, (int)i, x >> 4);
  o[1] = chain_a(x);
  o[2] = (x & 2) ? divergent_callee(x) : mix3(x, 1, 2);
  o[3] = sum_local(lbuf, 8);
  int priv[5];
  fill_private(priv, 5, x);
  o[4] = priv[x & 3] + priv[4];
  store_global(&o[5], chain_d(x) + (int)i);
  triple t = make_triple((int)i);
  lout[i] = use_triple(t) + (x & 0xffff);
  float f = (float)(x & 0xff);
  fout[i] = many_args(f, 1.0f, 2.0f, f * 0.5f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, f, 8.0f, 9.0f, 10.0f, 11.0f,
                      f * 0.25f, 12.0f, 13.0f, 14.0f, 15.0f, f);
}
