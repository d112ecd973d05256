# reduction(in, out): out[g] = sum of the 256 ints of work-group g, by a tree
# in local memory: each step the lower half of the active work-items adds
# the upper half's values to its own, then the group meets at a barrier.
# The `lid < stride` test is a divergent vector branch (setrpc + vbgeu +
# join); once stride < 32 only part of warp 0 is active and the other warps
# skip the body entirely.  Work-item 0 then stores the sum and reports it
# through the print buffer (docs/print-buffer.md).
    .text
    .globl  reduction
    .type   reduction, @function
reduction:
    lw      a1, 0(a0)               # in
    lw      a2, 4(a0)               # out

    csrr    t0, CSR_LDS             # local data after the per-warp stacks
    csrr    t1, CSR_NUMW
    slli    t1, t1, 10
    add     t0, t0, t1              # t0 = s[0]
    csrr    t1, CSR_TID
    vid.v   v0
    vadd.vx v0, v0, t1              # v0 = lid
    vsll.vi v1, v0, 2
    vadd.vx v1, v1, t0              # v1 = &s[lid]

    csrr    t3, CSR_GDX             # group
    csrr    t4, CSR_KNL
    lw      t5, 24(t4)              # local size (256)
    mul     t6, t3, t5
    vadd.vx v2, v0, t6
    vsll.vi v2, v2, 2
    vadd.vx v2, v2, a1
    vlw12.v v3, 0(v2)
    vsw12.v v3, 0(v1)               # s[lid] = in[gid]
    barrier x0, x0, 1

    srli    t5, t5, 1               # stride = local size / 2
loop:
    beqz    t5, done
    vmv.v.x v4, t5
0:  auipc   t1, 0
    setrpc  zero, t1, 1f - 0b
    vbgeu   v0, v4, 1f              # lid >= stride: nothing to do
    slli    t2, t5, 2
    vadd.vx v5, v1, t2
    vlw12.v v6, 0(v5)               # s[lid + stride]
    vlw12.v v7, 0(v1)
    vadd.vv v7, v7, v6
    vsw12.v v7, 0(v1)               # s[lid] += s[lid + stride]
1:  join    zero, zero, 0
    barrier x0, x0, 1
    srli    t5, t5, 1
    j       loop

done:
    vmv.v.x v4, zero
0:  auipc   t1, 0
    setrpc  zero, t1, 3f - 0b
    vbne    v0, v4, 3f              # only work-item 0 goes on
    vlw12.v v7, 0(v1)               # s[0], the sum
    slli    t2, t3, 2
    add     t2, t2, a2
    vmv.v.x v5, t2
    vsw12.v v7, 0(v5)               # out[group] = sum

    # print "group %d: sum %d\n": reserve 20 bytes with an atomic add on the
    # buffer's `used` word, write the record if it fits, length word last.
    lw      t5, 48(t4)              # KNL_PRINT_ADDR
    lw      t6, 52(t4)              # KNL_PRINT_SIZE
    beqz    t6, 3f                  # no print buffer
    li      t0, 20
    vmv.v.x v8, t0                  # record length
    vmv.v.x v9, t5
    amoadd.w v10, v8, (v9)          # v10 = offset of our record
    addi    t6, t6, -24             # it fits if offset <= size - 4 - 20
    vmv.v.x v11, t6
2:  auipc   t1, 0
    setrpc  zero, t1, 3f - 2b
    vbltu   v11, v10, 3f            # the buffer is full: drop it
    vadd.vx v12, v10, t5            # the record is at v12 + 4
    li      t0, 2
    vmv.v.x v13, t0
    vsw12.v v13, 8(v12)             # kind: format
    lla     t0, fmt
    vmv.v.x v13, t0
    vsw12.v v13, 12(v12)            # the format string
    vmv.v.x v13, t3
    vsw12.v v13, 16(v12)            # %d: group
    vsw12.v v7, 20(v12)             # %d: sum
    vsw12.v v8, 4(v12)              # the length: the record is complete
    li      t0, 1
    csrw    CSR_PRINT, t0           # ask the host to drain the buffer
3:  join    zero, zero, 0
    ret
    .size   reduction, . - reduction

    .section .rodata
fmt:
    .asciz  "group %d: sum %d\n"
