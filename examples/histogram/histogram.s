# histogram(data, hist, nbins): hist[data[i] % nbins] += 1 for every i, with
# one atomic add per work-item.  In Ventus code the A-extension
# instructions take vector registers: every active thread performs its own
# atomic (address v2[i], operand v3[i], old value to v4[i]), in increasing
# thread order (spec 3.1).
    .text
    .globl  histogram
    .type   histogram, @function
histogram:
    lw      a1, 0(a0)               # data
    lw      a2, 4(a0)               # hist
    lw      a3, 8(a0)               # nbins

    csrr    t0, CSR_GDX             # global id
    csrr    t1, CSR_KNL
    lw      t1, 24(t1)
    mul     t0, t0, t1
    csrr    t1, CSR_TID
    add     t0, t0, t1
    vid.v   v0
    vadd.vx v0, v0, t0

    vsll.vi v1, v0, 2
    vadd.vx v1, v1, a1
    vlw12.v v2, 0(v1)               # data[i]
    vremu.vx v2, v2, a3             # its bin
    vsll.vi v2, v2, 2
    vadd.vx v2, v2, a2              # &hist[bin]
    li      t0, 1
    vmv.v.x v3, t0
    amoadd.w v4, v3, (v2)           # hist[bin] += 1, atomically
    ret
    .size   histogram, . - histogram
