    .section .rodata
    .p2align 3
tbl: .word 1, 2, 3, (4 << 2) | 1
    .half 0x1234
    .byte 'a', -1
    .ascii "x\ty\n"
    .asciz "end"
    .data
    .globl d
d:  .zero 16
    .equ K, 12
    .set L, K * 3 - (2 + 1)
    .text
    .globl f
f:  li a0, L
    la a1, d
    lui a2, %hi(tbl)
    addi a2, a2, %lo(tbl)
1:  addi a0, a0, -1
    bnez a0, 1b
    j 2f
2:  call g
    ret
    .bss
buf: .space 64
