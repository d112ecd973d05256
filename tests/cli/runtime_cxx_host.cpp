// ventus.h from C++, as software written for the THU-DSP-LAB driver uses
// it: extern "C" functions, the launch record, and vt_finish_all_kernel
// with a std::queue<int>* (tests/cli/runtime_messages.sh builds and runs it).
#include <cstdio>
#include <cstring>
#include <queue>

#include <ventsim/launch.h>
#include <ventus.h>

int main(int argc, char **argv)
{
  if (argc < 2) return 2;
  vt_device_h dev = nullptr;
  if (vt_dev_open(&dev) != 0) return 1;
  vs_program *p = vs_program_load(dev, argv[1]);
  if (!p) return 1;
  const int n = 256;
  float a[n], c[n];
  for (int i = 0; i < n; i++) a[i] = static_cast<float>(i);
  uint32_t da = vs_buffer_new(p, sizeof a, a), dc = vs_buffer_new(p, sizeof c, nullptr);
  vs_kernel *k = vs_kernel_get(p, "vecadd");
  size_t g = n, l = 64;
  vs_launch_opts o;
  std::memset(&o, 0, sizeof o);
  o.kernel_id = 3;
  if (!k || vs_kernel_set_arg_buffer(k, 0, da) || vs_kernel_set_arg_buffer(k, 1, da) ||
      vs_kernel_set_arg_buffer(k, 2, dc) || vs_kernel_launch(k, 1, &g, &l, &o) ||
      vs_kernel_launch(k, 1, &g, &l, &o) || vs_buffer_read(p, dc, c, sizeof c))
    return 1;
  std::queue<int> done;
  if (vt_finish_all_kernel(dev, &done) != 0 || done.size() != 2 || done.front() != VT_FINISHED_ID(0, 3)) return 1;
  if (vt_finish_all_kernel(dev, static_cast<std::queue<int> *>(nullptr)) != -1) return 1;
  for (int i = 0; i < n; i++)
    if (c[i] != 2.0f * a[i]) return 1;
  vs_program_free(p);
  vt_dev_close(dev);
  std::printf("PASSED\n");
  return 0;
}
