# A kernel (vecadd) that calls a function in another file (helper.s).
# Both files use the numeric label 1: and a local label named `loop`.
    .text
    .globl  vecadd
    .type   vecadd, @function
vecadd:                             # a0 = argument buffer: [A, B, C]
    addi    sp, sp, 4
    sw      ra, -4(sp)
    lw      t0, 0(a0)               # A
    lw      t1, 4(a0)               # B
    lw      t2, 8(a0)               # C
    csrr    t3, CSR_TID
    vid.v   v1
    vadd.vx v1, v1, t3              # global thread id
    vsll.vi v1, v1, 2
    vadd.vx v2, v1, t0
    vadd.vx v3, v1, t1
    vadd.vx v4, v1, t2
    vlw12.v v5, 0(v2)
    vlw12.v v6, 0(v3)
    call    add_and_scale           # v7 = (v5 + v6) * scale
    vsw12.v v7, 0(v4)
    li      t4, 3
loop:
1:  addi    t4, t4, -1
    bnez    t4, 1b
    lw      ra, -4(sp)
    addi    sp, sp, -4
    ret
    .size   vecadd, . - vecadd
