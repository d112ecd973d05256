#ifndef VS_CORE_ENGINE_H
#define VS_CORE_ENGINE_H

#include "ventsim/sim.h"
#include "ventsim/stats.h"

/* The functional engine behind vs_device_run (see engine.c).  With
 * opt->stats set it collects the launch's counters into *st and sets *ran
 * once the warps ran -- also when the launch then stopped early (the
 * caller records what it did until then); st and ran may be NULL
 * otherwise. */
int vs_engine_run(vs_device *dev, const vs_launch *l, const vs_run_options *opt,
                  vs_run_result *res, vs_exec_stats *st, int *ran, vs_error *err);

#endif
