# Kernel for the gdb protocol test: spins forever, so the test can
# interrupt it (0x03) and kill it.
# mkcase: --kernel spin --grid 1 --warps 1 --threads 4 --buf 64
    .text
    .globl  spin
    .type   spin, @function
spin:
    li      t0, 0
1:  addi    t0, t0, 1
    j       1b
    .size   spin, . - spin
