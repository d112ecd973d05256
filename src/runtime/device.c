/* The Ventus driver API (include/ventus.h) on the simulator: the registry
 * of open devices, errors, opening and closing a device, capabilities.
 * The other calls are in alloc.c (memory contexts and buffers), copy.c,
 * program.c (loading programs), start.c (launches) and settings.c.
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
#include "ventsim/check.h"

#define RT_MAGIC 0x56545344u /* "VTSD" */

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

rt_dev *rt_enter(const void *h, const char *fn)
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

int rt_leave(rt_dev *d, int rc)
{
  pthread_mutex_unlock(&d->lock);
  pthread_mutex_lock(&reg_lock);
  d->users--;
  if (d->closing && d->users == 0) pthread_cond_broadcast(&reg_cond);
  pthread_mutex_unlock(&reg_lock);
  return rc;
}

/* ---- opening and closing ---- */

static void free_dev(rt_dev *d)
{
  if (!d) return;
  vs_checker_free(d->checker); /* before the device: it unhooks itself from the device's memory */
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
  return vt_dev_open_isa(hdevice, NULL);
}

const char *vt_dev_isa(vt_device_h hdevice)
{
  rt_dev *d = rt_enter(hdevice, "vt_dev_isa");
  if (!d) return NULL;
  const char *isa = vs_device_isa(d->dev);
  rt_leave(d, 0);
  return isa;
}

const char *rt_dev_isa(vt_device_h h)
{
  return vt_dev_isa(h);
}

FILE *rt_dev_print_stream(vt_device_h h)
{
  rt_dev *d = rt_enter(h, "vt_ventsim_set_print_stream");
  if (!d) return stdout;
  FILE *f = d->print_out ? d->print_out : stdout;
  rt_leave(d, 0);
  return f;
}

int vt_dev_open_isa(vt_device_h *hdevice, const char *isa)
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
  if (rc == 0) rc = vs_device_create(&d->dev, isa, &err);
  /* the checker watches host writes from the start (they initialise memory) */
  if (rc == 0 && d->cfg.check) rc = vs_checker_create(&d->checker, d->dev, d->cfg.check, &err);
  if (rc == 0 && !(d->tasks = vs_malloc(sizeof *d->tasks, &err))) rc = -1;
  if (rc == 0) d->tasks[d->ntasks++] = 0; /* task 0, as the original driver creates */
  if (rc == 0 && d->cfg.stats_path && !(d->stats = vs_stats_create()))
    rc = vs_error_set(&err, VS_E_NOMEM, "out of memory");
  if (d->stats) vs_stats_set_max_launches(d->stats, RT_STATS_KEEP);
  if (rc == 0 && (rc = rt_open_trace(d->cfg.trace_path, &d->trace_out, &err)) == 0) d->trace = d->trace_out.f;
  if (rc == 0) rc = rt_open_timeline(d->cfg.timeline_path, &d->timeline, &d->timeline_out, &err);
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
  if (d->checker) { /* the findings of the device's launches (docs/checker.md) */
    vs_checker_print(d->checker, stderr);
    if (d->stats) vs_stats_set_check(d->stats, vs_checker_json(d->checker));
  }
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
  if (rt_close_trace(d, &terr) && rc == 0) rc = rt_fail(fn, "%s", terr.msg);
  if (rt_close_timeline(d, &terr) && rc == 0) rc = rt_fail(fn, "%s", terr.msg);
  free_dev(d);
  return rc;
}

static unsigned version_number(void)
{
  unsigned a = 0, b = 0, c = 0;
  if (sscanf(vs_version(), "%u.%u.%u", &a, &b, &c) < 1) return 0;
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
