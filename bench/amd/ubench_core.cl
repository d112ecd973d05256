/* ventsim AMD microbenchmarks: VALU/SALU throughput and latency, LDS bank
 * conflicts, barriers and atomics (docs/amd-ubench.md).  Our own kernels;
 * OpenCL C 1.2. */
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

/* VALU.  *_dep: one chain of 8 dependent operations per iteration (latency);
 * *_indep: 8 independent chains (throughput).  a, b are kernel arguments so
 * nothing folds. */
#define DEP8(x, OP) x = OP(x); x = OP(x); x = OP(x); x = OP(x); \
                    x = OP(x); x = OP(x); x = OP(x); x = OP(x);
#define IND8(OP) x0 = OP(x0); x1 = OP(x1); x2 = OP(x2); x3 = OP(x3); \
                 x4 = OP(x4); x5 = OP(x5); x6 = OP(x6); x7 = OP(x7);

#define F32OP(x) fma(x, a, b)
kernel void valu_f32_dep(global float *out, uint iters, float a, float b)
{
    float x = (float)get_global_id(0);
    for (uint i = 0; i < iters; i++) { DEP8(x, F32OP) }
    out[get_global_id(0)] = x;
}
kernel void valu_f32_indep(global float *out, uint iters, float a, float b)
{
    float x0 = (float)get_global_id(0), x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3;
    float x4 = x0 + 4, x5 = x0 + 5, x6 = x0 + 6, x7 = x0 + 7;
    for (uint i = 0; i < iters; i++) { IND8(F32OP) }
    out[get_global_id(0)] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
}

#ifdef cl_khr_fp64
#define F64OP(x) fma(x, a, b)
kernel void valu_f64_dep(global double *out, uint iters, double a, double b)
{
    double x = (double)get_global_id(0);
    for (uint i = 0; i < iters; i++) { DEP8(x, F64OP) }
    out[get_global_id(0)] = x;
}
kernel void valu_f64_indep(global double *out, uint iters, double a, double b)
{
    double x0 = (double)get_global_id(0), x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3;
    double x4 = x0 + 4, x5 = x0 + 5, x6 = x0 + 6, x7 = x0 + 7;
    for (uint i = 0; i < iters; i++) { IND8(F64OP) }
    out[get_global_id(0)] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
}
#endif

/* Transcendental: native_rsqrt is one v_rsq_f32 (checked by the test;
 * native_sqrt and native_exp2 compile to sequences); the chain converges to
 * 1. */
#define TOP(x) native_rsqrt(x)
kernel void valu_trans_dep(global float *out, uint iters)
{
    float x = (float)get_global_id(0) + 2.0f;
    for (uint i = 0; i < iters; i++) { DEP8(x, TOP) }
    out[get_global_id(0)] = x;
}
kernel void valu_trans_indep(global float *out, uint iters)
{
    float x0 = (float)get_global_id(0) + 2.0f, x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3;
    float x4 = x0 + 4, x5 = x0 + 5, x6 = x0 + 6, x7 = x0 + 7;
    for (uint i = 0; i < iters; i++) { IND8(TOP) }
    out[get_global_id(0)] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
}

/* 32-bit integer multiply-add (v_mul_lo_u32: quarter rate on GCN). */
#define IOP(x) (x * a + b)
kernel void valu_imul_dep(global uint *out, uint iters, uint a, uint b)
{
    uint x = get_global_id(0);
    for (uint i = 0; i < iters; i++) { DEP8(x, IOP) }
    out[get_global_id(0)] = x;
}
kernel void valu_imul_indep(global uint *out, uint iters, uint a, uint b)
{
    uint x0 = get_global_id(0), x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3;
    uint x4 = x0 + 4, x5 = x0 + 5, x6 = x0 + 6, x7 = x0 + 7;
    for (uint i = 0; i < iters; i++) { IND8(IOP) }
    out[get_global_id(0)] = x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7;
}

/* SALU: the same integer chains on uniform values (seed is an argument, so
 * the chain lives in SGPRs: s_mul_i32 / s_add_i32, checked by the test). */
kernel void salu_dep(global uint *out, uint iters, uint seed, uint a, uint b)
{
    uint x = seed;
    for (uint i = 0; i < iters; i++) { DEP8(x, IOP) }
    out[get_global_id(0)] = x;
}
kernel void salu_indep(global uint *out, uint iters, uint seed, uint a, uint b)
{
    uint x0 = seed, x1 = seed + 1, x2 = seed + 2, x3 = seed + 3;
    uint x4 = seed + 4, x5 = seed + 5, x6 = seed + 6, x7 = seed + 7;
    for (uint i = 0; i < iters; i++) { IND8(IOP) }
    out[get_global_id(0)] = x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7;
}

