// OpenCL C kernels with exactly one bug each, and their corrected twins,
// for the ISA-neutral checks on gfx900 code (tests/amd/check/cl_bugs.sh).
// Each kernel takes (out, in, n): out and in hold n uints; launched with
// n work-items in groups of 128 (two waves).

// bounds: the last work-item reads in[n], one past the buffer
kernel void oob(global uint *out, global const uint *in, uint n)
{
  uint i = get_global_id(0);
  out[i] = in[i + 1];
}
kernel void oob_fixed(global uint *out, global const uint *in, uint n)
{
  uint i = get_global_id(0);
  out[i] = i + 1 < n ? in[i + 1] : 0;
}

// races: every work-item writes its own id to out[0]
kernel void race_global(global uint *out, global const uint *in, uint n)
{
  out[0] = get_global_id(0) + in[0] * 0;
}
kernel void race_global_fixed(global uint *out, global const uint *in, uint n)
{
  out[get_global_id(0)] = get_global_id(0) + in[0] * 0;
}

// races (local): the neighbour's slot (l ^ 1: in the same wave, so the
// write has happened in this execution and nothing is uninitialised) read
// with no barrier after the writes
kernel void race_local(global uint *out, global const uint *in, uint n)
{
  local uint t[128];
  uint l = get_local_id(0);
  t[l] = in[get_global_id(0)];
  out[get_global_id(0)] = t[l ^ 1];
}
kernel void race_local_fixed(global uint *out, global const uint *in, uint n)
{
  local uint t[128];
  uint l = get_local_id(0);
  t[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[l ^ 1];
}

// uninit: half of the local array is never written, all of it is read
kernel void uninit_local(global uint *out, global const uint *in, uint n)
{
  local uint t[128];
  uint l = get_local_id(0);
  if (l < 64) t[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[l];
}
kernel void uninit_local_fixed(global uint *out, global const uint *in, uint n)
{
  local uint t[128];
  uint l = get_local_id(0);
  t[l] = l < 64 ? in[get_global_id(0)] : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[l];
}

// barrier: only half of each wave reaches the barrier
kernel void barrier_divergent(global uint *out, global const uint *in, uint n)
{
  local uint t[128];
  uint l = get_local_id(0);
  t[l] = in[get_global_id(0)];
  if (l % 64 < 32) barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[l];
}
kernel void barrier_divergent_fixed(global uint *out, global const uint *in, uint n)
{
  local uint t[128];
  uint l = get_local_id(0);
  t[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = t[l];
}
