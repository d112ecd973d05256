# timing_lds: local-memory benchmark kernel for the timing model.  Each
# round, every thread writes a word to local memory, passes a barrier, reads
# a neighbour's word (rotated by a stride that makes bank conflicts) and
# accumulates; a second barrier ends the round.
# mkcase: --kernel timing_lds --grid 4 --warps 4 --threads 16 --lds 4096 --buf 4096:rand:3 --buf 4096 --arg 20
# Arguments: A, OUT, rounds.
    .text
    .globl  timing_lds
    .type   timing_lds, @function
timing_lds:
    lw      t0, 0(a0)
    lw      t1, 4(a0)
    lw      a1, 8(a0)               # rounds
    csrr    t2, CSR_NUMW
    csrr    t3, CSR_NUMT
    mul     t4, t2, t3              # threads per work-group
    csrr    t5, CSR_GDX
    mul     t5, t5, t4
    csrr    t6, CSR_TID
    vid.v   v1
    vadd.vx v1, v1, t6              # local id
    vadd.vx v2, v1, t5              # global id
    vsll.vi v3, v2, 2
    vadd.vx v4, v3, t0
    vlw12.v v5, 0(v4)               # acc = a[gid]
    csrr    s0, CSR_LDS
    slli    s1, t2, 10
    add     s0, s0, s1              # local data after the per-warp stacks
    vsll.vi v6, v1, 2
    vadd.vx v6, v6, s0              # &lds[lid]
    addi    a2, t4, -1              # mask (threads per work-group is a power of two)
    li      a3, 5                   # neighbour distance
1:  vsw12.v v5, 0(v6)
    barrier x0, x0, 1
    vadd.vx v7, v1, a3
    vand.vx v7, v7, a2
    vsll.vi v7, v7, 2
    vadd.vx v7, v7, s0
    vlw12.v v8, 0(v7)
    vxor.vv v5, v5, v8
    vadd.vi v5, v5, 3
    barrier x0, x0, 1
    addi    a3, a3, 4
    addi    a1, a1, -1
    bnez    a1, 1b
    vadd.vx v4, v3, t1
    vsw12.v v5, 0(v4)
    ret
    .size   timing_lds, . - timing_lds
