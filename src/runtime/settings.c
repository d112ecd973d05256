/* The driver API: ventsim's own settings of a device or of the process
 * (vt_ventsim_set/get, ventsim/driver.h), and the trace and timeline files
 * they open. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runtime/rt.h"

/* ---- the files of settings trace and timeline ---- */

int rt_open_trace(const char *path, FILE **out, int *is_stdout, vs_error *err)
{
  *out = NULL;
  *is_stdout = 0;
  if (!path) return 0;
  if (!strcmp(path, "-")) {
    *out = stdout;
    *is_stdout = 1;
    return 0;
  }
  *out = fopen(path, "w");
  if (!*out) return vs_error_set(err, VS_E_IO, "trace file %s: %s", path, strerror(errno));
  return 0;
}

/* Setting timeline: a Chrome Trace Event file of every timing-mode launch
 * of the device, completed when the device closes or the setting changes. */
int rt_open_timeline(const char *path, vs_timeline **tl, FILE **f, vs_error *err)
{
  *tl = NULL;
  *f = NULL;
  if (!path || !*path) return 0;
  if (!(*f = fopen(path, "w"))) return vs_error_set(err, VS_E_IO, "timeline file %s: %s", path, strerror(errno));
  vs_timeline_options o = {0, 0, VS_TIMELINE_DEFAULT_MAX_EVENTS};
  if (vs_timeline_create(tl, *f, &o, err)) {
    fclose(*f);
    *f = NULL;
    return vs_error_prefix(err, "timeline file %s", path);
  }
  return 0;
}

int rt_close_timeline(rt_dev *d, vs_error *err)
{
  int rc = 0;
  if (d->timeline && vs_timeline_finish(d->timeline, err)) rc = -1;
  vs_timeline_free(d->timeline);
  if (d->timeline_file && fclose(d->timeline_file) != 0 && rc == 0)
    rc = vs_error_set(err, VS_E_IO, "timeline file: write error");
  d->timeline = NULL;
  d->timeline_file = NULL;
  return rc;
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
    FILE *f = NULL;
    if (rt_config_set(&d->cfg, key, value, &err) ||
        rt_close_timeline(d, &err) ||
        rt_open_timeline(d->cfg.timeline_path, &tl, &f, &err))
      return rt_leave(d, rt_fail(fn, "%s", err.msg));
    d->timeline = tl;
    d->timeline_file = f;
    return rt_leave(d, 0);
  }
  if (!strcmp(key, "trace")) { /* open the new file before giving up the old one */
    FILE *t = NULL;
    int is_stdout = 0;
    if (rt_open_trace(*value ? value : NULL, &t, &is_stdout, &err)) return rt_leave(d, rt_fail(fn, "%s", err.msg));
    if (rt_config_set(&d->cfg, key, value, &err)) {
      if (t && !is_stdout) fclose(t);
      return rt_leave(d, rt_fail(fn, "%s", err.msg));
    }
    if (d->trace && !d->trace_is_stdout) fclose(d->trace);
    d->trace = t;
    d->trace_is_stdout = is_stdout;
    return rt_leave(d, 0);
  }
  rt_config nc; /* change a copy, so a bad value changes nothing */
  if (rt_config_copy(&nc, &d->cfg, &err)) return rt_leave(d, rt_fail(fn, "%s", err.msg));
  if (rt_config_set(&nc, key, value, &err) || rt_timing_check(&nc, &err)) {
    rt_config_free(&nc);
    return rt_leave(d, rt_fail(fn, "%s", err.msg));
  }
  rt_config_free(&d->cfg);
  d->cfg = nc;
  if (!strcmp(key, "stats") && d->cfg.stats_path && !d->stats && !(d->stats = vs_stats_create()))
    return rt_leave(d, rt_fail(fn, "out of memory"));
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
