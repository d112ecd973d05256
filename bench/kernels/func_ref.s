# func_ref: the reference loop of bench/bench_functional.sh -- one vector add
# and the scalar loop control, the least work a warp instruction can do.
# The other kernels' rates are also given relative to this one, measured in
# the same run, which cancels most of the speed of the machine.
# mkcase: --kernel func_ref --grid 4 --warps 2 --threads 32 --buf 1024 --arg 100
# Arguments: OUT, iterations.
    .text
    .globl  func_ref
    .type   func_ref, @function
func_ref:
    lw      t1, 0(a0)               # OUT
    lw      a1, 4(a0)               # iterations
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
    vmv.v.x v3, zero
1:  vadd.vi v3, v3, 1
    addi    a1, a1, -1
    bnez    a1, 1b
    vadd.vx v2, v2, t1
    vsw12.v v3, 0(v2)
    ret
    .size   func_ref, . - func_ref
