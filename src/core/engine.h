#ifndef VS_CORE_ENGINE_H
#define VS_CORE_ENGINE_H

#include "ventsim/sim.h"

/* The functional engine behind vs_device_run (see engine.c). */
int vs_engine_run(vs_device *dev, const vs_launch *l, const vs_run_options *opt,
                  vs_run_result *res, vs_error *err);

#endif
