/* ventsim-specific additions to the Ventus driver API (ventus.h): choosing
 * the engine and its configuration per device, and reaching the simulator
 * device behind a driver handle.
 *
 * Settings are key/value strings.  Every key has an environment variable
 * VENTSIM_<KEY> (upper case, '-' -> '_') that vt_dev_open reads; a call
 * here overrides it for one device.  Keys (docs/runtime.md):
 *
 *   mode             functional | timing                     (functional)
 *   config           timing-model configuration file (timing mode)
 *   threads          host threads running work-groups, 1..1024     (1)
 *   max-instructions warp instructions per launch, 0 = no limit    (0)
 *   stats            write the statistics of all launches as JSON to this
 *                    file when the device is closed ("" = off)
 *   trace            commit log (spec section 9) of every launch to this
 *                    file ("-" = stdout, "" = off); forces threads = 1
 *   timeline         Chrome Trace Event timeline of every launch to this file,
 *                    completed when the device closes ("" = off); needs
 *                    mode timing
 *   save-launches    save every launch as <kernel>_<n>.metadata/.data in
 *                    this directory before it runs ("" = off)
 *   cores            VT_CAPS_MAX_CORES, 1..1024                     (2)
 *   warps            VT_CAPS_MAX_WARPS: warps per work-group, 1..32 (8)
 *   warp-threads     VT_CAPS_MAX_THREADS: threads per warp, 1..32  (32)
 *   local-mem        VT_CAPS_LOCAL_MEM_SIZE: bytes per work-group
 *                    (65536, at most 16 MiB)
 *   print-buffer     bytes of the print buffer the launch helper gives each
 *                    program (1048576, 8 .. 64 MiB)
 *   quiet            1: do not echo errors to stderr (process-wide)   (0)
 */
#ifndef VENTSIM_DRIVER_H
#define VENTSIM_DRIVER_H

#include <stddef.h>
#include <stdio.h>

#include "ventus.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vs_device;

/* Sets one key for an open device, or with dev == NULL the process-wide
 * defaults used by devices opened afterwards and by vt_dev_caps(NULL).
 * Returns 0, or -1 (vt_last_error) for an unknown key or a bad value. */
int vt_ventsim_set(vt_device_h dev, const char *key, const char *value);
/* Opens a device of the ISA called isa ("ventus", "gfx900", "gfx906"; NULL:
 * Ventus), with the settings vt_dev_open reads.  An AMD device serves the
 * launch helper (ventsim/launch.h) and the memory calls of ventus.h; the
 * Ventus-only calls (vt_upload_kernel_*, vt_start) refuse it. */
int vt_dev_open_isa(vt_device_h *hdevice, const char *isa);
/* The ISA of an open device, or NULL */
const char *vt_dev_isa(vt_device_h hdevice);
/* Current value of a key as text, into buf (len bytes, NUL-terminated).
 * dev == NULL: the process-wide defaults. */
int vt_ventsim_get(vt_device_h dev, const char *key, char *buf, size_t len);
/* Where drained print-buffer text goes (default stdout).  The stream is
 * not closed by ventsim. */
int vt_ventsim_set_print_stream(vt_device_h dev, FILE *out);
/* The simulator device behind a handle (ventsim/sim.h), for tools that
 * want to look at memory directly; NULL for a bad handle.  Do not map or
 * unmap memory through it. */
struct vs_device *vt_ventsim_device(vt_device_h dev);

#ifdef __cplusplus
}
#endif
#endif
