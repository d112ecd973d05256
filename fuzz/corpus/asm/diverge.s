# diverge: odd elements become 3a, even ones a / 2 (a divide: the SFU),
# mkcase: --kernel diverge --grid 4 --warps 2 --threads 32 --buf 1024:rand:7 --buf 1024
# through a divergent vector branch that reconverges at a join.
# Arguments: A, OUT.
    .text
    .globl  diverge
    .type   diverge, @function
diverge:
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
    vadd.vx v1, v1, t3
    vsll.vi v3, v1, 2
    vadd.vx v4, v3, t0
    vlw12.v v5, 0(v4)               # a
    vand.vi v6, v5, 1
    vmv.v.x v7, zero
    vadd.vx v10, v3, t1             # &out
0:  auipc   t2, 0
    setrpc  zero, t2, 9f - 0b
    vbeq    v6, v7, 1f              # even: to 1
    li      t6, 3
    vmul.vx v8, v5, t6              # odd: 3a
    vsw12.v v8, 0(v10)
    j       9f
1:  li      t6, 2
    vmv.v.x v9, t6
    vdivu.vv v8, v5, v9             # even: a / 2
    vsw12.v v8, 0(v10)
9:  join    zero, zero, 0
    ret
    .size   diverge, . - diverge
