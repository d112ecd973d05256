# A kernel linked at 0x100 (ventsim as --nostartfiles -Ttext 0x100): its
# launch starts in the first 4 KiB page of the address space, where a new
# warp's empty fetch cache once looked valid (issue 17).  Each warp stores
# 42 + its warp id into word (work-group * warps + warp) of the first
# argument buffer.
    .text
    .globl  page0
page0:
    csrr    t0, CSR_KNL
    lw      t1, 4(t0)               # the argument buffer
    lw      t2, 0(t1)               # OUT
    csrr    t3, CSR_WID
    csrr    t4, CSR_GDX
    csrr    t5, CSR_NUMW
    mul     t4, t4, t5
    add     t4, t4, t3              # global warp number
    slli    t5, t4, 2
    add     t2, t2, t5
    addi    t3, t3, 42
    sw      t3, 0(t2)
    endprg
