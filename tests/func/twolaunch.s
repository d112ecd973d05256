# Two kernels of one program for a two-launch sequence (ventsim run K1 K2):
#   scale: B[i] = 3 * A[i] + 1
#   accum: C[i] = B[i] + i * i      (B as the first launch left it)
# Arguments: A, B, C.  One thread per element, 1-D NDRange along x.
    .text
    .globl  scale
    .type   scale, @function
scale:
    lw      t0, 0(a0)
    lw      t1, 4(a0)
    csrr    t3, CSR_GDX
    csrr    t4, CSR_NUMW
    csrr    t5, CSR_NUMT
    mul     t4, t4, t5
    mul     t3, t3, t4
    csrr    t5, CSR_TID
    add     t3, t3, t5
    vid.v   v1
    vadd.vx v1, v1, t3              # global id
    vsll.vi v2, v1, 2
    vadd.vx v3, v2, t0
    vlw12.v v4, 0(v3)               # A[i]
    li      t6, 3
    vmul.vx v4, v4, t6
    vadd.vi v4, v4, 1
    vadd.vx v5, v2, t1
    vsw12.v v4, 0(v5)
    ret
    .size   scale, . - scale

    .globl  accum
    .type   accum, @function
accum:
    lw      t1, 4(a0)
    lw      t2, 8(a0)
    csrr    t3, CSR_GDX
    csrr    t4, CSR_NUMW
    csrr    t5, CSR_NUMT
    mul     t4, t4, t5
    mul     t3, t3, t4
    csrr    t5, CSR_TID
    add     t3, t3, t5
    vid.v   v1
    vadd.vx v1, v1, t3
    vsll.vi v2, v1, 2
    vadd.vx v3, v2, t1
    vlw12.v v4, 0(v3)               # B[i]
    vmul.vv v5, v1, v1
    vadd.vv v4, v4, v5
    vadd.vx v6, v2, t2
    vsw12.v v4, 0(v6)
    ret
    .size   accum, . - accum
