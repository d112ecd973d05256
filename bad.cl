kernel void f() { x; }
