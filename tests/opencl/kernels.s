# Ventus kernels for the OpenCL platform tests (tests/opencl/).  The
# .ventsim.opencl section declares their OpenCL signatures (docs/opencl.md);
# arguments arrive in the argument buffer (a0), 4 bytes per pointer.

    .section .ventsim.opencl
    .ascii "kernel void vecadd(global const float *a, global const float *b, global float *c);\n"
    .ascii "kernel void saxpy(uint n, float a, global const float *x, global float *y);\n"
    .ascii "kernel void localoffs(global uint *out, local float *p, local int *q);\n"
    .ascii "kernel void fault(global int *x);\n"

    .text
# c[i] = a[i] + b[i], i = the global id (with the global offset)
    .globl  vecadd
    .type   vecadd, @function
vecadd:
    lw      t0, 0(a0)
    lw      t1, 4(a0)
    lw      t2, 8(a0)
    csrr    t3, CSR_GDX
    csrr    t4, CSR_KNL
    lw      t5, 24(t4)              # KNL_LC_SIZE_X
    mul     t3, t3, t5
    lw      t5, 36(t4)              # KNL_GL_OFFSET_X
    add     t3, t3, t5
    csrr    t4, CSR_TID
    add     t3, t3, t4
    vid.v   v0
    vadd.vx v0, v0, t3
    vsll.vi v0, v0, 2
    vadd.vx v1, v0, t0
    vlw12.v v1, 0(v1)
    vadd.vx v2, v0, t1
    vlw12.v v2, 0(v2)
    vfadd.vv v1, v1, v2
    vadd.vx v2, v0, t2
    vsw12.v v1, 0(v2)
    ret
    .size   vecadd, . - vecadd

# y[i] = a * x[i] + y[i] for i < n (the NDRange may be larger)
    .globl  saxpy
    .type   saxpy, @function
saxpy:
    lw      t0, 0(a0)
    lw      t1, 4(a0)
    lw      t2, 8(a0)
    lw      t3, 12(a0)
    csrr    t4, CSR_GDX
    csrr    t5, CSR_KNL
    lw      t5, 24(t5)
    mul     t4, t4, t5
    csrr    t5, CSR_TID
    add     t4, t4, t5
    vid.v   v0
    vadd.vx v0, v0, t4
    vmv.v.x v1, t0
0:  auipc   t4, 0
    setrpc  zero, t4, 1f - 0b
    vbgeu   v0, v1, 1f
    vsll.vi v2, v0, 2
    vadd.vx v3, v2, t2
    vlw12.v v3, 0(v3)
    vadd.vx v4, v2, t3
    vlw12.v v5, 0(v4)
    vfmacc.vf v5, t1, v3
    vsw12.v v5, 0(v4)
1:  join    zero, zero, 0
    ret
    .size   saxpy, . - saxpy

# out[0], out[1] = the argument slots of the two __local arguments (their
# offsets in the kernel's local data); one thread's store is enough
    .globl  localoffs
    .type   localoffs, @function
localoffs:
    lw      t0, 0(a0)
    lw      t1, 4(a0)
    lw      t2, 8(a0)
    sw      t1, 0(t0)
    sw      t2, 4(t0)
    ret
    .size   localoffs, . - localoffs

# reads address 0: a kernel error
    .globl  fault
    .type   fault, @function
fault:
    li      t0, 0
    vmv.v.x v1, t0
    vlw12.v v2, 0(v1)
    ret
    .size   fault, . - fault
