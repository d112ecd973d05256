# Kernel for the gdb server test (tests/cli/debug_gdb.sh): every thread
# stores 3 * gid + 7 at OUT[gid] (gid: global thread id).  The test breaks
# at bp_here, where v1 = gid and v2 = 3 * gid of the warp's threads.
# mkcase: --kernel simt --grid 2 --warps 2 --threads 8 --buf 128 --buf 64
# Arguments: OUT (32 words), SPARE (16 words the kernel leaves alone).
    .text
    .globl  simt
    .type   simt, @function
simt:
    lw      t0, 0(a0)               # OUT
    csrr    t1, CSR_WGID
    csrr    t2, CSR_NUMW
    csrr    t3, CSR_NUMT
    mul     t2, t2, t3              # threads per work-group
    mul     t1, t1, t2              # global id of the work-group's first thread
    csrr    t3, CSR_TID
    add     t1, t1, t3              # global id of lane 0
    vid.v   v1
    vadd.vx v1, v1, t1              # v1 = gid
    li      t4, 3
    vmul.vx v2, v1, t4              # v2 = 3 * gid
    .globl  bp_here
bp_here:
    vadd.vi v2, v2, 7               # v2 = 3 * gid + 7
    vsll.vi v3, v1, 2
    vadd.vx v3, v3, t0
    vsw12.v v2, 0(v3)               # OUT[gid] = v2
    ret
    .size   simt, . - simt
