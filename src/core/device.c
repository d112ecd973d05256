/* vs_device: a memory image plus the ISA that runs on it. */
#include <stdlib.h>

#include "common/util.h"
#include "core/device.h"
#include "core/exec.h"

int vs_device_new(vs_device **out, const vs_isa *isa, vs_error *err)
{
  *out = NULL;
  vs_device *d = vs_calloc(1, sizeof *d, err);
  if (!d) return -1;
  if (vs_mem_init(&d->mem, VS_DEFAULT_MEM_LIMIT, err)) {
    free(d);
    return -1;
  }
  d->isa = isa;
  d->mem.decode_page = vs_decode_page;
  d->mem.decode_ctx = (void *)isa;
  *out = d;
  return 0;
}

void vs_device_destroy(vs_device *dev)
{
  if (!dev) return;
  vs_mem_destroy(&dev->mem);
  free(dev);
}

int vs_device_set_mem_limit(vs_device *dev, uint64_t bytes, vs_error *err)
{
  if (bytes < VS_PAGE_SIZE)
    return vs_error_set(err, VS_E_USAGE, "memory limit of %llu bytes is below one page",
                        (unsigned long long)bytes);
  dev->mem.limit = bytes;
  return 0;
}

int vs_device_map(vs_device *dev, vs_addr base, uint64_t size, const char *name, vs_error *err)
{
  return vs_mem_map(&dev->mem, base, size, name, err);
}

int vs_device_unmap(vs_device *dev, vs_addr base, vs_error *err)
{
  return vs_mem_unmap(&dev->mem, base, err);
}

int vs_device_write(vs_device *dev, vs_addr addr, const void *src, size_t len, vs_error *err)
{
  return vs_mem_write(&dev->mem, addr, src, len, err);
}

int vs_device_read(vs_device *dev, vs_addr addr, void *dst, size_t len, vs_error *err)
{
  return vs_mem_read(&dev->mem, addr, dst, len, err);
}

int vs_device_mapped(const vs_device *dev, vs_addr addr, uint64_t len)
{
  return vs_mem_accessible(&dev->mem, addr, len);
}
