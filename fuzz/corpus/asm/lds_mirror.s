# lds_mirror: every thread puts a[gid] into local memory; after a barrier
# mkcase: --kernel lds_mirror --grid 6 --warps 4 --threads 8 --lds 128 --buf 1024:rand:5 --buf 1024
# with a local-memory fence it reads the value of its mirror thread of the
# work-group (across warps) and writes out[gid] = own + mirror.  Then a
# second round through local memory with a global+local fence.
# Arguments: A, OUT.  ldsSize >= 4 * threads per work-group.
    .text
    .globl  lds_mirror
    .type   lds_mirror, @function
lds_mirror:
    lw      t0, 0(a0)               # A
    lw      t1, 4(a0)               # OUT
    csrr    t2, CSR_NUMW
    csrr    t3, CSR_NUMT
    mul     t4, t2, t3              # threads per work-group
    csrr    t5, CSR_GDX
    mul     t5, t5, t4              # first global id of the work-group
    csrr    t6, CSR_TID
    vid.v   v1
    vadd.vx v1, v1, t6              # local id
    vadd.vx v2, v1, t5              # global id
    vsll.vi v3, v2, 2
    vadd.vx v4, v3, t0
    vlw12.v v5, 0(v4)               # a[gid]
    csrr    s0, CSR_LDS
    slli    s1, t2, 10              # the per-warp stacks come first
    add     s0, s0, s1              # local data
    vsll.vi v6, v1, 2
    vadd.vx v6, v6, s0              # &lds[lid]
    vsw12.v v5, 0(v6)
    barrier x0, x0, 1               # local fence
    addi    a1, t4, -1
    vrsub.vx v7, v1, a1             # mirror = n - 1 - lid
    vsll.vi v7, v7, 2
    vadd.vx v7, v7, s0
    vlw12.v v8, 0(v7)
    vadd.vv v9, v5, v8
    vadd.vx v10, v3, t1
    vsw12.v v9, 0(v10)
    barrier x0, x0, 3               # global and local fence
    vsw12.v v9, 0(v6)               # round 2: lds[lid] = out[gid]
    barrier x0, x0, 1
    vlw12.v v11, 0(v7)
    vadd.vv v12, v11, v9
    vsw12.v v12, 0(v10)
    ret
    .size   lds_mirror, . - lds_mirror
