/* The AMD launch ABI block (docs/amdgpu-exec.md): what a vs_launch of an
 * AMD GCN5 kernel carries beyond the NDRange, for the AMD front end's
 * dispatcher (src/isa/amdgpu/dispatch.c).  The host (the launch helper of
 * ventsim/launch.h, the OpenCL platform) loads the code object, writes the
 * kernarg segment (explicit and hidden arguments) and the AQL dispatch
 * packet into device memory and fills this block; the dispatcher checks it
 * against the kernel descriptor, maps local memory and scratch for the
 * launch and writes every wave's initial registers (spec amd-hsa.md 2.2,
 * 2.3). */
#ifndef VENTSIM_AMD_LAUNCH_H
#define VENTSIM_AMD_LAUNCH_H

#include <stdint.h>

#include "ventsim/amdgpu.h"
#include "ventsim/sim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VS_AMD_ABI_MAGIC 0x31444d41u /* "AMD1" */

/* Where the dispatcher puts what it maps for a launch, and the apertures
 * (documented values: src_shared_base / src_private_base read as these).
 * They lie above the runtime's buffers, inside the 48-bit device space;
 * the apertures lie beyond it, so no device address is inside one. */
#define VS_AMD_LDS_BASE       0x400000000000ull /* one 64 KiB window per resident work-group */
#define VS_AMD_SCRATCH_BASE   0x500000000000ull /* scratch of the resident work-groups       */
#define VS_AMD_SHARED_APERTURE  0x0001000000000000ull /* flat addresses of LDS:  [base, base + 4 GiB) */
#define VS_AMD_PRIVATE_APERTURE 0x0002000000000000ull /* flat addresses of scratch */
#define VS_AMD_LDS_MAX        65536u            /* bytes of LDS per work-group   */

typedef struct vs_amd_abi {
  uint32_t magic;          /* VS_AMD_ABI_MAGIC                                   */
  uint32_t target;         /* amd_target (ventsim/amdgpu.h): AMD_GFX900, AMD_GFX906 */
  uint8_t kd[64];          /* the kernel descriptor, as in the code object        */
  vs_addr kd_addr;         /* its device address (entry = kd_addr + its offset)   */
  vs_addr kernarg_addr;    /* the kernarg segment (explicit + hidden arguments)   */
  vs_addr packet_addr;     /* the AQL dispatch packet (64 bytes)                  */
  vs_addr queue_addr;      /* the queue (0: none; the queue ptr SGPRs read it)    */
  uint64_t dispatch_id;
  uint32_t dynamic_lds;    /* bytes of __local arguments on top of the static LDS */
  uint32_t max_flat_wg_size; /* .max_flat_workgroup_size (0: 1024)                */
} vs_amd_abi;

/* The SMs (compute units) a work-group of a launch with this ABI block
 * may spread over (vs_launch.wg_sms): 2 for a gfx1100 kernel in WGP mode
 * (COMPUTE_PGM_RSRC1.WGP_MODE, bit 29 of the kernel descriptor's dword at
 * 0x30; AMDGPUUsage: "In WGP wavefront execution mode the wavefronts of a
 * work-group are executed on the SIMDs of both CUs of the WGP"), else 1. */
static inline uint32_t vs_amd_abi_wg_sms(const vs_amd_abi *a)
{
  uint32_t rsrc1 = (uint32_t)a->kd[0x30] | (uint32_t)a->kd[0x31] << 8 | (uint32_t)a->kd[0x32] << 16 |
                   (uint32_t)a->kd[0x33] << 24;
  int gfx11 = a->target == AMD_GFX1100 || a->target == AMD_GFX1100_W64;
  return gfx11 && (rsrc1 >> 29 & 1u) ? 2u : 1u;
}

#ifdef __cplusplus
}
#endif
#endif
