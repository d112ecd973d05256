/* The Ventus GPGPU driver API, implemented by ventsim (libventsim).
 *
 * Same function names, argument lists and return conventions as the
 * THU-DSP-LAB driver header (ventus-driver/include/ventus.h), so host
 * software written for that driver -- e.g. the Ventus port of pocl --
 * builds and links against ventsim unchanged.  Plain C; usable from C++.
 *
 * Every function returns 0 on success and -1 on failure.  A failing call
 * never crashes and never changes device state half-way; the reason is in
 * vt_last_error() (thread-local) and, unless VENTSIM_QUIET is set, is also
 * written to stderr as "ventsim: <function>: <reason>".
 *
 * The model (docs/runtime.md has the details):
 *  - one handle = one simulated device with its own 32-bit memory image;
 *  - the program (vt_upload_kernel_file / _bytes) is loaded at its own
 *    addresses; every warp starts at 0x80000000 (VT_CAPS_KERNEL_BASE_ADDR);
 *  - vt_buf_alloc hands out page-aligned buffers from 0x90000000
 *    (VT_CAPS_ALLOC_BASE_ADDR);
 *  - vt_start runs a launch to completion before it returns (the launch
 *    record is vt_meta_data below; the kernel metadata buffer it points at
 *    is spec section 6.2); vt_ready_wait and vt_finish_all_kernel report on
 *    launches that already finished.
 * Which engine runs a launch and how is chosen with VENTSIM_* environment
 * variables or vt_ventsim_set() (ventsim/driver.h). */
#ifndef VENTSIM_VENTUS_H
#define VENTSIM_VENTUS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void *vt_device_h; /* an open device (from vt_dev_open)                */
typedef void *vt_buffer_h; /* declared for source compatibility; unused       */

/* vt_dev_caps ids (same values as the THU-DSP-LAB driver) */
#define VT_CAPS_VERSION          0x0 /* ventsim version, MAJOR*10000+MINOR*100+PATCH */
#define VT_CAPS_MAX_CORES        0x1 /* streaming multiprocessors (VENTSIM_CORES)     */
#define VT_CAPS_MAX_WARPS        0x2 /* warps per work-group (VENTSIM_WARPS)          */
#define VT_CAPS_MAX_THREADS      0x3 /* threads per warp (VENTSIM_WARP_THREADS)       */
#define VT_CAPS_CACHE_LINE_SIZE  0x4 /* bytes                                         */
#define VT_CAPS_LOCAL_MEM_SIZE   0x5 /* local memory per work-group (VENTSIM_LOCAL_MEM) */
#define VT_CAPS_ALLOC_BASE_ADDR  0x6 /* 0x90000000: first address vt_buf_alloc returns */
#define VT_CAPS_KERNEL_BASE_ADDR 0x7 /* 0x80000000: where every warp starts           */

#ifndef MAX_TIMEOUT
#define MAX_TIMEOUT (60 * 60 * 1000) /* 1 hour in ms, as in the original header */
#endif

/* The launch record vt_start reads: eleven fields of 64 bits (twelve words,
 * kernel_size has three), in this order -- the `meta_data` struct of the
 * THU-DSP-LAB driver and of the Ventus pocl port.  A longer record that
 * starts with these is fine: only the first 96 bytes are read.  These are also the fields of a .metadata
 * file after start_addr (spec section 8). */
typedef struct vt_meta_data {
  uint64_t kernel_id;        /* any number; reported by vt_finish_all_kernel  */
  uint64_t kernel_size[3];   /* work-groups per dimension (each >= 1)         */
  uint64_t wf_size;          /* threads per warp (1..VT_CAPS_MAX_THREADS)      */
  uint64_t wg_size;          /* warps per work-group (1..VT_CAPS_MAX_WARPS)    */
  uint64_t metaDataBaseAddr; /* the 64-byte kernel metadata buffer (CSR_KNL)  */
  uint64_t ldsSize;          /* local memory bytes per work-group             */
  uint64_t pdsSize;          /* private memory bytes per thread               */
  uint64_t sgprUsage;        /* scalar registers used (timing model only)     */
  uint64_t vgprUsage;        /* vector registers used (timing model only)     */
  uint64_t pdsBaseAddr;      /* private memory: pdsSize * wf_size * wg_size *
                                work-groups bytes from here                   */
} vt_meta_data;

/* Opens a new simulated device; its configuration comes from the VENTSIM_*
 * environment variables (a bad value makes the call fail).  Memory context
 * (task) 0 exists from the start. */
int vt_dev_open(vt_device_h *hdevice);
/* Closes the device (writes VENTSIM_STATS, closes VENTSIM_TRACE).  The
 * handle is invalid afterwards. */
int vt_dev_close(vt_device_h hdevice);
/* Device parameters.  hdevice may be NULL (or point at NULL): then the
 * values a device opened now would have (the Ventus pocl port asks before
 * opening a device).  Unknown ids fail. */
int vt_dev_caps(vt_device_h *hdevice, uint64_t caps_id, uint64_t *value);

/* Creates / deletes memory context (task) taskID (>= 0).  Deleting a task
 * frees its buffers.  Creating an existing task fails. */
int vt_root_mem_alloc(vt_device_h hdevice, int taskID);
int vt_root_mem_free(vt_device_h hdevice, int taskID);

