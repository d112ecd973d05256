/* The driver API: copies between host and device memory, checked against
 * the buffers and the program. */
#include "runtime/rt.h"

int vt_copy_to_dev(vt_device_h hdevice, uint64_t dev_vaddr, const void *src_addr, uint64_t size,
                   uint64_t taskID, uint64_t kernelID)
{
  static const char fn[] = "vt_copy_to_dev";
  (void)kernelID;
  rt_dev *d = rt_enter(hdevice, fn);
  if (!d) return -1;
  if (!src_addr) return rt_leave(d, rt_fail(fn, "src_addr is NULL"));
  if (rt_check_task(d, taskID, fn)) return rt_leave(d, -1);
  ssize_t i = rt_check_range(d, dev_vaddr, size, fn, "destination");
  if (i == -1) return rt_leave(d, -1);
  vs_error err = {0};
  if (vs_device_write(d->dev, dev_vaddr, src_addr, (size_t)size, &err))
    return rt_leave(d, rt_fail(fn, "%s", err.msg));
  if (i >= 0) rt_mark_dirty(d, dev_vaddr, size);
  else d->prog_saved = 0;
  return rt_leave(d, 0);
}

int vt_copy_from_dev(vt_device_h hdevice, uint64_t dev_vaddr, void *dst_addr, uint64_t size,
                     uint64_t taskID, uint64_t kernelID)
{
  static const char fn[] = "vt_copy_from_dev";
  (void)kernelID;
  rt_dev *d = rt_enter(hdevice, fn);
  if (!d) return -1;
  if (!dst_addr) return rt_leave(d, rt_fail(fn, "dst_addr is NULL"));
  if (rt_check_task(d, taskID, fn)) return rt_leave(d, -1);
  if (rt_check_range(d, dev_vaddr, size, fn, "source") == -1) return rt_leave(d, -1);
  vs_error err = {0};
  if (vs_device_read(d->dev, dev_vaddr, dst_addr, (size_t)size, &err))
    return rt_leave(d, rt_fail(fn, "%s", err.msg));
  return rt_leave(d, 0);
}
