/* The back ends of the case runner (oclrun): something that runs a case's
 * launches on its buffers.  One file per back end:
 *   tbackend_opencl.c  any OpenCL platform through the ICD loader (pocl,
 *                      later ventsim's own platform), from source;
 *   tbackend_host.c    the C reference models of hostref_*.c.
 * A back end that runs the precompiled code objects (ventsim's C API) is one
 * more file: it gets the code object's path in tb_job.co_path. */
#ifndef TBACKEND_H
#define TBACKEND_H

#include <stddef.h>

#include "tcase.h"

typedef struct {
  const tc_case *c;
  const tc_build *build;
  const char *source_path;  /* the OpenCL C file */
  const char *include_dir;  /* its directory (-I) */
  const char *cl_std;       /* e.g. "CL3.0", or NULL: the back end's default */
  const char *co_path;      /* the code object for --target/--level, or NULL */
  void **bufs;              /* c->nbufs host buffers: initial contents in, results out */
  char *printf_text;        /* out: everything the kernels printed (malloc'ed), or NULL */
  size_t printf_len;
} tb_job;

typedef struct {
  const char *name;
  const char *device_help;  /* what --device selects */
  /* DEVICE may be NULL.  Returns the back end's state, or NULL with ERR. */
  void *(*open)(const char *device, char *err, size_t errlen);
  /* a text naming the device (for the result directory) */
  const char *(*describe)(void *st);
  /* whether the device has the TC_REQ_* feature BIT */
  int (*supports)(void *st, unsigned bit);
  /* runs every launch of the case; 0, or -1 with ERR */
  int (*run)(void *st, tb_job *job, char *err, size_t errlen);
  void (*close)(void *st);
} tb_backend;

extern const tb_backend tb_backend_opencl;
extern const tb_backend tb_backend_host;
extern const tb_backend tb_backend_ventsim; /* tbackend_ventsim.c: ventsim's C API on code objects */

/* the NDRange of a launch as OpenCL defines it, for reference models */
typedef struct {
  unsigned dims;
  size_t global[3], local[3], offset[3];
  size_t groups[3];          /* ceil(global / local) */
} tb_ndrange;

void tb_ndrange_of(const tc_launch *l, tb_ndrange *nd);

#endif