/* Allocates size (> 0) bytes of device memory for task taskID and stores
 * its address in *vaddr.  Buffers start on a 4 KiB page; the allocator
 * bumps a pointer from 0x90000000 (freeing the highest buffer moves it
 * back; when the top of the address space is reached, freed gaps are
 * reused).  The memory reads as zero.  BUF_TYPE and kernelID are recorded
 * only. */
int vt_buf_alloc(vt_device_h hdevice, uint64_t size, uint64_t *vaddr, int BUF_TYPE,
                 uint64_t taskID, uint64_t kernelID);
/* Frees every buffer of the device (as the original driver does); size,
 * vaddr, taskID and kernelID are not used and may be 0 / NULL. */
int vt_buf_free(vt_device_h hdevice, uint64_t size, uint64_t *vaddr, uint64_t taskID,
                uint64_t kernelID);
/* Frees the buffer whose address vt_buf_alloc stored in *vaddr.  size must
 * be > 0 and at most the buffer's size.  Freeing twice fails. */
int vt_one_buf_free(vt_device_h hdevice, uint64_t size, uint64_t *vaddr, uint64_t taskID,
                    uint64_t kernelID);

/* Host <-> device copies.  [dev_vaddr, dev_vaddr + size) must lie inside
 * one allocated buffer or the uploaded program; size > 0; taskID must
 * exist. */
int vt_copy_to_dev(vt_device_h hdevice, uint64_t dev_vaddr, const void *src_addr, uint64_t size,
                   uint64_t taskID, uint64_t kernelID);
int vt_copy_from_dev(vt_device_h hdevice, uint64_t dev_vaddr, void *dst_addr, uint64_t size,
                     uint64_t taskID, uint64_t kernelID);

/* Runs one launch described by metaData (a vt_meta_data) to completion on
 * the uploaded program, starting every warp at 0x80000000.  The kernel
 * metadata buffer at metaDataBaseAddr (spec 6.2) must be in an allocated
 * buffer; if its KNL_PRINT_ADDR/KNL_PRINT_SIZE name a print buffer, that
 * buffer is drained to stdout (docs/print-buffer.md).  A kernel error
 * (spec section 7) makes it fail with the simulator's message. */
int vt_start(vt_device_h hdevice, void *metaData, uint64_t taskID);
/* Launches run synchronously, so there is nothing to wait for: returns 0,
 * or -1 (with the message again) if a launch since the previous
 * vt_ready_wait failed.  timeout is in milliseconds and is not used. */
int vt_ready_wait(vt_device_h hdevice, uint64_t timeout);

/* C form of vt_finish_all_kernel.  The original takes a C++
 * std::queue<int>*; C has no such type, so the ids are returned in a caller
 * array instead: up to `capacity` ids of finished launches (oldest first)
 * are moved into ids[] and `count` says how many; call again while count ==
 * capacity.  An id is VT_FINISHED_ID(taskID, kernel_id): as in the
 * original, the low 2 bits (log2 of its MAX_KERNEL = 4) are the kernel id,
 * the bits above the task (context) id.  C++ callers keep the original
 * form: this header adds an inline overload taking std::queue<int>*
 * (define VT_NO_STD_QUEUE to leave it out). */
typedef struct vt_kernel_list {
  int *ids;
  size_t capacity;
  size_t count;
} vt_kernel_list;
#define VT_FINISHED_ID(task, kernel) ((int)((((uint64_t)(task)) << 2) | ((uint64_t)(kernel) & 3u)))
int vt_finish_all_kernel(vt_device_h hdevice, vt_kernel_list *finished_kernel_list);

/* Uploads a program, replacing the previous one.  An ELF32 RISC-V
 * executable is loaded at the addresses of its PT_LOAD segments (which must
 * lie in [0x80000000, 0x90000000)); bytes that are not an ELF file are a
 * flat binary image placed at 0x80000000.  vt_upload_kernel_file also
 * accepts a .vmem file (hex words, $readmemh format) placed at 0x80000000.
 * taskID must be >= 0 and is not otherwise used. */
int vt_upload_kernel_bytes(vt_device_h device, const void *content, uint64_t size, int taskID);
int vt_upload_kernel_file(vt_device_h device, const char *filename, int taskID);

/* Writes the counters of the device's launches (the most recent ones one
 * per line, then totals; with VENTSIM_STATS also the full statistics) to
 * stream (NULL = stdout). */
int vt_dump_perf(vt_device_h device, FILE *stream);

/* The reason the calling thread's most recent vt_* (or ventsim launch
 * helper) call failed; "" after a call that succeeded.  Never NULL. */
const char *vt_last_error(void);

#ifdef __cplusplus
} /* extern "C" */

#ifndef VT_NO_STD_QUEUE
#include <queue>
/* The original C++ signature, built on the C form above. */
inline int vt_finish_all_kernel(vt_device_h hdevice, std::queue<int> *finished_kernel_list)
{
  if (finished_kernel_list == nullptr) /* fails with the reason in vt_last_error() */
    return vt_finish_all_kernel(hdevice, static_cast<vt_kernel_list *>(nullptr));
  int ids[64];
  for (;;) {
    vt_kernel_list l = {ids, 64, 0};
    if (vt_finish_all_kernel(hdevice, &l) != 0) return -1;
    for (size_t i = 0; i < l.count; i++) finished_kernel_list->push(ids[i]);
    if (l.count < 64) return 0;
  }
}
#endif
#endif

#endif
