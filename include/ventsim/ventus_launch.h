/* Ventus launches: the launch record of the Ventus tools (a .metadata file,
 * vt_meta_data: spec sections 6 and 8) and the ABI block a generic launch
 * (ventsim/sim.h) carries for Ventus.
 *
 * A Ventus launch is `grid` work-groups of `wg_warps` warps of
 * `warp_threads` threads; each warp's CSRs point at the kernel metadata
 * buffer (CSR_KNL), its work-group's local-memory window (CSR_LDS, in the
 * 256 MiB window at 0x70000000 split among the work-groups resident at
 * once) and its private memory (CSR_PDS, from pdsBaseAddr).  Buffers that
 * lie inside the local-memory window (the Ventus runtime places __local
 * kernel arguments there) are shared by every work-group, which then run
 * one at a time.  docs/functional-model.md. */
#ifndef VENTSIM_VENTUS_LAUNCH_H
#define VENTSIM_VENTUS_LAUNCH_H

#include <stdint.h>

#include "ventsim/error.h"
#include "ventsim/sim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The local-memory (LDS) window: work-group slot k sees its local memory
 * at VS_VENTUS_LDS_BASE + k * (window / slots). */
#define VS_VENTUS_LDS_BASE 0x70000000u
#define VS_VENTUS_LDS_END  0x80000000u
#define VS_VENTUS_MAX_THREADS 32u  /* threads per warp (wf_size)         */
#define VS_VENTUS_MAX_WARPS   32u  /* warps per work-group (wg_size)     */

/* The launch record (a .metadata file's values) */
typedef struct vs_ventus_record {
  vs_addr start_pc;         /* where every warp starts (0x80000000)        */
  uint32_t grid[3];         /* work-groups per dimension (kernel_size)     */
  uint32_t warp_threads;    /* threads per warp (wf_size), 1..32           */
  uint32_t wg_warps;        /* warps per work-group (wg_size), 1..32       */
  vs_addr knl_addr;         /* kernel metadata buffer (metaDataBaseAddr)   */
  uint32_t lds_size;        /* local memory bytes per work-group (ldsSize) */
  uint32_t pds_size;        /* private memory bytes per thread (pdsSize)   */
  vs_addr pds_base;         /* private memory base (pdsBaseAddr)           */
  uint32_t sgpr_usage, vgpr_usage; /* registers the kernel uses (timing)  */
} vs_ventus_record;

/* The ABI block of a Ventus launch (vs_launch.abi) */
#define VS_VENTUS_ABI_MAGIC 0x56454e54u /* "VENT" */
typedef struct vs_ventus_abi {
  uint32_t magic;           /* VS_VENTUS_ABI_MAGIC */
  vs_ventus_record rec;
} vs_ventus_abi;

/* Checks rec (spec 6: threads and warps per work-group, the grid, the
 * start address, the private memory; messages name the kernel `name` and
 * the .metadata field) and fills *l as a launch of it, with *abi (which
 * must outlive *l) as its ABI block.  The NDRange: 3 dimensions, global =
 * grid x (warp_threads * wg_warps, 1, 1), local = (warp_threads *
 * wg_warps, 1, 1). */
int vs_ventus_launch(const vs_ventus_record *rec, const char *name, vs_ventus_abi *abi,
                     vs_launch *l, vs_error *err);
/* The record of a Ventus launch; NULL if l has no Ventus ABI block. */
const vs_ventus_record *vs_ventus_record_of(const vs_launch *l);

#ifdef __cplusplus
}
#endif
#endif
