/* A gdb server for the functional engine: serves the GDB remote serial
 * protocol on 127.0.0.1 so `gdb-multiarch` can `target remote` a run.
 * Each warp of the resident work-group is a gdb thread; see
 * docs/debugging.md.  ISA-neutral: registers and the target description
 * come from the ISA's register files and its gdb layout (debug/gdb_regmap.h). */
#ifndef VS_DEBUG_GDB_SERVER_H
#define VS_DEBUG_GDB_SERVER_H

#include "core/debug.h"
#include "debug/gdb_regmap.h"
#include "ventsim/sim.h"

typedef struct vs_gdb_server vs_gdb_server;

/* Listens on 127.0.0.1:port (0: any free port) for a run of ISA `isa`
 * shown with `layout` (NULL: the default view).  `lanes` is the number of
 * lanes of the vector registers in the target description (the largest
 * warp of the run). */
int vs_gdb_server_create(vs_gdb_server **out, unsigned port, const vs_isa *isa,
                         const vs_gdb_layout *layout, unsigned lanes, vs_device *dev, vs_error *err);
unsigned vs_gdb_server_port(const vs_gdb_server *s);
/* Waits for gdb to connect. */
int vs_gdb_server_accept(vs_gdb_server *s, vs_error *err);
/* The hooks to put in vs_run_options.debug */
const vs_debug_hooks *vs_gdb_server_hooks(vs_gdb_server *s);
/* Why the run ended early because of the debugger: NULL if it did not,
 * else "killed by the debugger" or "the debugger disconnected". */
const char *vs_gdb_server_ended(const vs_gdb_server *s);
/* The run is over (exit status `status`): tells gdb and serves it until it
 * disconnects. */
void vs_gdb_server_finish(vs_gdb_server *s, int status);
void vs_gdb_server_destroy(vs_gdb_server *s);

#endif
