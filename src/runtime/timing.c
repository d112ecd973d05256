/* The driver's link to the timing model (include/ventsim/timing.h).
 *
 * VENTSIM_MODE=timing (or vt_ventsim_set(dev, "mode", "timing")) runs
 * launches on the cycle-level timing model: each launch gets a timing
 * configuration -- the built-in defaults, overlaid with the file or bundled
 * configuration named by VENTSIM_CONFIG (setting "config") -- passed to the
 * engine as vs_run_options.timing.  The configuration is checked when the
 * setting changes and when a device opens, in either mode, so a bad file is
 * reported early;
 * it is read again for every launch (it is small), so edits between
 * launches take effect. */
#include "runtime/rt.h"
#include "ventsim/timing.h"

int rt_timing_available(void);

int rt_timing_available(void)
{
  return 1;
}

static int load(const rt_config *c, vs_timing_config **out, vs_error *err)
{
  vs_timing_config *tc = NULL;
  if (vs_timing_config_create(&tc, err)) return -1;
  if (c->timing_config && vs_timing_config_load(tc, c->timing_config, err)) {
    vs_timing_config_free(tc);
    return vs_error_prefix(err, "timing configuration (setting config, VENTSIM_CONFIG)");
  }
  if (vs_timing_config_check(tc, err)) {
    vs_timing_config_free(tc);
    return vs_error_prefix(err, "timing configuration %s", c->timing_config ? c->timing_config : "(defaults)");
  }
  *out = tc;
  return 0;
}

int rt_timing_check(const rt_config *c, vs_error *err)
{
  /* a named configuration is checked in either mode ("checked when set") */
  if (c->mode != RT_MODE_TIMING && !c->timing_config) return 0;
  vs_timing_config *tc = NULL;
  if (load(c, &tc, err)) return -1;
  vs_timing_config_free(tc);
  return 0;
}

int rt_timing_prepare(const rt_config *c, vs_run_options *opt, void **state, vs_error *err)
{
  *state = NULL;
  if (c->mode != RT_MODE_TIMING) return 0;
  vs_timing_config *tc = NULL;
  if (load(c, &tc, err)) return -1;
  opt->timing = tc;
  *state = tc;
  return 0;
}

void rt_timing_release(void *state)
{
  vs_timing_config_free(state);
}
