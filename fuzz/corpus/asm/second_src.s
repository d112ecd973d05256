    .globl g
g:  mv a0, a1
    vadd.vv v33, v1, v2
    tail f
