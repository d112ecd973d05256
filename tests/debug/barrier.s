# Kernel for the gdb stepping test: two warps meet at a barrier, then each
# counts t0 up to 4; warp 1 first spends 20 instructions in a loop, so a
# warp 0 that ran while warp 1 is stepped would reach `later` (a
# breakpoint) long before it.
# mkcase: --kernel barrier --grid 1 --warps 2 --threads 4 --buf 64
    .text
    .globl  barrier
    .type   barrier, @function
barrier:
    csrr    t1, CSR_WID
    li      t0, 0
    li      t2, 10
    beqz    t1, 1f
0:  addi    t2, t2, -1              # warp 1: 10 turns of 2 instructions
    bnez    t2, 0b
1:
    .globl  at_barrier
at_barrier:
    barrier x0, x0, 0
    .globl  after_barrier
after_barrier:
    addi    t0, t0, 1
    addi    t0, t0, 1
    addi    t0, t0, 1
    .globl  later
later:
    addi    t0, t0, 1
    ret
    .size   barrier, . - barrier
