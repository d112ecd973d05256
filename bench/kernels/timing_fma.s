# timing_fma: compute-bound benchmark kernel for the timing model: four
# mkcase: --kernel timing_fma --grid 4 --warps 2 --threads 16 --buf 1024:f32rand:1 --buf 1024 --arg 30
# independent FMA chains and some integer work per iteration.
# Arguments: X, OUT, iterations.
    .text
    .globl  timing_fma
    .type   timing_fma, @function
timing_fma:
    lw      t0, 0(a0)               # X
    lw      t1, 4(a0)               # OUT
    lw      a1, 8(a0)               # iterations
    csrr    t3, CSR_GDX
    csrr    t4, CSR_NUMW
    csrr    t5, CSR_NUMT
    mul     t4, t4, t5
    mul     t3, t3, t4
    csrr    t5, CSR_TID
    add     t3, t3, t5
    vid.v   v1
    vadd.vx v1, v1, t3
    vsll.vi v1, v1, 2
    vadd.vx v2, v1, t0
    vlw12.v v5, 0(v2)               # x
    vadd.vx v8, v5, zero
    vadd.vx v9, v5, zero
    vadd.vx v10, v5, zero
    li      t6, 0x3f000000          # 0.5f
    vmv.v.x v6, t6
    li      t6, 0x3e800000          # 0.25f
    vmv.v.x v7, t6
    vmv.v.x v11, zero
    vmv.v.x v12, zero
1:  vfmadd.vv v5, v6, v7            # x = 0.5 x + 0.25 (four chains)
    vfmadd.vv v8, v6, v7
    vfmadd.vv v9, v6, v7
    vfmadd.vv v10, v6, v7
    vadd.vi v11, v11, 1
    vxor.vv v12, v12, v11
    addi    a1, a1, -1
    bnez    a1, 1b
    vfadd.vv v5, v5, v8
    vfadd.vv v9, v9, v10
    vfadd.vv v5, v5, v9
    vadd.vv v5, v5, v12
    vadd.vx v2, v1, t1
    vsw12.v v5, 0(v2)
    ret
    .size   timing_fma, . - timing_fma
