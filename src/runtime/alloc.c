/* The driver API: memory contexts (tasks) and buffers.  Buffers are
 * page-rounded mappings in [0x90000000, 2^32), placed at a bump pointer or
 * in the lowest gap that fits, kept sorted by base; a ring of recently freed
 * bases names use-after-free and double-free errors. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runtime/rt.h"
#include "ventsim/check.h"

/* ---- checks ---- */

static int task_index(const rt_dev *d, uint64_t task)
{
  for (size_t i = 0; i < d->ntasks; i++)
    if (d->tasks[i] == task) return (int)i;
  return -1;
}

int rt_check_task(const rt_dev *d, uint64_t task, const char *fn)
{
  if (task_index(d, task) >= 0) return 0;
  return rt_fail(fn, "task %" PRIu64 " has no memory context (tasks are created with "
                     "vt_root_mem_alloc; vt_dev_open creates task 0)", task);
}

ssize_t rt_alloc_at(const rt_dev *d, uint64_t addr)
{
  size_t lo = 0, hi = d->nallocs;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (d->allocs[mid].base + d->allocs[mid].size <= addr) lo = mid + 1;
    else hi = mid;
  }
  if (lo < d->nallocs && d->allocs[lo].base <= addr && addr < d->allocs[lo].base + d->allocs[lo].size)
    return (ssize_t)lo;
  return -1;
}

ssize_t rt_check_range(rt_dev *d, uint64_t addr, uint64_t len, const char *fn, const char *what)
{
  if (len == 0) return rt_fail(fn, "%s: size is 0", what);
  if (addr >= RT_ADDR_END)
    return rt_fail(fn, "%s: address 0x%" PRIx64 " is beyond the 32-bit device address space", what, addr);
  if (len > RT_ADDR_END - addr)
    return rt_fail(fn, "%s: %" PRIu64 " bytes at 0x%08" PRIx64 " run past the end of the 32-bit device "
                       "address space", what, len, addr);
  ssize_t i = rt_alloc_at(d, addr);
  if (i >= 0) {
    const rt_alloc *a = &d->allocs[i];
    if (addr + len <= a->base + a->size) return i;
    return rt_fail(fn, "%s: [0x%08" PRIx64 ", 0x%08" PRIx64 ") crosses the end of the buffer at "
                       "0x%08" PRIx64 " (%" PRIu64 " bytes)", what, addr, addr + len, a->base, a->size);
  }
  if (d->has_program && addr >= d->prog_lo && addr < d->prog_hi) {
    if (addr + len <= d->prog_hi) return -2;
    return rt_fail(fn, "%s: [0x%08" PRIx64 ", 0x%08" PRIx64 ") crosses the end of the program "
                       "[0x%08" PRIx64 ", 0x%08" PRIx64 ")", what, addr, addr + len, d->prog_lo, d->prog_hi);
  }
  for (unsigned k = 0; k < d->nfreed && k < RT_FREED_RING; k++)
    if (d->freed[k] == addr)
      return rt_fail(fn, "%s: 0x%08" PRIx64 " belongs to a buffer that was freed", what, addr);
  return rt_fail(fn, "%s: 0x%08" PRIx64 " is not inside an allocated buffer or the program", what, addr);
}

void rt_mark_dirty(rt_dev *d, vs_addr addr, uint64_t len)
{
  ssize_t i = rt_alloc_at(d, addr);
  if (i < 0 || len == 0) return;
  rt_alloc *a = &d->allocs[i];
  uint64_t lo = addr - a->base, hi = lo + len;
  if (hi > a->size) hi = a->size;
  if (a->dlo >= a->dhi) {
    a->dlo = lo;
    a->dhi = hi;
  } else {
    if (lo < a->dlo) a->dlo = lo;
    if (hi > a->dhi) a->dhi = hi;
  }
}

int rt_in_buffer(vt_device_h h, vs_addr addr, uint64_t len)
{
  rt_dev *d = rt_enter(h, "vs_kernel_set_arg_buffer");
  if (!d) return 0;
  ssize_t i = rt_alloc_at(d, addr);
  int ok = i >= 0 && addr + len <= d->allocs[i].base + d->allocs[i].size;
  return rt_leave(d, ok);
}

/* ---- memory contexts and buffers ---- */

