/* Kernels for the code-object reader test (tests/unit/test_amd_codeobj.c):
 * every kind of argument, static LDS, scratch, a required work-group size. */
typedef struct { int a; float b[3]; } pair_t;

kernel void args(global const float *a, global float *restrict c, local int *tmp, pair_t s, int n,
                 constant float *k, char ch, long l, float4 v, volatile global uint *vol)
{
  int i = get_global_id(0);
  tmp[get_local_id(0)] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i < n) c[i] = a[i] + s.b[1] + tmp[0] + k[0] + ch + (float)l + v.y;
  vol[0] = 1;
}

kernel __attribute__((reqd_work_group_size(64, 1, 1))) void fixed(global int *x)
{
  local int t[64];
  t[get_local_id(0)] = (int)get_global_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  x[get_global_id(0)] = t[63 - get_local_id(0)];
}

kernel void scratch(global float *out, global const int *idx)
{
  float p[48];
  for (int i = 0; i < 48; i++) p[i] = out[i] * 2.0f;
  out[get_global_id(0)] = p[idx[get_global_id(0)] % 48];
}
