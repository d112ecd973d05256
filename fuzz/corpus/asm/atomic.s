# atomic: every thread adds a[gid] to the counter of its work-group with an
# atomic add (amoadd.w on vector registers, one per thread); the sums do not
# depend on the order.  Then thread 0 of each warp atomically increments a
# global count of warps.
# mkcase: --kernel atomic --grid 6 --warps 3 --threads 8 --buf 1024:iota --buf 256 --buf 16
# Arguments: A, SUMS (one word per work-group), COUNT.
    .text
    .globl  atomic
    .type   atomic, @function
atomic:
    lw      t0, 0(a0)
    lw      t1, 4(a0)
    lw      t2, 8(a0)
    csrr    t3, CSR_GDX
    csrr    t4, CSR_NUMW
    csrr    t5, CSR_NUMT
    mul     t4, t4, t5
    slli    a1, t3, 2
    add     a1, a1, t1              # &sums[wg]
    mul     t3, t3, t4
    csrr    t5, CSR_TID
    add     t3, t3, t5
    vid.v   v1
    vadd.vx v1, v1, t3
    vsll.vi v1, v1, 2
    vadd.vx v2, v1, t0
    vlw12.v v3, 0(v2)               # a[gid]
    vmv.v.x v4, a1
    amoadd.w v5, v3, (v4)           # sums[wg] += a[gid]
    vid.v   v6
    vmv.v.x v7, zero
    li      t6, 1
    vmv.v.x v8, t6
    vmv.v.x v9, t2
0:  auipc   a2, 0
    setrpc  zero, a2, 9f - 0b
    vbne    v6, v7, 9f              # only lane 0
    amoadd.w v10, v8, (v9)          # count += 1
9:  join    zero, zero, 0
    ret
    .size   atomic, . - atomic
