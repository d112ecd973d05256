# stencil(in, out, W): one Jacobi step of the 5-point stencil on a W-wide
# float grid, out[y][x] = (c + n + s + w + e) * 0.2 for the interior points.
# The host launches a 2-D NDRange over the interior only, with a global
# offset of (1, 1) (KNL_GL_OFFSET_X/Y), so no work-item touches the border.
    .text
    .globl  stencil
    .type   stencil, @function
stencil:
    lw      a1, 0(a0)               # in
    lw      a2, 4(a0)               # out
    lw      a3, 8(a0)               # W

    csrr    t0, CSR_KNL
    lw      t1, 24(t0)              # KNL_LC_SIZE_X
    lw      t2, 28(t0)              # KNL_LC_SIZE_Y
    lw      t3, 36(t0)              # KNL_GL_OFFSET_X
    lw      t4, 40(t0)              # KNL_GL_OFFSET_Y

    csrr    t5, CSR_TID
    vid.v   v0
    vadd.vx v0, v0, t5              # local linear id
    vremu.vx v1, v0, t1             # lx
    vdivu.vx v2, v0, t1             # ly
    csrr    t5, CSR_GDX
    mul     t5, t5, t1
    add     t5, t5, t3
    vadd.vx v1, v1, t5              # x = offset + group x * local x + lx
    csrr    t6, CSR_GDY
    mul     t6, t6, t2
    add     t6, t6, t4
    vadd.vx v2, v2, t6              # y

    vmul.vx v3, v2, a3
    vadd.vv v3, v3, v1
    vsll.vi v3, v3, 2               # (y * W + x) * 4
    vadd.vx v4, v3, a1              # &in[y][x]
    slli    t0, a3, 2               # a row in bytes
    vlw12.v v5, 0(v4)               # centre
    vsub.vx v6, v4, t0
    vlw12.v v6, 0(v6)               # north
    vadd.vx v7, v4, t0
    vlw12.v v7, 0(v7)               # south
    vlw12.v v8, -4(v4)              # west
    vlw12.v v9, 4(v4)               # east
    vfadd.vv v5, v5, v6
    vfadd.vv v5, v5, v7
    vfadd.vv v5, v5, v8
    vfadd.vv v5, v5, v9
    li      t1, 0x3e4ccccd          # 0.2f
    vfmul.vf v5, v5, t1
    vadd.vx v3, v3, a2
    vsw12.v v5, 0(v3)               # out[y][x]
    ret
    .size   stencil, . - stencil
