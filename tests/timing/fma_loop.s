# fma_loop: a per-thread loop of dependent fused multiply-adds and a
# square root (FPU latency, SFU passes, scoreboard chains).
# mkcase: --kernel fma_loop --grid 4 --warps 2 --threads 16 --buf 1024:f32rand:9 --buf 1024 --arg 40
# Arguments: X, OUT, iterations.
    .text
    .globl  fma_loop
    .type   fma_loop, @function
fma_loop:
    lw      t0, 0(a0)
    lw      t1, 4(a0)
    lw      a1, 8(a0)
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
    vlw12.v v5, 0(v2)               # x in [0, 1)
    li      t6, 0x3f000000          # 0.5f
    vmv.v.x v6, t6
    li      t6, 0x3e800000          # 0.25f
    vmv.v.x v7, t6
1:  vfmadd.vv v5, v6, v7            # x = 0.5 x + 0.25
    vfmul.vv v8, v5, v5
    vfsub.vv v5, v5, v8             # x = x - x*x: stays in (0, 0.25]
    addi    a1, a1, -1
    bnez    a1, 1b
    vfsqrt.v v9, v5
    vfdiv.vv v9, v9, v6
    vadd.vx v2, v1, t1
    vsw12.v v9, 0(v2)
    ret
    .size   fma_loop, . - fma_loop
