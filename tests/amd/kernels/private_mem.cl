/* Private memory: arrays indexed with data-dependent indices (scratch),
 * a constant-initialised private array passed to a non-inlined function
 * (through a pointer: flat/generic addressing in OpenCL 2.0, or promoted
 * to LDS by the compiler), an insertion sort in a private array, and a
 * private array of structs. */

__kernel void private_dynamic(__global const int *in, __global int *out)
{
  int arr[48];
  size_t i = get_global_id(0);
  int x = in[i];
  for (int k = 0; k < 48; k++) arr[k] = x * k + (k ^ (int)i);
  int s = 0;
  for (int k = 0; k < 16; k++) {
    int j = (x + k * 7) % 48;
    if (j < 0) j += 48;
    arr[j] += k;
    s += arr[(j * 5) % 48];
  }
  out[i * 2] = s;
  out[i * 2 + 1] = arr[(uint)x % 48];
}

__attribute__((noinline)) float poly(const float *w, float x)
{
  return (((w[4] * x + w[3]) * x + w[2]) * x + w[1]) * x + w[0];
}

__kernel void private_const(__global const float *in, __global float *out)
{
  const float w[5] = {0.5f, -1.25f, 2.0f, 0.125f, 3.5f};
  size_t i = get_global_id(0);
  out[i] = poly(w, in[i]);
}

#define NSORT 32
__kernel void private_sort(__global const int *in, __global int *out)
{
  int a[NSORT];
  size_t i = get_global_id(0);
  for (int k = 0; k < NSORT; k++) a[k] = in[i * NSORT + k];
  for (int k = 1; k < NSORT; k++) {
    int v = a[k], j = k - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
  for (int k = 0; k < NSORT; k++) out[i * NSORT + k] = a[k];
}

typedef struct {
  int key;
  float weight;
  short tag[3];
} item;

__kernel void private_structs(__global const int *in, __global int *out)
{
  item it[8];
  size_t i = get_global_id(0);
  int x = in[i];
  for (int k = 0; k < 8; k++) {
    it[k].key = x ^ (k * 0x1111);
    it[k].weight = (float)k * 0.25f;
    for (int t = 0; t < 3; t++) it[k].tag[t] = (short)(x >> (k + t));
  }
  int j = x & 7, s = 0;
  for (int r = 0; r < 4; r++) {
    s += it[j].key + it[j].tag[r % 3] + (int)(it[j].weight * 8.0f);
    j = (j * 3 + it[j].tag[0]) & 7;
  }
  out[i] = s;
}
