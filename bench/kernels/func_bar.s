# func_bar: barrier-heavy benchmark kernel for the functional simulator.
# mkcase: --kernel func_bar --grid 2 --warps 8 --threads 32 --lds 9216 --buf 8192:rand:3 --buf 8192 --arg 20
# Each round every thread writes its value to local memory, the work-group
# meets at a barrier, each thread reads the word of a thread in another warp
# (lid + 37 + 32 * round, mod the work-group size) and combines it with its
# own, and a second barrier ends the round: two barriers and two
# local-memory accesses in 13 warp instructions.  Local memory needed:
# numw KiB of per-warp stacks (spec 6.4) + 4 bytes per thread.
# Arguments: A, OUT, rounds.
    .text
    .globl  func_bar
    .type   func_bar, @function
func_bar:
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
    li      a3, 37                  # partner distance
1:  vsw12.v v5, 0(v6)
    barrier x0, x0, 1
    vadd.vx v7, v1, a3
    vand.vx v7, v7, a2
    vsll.vi v7, v7, 2
    vadd.vx v7, v7, s0
    vlw12.v v8, 0(v7)               # partner's value
    vxor.vv v5, v5, v8
    vadd.vi v5, v5, 7
    barrier x0, x0, 1
    addi    a3, a3, 32
    addi    a1, a1, -1
    bnez    a1, 1b
    vadd.vx v4, v3, t1
    vsw12.v v5, 0(v4)
    ret
    .size   func_bar, . - func_bar
