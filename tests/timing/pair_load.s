# pair_load: a regpair'ed 32-bit load writes a register pair, then one
# instruction reads it.
# mkcase: --kernel pair_load --grid 4 --warps 2 --threads 8 --buf 1024:iota --buf 1024
# The consumer must wait for the load whichever of the two registers it
# reads: tests/cli/timing_pairs.sh runs this kernel with the consumer
# reading v4, v5 (the same cycles) and v7 (no dependence: fewer).  Issue
# 11: the timing model once scoreboarded only the first register, so a
# reader of v5 ran as early as one of v7.
# Arguments: A, OUT.  Each thread writes what it computed to OUT.
    .text
    .globl  pair_load
    .type   pair_load, @function
pair_load:
    lw      t0, 0(a0)               # A
    lw      t1, 4(a0)               # OUT
    csrr    t3, CSR_GDX
    csrr    t4, CSR_NUMW
    csrr    t5, CSR_NUMT
    mul     t4, t4, t5
    mul     t3, t3, t4
    csrr    t5, CSR_TID
    add     t3, t3, t5              # first global id of the warp
    vid.v   v1
    vadd.vx v1, v1, t3
    vsll.vi v1, v1, 3               # 8 bytes per thread
    vadd.vx v2, v1, t0              # &a[2 * gid]
    vadd.vx v3, v1, t1              # &out[2 * gid]
    regpairi 0
    vlw12.v v4, 0(v2)               # v4 = a[2 gid], v5 = a[2 gid + 1]
    vadd.vv v6, v4, v4              # CONSUMER
    vsw12.v v6, 0(v3)
    ret
    .size   pair_load, . - pair_load
