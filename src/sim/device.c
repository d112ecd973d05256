/* The device functions of ventsim/sim.h that sit above the ISAs and the
 * timing model: creating a device for an ISA chosen by name, and running a
 * launch on the functional engine (src/core) or the timing model
 * (src/timing). */
#include "core/device.h"
#include "core/engine.h"
#include "sim/registry.h"
#include "ventsim/stats.h"
#include "ventsim/timing.h"

int vs_device_create(vs_device **out, const char *isa, vs_error *err)
{
  *out = NULL;
  const vs_isa_entry *e;
  if (vs_isa_lookup(isa, &e, err)) return -1;
  return vs_device_new(out, e->isa, err);
}

const char *vs_device_isa(const vs_device *dev)
{
  return dev->isa->name;
}

int vs_device_run(vs_device *dev, const vs_launch *l, const vs_run_options *opt,
                  vs_run_result *res, vs_error *err)
{
  if (opt && opt->timing && opt->debug)
    return vs_error_set(err, VS_E_USAGE, "a debugger needs the functional engine (not --timing)");
  if (opt && opt->timing && opt->check)
    return vs_error_set(err, VS_E_USAGE, "the kernel checker needs the functional engine (not --timing)");
  if (opt && opt->timing) return vs_timing_run(dev, l, opt, res, err);
  vs_exec_stats st;
  int ran = 0;
  int rc = vs_engine_run(dev, l, opt, res, &st, &ran, err);
  if (ran && opt && opt->stats) { /* also a launch that stopped: what it did until then */
    vs_error serr = {0};
    if (vs_stats_add_launch(opt->stats, l, &st, 0, res->seconds, NULL, &serr) ||
        (rc && vs_stats_launch_stopped(opt->stats, err->msg, &serr))) {
      if (rc == 0) *err = serr;
      rc = -1;
    }
  }
  return rc;
}