int vt_root_mem_alloc(vt_device_h hdevice, int taskID)
{
  static const char fn[] = "vt_root_mem_alloc";
  rt_dev *d = rt_enter(hdevice, fn);
  if (!d) return -1;
  if (taskID < 0) return rt_leave(d, rt_fail(fn, "task id %d is negative", taskID));
  if (task_index(d, (uint64_t)taskID) >= 0)
    return rt_leave(d, rt_fail(fn, "task %d already has a memory context%s", taskID,
                               taskID == 0 ? " (vt_dev_open creates task 0)" : ""));
  if (d->ntasks >= RT_MAX_TASKS)
    return rt_leave(d, rt_fail(fn, "too many tasks (at most %u)", RT_MAX_TASKS));
  vs_error err = {0};
  uint64_t *nt = vs_realloc(d->tasks, (d->ntasks + 1) * sizeof *nt, &err);
  if (!nt) return rt_leave(d, rt_fail(fn, "%s", err.msg));
  d->tasks = nt;
  d->tasks[d->ntasks++] = (uint64_t)taskID;
  return rt_leave(d, 0);
}

static void retract_top(rt_dev *d)
{
  d->top = d->nallocs ? d->allocs[d->nallocs - 1].base + d->allocs[d->nallocs - 1].mapped
                      : RT_ALLOC_BASE;
  if (d->top >= RT_ADDR_END)
    d->top = 0; /* at the very top: no room above */
}

/* Unmaps and forgets buffer i. */
static void free_alloc(rt_dev *d, size_t i)
{
  vs_error scratch;
  vs_device_unmap(d->dev, d->allocs[i].base, &scratch);
  if (d->checker) vs_checker_release(d->checker, d->allocs[i].base);
  d->freed[d->nfreed++ % RT_FREED_RING] = d->allocs[i].base;
  memmove(&d->allocs[i], &d->allocs[i + 1], (d->nallocs - i - 1) * sizeof *d->allocs);
  d->nallocs--;
  retract_top(d);
}

int vt_root_mem_free(vt_device_h hdevice, int taskID)
{
  static const char fn[] = "vt_root_mem_free";
  rt_dev *d = rt_enter(hdevice, fn);
  if (!d) return -1;
  int t = taskID < 0 ? -1 : task_index(d, (uint64_t)taskID);
  if (t < 0) return rt_leave(d, rt_fail(fn, "task %d has no memory context", taskID));
  for (size_t i = d->nallocs; i-- > 0;)
    if (d->allocs[i].task == (uint64_t)taskID) free_alloc(d, i);
  d->tasks[t] = d->tasks[--d->ntasks];
  return rt_leave(d, 0);
}

/* Finds room for `mapped` bytes: at the bump pointer, else the lowest gap. */
static int find_space(const rt_dev *d, uint64_t mapped, vs_addr *out)
{
  if (d->top != 0 && d->top + mapped <= RT_ADDR_END) {
    *out = d->top;
    return 0;
  }
  uint64_t cur = RT_ALLOC_BASE;
  for (size_t i = 0; i <= d->nallocs; i++) {
    uint64_t next = i < d->nallocs ? d->allocs[i].base : RT_ADDR_END;
    if (next >= cur && next - cur >= mapped) {
      *out = cur;
      return 0;
    }
    if (i < d->nallocs) cur = d->allocs[i].base + d->allocs[i].mapped;
  }
  return -1;
}

static uint64_t largest_gap(const rt_dev *d)
{
  uint64_t cur = RT_ALLOC_BASE, best = 0;
  for (size_t i = 0; i <= d->nallocs; i++) {
    uint64_t next = i < d->nallocs ? d->allocs[i].base : RT_ADDR_END;
    if (next > cur && next - cur > best) best = next - cur;
    if (i < d->nallocs) cur = d->allocs[i].base + d->allocs[i].mapped;
  }
  return best;
}

