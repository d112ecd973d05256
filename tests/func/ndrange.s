# 3-D NDRange: every work-item writes (x + 1) | y << 12 | z << 20 at its
# linear index (z * GY + y) * GX + x, with x, y, z its global ids built
# from the kernel metadata (spec 6.2: global sizes) and the WG CSRs.
# Local size is numw * numt along x, 1 along y and z (ventsim mkcase).
# Argument: OUT.
    .text
    .globl  ndrange
    .type   ndrange, @function
ndrange:
    lw      t0, 0(a0)               # OUT
    csrr    a1, CSR_KNL
    lw      a2, 12(a1)              # global size x
    lw      a3, 16(a1)              # global size y
    csrr    t3, CSR_GDX
    csrr    t4, CSR_NUMW
    csrr    t5, CSR_NUMT
    mul     t4, t4, t5
    mul     t3, t3, t4
    csrr    t5, CSR_TID
    add     t3, t3, t5
    vid.v   v1
    vadd.vx v1, v1, t3              # x
    csrr    t4, CSR_GDY             # y
    csrr    t5, CSR_GDZ             # z
    mul     t6, t5, a3
    add     t6, t6, t4
    mul     t6, t6, a2              # (z * GY + y) * GX
    vadd.vx v2, v1, t6              # linear index
    vsll.vi v2, v2, 2
    vadd.vx v2, v2, t0
    slli    t4, t4, 12
    slli    t5, t5, 20
    or      t4, t4, t5
    vadd.vi v3, v1, 1
    vor.vx  v3, v3, t4
    vsw12.v v3, 0(v2)
    ret
    .size   ndrange, . - ndrange
