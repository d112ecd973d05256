# Helper for vecadd.s: v7 = (v5 + v6) * scale, scale from .rodata.
    .text
    .globl  add_and_scale
    .type   add_and_scale, @function
add_and_scale:
    vadd.vv v7, v5, v6
    la      t5, scale
    lw      t5, 0(t5)
    vmul.vx v7, v7, t5
    j       1f
loop:
    nop
1:  ret
    .size   add_and_scale, . - add_and_scale

    .section .rodata
    .p2align 2
scale:
    .word   1
    .section .sdata, "aw"
counter:
    .word   0
    .bss
buffer:
    .zero   64
