// A kernel for the launch-capture test (tests/cli/amd_capture.sh): global
// loads and stores, a by-value float and uint, a __local argument, a barrier.
kernel void scale_rev(global const float *a, global float *o, float s, uint bias, local float *t) {
  size_t l = get_local_id(0), i = get_global_id(0);
  t[l] = a[i] * s;
  barrier(CLK_LOCAL_MEM_FENCE);
  o[i] = t[get_local_size(0) - 1 - l] + as_float(bias);
}
