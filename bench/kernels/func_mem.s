# func_mem: memory-heavy benchmark kernel for the functional simulator.
# mkcase: --kernel func_mem --grid 4 --warps 2 --threads 32 --buf 4096:rand:1 --buf 4096:rand:2 --buf 4096 --buf 4096 --arg 1024 --arg 2
# A grid-stride loop over n words, repeated `passes` times.  Each step does
# a coalesced c[i] = a[i] + b[i] (two loads and a store whose 32 addresses
# are consecutive words) and a strided d[j] = a[j] ^ b[j] with
# j = i * 97 mod n (two loads and a store whose addresses are 97 words
# apart): 6 of the 19 warp instructions of a step access memory.
# i -> j is a bijection and no thread reads what another writes, so the
# result does not depend on the order in which warps run.
# n must be a power of two and a multiple of the number of threads.
# Arguments: A, B, C, D, n, passes.
    .text
    .globl  func_mem
    .type   func_mem, @function
func_mem:
    lw      t0, 0(a0)               # A
    lw      t1, 4(a0)               # B
    lw      t2, 8(a0)               # C
    lw      s7, 12(a0)              # D
    lw      a1, 16(a0)              # n
    lw      a5, 20(a0)              # passes
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
    slli    a3, a3, 2               # grid stride in bytes
    slli    s6, a1, 2
    addi    s6, s6, -4              # byte mask: 4 (n - 1)
    li      s5, 97                  # stride of the scattered accesses
    vid.v   v0
    vadd.vx v0, v0, t3
    vsll.vi v0, v0, 2               # byte offset of this thread's first element
2:  vadd.vx v1, v0, zero
    mv      a7, a6
1:  vadd.vx v2, v1, t0
    vlw12.v v3, 0(v2)               # a[i]
    vadd.vx v2, v1, t1
    vlw12.v v4, 0(v2)               # b[i]
    vadd.vv v4, v4, v3
    vadd.vx v2, v1, t2
    vsw12.v v4, 0(v2)               # c[i] = a[i] + b[i]
    vmul.vx v5, v1, s5
    vand.vx v5, v5, s6              # 4 j
    vadd.vx v6, v5, t0
    vlw12.v v7, 0(v6)               # a[j]
    vadd.vx v6, v5, t1
    vlw12.v v8, 0(v6)               # b[j]
    vxor.vv v7, v7, v8
    vadd.vx v6, v5, s7
    vsw12.v v7, 0(v6)               # d[j] = a[j] ^ b[j]
    vadd.vx v1, v1, a3
    addi    a7, a7, -1
    bnez    a7, 1b
    addi    a5, a5, -1
    bnez    a5, 2b
    ret
    .size   func_mem, . - func_mem
