/* The Ventus driver API (include/ventus.h) on the simulator.
 *
 * A handle is an rt_dev.  Handles are checked against a registry of open
 * devices before anything is dereferenced, so a bad or closed handle is an
 * error, not a crash.  Every call takes the device lock; a count of calls
 * in progress lets vt_dev_close wait for them. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "common/util.h"
#include "runtime/rt.h"
#include "ventsim/launch.h"
#include "ventsim/vmem.h"

#define RT_MAGIC 0x56545344u /* "VTSD" */

_Static_assert(sizeof(vt_meta_data) == 12 * 8, "the launch record: eleven fields, twelve 64-bit words");

/* ---- errors ---- */

static _Thread_local char last_error[VS_ERRMSG_MAX + 64];

const char *vt_last_error(void)
{
  return last_error;
}

void rt_ok(void)
{
  last_error[0] = '\0';
}

void rt_restore_error(const char *msg)
{
  snprintf(last_error, sizeof last_error, "%s", msg ? msg : "");
}

int rt_fail(const char *fn, const char *fmt, ...)
{
  char msg[VS_ERRMSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(last_error, sizeof last_error, "%s: %s", fn, msg);
  if (!rt_quiet()) {
    fprintf(stderr, "ventsim: %s\n", last_error);
    fflush(stderr);
  }
  return -1;
}

/* ---- the registry of open devices ---- */

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t reg_cond = PTHREAD_COND_INITIALIZER;
static rt_dev **reg;
static size_t nreg, capreg;

static ssize_t reg_find(const void *h)
{
  for (size_t i = 0; i < nreg; i++)
    if (reg[i] == h) return (ssize_t)i;
  return -1;
}

/* Validates h and locks the device; NULL (error set) if h is not an open
 * device. */
static rt_dev *rt_enter(const void *h, const char *fn)
{
  if (!h) {
    rt_fail(fn, "the device handle is NULL");
    return NULL;
  }
  pthread_mutex_lock(&reg_lock);
  ssize_t i = reg_find(h);
  rt_dev *d = i >= 0 ? reg[i] : NULL;
  if (d) d->users++;
  pthread_mutex_unlock(&reg_lock);
  if (!d) {
    rt_fail(fn, "%p is not an open device (never opened, or closed already)", h);
    return NULL;
  }
  pthread_mutex_lock(&d->lock);
  rt_ok();
  return d;
}

int rt_is_open(vt_device_h h)
{
  pthread_mutex_lock(&reg_lock);
  int open = h && reg_find(h) >= 0;
  pthread_mutex_unlock(&reg_lock);
  return open;
}

static int rt_leave(rt_dev *d, int rc)
{
  pthread_mutex_unlock(&d->lock);
  pthread_mutex_lock(&reg_lock);
  d->users--;
  if (d->closing && d->users == 0) pthread_cond_broadcast(&reg_cond);
  pthread_mutex_unlock(&reg_lock);
  return rc;
}

/* ---- helpers ---- */

static uint32_t page_up(uint64_t n)
{
  return (uint32_t)((n + RT_PAGE - 1) & ~(uint64_t)(RT_PAGE - 1));
}

static int task_index(const rt_dev *d, uint64_t task)
{
  for (size_t i = 0; i < d->ntasks; i++)
    if (d->tasks[i] == task) return (int)i;
  return -1;
}

static int check_task(const rt_dev *d, uint64_t task, const char *fn)
{
  if (task_index(d, task) >= 0) return 0;
  return rt_fail(fn, "task %" PRIu64 " has no memory context (tasks are created with "
                     "vt_root_mem_alloc; vt_dev_open creates task 0)", task);
}

/* Index of the buffer containing addr, or -1 */
static ssize_t alloc_at(const rt_dev *d, uint64_t addr)
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

/* Checks that [addr, addr+len) lies in one buffer or in the program.
 * Returns the buffer index, -2 for the program, or -1 (error set). */
static ssize_t check_range(rt_dev *d, uint64_t addr, uint64_t len, const char *fn, const char *what)
{
  if (len == 0) return rt_fail(fn, "%s: size is 0", what);
  if (addr >= RT_ADDR_END)
    return rt_fail(fn, "%s: address 0x%" PRIx64 " is beyond the 32-bit device address space", what, addr);
  if (len > RT_ADDR_END - addr)
    return rt_fail(fn, "%s: %" PRIu64 " bytes at 0x%08" PRIx64 " run past the end of the 32-bit device "
                       "address space", what, len, addr);
  ssize_t i = alloc_at(d, addr);
  if (i >= 0) {
    const rt_alloc *a = &d->allocs[i];
    if (addr + len <= a->base + a->size) return i;
    return rt_fail(fn, "%s: [0x%08" PRIx64 ", 0x%08" PRIx64 ") crosses the end of the buffer at "
                       "0x%08x (%" PRIu64 " bytes)", what, addr, addr + len, a->base, a->size);
  }
  if (d->has_program && addr >= d->prog_lo && addr < d->prog_hi) {
    if (addr + len <= d->prog_hi) return -2;
    return rt_fail(fn, "%s: [0x%08" PRIx64 ", 0x%08" PRIx64 ") crosses the end of the program "
                       "[0x%08x, 0x%08x)", what, addr, addr + len, d->prog_lo, d->prog_hi);
  }
  for (unsigned k = 0; k < d->nfreed && k < RT_FREED_RING; k++)
    if (d->freed[k] == (uint32_t)addr)
      return rt_fail(fn, "%s: 0x%08" PRIx64 " belongs to a buffer that was freed", what, addr);
  return rt_fail(fn, "%s: 0x%08" PRIx64 " is not inside an allocated buffer or the program", what, addr);
}

void rt_mark_dirty(rt_dev *d, uint32_t addr, uint64_t len)
{
  ssize_t i = alloc_at(d, addr);
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

int rt_in_buffer(vt_device_h h, uint32_t addr, uint64_t len)
{
  rt_dev *d = rt_enter(h, "vs_kernel_set_arg_buffer");
  if (!d) return 0;
  ssize_t i = alloc_at(d, addr);
  int ok = i >= 0 && (uint64_t)addr + len <= d->allocs[i].base + d->allocs[i].size;
  return rt_leave(d, ok);
}

/* ---- opening and closing ---- */

/* Output files go through common/outfile.h: a regular file is replaced
 * when it is complete (the device closes or the setting changes). */
static int open_trace(const char *path, vs_outfile *o, vs_error *err)
{
  memset(o, 0, sizeof *o);
  if (!path) return 0;
  if (vs_outfile_open(o, path, VS_OUT_DASH, err)) return vs_error_prefix(err, "trace file");
  return 0;
}

static int close_trace(rt_dev *d, vs_error *err)
{
  d->trace = NULL;
  return vs_outfile_commit(&d->trace_out, err) ? vs_error_prefix(err, "trace file") : 0;
}

/* Setting timeline: a Chrome Trace Event file of every timing-mode launch
 * of the device, completed when the device closes or the setting changes. */
static int open_timeline(const char *path, vs_timeline **tl, vs_outfile *f, vs_error *err)
{
  *tl = NULL;
  memset(f, 0, sizeof *f);
  if (!path || !*path) return 0;
  if (vs_outfile_open(f, path, 0, err)) return vs_error_prefix(err, "timeline file");
  vs_timeline_options o = {0, 0, VS_TIMELINE_DEFAULT_MAX_EVENTS};
  if (vs_timeline_create(tl, f->f, &o, err)) {
    vs_outfile_discard(f);
    return vs_error_prefix(err, "timeline file %s", path);
  }
  return 0;
}

static int close_timeline(rt_dev *d, vs_error *err)
{
  int rc = 0;
  if (d->timeline && vs_timeline_finish(d->timeline, err)) rc = -1;
  vs_timeline_free(d->timeline);
  if (rc) vs_outfile_discard(&d->timeline_out);
  else if (vs_outfile_commit(&d->timeline_out, err)) rc = vs_error_prefix(err, "timeline file");
  d->timeline = NULL;
  return rc;
}

static void free_dev(rt_dev *d)
{
  if (!d) return;
  vs_device_destroy(d->dev);
  rt_config_free(&d->cfg);
  free(d->allocs);
  free(d->tasks);
  vs_elf_free(d->elf);
  free(d->finished);
  free(d->pending_msg);
  vs_stats_free(d->stats);
  vs_outfile_discard(&d->trace_out);
  vs_timeline_free(d->timeline);
  vs_outfile_discard(&d->timeline_out);
  rt_save_free(&d->save);
  pthread_mutex_destroy(&d->lock);
  free(d);
}

int vt_dev_open(vt_device_h *hdevice)
{
  static const char fn[] = "vt_dev_open";
  rt_ok();
  if (!hdevice) return rt_fail(fn, "hdevice is NULL");
  *hdevice = NULL;
  vs_error err = {0};
  rt_dev *d = vs_calloc(1, sizeof *d, &err);
  if (!d) return rt_fail(fn, "%s", err.msg);
  pthread_mutex_init(&d->lock, NULL);
  d->magic = RT_MAGIC;
  d->top = RT_ALLOC_BASE;
  d->print_out = stdout;
  int rc = rt_config_init(&d->cfg, &err);
  if (rc == 0) rc = rt_timing_check(&d->cfg, &err);
  if (rc == 0) rc = vs_device_create(&d->dev, &err);
  if (rc == 0 && !(d->tasks = vs_malloc(sizeof *d->tasks, &err))) rc = -1;
  if (rc == 0) d->tasks[d->ntasks++] = 0; /* task 0, as the original driver creates */
  if (rc == 0 && d->cfg.stats_path && !(d->stats = vs_stats_create()))
    rc = vs_error_set(&err, VS_E_NOMEM, "out of memory");
  if (d->stats) vs_stats_set_max_launches(d->stats, RT_STATS_KEEP);
  if (rc == 0 && (rc = open_trace(d->cfg.trace_path, &d->trace_out, &err)) == 0) d->trace = d->trace_out.f;
  if (rc == 0) rc = open_timeline(d->cfg.timeline_path, &d->timeline, &d->timeline_out, &err);
  if (rc == 0) {
    pthread_mutex_lock(&reg_lock);
    if (nreg == capreg) {
      size_t nc = capreg ? capreg * 2 : 8;
      rt_dev **nr = vs_realloc(reg, nc * sizeof *nr, &err);
      if (nr) {
        reg = nr;
        capreg = nc;
      } else {
        rc = -1;
      }
    }
    if (rc == 0) reg[nreg++] = d;
    pthread_mutex_unlock(&reg_lock);
  }
  if (rc) {
    free_dev(d);
    return rt_fail(fn, "%s", err.msg);
  }
  *hdevice = d;
  return 0;
}

int vt_dev_close(vt_device_h hdevice)
{
  static const char fn[] = "vt_dev_close";
  rt_ok();
  if (!hdevice) return rt_fail(fn, "the device handle is NULL");
  pthread_mutex_lock(&reg_lock);
  ssize_t i = reg_find(hdevice);
  rt_dev *d = i >= 0 ? reg[i] : NULL;
  if (d) {
    memmove(&reg[i], &reg[i + 1], (nreg - (size_t)i - 1) * sizeof *reg);
    nreg--;
    d->closing = 1;
    while (d->users > 0) pthread_cond_wait(&reg_cond, &reg_lock);
  }
  pthread_mutex_unlock(&reg_lock);
  if (!d) return rt_fail(fn, "%p is not an open device (never opened, or closed already)", hdevice);
  int rc = 0;
  if (d->stats && d->cfg.stats_path) {
    vs_error err = {0};
    vs_outfile o;
    if (vs_outfile_open(&o, d->cfg.stats_path, 0, &err)) {
      rc = rt_fail(fn, "statistics file %s", err.msg);
    } else if (vs_stats_write_json(d->stats, o.f, &err)) {
      vs_outfile_discard(&o);
      rc = rt_fail(fn, "%s: %s", d->cfg.stats_path, err.msg);
    } else if (vs_outfile_commit(&o, &err)) {
      rc = rt_fail(fn, "statistics file %s", err.msg);
    }
  }
  vs_error terr = {0};
  if (close_trace(d, &terr) && rc == 0) rc = rt_fail(fn, "%s", terr.msg);
  if (close_timeline(d, &terr) && rc == 0) rc = rt_fail(fn, "%s", terr.msg);
  free_dev(d);
  return rc;
}

static unsigned version_number(void)
{
  unsigned a = 0, b = 0, c = 0;
  if (sscanf(VENTSIM_VERSION, "%u.%u.%u", &a, &b, &c) < 1) return 0;
  return a * 10000u + b * 100u + c;
}

static int caps_value(const rt_config *c, uint64_t id, uint64_t *v)
{
  switch (id) {
  case VT_CAPS_VERSION: *v = version_number(); return 0;
  case VT_CAPS_MAX_CORES: *v = c->cores; return 0;
  case VT_CAPS_MAX_WARPS: *v = c->warps; return 0;
  case VT_CAPS_MAX_THREADS: *v = c->warp_threads; return 0;
  case VT_CAPS_CACHE_LINE_SIZE: *v = RT_CACHE_LINE; return 0;
  case VT_CAPS_LOCAL_MEM_SIZE: *v = c->local_mem; return 0;
  case VT_CAPS_ALLOC_BASE_ADDR: *v = RT_ALLOC_BASE; return 0;
  case VT_CAPS_KERNEL_BASE_ADDR: *v = RT_KERNEL_BASE; return 0;
  default: return -1;
  }
}

int vt_dev_caps(vt_device_h *hdevice, uint64_t caps_id, uint64_t *value)
{
  static const char fn[] = "vt_dev_caps";
  rt_ok();
  if (!value) return rt_fail(fn, "value is NULL");
  uint64_t v;
  if (!hdevice || !*hdevice) {
    rt_config c;
    vs_error err = {0};
    if (rt_config_init(&c, &err)) return rt_fail(fn, "%s", err.msg);
    int bad = caps_value(&c, caps_id, &v);
    rt_config_free(&c);
    if (bad) return rt_fail(fn, "unknown capability id %" PRIu64 " (known: 0..7, VT_CAPS_*)", caps_id);
    *value = v;
    return 0;
  }
  rt_dev *d = rt_enter(*hdevice, fn);
  if (!d) return -1;
  if (caps_value(&d->cfg, caps_id, &v))
    return rt_leave(d, rt_fail(fn, "unknown capability id %" PRIu64 " (known: 0..7, VT_CAPS_*)", caps_id));
  *value = v;
  return rt_leave(d, 0);
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
  d->top = d->nallocs ? d->allocs[d->nallocs - 1].base + (uint32_t)d->allocs[d->nallocs - 1].mapped
                      : RT_ALLOC_BASE;
  if (d->nallocs && (uint64_t)d->allocs[d->nallocs - 1].base + d->allocs[d->nallocs - 1].mapped >= RT_ADDR_END)
    d->top = 0; /* at the very top: no room above */
}

/* Unmaps and forgets buffer i. */
static void free_alloc(rt_dev *d, size_t i)
{
  vs_error scratch;
  vs_device_unmap(d->dev, d->allocs[i].base, &scratch);
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
static int find_space(const rt_dev *d, uint64_t mapped, uint32_t *out)
{
  if (d->top != 0 && (uint64_t)d->top + mapped <= RT_ADDR_END) {
    *out = d->top;
    return 0;
  }
  uint64_t cur = RT_ALLOC_BASE;
  for (size_t i = 0; i <= d->nallocs; i++) {
    uint64_t next = i < d->nallocs ? d->allocs[i].base : RT_ADDR_END;
    if (next >= cur && next - cur >= mapped) {
      *out = (uint32_t)cur;
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
  if (check_task(d, taskID, fn)) return rt_leave(d, -1);
  uint64_t mapped = page_up(size);
  uint32_t base;
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
  snprintf(name, sizeof name, "buffer 0x%08x (vt_buf_alloc)", base);
  if (vs_device_map(d->dev, base, mapped, name, &err)) return rt_leave(d, rt_fail(fn, "%s", err.msg));
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
  ssize_t i = a < RT_ADDR_END ? alloc_at(d, a) : -1;
  if (i < 0 || d->allocs[i].base != a) {
    if (i >= 0)
      return rt_leave(d, rt_fail(fn, "0x%08" PRIx64 " is inside the buffer at 0x%08x, not its start (pass the "
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

/* ---- copies ---- */

int vt_copy_to_dev(vt_device_h hdevice, uint64_t dev_vaddr, const void *src_addr, uint64_t size,
                   uint64_t taskID, uint64_t kernelID)
{
  static const char fn[] = "vt_copy_to_dev";
  (void)kernelID;
  rt_dev *d = rt_enter(hdevice, fn);
  if (!d) return -1;
  if (!src_addr) return rt_leave(d, rt_fail(fn, "src_addr is NULL"));
  if (check_task(d, taskID, fn)) return rt_leave(d, -1);
  ssize_t i = check_range(d, dev_vaddr, size, fn, "destination");
  if (i == -1) return rt_leave(d, -1);
  vs_error err = {0};
  if (vs_device_write(d->dev, (uint32_t)dev_vaddr, src_addr, (size_t)size, &err))
    return rt_leave(d, rt_fail(fn, "%s", err.msg));
  if (i >= 0) rt_mark_dirty(d, (uint32_t)dev_vaddr, size);
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
  if (check_task(d, taskID, fn)) return rt_leave(d, -1);
  if (check_range(d, dev_vaddr, size, fn, "source") == -1) return rt_leave(d, -1);
  vs_error err = {0};
  if (vs_device_read(d->dev, (uint32_t)dev_vaddr, dst_addr, (size_t)size, &err))
    return rt_leave(d, rt_fail(fn, "%s", err.msg));
  return rt_leave(d, 0);
}

/* ---- programs ---- */

#define RT_PROG_MAX (RT_ALLOC_BASE - RT_KERNEL_BASE) /* 256 MiB */

typedef struct piece {
  uint32_t addr;
  const uint8_t *data;
  uint32_t len;
} piece;

/* Replaces the program by `pieces` (bytes at addresses; the span is mapped
 * as one region "program").  Nothing changes if the new program cannot be
 * placed. */
static int install_program(rt_dev *d, const piece *pc, size_t n, uint32_t lo, uint64_t hi, vs_elf *elf,
                           const char *fn)
{
  uint32_t plo = lo & ~(RT_PAGE - 1);
  uint64_t phi = page_up(hi);
  if (hi > RT_ALLOC_BASE || phi > RT_ALLOC_BASE || lo < RT_KERNEL_BASE)
    return rt_fail(fn, "the program occupies [0x%08x, 0x%08" PRIx64 "), outside the program area "
                       "[0x80000000, 0x90000000)", lo, hi);
  /* every page of the new span must be free, or belong to the old program */
  for (uint64_t p = plo; p < phi; p += RT_PAGE) {
    int old = d->has_program && p >= d->prog_lo && p < d->prog_hi;
    if (!old && vs_device_mapped(d->dev, (uint32_t)p, 1))
      return rt_fail(fn, "the program at [0x%08x, 0x%08" PRIx64 ") overlaps memory mapped at 0x%08" PRIx64, lo,
                     hi, p);
  }
  vs_error err = {0};
  if (d->has_program) {
    vs_device_unmap(d->dev, d->prog_lo, &err);
    d->has_program = 0;
    vs_elf_free(d->elf);
    d->elf = NULL;
  }
  if (vs_device_map(d->dev, plo, phi - plo, "program", &err)) return rt_fail(fn, "%s", err.msg);
  for (size_t i = 0; i < n; i++)
    if (pc[i].len && vs_device_write(d->dev, pc[i].addr, pc[i].data, pc[i].len, &err)) {
      vs_device_unmap(d->dev, plo, &err);
      return rt_fail(fn, "%s", err.msg);
    }
  d->has_program = 1;
  d->prog_lo = plo;
  d->prog_hi = (uint32_t)phi;
  d->elf = elf;
  d->prog_gen++;
  d->prog_saved = 0;
  return 0;
}

static int load_elf(rt_dev *d, const uint8_t *bytes, size_t len, const char *name, const char *fn)
{
  vs_error err = {0};
  vs_elf *e = NULL;
  if (vs_elf_load_mem(bytes, len, name, &e, &err)) return rt_fail(fn, "%s", err.msg);
  piece *pc = vs_calloc(e->nsegments ? e->nsegments : 1, sizeof *pc, &err);
  if (!pc) {
    vs_elf_free(e);
    return rt_fail(fn, "%s", err.msg);
  }
  uint64_t lo = UINT64_MAX, hi = 0;
  size_t n = 0;
  for (size_t i = 0; i < e->nsegments; i++) {
    const vs_elf_segment *s = &e->segments[i];
    if (s->memsz == 0) continue;
    uint64_t end = (uint64_t)s->vaddr + s->memsz;
    if (s->vaddr < RT_KERNEL_BASE || end > RT_ALLOC_BASE) {
      rt_fail(fn, "%s: loadable segment [0x%08x, 0x%08" PRIx64 ") is outside the program area "
                  "[0x80000000, 0x90000000)", name, s->vaddr, end);
      free(pc);
      vs_elf_free(e);
      return -1;
    }
    if (s->vaddr < lo) lo = s->vaddr;
    if (end > hi) hi = end;
    pc[n].addr = s->vaddr;
    pc[n].data = s->data;
    pc[n].len = s->filesz;
    n++;
  }
  if (n == 0) {
    free(pc);
    vs_elf_free(e);
    return rt_fail(fn, "%s: the ELF file has no loadable segment", name);
  }
  int rc = install_program(d, pc, n, (uint32_t)lo, hi, e, fn);
  free(pc);
  if (rc) vs_elf_free(e);
  return rc;
}

static int load_flat(rt_dev *d, const uint8_t *bytes, size_t len, const char *name, const char *fn)
{
  if (len > RT_PROG_MAX)
    return rt_fail(fn, "%s: %zu bytes do not fit the program area of %u bytes", name, len, RT_PROG_MAX);
  piece pc = {RT_KERNEL_BASE, bytes, (uint32_t)len};
  return install_program(d, &pc, 1, RT_KERNEL_BASE, (uint64_t)RT_KERNEL_BASE + len, NULL, fn);
}

static int load_vmem(rt_dev *d, const vs_vmem *v, const char *name, const char *fn)
{
  if (v->n == 0) return rt_fail(fn, "%s: the .vmem file holds no words", name);
  if ((uint64_t)v->index[v->n - 1] * 4 + 4 > RT_PROG_MAX)
    return rt_fail(fn, "%s: word index 0x%x is beyond the program area", name, v->index[v->n - 1]);
  size_t len = (size_t)v->index[v->n - 1] * 4 + 4;
  vs_error err = {0};
  uint8_t *img = vs_calloc(1, len, &err);
  if (!img) return rt_fail(fn, "%s", err.msg);
  for (size_t i = 0; i < v->n; i++)
    for (int b = 0; b < 4; b++) img[(size_t)v->index[i] * 4 + (size_t)b] = (uint8_t)(v->word[i] >> (8 * b));
  int rc = load_flat(d, img, len, name, fn);
  free(img);
  return rc;
}

static int is_elf(const void *p, size_t len)
{
  return len >= 4 && memcmp(p, "\177ELF", 4) == 0;
}

int vt_upload_kernel_bytes(vt_device_h device, const void *content, uint64_t size, int taskID)
{
  static const char fn[] = "vt_upload_kernel_bytes";
  rt_dev *d = rt_enter(device, fn);
  if (!d) return -1;
  if (!content) return rt_leave(d, rt_fail(fn, "content is NULL"));
  if (size == 0) return rt_leave(d, rt_fail(fn, "size is 0"));
  if (taskID < 0) return rt_leave(d, rt_fail(fn, "task id %d is negative", taskID));
  if (size > VS_MAX_INPUT_FILE)
    return rt_leave(d, rt_fail(fn, "%" PRIu64 " bytes is larger than the limit of %u bytes", size,
                               (unsigned)VS_MAX_INPUT_FILE));
  int rc = is_elf(content, (size_t)size) ? load_elf(d, content, (size_t)size, "program image", fn)
                                         : load_flat(d, content, (size_t)size, "program image", fn);
  return rt_leave(d, rc);
}

int vt_upload_kernel_file(vt_device_h device, const char *filename, int taskID)
{
  static const char fn[] = "vt_upload_kernel_file";
  rt_dev *d = rt_enter(device, fn);
  if (!d) return -1;
  if (!filename) return rt_leave(d, rt_fail(fn, "filename is NULL"));
  if (taskID < 0) return rt_leave(d, rt_fail(fn, "task id %d is negative", taskID));
  vs_error err = {0};
  char *data = NULL;
  size_t len = 0;
  if (vs_read_file(filename, VS_MAX_INPUT_FILE, &data, &len, &err)) return rt_leave(d, rt_fail(fn, "%s", err.msg));
  int rc;
  if (is_elf(data, len)) {
    rc = load_elf(d, (const uint8_t *)data, len, filename, fn);
  } else if (len == 0) {
    rc = rt_fail(fn, "%s: the file is empty", filename);
  } else {
    vs_vmem v;
    memset(&v, 0, sizeof v);
    if (vs_vmem_parse(data, len, filename, &v, &err))
      rc = rt_fail(fn, "%s is neither an ELF program nor a .vmem file (%s)", filename, err.msg);
    else
      rc = load_vmem(d, &v, filename, fn);
    vs_vmem_free(&v);
  }
  free(data);
  return rt_leave(d, rc);
}

int rt_program_gen(vt_device_h h, uint64_t *gen)
{
  rt_dev *d = rt_enter(h, "vs_kernel_launch");
  if (!d) return -1;
  *gen = d->has_program ? d->prog_gen : 0;
  return rt_leave(d, 0);
}

/* Name of the function at addr in the program, or NULL. */
static const char *symbol_at(const rt_dev *d, uint32_t addr)
{
  if (!d->elf) return NULL;
  const char *best = NULL;
  int best_rank = -1;
  for (size_t i = 0; i < d->elf->nsymbols; i++) {
    const vs_elf_symbol *s = &d->elf->symbols[i];
    if (s->shndx == 0 || s->value != addr || !s->name || !*s->name) continue;
    if (s->type == 3 /* STT_SECTION */ || s->type == 4 /* STT_FILE */) continue;
    int rank = (s->type == 2 /* STT_FUNC */) * 2 + (s->bind != 0 /* not local */);
    if (rank > best_rank) {
      best = s->name;
      best_rank = rank;
    }
  }
  return best;
}

/* ---- launches ---- */

typedef struct print_ctx {
  uint32_t addr, size, cursor;
  FILE *out;
} print_ctx;

static int on_print(void *ctx, vs_device *dev, const vs_launch *l)
{
  (void)l;
  print_ctx *p = ctx;
  vs_error err;
  return vs_print_drain(dev, p->addr, p->size, &p->cursor, 0, p->out, &err) ? -1 : 0;
}

static void record_perf(rt_dev *d, const vs_launch *l, const vs_run_result *r, int failed)
{
  rt_perf *p = &d->perf[d->nlaunches % RT_PERF_KEEP];
  memset(p, 0, sizeof *p);
  snprintf(p->name, sizeof p->name, "%s", l->name ? l->name : "?");
  memcpy(p->grid, l->grid, sizeof p->grid);
  p->wf = l->warp_threads;
  p->wg = l->wg_warps;
  p->warp_insns = r->warp_insns;
  p->thread_insns = r->thread_insns;
  p->cycles = r->cycles;
  p->seconds = r->seconds;
  p->failed = failed;
  d->nlaunches++;
  d->nfailed += failed != 0;
  d->tot_warp += r->warp_insns;
  d->tot_thread += r->thread_insns;
  d->tot_cycles += r->cycles;
  d->tot_seconds += r->seconds;
}

static int push_finished(rt_dev *d, int id, vs_error *err)
{
  if (d->nfinished == d->capfinished) {
    size_t nc = d->capfinished ? d->capfinished * 2 : 16;
    if (nc > (1u << 20)) { /* nobody collects them: forget the oldest */
      memmove(d->finished, d->finished + 1, (d->nfinished - 1) * sizeof *d->finished);
      d->nfinished--;
    } else {
      int *nf = vs_realloc(d->finished, nc * sizeof *nf, err);
      if (!nf) return -1;
      d->finished = nf;
      d->capfinished = nc;
    }
  }
  d->finished[d->nfinished++] = id;
  return 0;
}

static int start_locked(rt_dev *d, const vt_meta_data *md, uint64_t task, const char *save_dir,
                        const char *kname, vs_run_result *res_out, const char *fn)
{
  if (check_task(d, task, fn)) return -1;
  if (!d->has_program)
    return rt_fail(fn, "no program has been uploaded (call vt_upload_kernel_file first)");
  if (!vs_device_mapped(d->dev, RT_KERNEL_BASE, 4))
    return rt_fail(fn, "the program [0x%08x, 0x%08x) does not contain the start address 0x80000000",
                   d->prog_lo, d->prog_hi);
  /* the record */
  const uint64_t *f = (const uint64_t *)(const void *)md;
  static const char *const names[11] = {"kernel_id", "kernel_size[0]", "kernel_size[1]", "kernel_size[2]",
                                        "wf_size", "wg_size", "metaDataBaseAddr", "ldsSize", "pdsSize",
                                        "sgprUsage", "vgprUsage"};
  for (int i = 0; i < 11; i++)
    if (f[i] > UINT32_MAX)
      return rt_fail(fn, "%s = 0x%" PRIx64 " does not fit in 32 bits", names[i], f[i]);
  if (md->pdsBaseAddr > UINT32_MAX)
    return rt_fail(fn, "pdsBaseAddr = 0x%" PRIx64 " does not fit in 32 bits", md->pdsBaseAddr);
  for (int i = 0; i < 3; i++)
    if (md->kernel_size[i] == 0) return rt_fail(fn, "kernel_size[%d] is 0 (at least 1 work-group per dimension)", i);
  uint64_t nwg = md->kernel_size[0] * md->kernel_size[1];
  if (nwg > VS_MAX_WORKGROUPS || nwg * md->kernel_size[2] > VS_MAX_WORKGROUPS)
    return rt_fail(fn, "%" PRIu64 " x %" PRIu64 " x %" PRIu64 " work-groups is more than the limit of %u", md->kernel_size[0],
                   md->kernel_size[1], md->kernel_size[2], VS_MAX_WORKGROUPS);
  nwg *= md->kernel_size[2];
  if (md->wf_size < 1 || md->wf_size > d->cfg.warp_threads)
    return rt_fail(fn, "wf_size %" PRIu64 " is outside 1..%u (threads per warp, VT_CAPS_MAX_THREADS; "
                       "setting warp-threads)", md->wf_size, d->cfg.warp_threads);
  if (md->wg_size < 1 || md->wg_size > d->cfg.warps)
    return rt_fail(fn, "wg_size %" PRIu64 " is outside 1..%u (warps per work-group, VT_CAPS_MAX_WARPS; "
                       "setting warps)", md->wg_size, d->cfg.warps);
  if (md->ldsSize > d->cfg.local_mem)
    return rt_fail(fn, "ldsSize %" PRIu64 " is more than the %u bytes of local memory per work-group "
                       "(VT_CAPS_LOCAL_MEM_SIZE; setting local-mem)", md->ldsSize, d->cfg.local_mem);
  if (check_range(d, md->metaDataBaseAddr, KNL_SIZE, fn, "kernel metadata buffer (metaDataBaseAddr)") == -1)
    return -1;
  uint32_t knl[KNL_SIZE / 4];
  vs_error err = {0};
  if (vs_device_read(d->dev, (uint32_t)md->metaDataBaseAddr, knl, sizeof knl, &err))
    return rt_fail(fn, "%s", err.msg);
  /* private memory: inside one buffer, or clear of everything (then the
   * engine maps it for the launch) */
  uint64_t priv = md->pdsSize * md->wf_size * md->wg_size * nwg;
  if (md->pdsSize && priv / md->pdsSize != md->wf_size * md->wg_size * nwg)
    return rt_fail(fn, "private memory size overflows");
  if (priv) {
    if (md->pdsBaseAddr + priv > RT_ADDR_END)
      return rt_fail(fn, "private memory (pdsSize %" PRIu64 " x %" PRIu64 " threads = %" PRIu64 " bytes at 0x%08" PRIx64
                         ") runs past the end of the address space", md->pdsSize,
                     md->wf_size * md->wg_size * nwg, priv, md->pdsBaseAddr);
    ssize_t i = alloc_at(d, md->pdsBaseAddr);
    int inside = i >= 0 && md->pdsBaseAddr + priv <= d->allocs[i].base + d->allocs[i].size;
    if (!inside && vs_device_mapped(d->dev, (uint32_t)md->pdsBaseAddr, 1))
      return rt_fail(fn, "private memory [0x%08" PRIx64 ", 0x%08" PRIx64 ") = pdsSize %" PRIu64 " x %" PRIu64
                         " threads does not fit the buffer at 0x%08" PRIx64, md->pdsBaseAddr, md->pdsBaseAddr + priv,
                     md->pdsSize, md->wf_size * md->wg_size * nwg, md->pdsBaseAddr);
  }
  /* print buffer */
  print_ctx pctx = {knl[KNL_PRINT_ADDR / 4], knl[KNL_PRINT_SIZE / 4], 0, d->print_out ? d->print_out : stdout};
  int printing = pctx.addr != 0 && pctx.size != 0;
  if (printing) {
    if (pctx.size < 8)
      return rt_fail(fn, "the print buffer (KNL_PRINT_SIZE) of %u bytes is too small (at least 8)", pctx.size);
    if (check_range(d, pctx.addr, pctx.size, fn, "print buffer (KNL_PRINT_ADDR/KNL_PRINT_SIZE)") == -1) return -1;
  }
  /* the launch */
  char namebuf[64];
  if (!kname) kname = symbol_at(d, knl[KNL_ENTRY / 4]);
  if (!kname) {
    snprintf(namebuf, sizeof namebuf, "kernel");
    kname = namebuf;
  }
  vs_launch l;
  memset(&l, 0, sizeof l);
  l.name = kname;
  l.start_pc = RT_KERNEL_BASE;
  for (int i = 0; i < 3; i++) l.grid[i] = (uint32_t)md->kernel_size[i];
  l.warp_threads = (uint32_t)md->wf_size;
  l.wg_warps = (uint32_t)md->wg_size;
  l.knl_addr = (uint32_t)md->metaDataBaseAddr;
  l.lds_size = (uint32_t)md->ldsSize;
  l.pds_size = (uint32_t)md->pdsSize;
  l.pds_base = (uint32_t)md->pdsBaseAddr;
  l.sgpr_usage = (uint32_t)md->sgprUsage;
  l.vgpr_usage = (uint32_t)md->vgprUsage;

  vs_run_options opt;
  memset(&opt, 0, sizeof opt);
  opt.threads = d->trace ? 1 : d->cfg.host_threads;
  opt.max_instructions = d->cfg.max_instructions;
  opt.trace = d->trace;
  opt.stats = d->stats;
  if (d->timeline) {
    if (d->cfg.mode != RT_MODE_TIMING)
      return rt_fail(fn, "setting timeline (VENTSIM_TIMELINE) needs mode timing (VENTSIM_MODE=timing)");
    opt.observer = vs_timeline_observer(d->timeline);
  }
  if (printing) {
    opt.on_print = on_print;
    opt.on_print_ctx = &pctx;
  }
  void *tstate = NULL;
  if (rt_timing_prepare(&d->cfg, &opt, &tstate, &err)) return rt_fail(fn, "%s", err.msg);

  const char *dir = save_dir ? save_dir : d->cfg.save_dir;
  if (dir && rt_save_launch(d, dir, kname, &l, md->kernel_id, &err)) {
    rt_timing_release(tstate);
    return rt_fail(fn, "saving the launch: %s", err.msg);
  }

  vs_run_result res;
  memset(&res, 0, sizeof res);
  int rc = vs_device_run(d->dev, &l, &opt, &res, &err);
  rt_timing_release(tstate);
  vs_error perr = {0};
  if (printing) {
    if (vs_print_drain(d->dev, pctx.addr, pctx.size, &pctx.cursor, 1, pctx.out, &perr)) {
      if (rc == 0) {
        err = perr;
        rc = -1;
      }
    } else {
      rt_mark_dirty(d, pctx.addr, pctx.cursor); /* the drain cleared that much */
    }
  }
  if (d->trace) fflush(d->trace);
  record_perf(d, &l, &res, rc != 0);
  if (res_out) *res_out = res;
  if (rc) return rt_fail(fn, "%s", err.msg);
  if (push_finished(d, VT_FINISHED_ID(task, md->kernel_id), &err)) return rt_fail(fn, "%s", err.msg);
  return 0;
}

/* Every failure of a start -- a check, a missing program, a kernel error --
 * is reported once more by the next vt_ready_wait (docs/runtime.md). */
static int remember_failure(rt_dev *d, const char *fn)
{
  const char *msg = vt_last_error();
  size_t fl = strlen(fn);
  if (!strncmp(msg, fn, fl) && !strncmp(msg + fl, ": ", 2)) msg += fl + 2;
  char *m = vs_strdup(msg, NULL);
  free(d->pending_msg);
  d->pending_msg = m;
  d->pending_fail = 1;
  return -1;
}

int rt_start(vt_device_h h, const vt_meta_data *md, uint64_t task, const char *save_dir, const char *kname,
             vs_run_result *res)
{
  static const char fn[] = "vt_start";
  rt_dev *d = rt_enter(h, fn);
  if (!d) return -1;
  int rc = md ? start_locked(d, md, task, save_dir, kname, res, fn) : rt_fail(fn, "metaData is NULL");
  return rt_leave(d, rc ? remember_failure(d, fn) : 0);
}

int vt_start(vt_device_h hdevice, void *metaData, uint64_t taskID)
{
  return rt_start(hdevice, metaData, taskID, NULL, NULL, NULL);
}

int vt_ready_wait(vt_device_h hdevice, uint64_t timeout)
{
  static const char fn[] = "vt_ready_wait";
  (void)timeout;
  rt_dev *d = rt_enter(hdevice, fn);
  if (!d) return -1;
  if (d->pending_fail) {
    d->pending_fail = 0;
    int rc = rt_fail(fn, "a launch failed: %s", d->pending_msg ? d->pending_msg : "(no message)");
    free(d->pending_msg);
    d->pending_msg = NULL;
    return rt_leave(d, rc);
  }
  return rt_leave(d, 0);
}

int vt_finish_all_kernel(vt_device_h hdevice, vt_kernel_list *list)
{
  static const char fn[] = "vt_finish_all_kernel";
  rt_dev *d = rt_enter(hdevice, fn);
  if (!d) return -1;
  if (!list) return rt_leave(d, rt_fail(fn, "finished_kernel_list is NULL"));
  if (!list->ids && list->capacity) return rt_leave(d, rt_fail(fn, "finished_kernel_list->ids is NULL"));
  size_t n = d->nfinished < list->capacity ? d->nfinished : list->capacity;
  if (n) {
    memcpy(list->ids, d->finished, n * sizeof *list->ids);
    memmove(d->finished, d->finished + n, (d->nfinished - n) * sizeof *d->finished);
    d->nfinished -= n;
  }
  list->count = n;
  return rt_leave(d, 0);
}

int vt_dump_perf(vt_device_h device, FILE *stream)
{
  static const char fn[] = "vt_dump_perf";
  rt_dev *d = rt_enter(device, fn);
  if (!d) return -1;
  FILE *out = stream ? stream : stdout;
  fprintf(out, "ventsim: %" PRIu64 " launch%s (%" PRIu64 " failed), mode %s\n", d->nlaunches,
          d->nlaunches == 1 ? "" : "es", d->nfailed, d->cfg.mode == RT_MODE_TIMING ? "timing" : "functional");
  uint64_t first = d->nlaunches > RT_PERF_KEEP ? d->nlaunches - RT_PERF_KEEP : 0;
  if (first) fprintf(out, "  (the first %" PRIu64 " launches are only in the totals)\n", first);
  for (uint64_t k = first; k < d->nlaunches; k++) {
    const rt_perf *p = &d->perf[k % RT_PERF_KEEP];
    fprintf(out, "  #%" PRIu64 " %-20s grid %ux%ux%u, %u warps x %u threads: %" PRIu64 " warp insns, %" PRIu64
                 " thread insns, %" PRIu64 " cycles, %.6f s%s\n", k, p->name, p->grid[0], p->grid[1], p->grid[2],
            p->wg, p->wf, p->warp_insns, p->thread_insns, p->cycles, p->seconds, p->failed ? " (FAILED)" : "");
  }
  fprintf(out, "  total: %" PRIu64 " warp insns, %" PRIu64 " thread insns, %" PRIu64 " cycles, %.6f s\n",
          d->tot_warp, d->tot_thread, d->tot_cycles, d->tot_seconds);
  if (d->stats) vs_stats_print(d->stats, out);
  int bad = fflush(out) != 0 || ferror(out);
  return rt_leave(d, bad ? rt_fail(fn, "write error") : 0);
}

/* ---- ventsim-specific settings ---- */

int vt_ventsim_set(vt_device_h dev, const char *key, const char *value)
{
  static const char fn[] = "vt_ventsim_set";
  vs_error err = {0};
  if (!dev) {
    rt_ok();
    if (!key || !value) return rt_fail(fn, "key or value is NULL");
    return rt_defaults_set(key, value, &err) ? rt_fail(fn, "%s", err.msg) : 0;
  }
  rt_dev *d = rt_enter(dev, fn);
  if (!d) return -1;
  if (!key || !value) return rt_leave(d, rt_fail(fn, "key or value is NULL"));
  if (!strcmp(key, "timeline")) { /* complete the old file, then start the new one */
    vs_timeline *tl = NULL;
    vs_outfile f;
    if (rt_config_set(&d->cfg, key, value, &err) ||
        close_timeline(d, &err) ||
        open_timeline(d->cfg.timeline_path, &tl, &f, &err))
      return rt_leave(d, rt_fail(fn, "%s", err.msg));
    d->timeline = tl;
    d->timeline_out = f;
    return rt_leave(d, 0);
  }
  if (!strcmp(key, "trace")) { /* open the new file before completing the old one */
    vs_outfile t;
    if (open_trace(*value ? value : NULL, &t, &err)) return rt_leave(d, rt_fail(fn, "%s", err.msg));
    if (rt_config_set(&d->cfg, key, value, &err)) {
      vs_outfile_discard(&t);
      return rt_leave(d, rt_fail(fn, "%s", err.msg));
    }
    int rc = close_trace(d, &err) ? rt_fail(fn, "%s", err.msg) : 0;
    d->trace_out = t;
    d->trace = t.f;
    return rt_leave(d, rc);
  }
  rt_config nc; /* change a copy, so a bad value changes nothing */
  if (rt_config_copy(&nc, &d->cfg, &err)) return rt_leave(d, rt_fail(fn, "%s", err.msg));
  if (rt_config_set(&nc, key, value, &err) || rt_timing_check(&nc, &err)) {
    rt_config_free(&nc);
    return rt_leave(d, rt_fail(fn, "%s", err.msg));
  }
  rt_config_free(&d->cfg);
  d->cfg = nc;
  if (!strcmp(key, "stats") && d->cfg.stats_path && !d->stats) {
    if (!(d->stats = vs_stats_create())) return rt_leave(d, rt_fail(fn, "out of memory"));
    vs_stats_set_max_launches(d->stats, RT_STATS_KEEP);
  }
  return rt_leave(d, 0);
}

int vt_ventsim_get(vt_device_h dev, const char *key, char *buf, size_t len)
{
  static const char fn[] = "vt_ventsim_get";
  vs_error err = {0};
  if (!dev) {
    rt_ok();
    return rt_defaults_get(key, buf, len, &err) ? rt_fail(fn, "%s", err.msg) : 0;
  }
  rt_dev *d = rt_enter(dev, fn);
  if (!d) return -1;
  return rt_leave(d, rt_config_get(&d->cfg, key, buf, len, &err) ? rt_fail(fn, "%s", err.msg) : 0);
}

int vt_ventsim_set_print_stream(vt_device_h dev, FILE *out)
{
  rt_dev *d = rt_enter(dev, "vt_ventsim_set_print_stream");
  if (!d) return -1;
  d->print_out = out ? out : stdout;
  return rt_leave(d, 0);
}

struct vs_device *vt_ventsim_device(vt_device_h dev)
{
  rt_dev *d = rt_enter(dev, "vt_ventsim_device");
  if (!d) return NULL;
  vs_device *v = d->dev;
  rt_leave(d, 0);
  return v;
}
