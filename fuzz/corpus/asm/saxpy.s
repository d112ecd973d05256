# saxpy(n, a, x, y): y[i] = a * x[i] + y[i] for i < n.
#
# The NDRange is rounded up to whole work-groups, so threads with i >= n
# must do nothing: a divergent branch.  Before a vector branch the code sets
# the reconvergence point (setrpc, spec section 4) to the `join` where both
# paths meet; the threads that take the branch wait there for the others.
# Floats live in x registers (zfinx): `a` is loaded with a plain lw.
    .text
    .globl  saxpy
    .type   saxpy, @function
saxpy:
    lw      t0, 0(a0)               # n
    lw      t1, 4(a0)               # a (binary32 bits)
    lw      t2, 8(a0)               # x
    lw      t3, 12(a0)              # y

    csrr    t4, CSR_GDX             # global id, as in vecadd
    csrr    t5, CSR_KNL
    lw      t5, 24(t5)              # KNL_LC_SIZE_X
    mul     t4, t4, t5
    csrr    t5, CSR_TID
    add     t4, t4, t5
    vid.v   v0
    vadd.vx v0, v0, t4              # v0 = i

    vmv.v.x v1, t0                  # n in every thread
0:  auipc   t4, 0
    setrpc  zero, t4, 1f - 0b       # the paths meet at 1:
    vbgeu   v0, v1, 1f              # threads with i >= n go to 1: at once
    vsll.vi v2, v0, 2
    vadd.vx v3, v2, t2
    vlw12.v v3, 0(v3)               # x[i]
    vadd.vx v4, v2, t3
    vlw12.v v5, 0(v4)               # y[i]
    vfmacc.vf v5, t1, v3            # y[i] += a * x[i]  (one rounding)
    vsw12.v v5, 0(v4)
1:  join    zero, zero, 0           # reconverge: all threads active again
    ret
    .size   saxpy, . - saxpy
