/* Private arrays, calls, control flow, vectors and narrow types. */
__attribute__((noinline)) float weigh(const float *w, int k, float v)
{
  float s = 0.0f;
  for (int j = 0; j < 5; j++) s += w[(k + j) % 5] * v;
  return s;
}

__kernel void priv(__global const int *idx, __global float *out)
{
  float buf[48];
  const float w[5] = {0.5f, 1.5f, -2.0f, 4.0f, 0.25f};
  int i = get_global_id(0);
  for (int j = 0; j < 48; j++) buf[j] = (float)(j * i);
  int k = idx[i] % 48;
  float r;
  switch (idx[i] & 3) {
  case 0: r = buf[k]; break;
  case 1: r = buf[47 - k] * 2.0f; break;
  case 2: r = weigh(w, k, buf[k]); break;
  default: r = -1.0f; break;
  }
  out[i] = r;
}

__kernel void narrow(__global const char4 *a, __global const short2 *b, __global half *h,
                     __global uchar *u, __global float4 *v)
{
  size_t i = get_global_id(0);
  char4 x = a[i];
  short2 y = b[i];
  u[i] = (uchar)(x.x + x.y * x.z - x.w) ^ (uchar)y.y;
  float f = vload_half(i, h);
  vstore_half(f * 2.0f + (float)y.x, i, h);
  v[i] = v[i] * (float4)(1.0f, 2.0f, 3.0f, 4.0f) + convert_float4(x);
}
