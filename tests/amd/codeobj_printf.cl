/* printf makes the compiler driver use the four-step build (spec 1.3) */
kernel void hello(global const int *x)
{
  int i = get_global_id(0);
  printf("hex=%#x char=%c\n", x[i], 'A' + i);
  printf("gid=%d v=%d f=%.3f s=%s\n", i, x[i], (float)x[i] * 0.5f, "ok");
}
