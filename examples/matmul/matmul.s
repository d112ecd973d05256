# matmul(A, B, C, N): C = A x B for N x N float matrices (N a multiple of 8),
# tiled: a work-group of 8 x 8 work-items computes an 8 x 8 tile of C.  For
# each 8-wide slice of the k dimension the group copies a tile of A and a
# tile of B into local memory, waits at a barrier, multiplies the tiles out
# of local memory, and waits again before the tiles are overwritten.
#
# Local memory: CSR_LDS is the group's window; the start code keeps one
# 1 KiB scalar stack per warp at its start, so the kernel's data begins at
# CSR_LDS + CSR_NUMW * 1024 (the host asks for 512 bytes: two tiles).
    .text
    .globl  matmul
    .type   matmul, @function
matmul:
    lw      a1, 0(a0)               # A
    lw      a2, 4(a0)               # B
    lw      a3, 8(a0)               # C
    lw      a4, 12(a0)              # N

    csrr    t0, CSR_LDS
    csrr    t1, CSR_NUMW
    slli    t1, t1, 10
    add     t0, t0, t1              # t0 = As (8 x 8 floats), t0 + 256 = Bs

    csrr    t1, CSR_TID
    vid.v   v0
    vadd.vx v0, v0, t1              # local linear id 0..63
    vand.vi v1, v0, 7               # lx
    vsrl.vi v2, v0, 3               # ly
    csrr    t2, CSR_GDX
    slli    t2, t2, 3
    vadd.vx v4, v1, t2              # col = group x * 8 + lx
    csrr    t3, CSR_GDY
    slli    t3, t3, 3
    vadd.vx v3, v2, t3              # row = group y * 8 + ly

    vsll.vi v5, v0, 2
    vadd.vx v5, v5, t0              # &As[ly][lx]
    addi    t4, t0, 256
    vsll.vi v6, v0, 2
    vadd.vx v6, v6, t4              # &Bs[ly][lx]
    vsll.vi v7, v2, 5
    vadd.vx v7, v7, t0              # &As[ly][0]
    vsll.vi v8, v1, 2
    vadd.vx v8, v8, t4              # &Bs[0][lx]

    vmul.vx v9, v3, a4
    vadd.vv v9, v9, v1
    vsll.vi v9, v9, 2
    vadd.vx v9, v9, a1              # &A[row][lx]      (tile 0)
    vmul.vx v10, v2, a4
    vadd.vv v10, v10, v4
    vsll.vi v10, v10, 2
    vadd.vx v10, v10, a2            # &B[ly][col]      (tile 0)

    vmv.v.x v11, zero               # the sum
    srli    t5, a4, 3               # tiles
    slli    t6, a4, 5               # 8 rows of B in bytes
    li      t1, 32                  # 8 columns of A in bytes
1:
    vlw12.v v12, 0(v9)
    vsw12.v v12, 0(v5)              # As[ly][lx] = A[row][k0 + lx]
    vlw12.v v13, 0(v10)
    vsw12.v v13, 0(v6)              # Bs[ly][lx] = B[k0 + ly][col]
    barrier x0, x0, 1               # tiles complete (local-memory fence)

    vlw12.v v12, 0(v7)              # As[ly][0]
    vlw12.v v13, 0(v8)              # Bs[0][lx]
    vfmacc.vv v11, v12, v13         # sum += As[ly][k] * Bs[k][lx]
    vlw12.v v12, 4(v7)              # As[ly][1]
    vlw12.v v13, 32(v8)             # Bs[1][lx]
    vfmacc.vv v11, v12, v13
    vlw12.v v12, 8(v7)              # As[ly][2]
    vlw12.v v13, 64(v8)             # Bs[2][lx]
    vfmacc.vv v11, v12, v13
    vlw12.v v12, 12(v7)             # As[ly][3]
    vlw12.v v13, 96(v8)             # Bs[3][lx]
    vfmacc.vv v11, v12, v13
    vlw12.v v12, 16(v7)             # As[ly][4]
    vlw12.v v13, 128(v8)            # Bs[4][lx]
    vfmacc.vv v11, v12, v13
    vlw12.v v12, 20(v7)             # As[ly][5]
    vlw12.v v13, 160(v8)            # Bs[5][lx]
    vfmacc.vv v11, v12, v13
    vlw12.v v12, 24(v7)             # As[ly][6]
    vlw12.v v13, 192(v8)            # Bs[6][lx]
    vfmacc.vv v11, v12, v13
    vlw12.v v12, 28(v7)             # As[ly][7]
    vlw12.v v13, 224(v8)            # Bs[7][lx]
    vfmacc.vv v11, v12, v13

    barrier x0, x0, 1               # everyone is done with the tiles
    vadd.vx v9, v9, t1              # next tile of A: 8 columns on
    vadd.vx v10, v10, t6            # next tile of B: 8 rows down
    addi    t5, t5, -1
    bnez    t5, 1b

    vmul.vx v12, v3, a4
    vadd.vv v12, v12, v4
    vsll.vi v12, v12, 2
    vadd.vx v12, v12, a3
    vsw12.v v11, 0(v12)             # C[row][col]
    ret
    .size   matmul, . - matmul
