# Kernel for the gdb server test: warp 0 executes an ebreak (under gdb a
# breakpoint stop, SIGTRAP, after which it goes on); warp 1 loads from an
# unmapped address, a kernel error the server reports as SIGSEGV.
# mkcase: --kernel fault --grid 1 --warps 2 --threads 4 --buf 64
    .text
    .globl  fault
    .type   fault, @function
fault:
    csrr    t0, CSR_WID
    beqz    t0, 1f
    li      t1, 0x10
    lw      t2, 0(t1)               # unmapped: kernel error
    ret
1:  ebreak
    .globl  after_ebreak
after_ebreak:
    li      t2, 5
    ret
    .size   fault, . - fault
