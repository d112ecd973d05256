# Kernels of the kernel checker's tests (tests/cli/check_kernels.sh): each
# bug next to its corrected twin.  Launches: 1-D, arguments A (input), OUT.
# Every kernel starts with the same prologue: t0 = A, t1 = OUT, v1 = local
# id, v2 = global id, v3 = 4 * global id, v6 = 4 * local id, s0 = the
# work-group's local data (after the per-warp 1 KiB stacks), v7 = &lds[lid].
# (The assembler has no macros: the prologue is a routine, jal s2.)

    .text
prologue:
    lw      t0, 0(a0)
    lw      t1, 4(a0)
    csrr    t2, CSR_NUMW
    csrr    t3, CSR_NUMT
    mul     t4, t2, t3
    csrr    t5, CSR_GDX
    mul     t5, t5, t4
    csrr    t6, CSR_TID
    vid.v   v1
    vadd.vx v1, v1, t6
    vadd.vx v2, v1, t5
    vsll.vi v3, v2, 2
    vsll.vi v6, v1, 2
    csrr    s0, CSR_LDS
    slli    s1, t2, 10
    add     s0, s0, s1
    vadd.vx v7, v6, s0              # &lds[lid]
    jalr    x0, 0(s2)

# bounds: out[gid] = a[gid + 1] -- the last work-item reads past A
    .globl  bounds_bug
bounds_bug:
    jal     s2, prologue
    vadd.vx v4, v3, t0
    vlw12.v v5, 4(v4)               # BUG: a[gid + 1]
    vadd.vx v8, v3, t1
    vsw12.v v5, 0(v8)
    ret
    .globl  bounds_ok
bounds_ok:
    jal     s2, prologue
    vadd.vx v4, v3, t0
    vlw12.v v5, 0(v4)               # a[gid]
    vadd.vx v8, v3, t1
    vsw12.v v5, 0(v8)
    ret

# races (local): lds[lid] = a[gid]; out[gid] = lds[n - 1 - lid], with the
# barrier between them missing
    .globl  race_local_bug
race_local_bug:
    jal     s2, prologue
    vadd.vx v4, v3, t0
    vlw12.v v5, 0(v4)
    vsw12.v v5, 0(v7)               # lds[lid] = a[gid]
    addi    a1, t4, -1
    vrsub.vx v9, v1, a1
    vsll.vi v9, v9, 2
    vadd.vx v9, v9, s0
    vlw12.v v10, 0(v9)              # BUG: no barrier before reading lds[n-1-lid]
    vadd.vx v8, v3, t1
    vsw12.v v10, 0(v8)
    ret
    .globl  race_local_ok
race_local_ok:
    jal     s2, prologue
    vadd.vx v4, v3, t0
    vlw12.v v5, 0(v4)
    vsw12.v v5, 0(v7)
    barrier x0, x0, 1
    addi    a1, t4, -1
    vrsub.vx v9, v1, a1
    vsll.vi v9, v9, 2
    vadd.vx v9, v9, s0
    vlw12.v v10, 0(v9)
    vadd.vx v8, v3, t1
    vsw12.v v10, 0(v8)
    ret

# races (global): every work-item writes its id to out[0]; the twin writes
# out[gid].  race_same: every work-item writes 1 to out[0] (the flag idiom)
    .globl  race_global_bug
race_global_bug:
    jal     s2, prologue
    vmv.v.x v8, t1
    vsw12.v v2, 0(v8)               # BUG: out[0] = gid by everyone
    ret
    .globl  race_global_ok
race_global_ok:
    jal     s2, prologue
    vadd.vx v8, v3, t1
    vsw12.v v2, 0(v8)
    ret
    .globl  race_same
race_same:
    jal     s2, prologue
    vmv.v.x v8, t1
    vmv.v.i v9, 1
    vsw12.v v9, 0(v8)               # out[0] = 1 by everyone
    ret

# races of single bytes (the shadow keeps bytes, not words, apart): each
# work-item writes its own byte of OUT and reads it back -- the 4 bytes of
# a word have 4 owners and no race; the bug then reads the whole word,
# whose other 3 bytes 3 other work-items (of its warp) wrote in the same
# interval
    .globl  race_bytes_ok
race_bytes_ok:
    jal     s2, prologue
    vadd.vx v8, v2, t1              # &out_bytes[gid]
    vsb12.v v2, 0(v8)               # out_bytes[gid] = gid
    vlbu12.v v9, 0(v8)              # its own byte back
    ret
    .globl  race_bytes_bug
race_bytes_bug:
    jal     s2, prologue
    vadd.vx v8, v2, t1
    vsb12.v v2, 0(v8)               # out_bytes[gid] = gid
    li      a1, -4
    vand.vx v9, v8, a1
    vlw12.v v10, 0(v9)              # BUG: the word holding out_bytes[gid]
    ret

# uninit: out[gid] = lds[lid] without writing lds first; the twin writes it
    .globl  uninit_bug
uninit_bug:
    jal     s2, prologue
    vlw12.v v10, 0(v7)              # BUG: lds[lid] was never written
    vadd.vx v8, v3, t1
    vsw12.v v10, 0(v8)
    ret
    .globl  uninit_ok
uninit_ok:
    jal     s2, prologue
    vsw12.v v2, 0(v7)
    vlw12.v v10, 0(v7)
    vadd.vx v8, v3, t1
    vsw12.v v10, 0(v8)
    ret

# barrier: warp 0 waits at one barrier, the others at another
    .globl  barrier_bug
barrier_bug:
    jal     s2, prologue
    csrr    a2, CSR_WID
    bnez    a2, 1f
    barrier x0, x0, 1               # warp 0
    j       2f
1:  barrier x0, x0, 1               # BUG: the other warps
2:  vadd.vx v8, v3, t1
    vsw12.v v2, 0(v8)
    ret
    .globl  barrier_ok
barrier_ok:
    jal     s2, prologue
    csrr    a2, CSR_WID
    bnez    a2, 1f
    vadd.vx v8, v3, t1              # warp 0 does something else first
    j       2f
1:  vadd.vx v8, v3, t1
2:  barrier x0, x0, 1               # every warp here
    vsw12.v v2, 0(v8)
    ret
