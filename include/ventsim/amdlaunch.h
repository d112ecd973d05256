/* A captured AMD launch (docs/amdgpu-exec.md, "Launch capture"): a
 * directory NAME_N.amdlaunch/ written by the launch helper under
 * save-launches / VENTSIM_SAVE_LAUNCHES / vs_program_set_save_dir and
 * replayed by `ventsim run DIR`:
 *
 *   launch.json   format "ventsim-amd-launch", version; the code object's
 *                 name and SHA-256; the kernel, work_dim, global/local/
 *                 offset; the arguments as set (by index: a buffer's
 *                 address, a value's bytes in hex, a __local size); what
 *                 the dispatcher gets (entry, kernel descriptor, kernarg
 *                 segment and packet addresses, LDS, registers); every
 *                 device buffer's address, size, pages and role
 *   code.hsaco    the code object
 *   bufN.bin      buffer N's bytes when the launch started
 *
 * The buffers are the whole device memory of the launch (the code object's
 * image, the kernarg segment and dispatch packet, the printf buffer and
 * the program's buffers), so a replay is exact. */
#ifndef VENTSIM_AMDLAUNCH_H
#define VENTSIM_AMDLAUNCH_H

#include <stddef.h>
#include <stdint.h>

#include "ventsim/amd_launch.h"
#include "ventsim/error.h"
#include "ventsim/sim.h"
#include "ventsim/testcase.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VS_AMDLAUNCH_FORMAT "ventsim-amd-launch"
#define VS_AMDLAUNCH_VERSION 1

enum { VS_AMDL_VALUE, VS_AMDL_BUFFER, VS_AMDL_LOCAL };

typedef struct vs_amdl_arg {
  int kind;                /* VS_AMDL_*                              */
  vs_addr addr;            /* buffer (0: NULL)                       */
  uint32_t local_size;     /* __local: bytes                         */
  uint8_t *bytes;          /* value: its bytes (malloc'ed)           */
  uint32_t size;
} vs_amdl_arg;

typedef struct vs_amdl_buffer {
  vs_addr base;
  uint64_t size;           /* bytes (bufN.bin)                       */
  uint64_t allocsize;      /* bytes mapped (whole pages)             */
  char role[16];           /* code, kernarg, printf, buffer          */
} vs_amdl_buffer;

typedef struct vs_amdlaunch {
  char *kernel;
  char target[16];         /* gfx900, gfx906                         */
  char *co_name;           /* the code object's name (for messages)  */
  uint8_t *code;           /* code.hsaco                             */
  size_t code_len;
  uint8_t sha256[32];      /* of code                                */
  vs_addr code_base;       /* where its image lies                   */
  unsigned work_dim;
  uint64_t global[3], local[3], offset[3];
  vs_amdl_arg *args;
  size_t nargs;
  vs_addr entry;
  vs_addr kd_addr, kernarg_addr, packet_addr, queue_addr;
  uint64_t dispatch_id;
  uint32_t dynamic_lds, lds_bytes, private_bytes, max_flat_wg_size;
  uint32_t vgprs, sgprs, wave_size;
  vs_addr printf_addr;     /* 0: none                                */
  uint32_t printf_size;
  vs_amdl_buffer *buf;
  size_t nbuf;
  uint8_t **data;          /* load: each buffer's bytes              */
} vs_amdlaunch;

/* Writes the directory dir (created, or a launch directory there is
 * replaced) for l, whose buffers' bytes are read from dev now. */
int vs_amdlaunch_save(vs_device *dev, const vs_amdlaunch *l, const char *dir, vs_error *err);
/* Reads a directory written by vs_amdlaunch_save; checks the format, the
 * version and the code object's SHA-256.  Errors name the file and field. */
int vs_amdlaunch_load(const char *dir, vs_amdlaunch *l, vs_error *err);
void vs_amdlaunch_free(vs_amdlaunch *l);
/* 1 if path is a directory holding a launch.json */
int vs_amdlaunch_is_dir(const char *path);
/* Maps the buffers that are not mapped yet and writes their bytes */
int vs_amdlaunch_install(vs_device *dev, const vs_amdlaunch *l, vs_error *err);
/* The vs_launch and its ABI block (the kernel descriptor read from dev) */
int vs_amdlaunch_make(vs_device *dev, const vs_amdlaunch *l, vs_amd_abi *abi, vs_launch *launch, vs_error *err);

#ifdef __cplusplus
}
#endif
#endif
