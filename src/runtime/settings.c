/* The driver API: ventsim's own settings of a device or of the process
 * (vt_ventsim_set/get, ventsim/driver.h), and the trace and timeline files
 * they open. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runtime/rt.h"

/* ---- the files of settings trace and timeline ---- */

/* Output files go through common/outfile.h: a regular file is replaced
 * when it is complete (the device closes or the setting changes). */
int rt_open_trace(const char *path, vs_outfile *o, vs_error *err)
{
  memset(o, 0, sizeof *o);
  if (!path) return 0;
  if (vs_outfile_open(o, path, VS_OUT_DASH, err)) return vs_error_prefix(err, "trace file");
  return 0;
}

int rt_close_trace(rt_dev *d, vs_error *err)
{
  d->trace = NULL;
  return vs_outfile_commit(&d->trace_out, err) ? vs_error_prefix(err, "trace file") : 0;
}

/* Setting timeline: a Chrome Trace Event file of every timing-mode launch
 * of the device, completed when the device closes or the setting changes. */
int rt_open_timeline(const char *path, vs_timeline **tl, vs_outfile *f, vs_error *err)
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

int rt_close_timeline(rt_dev *d, vs_error *err)
{
  int rc = 0;
  if (d->timeline && vs_timeline_finish(d->timeline, err)) rc = -1;
  vs_timeline_free(d->timeline);
  if (rc) vs_outfile_discard(&d->timeline_out);
  else if (vs_outfile_commit(&d->timeline_out, err)) rc = vs_error_prefix(err, "timeline file");
  d->timeline = NULL;
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
    vs_outfile f;
    if (rt_config_set(&d->cfg, key, value, &err) ||
        rt_close_timeline(d, &err) ||
        rt_open_timeline(d->cfg.timeline_path, &tl, &f, &err))
      return rt_leave(d, rt_fail(fn, "%s", err.msg));
    d->timeline = tl;
    d->timeline_out = f;
    return rt_leave(d, 0);
  }
  if (!strcmp(key, "trace")) { /* open the new file before completing the old one */
    vs_outfile t;
    if (rt_open_trace(*value ? value : NULL, &t, &err)) return rt_leave(d, rt_fail(fn, "%s", err.msg));
    if (rt_config_set(&d->cfg, key, value, &err)) {
      vs_outfile_discard(&t);
      return rt_leave(d, rt_fail(fn, "%s", err.msg));
    }
    int rc = rt_close_trace(d, &err) ? rt_fail(fn, "%s", err.msg) : 0;
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
