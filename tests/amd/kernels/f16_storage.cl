/* Half precision as a storage format (core OpenCL C, no cl_khr_fp16):
 * vstore_half with each rounding mode, vstore_half4, vstorea_half2, and the
 * loads vload_half, vload_half4 and vloada_half4. */

__kernel void half_store(__global const float *f, __global half *rte, __global half *rtz,
                         __global half *rtp, __global half *rtn, __global half *h4)
{
  size_t i = get_global_id(0);
  float x = f[i];
  vstore_half(x, i, rte);
  vstore_half_rtz(x, i, rtz);
  vstore_half_rtp(x, i, rtp);
  vstore_half_rtn(x, i, rtn);
  vstore_half4((float4)(x, -x, x * 2.0f, x * 0.5f), i, h4);
}

__kernel void half_load(__global const half *h, __global float *f, __global float *f4, __global half *back)
{
  size_t i = get_global_id(0);
  f[i] = vload_half(i, h);
  float4 v = vload_half4(i, h);
  float4 w = vloada_half4(i, h);
  f4[2 * i] = v.x + v.w;
  f4[2 * i + 1] = w.y * w.z;
  vstorea_half2_rte((float2)(v.x, w.w), i, back);
}

#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void half_store_double(__global const double *d, __global half *rte, __global half *rtz,
                                __global half *rtp, __global half *rtn)
{
  size_t i = get_global_id(0);
  double x = d[i];
  vstore_half(x, i, rte);
  vstore_half_rtz(x, i, rtz);
  vstore_half_rtp(x, i, rtp);
  vstore_half_rtn(x, i, rtn);
}
#endif
