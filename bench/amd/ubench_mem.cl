/* ventsim AMD microbenchmarks: memory latency, wait-counter overlap and
 * bandwidth (docs/amd-ubench.md).  Our own kernels; OpenCL C 1.2. */

/* Pointer chase on the vector path: each work-item follows its own chain
 * next[j] from starts[gid].  The start is read per work-item, so the index is
 * divergent and every step is a global_load (checked by the test). */
kernel void chase_vector(global const uint *next, global const uint *starts,
                         uint steps, global uint *out)
{
    uint j = starts[get_global_id(0)];
    for (uint i = 0; i < steps; i++)
        j = next[j];
    out[get_global_id(0)] = j;
}

/* The same on the scalar path: the start is a kernel argument, so the index
 * is uniform and the loads of the read-only, unaliased chain are s_load. */
kernel void chase_scalar(global const uint *restrict next, uint start,
                         uint steps, global uint *restrict out)
{
    uint j = start;
    for (uint i = 0; i < steps; i++)
        j = next[j];
    out[get_global_id(0)] = j;
}

/* Wait-counter overlap.  Both kernels make 8 loads per iteration from the
 * chain of chase_vector.  loads_dep: one chain, 8 dependent steps (a wait
 * after each load).  loads_indep: 8 chains, one step each (8 loads, then one
 * wait for all of them).  Result: the 8 positions, for the check. */
kernel void loads_dep(global const uint *next, global const uint *starts,
                      uint iters, global uint *out)
{
    uint j = starts[get_global_id(0) * 8];
    for (uint i = 0; i < iters; i++) {
        j = next[j]; j = next[j]; j = next[j]; j = next[j];
        j = next[j]; j = next[j]; j = next[j]; j = next[j];
    }
    out[get_global_id(0)] = j;
}

kernel void loads_indep(global const uint *next, global const uint *starts,
                        uint iters, global uint *out)
{
    global const uint *s = starts + get_global_id(0) * 8;
    uint j0 = s[0], j1 = s[1], j2 = s[2], j3 = s[3];
    uint j4 = s[4], j5 = s[5], j6 = s[6], j7 = s[7];
    for (uint i = 0; i < iters; i++) {
        j0 = next[j0]; j1 = next[j1]; j2 = next[j2]; j3 = next[j3];
        j4 = next[j4]; j5 = next[j5]; j6 = next[j6]; j7 = next[j7];
    }
    out[get_global_id(0)] = j0 ^ j1 ^ j2 ^ j3 ^ j4 ^ j5 ^ j6 ^ j7;
}

/* Bandwidth.  n4 uint4 elements (16 bytes each), grid-stride loops, `passes`
 * sweeps over the buffer: the buffer size picks the level (L1/L0, L2, LLC,
 * DRAM).  Every pass depends on its index, so no pass can be dropped. */
kernel void bw_read(global const uint4 *a, uint n4, uint passes, global uint *out)
{
    uint gid = get_global_id(0), gsz = get_global_size(0);
    uint4 acc = (uint4)(0);
    for (uint p = 0; p < passes; p++)
        for (uint i = gid; i < n4; i += gsz)
            acc += a[i] ^ (uint4)(p);
    out[gid] = acc.x + acc.y + acc.z + acc.w;
}

kernel void bw_write(global uint4 *a, uint n4, uint passes)
{
    uint gid = get_global_id(0), gsz = get_global_size(0);
    for (uint p = 0; p < passes; p++)
        for (uint i = gid; i < n4; i += gsz)
            a[i] = (uint4)(i, p, i ^ p, 7u);
}

kernel void bw_copy(global const uint4 *a, global uint4 *b, uint n4, uint passes)
{
    uint gid = get_global_id(0), gsz = get_global_size(0);
    for (uint p = 0; p < passes; p++)
        for (uint i = gid; i < n4; i += gsz)
            b[i] = a[i] + (uint4)(p);
}

/* Strided read of 4-byte words: work-item g reads a[(g * stride + p * 4096) %
 * n] in pass p (n a power of two).  stride 1: a wave's lanes share lines;
 * stride >= line/4: every lane touches its own line. */
kernel void bw_read_strided(global const uint *a, uint n, uint stride,
                            uint passes, global uint *out)
{
    uint gid = get_global_id(0);
    uint acc = 0;
    for (uint p = 0; p < passes; p++)
        acc += a[(gid * stride + p * 4096u) & (n - 1u)] ^ p;
    out[gid] = acc;
}
