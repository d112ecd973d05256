/* vs_device: a memory image plus the ISA that runs on it.  The public
 * functions (ventsim/sim.h) that need the ISA registry or the timing model
 * -- vs_device_create by ISA name, vs_device_run -- live in src/sim. */
#ifndef VS_CORE_DEVICE_H
#define VS_CORE_DEVICE_H

#include "core/isa.h"
#include "core/memory.h"
#include "ventsim/sim.h"

struct vs_device {
  vs_mem mem;
  const vs_isa *isa;
};

/* A device running `isa`, with empty memory and the default memory limit. */
int vs_device_new(vs_device **out, const vs_isa *isa, vs_error *err);

#endif