int vt_buf_alloc(vt_device_h hdevice, uint64_t size, uint64_t *vaddr, int BUF_TYPE, uint64_t taskID,
                 uint64_t kernelID)
{
  static const char fn[] = "vt_buf_alloc";
  rt_dev *d = rt_enter(hdevice, fn);
  if (!d) return -1;
  if (!vaddr) return rt_leave(d, rt_fail(fn, "vaddr is NULL"));
  if (size == 0) return rt_leave(d, rt_fail(fn, "size is 0"));
  if (size > RT_ADDR_END - RT_ALLOC_BASE)
    return rt_leave(d, rt_fail(fn, "%" PRIu64 " bytes is more than the whole buffer area "
                                   "[0x90000000, 0x100000000) of %llu bytes", size,
                               (unsigned long long)(RT_ADDR_END - RT_ALLOC_BASE)));
  if (rt_check_task(d, taskID, fn)) return rt_leave(d, -1);
  uint64_t mapped = rt_page_up(size);
  vs_addr base;
  if (find_space(d, mapped, &base))
    return rt_leave(d, rt_fail(fn, "out of device address space: %" PRIu64 " bytes requested, the largest "
                                   "free range is %" PRIu64 " bytes", size, largest_gap(d)));
  vs_error err = {0};
  if (d->nallocs == d->capallocs) {
    size_t nc = d->capallocs ? d->capallocs * 2 : 16;
    rt_alloc *na = vs_realloc(d->allocs, nc * sizeof *na, &err);
    if (!na) return rt_leave(d, rt_fail(fn, "%s", err.msg));
    d->allocs = na;
    d->capallocs = nc;
  }
  char name[64];
  snprintf(name, sizeof name, "buffer 0x%08" PRIx64 " (vt_buf_alloc)", base);
  if (vs_device_map(d->dev, base, mapped, name, &err)) return rt_leave(d, rt_fail(fn, "%s", err.msg));
  if (d->checker && vs_checker_alloc(d->checker, base, size, name, &err)) { /* its exact size */
    vs_device_unmap(d->dev, base, &err);
    return rt_leave(d, rt_fail(fn, "%s", err.msg));
  }
  size_t i = 0;
  while (i < d->nallocs && d->allocs[i].base < base) i++;
  memmove(&d->allocs[i + 1], &d->allocs[i], (d->nallocs - i) * sizeof *d->allocs);
  d->nallocs++;
  rt_alloc *a = &d->allocs[i];
  memset(a, 0, sizeof *a);
  a->base = base;
  a->size = size;
  a->mapped = mapped;
  a->task = taskID;
  a->kernel = kernelID;
  a->type = BUF_TYPE;
  retract_top(d); /* the bump pointer is the end of the highest buffer */
  for (unsigned k = 0; k < RT_FREED_RING; k++)
    if (d->freed[k] == base) d->freed[k] = 0;
  *vaddr = base;
  return rt_leave(d, 0);
}

int vt_buf_free(vt_device_h hdevice, uint64_t size, uint64_t *vaddr, uint64_t taskID, uint64_t kernelID)
{
  static const char fn[] = "vt_buf_free";
  (void)size; (void)vaddr; (void)taskID; (void)kernelID;
  rt_dev *d = rt_enter(hdevice, fn);
  if (!d) return -1;
  while (d->nallocs) free_alloc(d, d->nallocs - 1);
  return rt_leave(d, 0);
}

int vt_one_buf_free(vt_device_h hdevice, uint64_t size, uint64_t *vaddr, uint64_t taskID,
                    uint64_t kernelID)
{
  static const char fn[] = "vt_one_buf_free";
  (void)taskID; (void)kernelID;
  rt_dev *d = rt_enter(hdevice, fn);
  if (!d) return -1;
  if (!vaddr) return rt_leave(d, rt_fail(fn, "vaddr is NULL"));
  uint64_t a = *vaddr;
  ssize_t i = a < RT_ADDR_END ? rt_alloc_at(d, a) : -1;
  if (i < 0 || d->allocs[i].base != a) {
    if (i >= 0)
      return rt_leave(d, rt_fail(fn, "0x%08" PRIx64 " is inside the buffer at 0x%08" PRIx64 ", not its start (pass the "
                                     "address vt_buf_alloc returned)", a, d->allocs[i].base));
    for (unsigned k = 0; k < RT_FREED_RING; k++)
      if (a && d->freed[k] == a)
        return rt_leave(d, rt_fail(fn, "the buffer at 0x%08" PRIx64 " was freed already (double free)", a));
    return rt_leave(d, rt_fail(fn, "no buffer was allocated at 0x%08" PRIx64, a));
  }
  if (size == 0) return rt_leave(d, rt_fail(fn, "size is 0"));
  if (size > d->allocs[i].mapped)
    return rt_leave(d, rt_fail(fn, "size %" PRIu64 " is larger than the buffer at 0x%08" PRIx64 " (%" PRIu64 " bytes)",
                               size, a, d->allocs[i].size));
  free_alloc(d, (size_t)i);
  return rt_leave(d, 0);
}
