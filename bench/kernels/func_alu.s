# func_alu: ALU-heavy benchmark kernel for the functional simulator.
# mkcase: --kernel func_alu --grid 4 --warps 2 --threads 32 --buf 1024:f32rand:1 --buf 1024 --arg 50
# Each iteration runs 14 vector instructions -- fp32 multiply, add, FMA,
# subtract and min on a contracting map x = x/2 + 1/4 (values stay in [0, 1),
# no NaN, no subnormals), and integer multiply/add (an LCG), shifts and
# logic -- plus the scalar loop control: 16 warp instructions per iteration.
# Arguments: X (floats, one per thread), OUT, iterations.
    .text
    .globl  func_alu
    .type   func_alu, @function
func_alu:
    lw      t0, 0(a0)               # X
    lw      t1, 4(a0)               # OUT
    lw      a1, 8(a0)               # iterations
    csrr    t3, CSR_GDX
    csrr    t4, CSR_NUMW
    csrr    t5, CSR_NUMT
    mul     t4, t4, t5
    mul     t3, t3, t4
    csrr    t5, CSR_TID
    add     t3, t3, t5              # global id of lane 0
    vid.v   v1
    vadd.vx v1, v1, t3              # global id
    vsll.vi v2, v1, 2
    vadd.vx v3, v2, t0
    vlw12.v v5, 0(v3)               # x
    li      t6, 0x3f000000          # 0.5f
    vmv.v.x v7, t6
    li      t6, 0x3e800000          # 0.25f
    vmv.v.x v8, t6
    vmv.v.x v10, zero               # fp accumulator
    vmv.v.x v12, zero               # fp minimum
    vadd.vx v6, v1, zero            # LCG state = global id
    vmv.v.x v14, zero
    vmv.v.x v15, zero
    vmv.v.x v16, zero
    li      s2, 1664525             # LCG multiplier
    li      s3, 1013904223          # LCG increment
    li      s4, 0x0ff0ff0
1:  vfmul.vv v9, v5, v7             # x / 2
    vfadd.vv v5, v9, v8             # x = x / 2 + 1/4
    vfmacc.vv v10, v5, v7           # acc += x / 2
    vfsub.vv v11, v5, v8            # x - 1/4
    vfmin.vv v12, v12, v11
    vmul.vx v6, v6, s2              # LCG step
    vadd.vx v6, v6, s3
    vsrl.vi v13, v6, 7
    vxor.vv v14, v14, v13
    vsll.vi v13, v14, 3
    vand.vx v13, v13, s4
    vor.vv  v15, v15, v13
    vsub.vv v15, v15, v6
    vmax.vv v16, v16, v14
    addi    a1, a1, -1
    bnez    a1, 1b
    vfadd.vv v10, v10, v12          # fold everything into one result
    vxor.vv v15, v15, v16
    vxor.vv v10, v10, v15
    vadd.vx v3, v2, t1
    vsw12.v v10, 0(v3)
    ret
    .size   func_alu, . - func_alu
