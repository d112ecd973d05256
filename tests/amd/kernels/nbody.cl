/* One step of an n-body simulation: each body sums the softened
 * gravitational pull of all bodies, read tile by tile through __local
 * memory, then updates its velocity and position (float4: xyz and the
 * mass in w).  Results are approximate (rsqrt, summation order): the case
 * compares them with a relative bound. */

__kernel void nbody_step(__global const float4 *pos, __global const float4 *vel, __global float4 *npos,
                         __global float4 *nvel, __global float4 *acc_out, __local float4 *tile, float dt,
                         float eps2)
{
  size_t i = get_global_id(0), l = get_local_id(0), ls = get_local_size(0), n = get_global_size(0);
  float4 p = pos[i];
  float3 a = (float3)(0.0f, 0.0f, 0.0f);
  for (size_t t = 0; t < n; t += ls) {
    tile[l] = pos[t + l];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t j = 0; j < ls; j++) {
      float4 q = tile[j];
      float3 d = q.xyz - p.xyz;
      float r2 = dot(d, d) + eps2;
      float inv = rsqrt(r2);
      a += d * (q.w * inv * inv * inv);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  float4 v = vel[i];
  v.xyz += a * dt;
  nvel[i] = v;
  npos[i] = (float4)(p.xyz + v.xyz * dt, p.w);
  acc_out[i] = (float4)(a, 0.0f);
}