/* LDS bank conflicts: lane l reads words (l * stride + 32 m) mod 4096, four
 * independent reads per iteration (m = 4k .. 4k+3).  Adding 32 words keeps
 * every lane in its bank, so the conflict degree is that of the stride alone
 * (gcd(stride, 32) for 32 banks of 4 bytes; docs/amd-ubench.md).  Each
 * address is masked on its own, so the reads stay separate ds_read_b32 (no
 * ds_read2 pairing; checked by the test). */
#define LDS_WORDS 4096u
#define LDS_AT(m) t[(base + 32u * (m)) & (LDS_WORDS - 1u)]
#define LDS_STRIDE_BODY                                                 \
    local uint t[LDS_WORDS];                                            \
    uint lid = get_local_id(0), lsz = get_local_size(0);                \
    for (uint i = lid; i < LDS_WORDS; i += lsz)                         \
        t[i] = i * 2654435761u;                                         \
    barrier(CLK_LOCAL_MEM_FENCE);                                       \
    uint a0 = 0, a1 = 0, a2 = 0, a3 = 0, base = lid * stride;           \
    _Pragma("unroll 1")                                                 \
    for (uint k = 0; k < 4u * iters; k += 4u) {                         \
        a0 += LDS_AT(k); a1 += LDS_AT(k + 1u);                          \
        a2 += LDS_AT(k + 2u); a3 += LDS_AT(k + 3u);                     \
    }                                                                   \
    out[get_global_id(0)] = a0 + a1 + a2 + a3;
/* Work-groups above 256 work-items need the size in the kernel (the
 * devices' CL_DEVICE_MAX_WORK_GROUP_SIZE is 256 otherwise, as clang's
 * default amdgpu-flat-work-group-size): the _wgN variants are the same code
 * for exactly N work-items. */
#define WG(n) __attribute__((reqd_work_group_size(n, 1, 1)))
kernel void lds_stride(global uint *out, uint stride, uint iters) { LDS_STRIDE_BODY }
kernel WG(1024) void lds_stride_wg1024(global uint *out, uint stride, uint iters) { LDS_STRIDE_BODY }

/* Barriers: barrier_only loops on barrier(); barrier_exchange also passes a
 * value to the neighbour through LDS each iteration (so the result shows
 * that every barrier ordered the work-group). */
#define BARRIER_ONLY_BODY                                               \
    uint n = 0;                                                         \
    for (uint i = 0; i < iters; i++) {                                  \
        barrier(CLK_LOCAL_MEM_FENCE);                                   \
        n++;                                                            \
    }                                                                   \
    out[get_global_id(0)] = n;
#define BARRIER_EXCHANGE_BODY                                           \
    local uint t[1024];                                                 \
    uint lid = get_local_id(0), lsz = get_local_size(0);                \
    uint acc = lid;                                                     \
    for (uint i = 0; i < iters; i++) {                                  \
        t[lid] = acc;                                                   \
        barrier(CLK_LOCAL_MEM_FENCE);                                   \
        acc += t[(lid + 1) % lsz] + i;                                  \
        barrier(CLK_LOCAL_MEM_FENCE);                                   \
    }                                                                   \
    out[get_global_id(0)] = acc;
kernel void barrier_only(global uint *out, uint iters) { BARRIER_ONLY_BODY }
kernel WG(512) void barrier_only_wg512(global uint *out, uint iters) { BARRIER_ONLY_BODY }
kernel WG(1024) void barrier_only_wg1024(global uint *out, uint iters) { BARRIER_ONLY_BODY }
kernel void barrier_exchange(global uint *out, uint iters) { BARRIER_EXCHANGE_BODY }
kernel WG(512) void barrier_exchange_wg512(global uint *out, uint iters) { BARRIER_EXCHANGE_BODY }
kernel WG(1024) void barrier_exchange_wg1024(global uint *out, uint iters) { BARRIER_EXCHANGE_BODY }

/* Atomics: every work-item adds 1 `iters` times to one word (same) or to its
 * own word ctr[gid * spacing] (distinct). */
kernel void atomic_same(global uint *ctr, uint iters)
{
    for (uint i = 0; i < iters; i++)
        atomic_add(ctr, 1u);
}
kernel void atomic_distinct(global uint *ctr, uint spacing, uint iters)
{
    global uint *p = ctr + get_global_id(0) * spacing;
    for (uint i = 0; i < iters; i++)
        atomic_add(p, 1u);
}
