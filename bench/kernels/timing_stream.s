# timing_stream: memory-bound benchmark kernel for the timing model.
# mkcase: --kernel timing_stream --grid 4 --warps 2 --threads 16 --buf 4096:f32rand:1 --buf 4096:f32rand:2 --buf 4096 --arg 1024 --arg 2
# c[i] = 2 a[i] + b[i] over n elements, in a grid-stride loop repeated
# `passes` times.  n must be a multiple of the number of threads.
# Arguments: A, B, C, n, passes.
    .text
    .globl  timing_stream
    .type   timing_stream, @function
timing_stream:
    lw      t0, 0(a0)               # A
    lw      t1, 4(a0)               # B
    lw      t2, 8(a0)               # C
    lw      a1, 12(a0)              # n
    lw      a5, 16(a0)              # passes
    csrr    t3, CSR_GDX
    csrr    t4, CSR_NUMW
    csrr    t5, CSR_NUMT
    mul     t4, t4, t5
    mul     t3, t3, t4
    csrr    t5, CSR_TID
    add     t3, t3, t5              # global id of lane 0
    csrr    a2, CSR_KNL
    lw      a3, 12(a2)              # global size = threads in the grid
    divu    a6, a1, a3              # elements per thread
    slli    a3, a3, 2               # stride in bytes
    li      a4, 0x40000000          # 2.0f
    vid.v   v0
    vadd.vx v0, v0, t3
    vsll.vi v0, v0, 2               # byte offset of this thread's first element
2:  vadd.vx v1, v0, zero
    mv      a7, a6
1:  vadd.vx v2, v1, t0
    vlw12.v v3, 0(v2)
    vadd.vx v2, v1, t1
    vlw12.v v4, 0(v2)
    vfmacc.vf v4, a4, v3            # b + 2a
    vadd.vx v2, v1, t2
    vsw12.v v4, 0(v2)
    vadd.vx v1, v1, a3
    addi    a7, a7, -1
    bnez    a7, 1b
    addi    a5, a5, -1
    bnez    a5, 2b
    ret
    .size   timing_stream, . - timing_stream
