# Kernels that fail (spec 7), one cause each; warp 1 of work-group 0 fails
# after warp 0 ended, so the message must name warp 1.
    .text

    .globl  wild
wild:
    csrr    t0, CSR_WID
    bnez    t0, 1f
    ret
1:
    li      t1, 0x12345678
    jr      t1

    .globl  illegal
illegal:
    csrr    t0, CSR_WID
    bnez    t0, 1f
    ret
1:
    .word   0xffffffff

    .globl  unmapped
unmapped:
    csrr    t0, CSR_WID
    bnez    t0, 1f
    ret
1:
    li      t1, 0x50000000
    vmv.v.x v1, t1
    vlw12.v v2, 12(v1)
    ret

    .globl  misaligned
misaligned:
    csrr    t0, CSR_WID
    bnez    t0, 1f
    ret
1:
    li      t1, 0x90000002
    lw      t2, 0(t1)
    ret

    .globl  divergent_end
divergent_end:
    csrr    t0, CSR_WID
    bnez    t0, 1f
    ret
1:
    vid.v   v1
    vmv.v.i v2, 2
0:  auipc   t2, 0
    setrpc  zero, t2, 2f - 0b
    vblt    v1, v2, 2f
    endprg
2:  join    zero, zero, 0
    ret

    .globl  forever
forever:
    csrr    t0, CSR_WID
    bnez    t0, 1f
    ret
1:
3:  j       3b

    .globl  misaligned_pc
misaligned_pc:
    csrr    t0, CSR_WID
    bnez    t0, 1f
    ret
1:
    auipc   t1, 0
    jalr    zero, 6(t1)             # to the middle of the next instruction
    ret

    .globl  memlimit
memlimit:                           # (run with little --mem-limit and --pds)
    csrr    t0, CSR_WID
    bnez    t0, 1f
    ret
1:
    csrr    t1, CSR_PDS
    li      t2, 256
2:  sw      t2, 0(t1)               # a new page of private memory each time
    li      t3, 4096
    add     t1, t1, t3
    addi    t2, t2, -1
    bnez    t2, 2b
    ret
