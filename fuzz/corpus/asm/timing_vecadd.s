# vecadd: c[i] = a[i] + b[i], one element per thread (coalesced accesses).
# mkcase: --kernel vecadd --grid 12 --warps 4 --threads 16 --buf 4096:iota --buf 4096:rand:3 --buf 4096
# Arguments: A, B, C.
    .text
    .globl  vecadd
    .type   vecadd, @function
vecadd:
    lw      t0, 0(a0)               # A
    lw      t1, 4(a0)               # B
    lw      t2, 8(a0)               # C
    csrr    t3, CSR_GDX
    csrr    t4, CSR_NUMW
    csrr    t5, CSR_NUMT
    mul     t4, t4, t5              # threads per work-group
    mul     t3, t3, t4
    csrr    t5, CSR_TID
    add     t3, t3, t5              # global id of lane 0
    vid.v   v1
    vadd.vx v1, v1, t3
    vsll.vi v1, v1, 2
    vadd.vx v2, v1, t0
    vlw12.v v3, 0(v2)
    vadd.vx v2, v1, t1
    vlw12.v v4, 0(v2)
    vadd.vv v5, v3, v4
    vadd.vx v2, v1, t2
    vsw12.v v5, 0(v2)
    ret
    .size   vecadd, . - vecadd
