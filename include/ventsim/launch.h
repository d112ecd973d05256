/* The ventsim launch helper: load a program, find a kernel, set its
 * arguments and launch an NDRange -- a host program in a screenful.
 *
 *     vs_program *p = vs_program_load(NULL, "vecadd.elf");
 *     vs_addr a = vs_buffer_new(p, bytes, host_a), c = vs_buffer_new(p, bytes, NULL);
 *     vs_kernel *k = vs_kernel_get(p, "vecadd");
 *     vs_kernel_set_arg_buffer(k, 0, a);
 *     vs_kernel_set_arg_buffer(k, 1, c);
 *     vs_kernel_set_arg_u32(k, 2, n);
 *     size_t global = n, local = 64;
 *     if (vs_kernel_launch(k, 1, &global, &local, NULL)) puts(vt_last_error());
 *     vs_buffer_read(p, c, host_c, bytes);
 *     vs_program_free(p);
 *
 * Everything goes through the driver API (ventus.h) of the program's
 * device: buffers are vt_buf_alloc'ed, the program is uploaded with
 * vt_upload_kernel_bytes and launches are vt_start'ed, so both APIs see one
 * consistent device and everything the driver does (VENTSIM_* settings,
 * saving launches, draining the print buffer, vt_dump_perf) applies.
 *
 * Errors: functions return -1 (pointers: NULL, addresses: 0) and leave the
 * reason in vt_last_error(); it is also echoed to stderr unless quiet.
 *
 * How a launch maps to the Ventus launch ABI (spec section 6, and
 * docs/runtime.md): the argument buffer, the 64-byte kernel metadata buffer
 * and private memory are allocated per launch and freed after it; warps per
 * work-group = ceil(local size / threads per warp). */
#ifndef VENTSIM_LAUNCH_H
#define VENTSIM_LAUNCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ventus.h"
#include "ventsim/error.h"
#include "ventsim/sim.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vs_program vs_program;
typedef struct vs_kernel vs_kernel;

/* Limits of the helper (documented) */
#define VS_KERNEL_MAX_ARGS     128u  /* arguments per kernel                  */
#define VS_KERNEL_MAX_ARG_SIZE 1024u /* bytes of one by-value argument (Ventus; AMD: the code object says) */
#define VS_KERNEL_MAX_ARGBUF   65536u/* bytes of the whole argument buffer    */

/* Loads an ELF program (as written by `ventsim as` or the Ventus compiler)
 * onto dev, or onto a device of its own when dev is NULL (opened with
 * vt_dev_open, closed by vs_program_free).  Several programs may share a
 * device: each launch re-uploads its program if another one was uploaded
 * since. */
vs_program *vs_program_load(vt_device_h dev, const char *elf_path);
/* Same from memory; name is used in messages.  The bytes are copied. */
vs_program *vs_program_load_mem(vt_device_h dev, const void *elf, size_t len, const char *name);
/* Frees the program, its kernels, its print buffer and (if it opened it)
 * its device.  Buffers allocated with vs_buffer_new stay allocated on a
 * device that is not closed.  NULL is fine. */
void vs_program_free(vs_program *p);
vt_device_h vs_program_device(const vs_program *p);
/* Save every launch of this program as interchange files (.metadata/.data,
 * spec section 8) in dir before it runs (NULL: stop).  Same as the
 * save-launches setting of the driver, for this program only. */
int vs_program_set_save_dir(vs_program *p, const char *dir);

/* Device buffers of the program's device (task 0).  vs_buffer_new returns
 * the device address (never 0) and copies size bytes from init if it is not
 * NULL (else the buffer reads as zero); 0 on failure. */
vs_addr vs_buffer_new(vs_program *p, size_t size, const void *init);
int vs_buffer_write(vs_program *p, vs_addr addr, const void *src, size_t size);
int vs_buffer_read(vs_program *p, vs_addr addr, void *dst, size_t size);
int vs_buffer_free(vs_program *p, vs_addr addr);

/* The kernel whose entry is the program symbol `name` (a defined symbol
 * inside a loaded executable segment).  Kernels belong to the program; the
 * same name gives the same kernel (and its arguments). */
vs_kernel *vs_kernel_get(vs_program *p, const char *name);

