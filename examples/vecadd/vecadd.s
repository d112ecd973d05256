# vecadd(a, b, c): c[i] = a[i] + b[i] for float arrays, one work-item per
# element of a 1-D NDRange.
#
# The start code (linked by `ventsim as`) calls the kernel with a0 pointing
# at the argument buffer: one 4-byte slot per argument, here three buffer
# addresses.  Scalar instructions run once per warp, vector instructions
# once per thread (thread i of the warp is element i of every v register).
    .text
    .globl  vecadd
    .type   vecadd, @function
vecadd:
    lw      t0, 0(a0)               # a
    lw      t1, 4(a0)               # b
    lw      t2, 8(a0)               # c

    # global id = work-group index * local size + id within the work-group
    csrr    t3, CSR_GDX             # work-group index in x
    csrr    t4, CSR_KNL             # the kernel metadata buffer (spec 6.2)
    lw      t4, 24(t4)              # KNL_LC_SIZE_X: local size in x
    mul     t3, t3, t4
    csrr    t4, CSR_TID             # id of this warp's thread 0 in the group
    add     t3, t3, t4
    vid.v   v0                      # v0[i] = i, the thread's lane
    vadd.vx v0, v0, t3              # v0 = global id

    vsll.vi v0, v0, 2               # byte offset of element gid
    vadd.vx v1, v0, t0
    vlw12.v v1, 0(v1)               # a[gid]   (per-thread global load)
    vadd.vx v2, v0, t1
    vlw12.v v2, 0(v2)               # b[gid]
    vfadd.vv v1, v1, v2
    vadd.vx v2, v0, t2
    vsw12.v v1, 0(v2)               # c[gid] = a[gid] + b[gid]
    ret
    .size   vecadd, . - vecadd
