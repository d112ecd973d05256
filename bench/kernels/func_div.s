# func_div: divergent-control benchmark kernel for the functional simulator.
# mkcase: --kernel func_div --grid 4 --warps 2 --threads 32 --buf 1024:rand:5 --buf 1024 --arg 100
# Every iteration each thread takes data-dependent vector branches on its own
# state (an xorshift value): an if/else on bit 0 whose "then" side holds a
# nested if/else on bit 1, and then a loop of 1 to 4 trips chosen by bits
# 2..3 -- so warps split and reconverge through the SIMT stack
# (setrpc / vbeq / vbne / join) several times per iteration.
# Arguments: SEED (one word per thread), OUT, iterations.
    .text
    .globl  func_div
    .type   func_div, @function
func_div:
    lw      t0, 0(a0)               # SEED
    lw      t1, 4(a0)               # OUT
    lw      a1, 8(a0)               # iterations
    csrr    t3, CSR_GDX
    csrr    t4, CSR_NUMW
    csrr    t5, CSR_NUMT
    mul     t4, t4, t5
    mul     t3, t3, t4
    csrr    t5, CSR_TID
    add     t3, t3, t5
    vid.v   v1
    vadd.vx v1, v1, t3
    vsll.vi v2, v1, 2
    vadd.vx v3, v2, t0
    vlw12.v v5, 0(v3)               # state
    vor.vi  v5, v5, 1               # never zero
    vmv.v.x v0, zero                # constant 0
    vmv.v.x v10, zero               # result
    li      s2, 3
top:
    vsll.vi v6, v5, 13              # xorshift step
    vxor.vv v5, v5, v6
    vsrl.vi v6, v5, 17
    vxor.vv v5, v5, v6
    vsll.vi v6, v5, 5
    vxor.vv v5, v5, v6
    vand.vi v7, v5, 1
    vand.vi v8, v5, 2
0:  auipc   t2, 0
    setrpc  zero, t2, 9f - 0b
    vbeq    v7, v0, 5f              # bit 0 clear: else side
3:  auipc   t2, 0                   # bit 0 set: nested if/else on bit 1
    setrpc  zero, t2, 4f - 3b
    vbne    v8, v0, 6f
    vadd.vi v10, v10, 3
    vmul.vx v10, v10, s2
    j       4f
6:  vxor.vv v10, v10, v5
    vsub.vv v10, v10, v7
4:  join    zero, zero, 0
    j       9f
5:  vsrl.vi v9, v5, 3
    vadd.vv v10, v10, v9
9:  join    zero, zero, 0
    vsrl.vi v9, v5, 2               # loop of (bits 2..3) + 1 trips
    vand.vi v9, v9, 3
7:  auipc   t2, 0
    setrpc  zero, t2, 8f - 7b
1:  vadd.vv v10, v10, v9
    vxor.vi v10, v10, 5
    vadd.vi v9, v9, -1
    vbge    v9, v0, 1b
8:  join    zero, zero, 0
    addi    a1, a1, -1
    bnez    a1, top
    vadd.vx v3, v2, t1
    vsw12.v v10, 0(v3)
    ret
    .size   func_div, . - func_div
