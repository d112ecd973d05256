/* The device-backend interface of the OpenCL platform (docs/opencl.md):
 * what the platform needs from a simulated device.  One backend per device
 * family: Ventus (backend_ventus.c, on the public runtime API) and AMD
 * (backend_amd.c: code objects through the AMD launch helper; gfx1100
 * refuses launches).  All device addresses are 64-bit. */
#ifndef VS_OPENCL_BACKEND_H
#define VS_OPENCL_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "ventsim/error.h"

/* A device's configuration file (share/ventsim/opencl/NAME.ini) */
typedef struct ocl_devconf {
  char name[128];          /* CL_DEVICE_NAME ("ventsim gfx900 ...")          */
  char target[32];         /* gfx900, gfx906, gfx1100, ventus                */
  char backend[16];        /* "amd" or "ventus"                              */
  char vendor[128];
  uint32_t vendor_id;
  char board[128];         /* what it simulates, for messages                */
  uint32_t compute_units;
  uint32_t clock_mhz;
  uint64_t global_mem, max_alloc, local_mem, constant_mem;
  uint32_t wavefront;      /* threads per wave / warp                        */
  uint32_t max_wg_size;    /* work-items per work-group                      */
  int wave64;              /* gfx10+: compile with -mwavefrontsize64          */
  int fp64, fp16;
  double transfer_gbps;    /* host <-> device copies, for profiling          */
  char extensions[1024];
  char timing_config[256]; /* a timing configuration (NAME or file), or ""  */
  char mode[16];           /* "functional" / "timing" / "" (environment)     */
  char path[512];          /* the file it came from                          */
} ocl_devconf;

/* Argument kinds */
enum { OCL_ARG_VALUE, OCL_ARG_BUFFER, OCL_ARG_LOCAL, OCL_ARG_SAMPLER, OCL_ARG_IMAGE, OCL_ARG_UNSUPPORTED };
/* Address qualifiers (as in CL_KERNEL_ARG_ADDRESS_*) */
enum { OCL_AQ_PRIVATE = 0x119e, OCL_AQ_GLOBAL = 0x119b, OCL_AQ_LOCAL = 0x119c, OCL_AQ_CONSTANT = 0x119d };

typedef struct ocl_arg_info {
  char *name;              /* or NULL                 */
  char *type_name;         /* or NULL                 */
  int kind;                /* OCL_ARG_*               */
  unsigned address;        /* OCL_AQ_*                */
  unsigned type_qual;      /* CL_KERNEL_ARG_TYPE_*    */
  uint32_t size;           /* by value: its size; pointers: the device pointer size */
} ocl_arg_info;

typedef struct ocl_kernel_info {
  char *name;
  char *attributes;        /* CL_KERNEL_ATTRIBUTES    */
  int args_known;          /* 0: no metadata; arguments are taken as they come */
  unsigned nargs;
  ocl_arg_info *args;
  uint64_t max_wg_size;
  uint64_t reqd_wg[3];     /* 0 0 0: none             */
  uint64_t local_mem;      /* static local memory     */
  uint64_t private_mem;    /* per work-item           */
  uint64_t pref_multiple;  /* wave size               */
} ocl_kernel_info;

/* A loaded program: its kernels (owned by the backend) */
typedef struct ocl_bprog {
  ocl_kernel_info *kernels;
  size_t nkernels;
  void *impl;
} ocl_bprog;

typedef struct ocl_launch_arg {
  int kind;                /* OCL_ARG_*                                  */
  uint64_t addr;           /* buffer: device address (0 = NULL)          */
  uint64_t local_size;     /* local: bytes                               */
  const void *value;       /* by value: bytes                            */
  uint32_t size;
} ocl_launch_arg;

typedef struct ocl_launch {
  const ocl_kernel_info *kernel;
  unsigned work_dim;
  uint64_t global[3], local[3], offset[3]; /* uniform or with a partial last group */
  const ocl_launch_arg *args;
  unsigned nargs;
} ocl_launch;

typedef struct ocl_launch_result {
  uint64_t cycles;         /* simulated cycles (timing mode), else 0 */
  uint64_t warp_insns;
  int timing;              /* 1: ran on the timing model            */
} ocl_launch_result;

/* Build results (source -> binary) */
typedef struct ocl_build {
  uint8_t *binary;         /* malloc'ed; NULL on failure */
  size_t len;
  char *log;               /* malloc'ed, never NULL      */
  int status;              /* enum vs_cl_status          */
  unsigned cl_std;         /* -cl-std in the options (0: none) */
  int uniform_wg;          /* -cl-uniform-work-group-size */
} ocl_build;

typedef struct ocl_bdev ocl_bdev; /* an opened device of a backend */

typedef struct ocl_backend {
  const char *name;
  /* Fills what the configuration leaves to the backend (limits from the
   * runtime's settings); no device is opened. */
  int (*describe)(ocl_devconf *c, vs_error *err);
  int (*open)(const ocl_devconf *c, ocl_bdev **out, vs_error *err);
  void (*close)(ocl_bdev *d);
  int (*mem_alloc)(ocl_bdev *d, uint64_t size, uint64_t *addr, vs_error *err);
  void (*mem_free)(ocl_bdev *d, uint64_t addr);
  int (*mem_write)(ocl_bdev *d, uint64_t addr, const void *src, uint64_t len, vs_error *err);
  int (*mem_read)(ocl_bdev *d, uint64_t addr, void *dst, uint64_t len, vs_error *err);
  /* Compiles source; b is always filled */
  int (*build)(const ocl_devconf *c, const char *src, size_t len, const char *options, ocl_build *b, vs_error *err);
  /* Whether bytes are a binary for this device (0), else -1 with the reason */
  int (*check_binary)(const ocl_devconf *c, const uint8_t *bin, size_t len, vs_error *err);
  int (*load)(ocl_bdev *d, const uint8_t *bin, size_t len, ocl_bprog **out, vs_error *err);
  void (*unload)(ocl_bdev *d, ocl_bprog *p);
  /* Runs a launch to completion.  A kernel fault: -1 with VS_E_KERNEL. */
  int (*launch)(ocl_bdev *d, ocl_bprog *p, const ocl_launch *l, ocl_launch_result *r, vs_error *err);
  int nonuniform;          /* partial last work-groups are possible */
  /* NULL when the device runs kernels, else why not (launches are refused
   * with CL_INVALID_OPERATION and this message); NULL pointer: runs all */
  const char *(*refuses)(const ocl_devconf *c);
} ocl_backend;

extern const ocl_backend ocl_backend_ventus;
extern const ocl_backend ocl_backend_amd;

void ocl_kernel_info_free(ocl_kernel_info *k);
/* Size and alignment of an OpenCL C type name ("float4", "uint", "int*");
 * pointer_size for pointers.  0 if unknown. */
uint32_t ocl_type_size(const char *type_name, uint32_t pointer_size);

#endif
