# Kernel for the gdb server test: a divergent vector branch (odd lanes at
# odd_path run second, under a SIMT stack entry) and a barrier (at_barrier).
# Each thread stores tid + 10 (odd tid) or tid (even tid) at OUT[tid].
# mkcase: --kernel branch --grid 1 --warps 2 --threads 4 --buf 64
    .text
    .globl  branch
    .type   branch, @function
branch:
    lw      t0, 0(a0)               # OUT
    csrr    t1, CSR_TID
    vid.v   v1
    vadd.vx v1, v1, t1              # v1 = tid
    vand.vi v6, v1, 1
    vmv.v.x v7, zero
    vsll.vi v3, v1, 2
    vadd.vx v10, v3, t0             # &OUT[tid]
0:  auipc   t2, 0
    setrpc  zero, t2, 9f - 0b
    vbeq    v6, v7, 1f              # even lanes to 1 (2 of 4: they go first)
    .globl  odd_path
odd_path:
    vadd.vi v8, v1, 10              # odd: tid + 10
    vsw12.v v8, 0(v10)
    j       9f
1:  vsw12.v v1, 0(v10)              # even: tid
    .globl  join_here
join_here:
9:  join    zero, zero, 0
    .globl  at_barrier
at_barrier:
    barrier x0, x0, 0
    ret
    .size   branch, . - branch