/* Arguments, by index from 0 (OpenCL clSetKernelArg style).  The argument
 * buffer holds them in index order, each at an offset that is a multiple of
 * max(4, its size rounded up to a power of two); a buffer is its 4-byte
 * device address.  All indices below the highest one set must be set. */
int vs_kernel_set_arg(vs_kernel *k, unsigned index, size_t size, const void *value);
/* addr: 0 (a NULL pointer) or an address inside an allocated buffer */
int vs_kernel_set_arg_buffer(vs_kernel *k, unsigned index, vs_addr addr);
int vs_kernel_set_arg_u32(vs_kernel *k, unsigned index, uint32_t value);
int vs_kernel_set_arg_i32(vs_kernel *k, unsigned index, int32_t value);
int vs_kernel_set_arg_f32(vs_kernel *k, unsigned index, float value);
/* Local memory the kernel uses per work-group beyond the per-warp 1 KiB
 * stacks (the launch record's ldsSize; default 0; at most
 * VT_CAPS_LOCAL_MEM_SIZE). */
int vs_kernel_set_local_mem(vs_kernel *k, uint32_t bytes);
/* AMD: the size of a __local pointer argument's allocation (1..65536
 * bytes); the dispatcher places it above the kernel's static LDS. */
int vs_kernel_set_arg_local(vs_kernel *k, unsigned index, uint32_t bytes);
/* Private memory per thread (pdsSize; default 0 = none).  Kernels built by
 * the Ventus compiler keep their per-thread stack there (pocl uses 4096). */
int vs_kernel_set_private_mem(vs_kernel *k, uint32_t bytes_per_thread);

typedef struct vs_launch_opts {
  size_t global_offset[3]; /* KNL_GL_OFFSET_X/Y/Z (default 0)                   */
  unsigned warp_threads;   /* threads per warp; 0 = VT_CAPS_MAX_THREADS (32)     */
  uint64_t kernel_id;      /* kernel_id of the launch record                    */
  const char *save_dir;    /* save this launch there (overrides the program's
                              setting and VENTSIM_SAVE_LAUNCHES); NULL = those  */
  vs_run_result *result;   /* if not NULL: the launch's counters                */
} vs_launch_opts;

/* Launches a work_dim (1..3) NDRange of global[] work-items in work-groups
 * of local[] work-items (local == NULL: chosen for you) and waits for it.
 * Checks: every size >= 1 and < 2^32, local divides global, the product of
 * local <= VT_CAPS_MAX_WARPS * threads per warp, every argument set.
 * opt may be NULL. */
int vs_kernel_launch(vs_kernel *k, unsigned work_dim, const size_t *global, const size_t *local,
                     const vs_launch_opts *opt);

/* ---- the print buffer (docs/print-buffer.md) ----
 * Prints the complete records of the print buffer [addr, addr + size) of
 * dev that follow byte offset *cursor of its record area, and advances
 * *cursor.  With final != 0 it also reports what is left (a record that
 * was reserved but never completed, output dropped because the buffer was
 * full), clears the used part of the buffer, ready for the next launch, and
 * sets *cursor to the number of bytes it cleared (from addr).
 * Malformed contents (bad lengths, unreadable format strings ...) never
 * fail: they are reported as "[ventsim: print buffer: ...]" lines in the
 * output and the rest of the buffer is skipped.  Returns -1 only if the
 * buffer itself cannot be read (unmapped). */
int vs_print_drain(struct vs_device *dev, vs_addr addr, uint32_t size, uint32_t *cursor, int final,
                   FILE *out, vs_error *err);

/* A print buffer drained while a kernel runs (vs_print_hook's context) */
typedef struct vs_print_buffer {
  vs_addr addr;
  uint32_t size, cursor; /* cursor: 0 before the launch                   */
  FILE *out;             /* NULL: stdout                                   */
} vs_print_buffer;
/* A vs_run_options.on_print callback: ctx is a vs_print_buffer, drained
 * with vs_print_drain (not final).  -1 if the buffer cannot be read. */
int vs_print_hook(void *ctx, struct vs_device *dev, const vs_launch *l);

#ifdef __cplusplus
}
#endif
#endif
