# ventsim start code for Ventus programs (spec section 6.4).
#
# `ventsim as` links this file first (unless --nostartfiles), so _start is
# at the start of .text (0x80000000).  Every warp of every work-group starts
# here with all registers zero; this code sets up the warp's environment,
# calls the kernel whose address the runtime stored in the kernel metadata
# (KNL_ENTRY) with a0 = the argument buffer (KNL_ARG_BASE), and ends the warp
# when the kernel returns.
#
# Memory use: sp points at this warp's scalar stack, 1 KiB per warp at the
# start of the work-group's local memory (CSR_LDS + CSR_WID * 1024), growing
# up; tp (the private-memory stack pointer) starts at 0.

    .text
    .globl  _start
    .type   _start, @function
_start:
    .option push
    .option norelax
    lla     gp, __global_pointer$       # gp = .data + 0x800
    .option pop

    li      t4, 32                      # AVL 32: vl = numt (VLEN = numt * 32)
    vsetvli t4, t4, e32, m1, ta, ma
    li      t4, 0x2000                  # mstatus.FS = initial: enable float
    csrs    mstatus, t4

    csrr    t1, CSR_WID                 # sp = lds + wid * 1024
    csrr    t2, CSR_LDS
    li      t3, 1024
    mul     t1, t1, t3
    add     sp, t1, t2
    li      tp, 0

    lla     a0, __bss_start             # clear .bss (word-aligned at both ends)
    lla     a2, __BSS_END__
    beq     a0, a2, 2f
1:  sw      zero, 0(a0)
    addi    a0, a0, 4
    bltu    a0, a2, 1b
2:
    csrr    t0, CSR_KNL                 # kernel metadata buffer (spec 6.2)
    lw      t1, 0(t0)                   # KNL_ENTRY: the kernel to run
    lw      a0, 4(t0)                   # KNL_ARG_BASE: its argument buffer
    lw      t2, 48(t0)                  # KNL_PRINT_ADDR
    lw      t3, 52(t0)                  # KNL_PRINT_SIZE
    lla     t4, __vs_print_addr
    sw      t2, 0(t4)
    lla     t4, __vs_print_size
    sw      t3, 0(t4)

    lla     t5, __vs_trap               # a trap ends the warp
    csrw    mtvec, t5
    jalr    t1                          # run the kernel
    endprg
    .size   _start, . - _start

    .p2align 2
    .type   __vs_trap, @function
__vs_trap:
    endprg
    .size   __vs_trap, . - __vs_trap

# The print buffer of this launch, for device-side printf support code.
    .data
    .p2align 2
    .globl  __vs_print_addr, __vs_print_size
    .type   __vs_print_addr, @object
    .type   __vs_print_size, @object
__vs_print_addr:
    .word   0
    .size   __vs_print_addr, 4
__vs_print_size:
    .word   0
    .size   __vs_print_size, 4
