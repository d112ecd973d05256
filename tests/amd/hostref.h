/* Host reference models of the corpus's kernels: C functions that compute
 * what a case's launches must leave in its buffers, written from the
 * OpenCL C specification (not from any device's output).  A case names its
 * model in "reference"; hostref_*.c each export a table of them. */
#ifndef HOSTREF_H
#define HOSTREF_H

#include <stddef.h>
#include <stdint.h>

#include "tbackend.h"
#include "tcase.h"

typedef struct {
  const tc_case *c;
  void **bufs;            /* initial contents in, results out */
  char *out;              /* printf output */
  size_t out_len, out_cap;
  char *err;
  size_t errlen;
  int failed;
} hr_ctx;

typedef int (*hr_fn)(hr_ctx *x);
typedef struct {
  const char *name;
  hr_fn fn;
} hr_entry;

/* the buffer NAME, which must have type T (NULL and an error otherwise) */
void *hr_buf(hr_ctx *x, const char *name, tc_type t);
size_t hr_count(hr_ctx *x, const char *name);
/* scalar argument ARG of launch L: as a signed integer of its size, as a
 * float/double, or its bytes */
int64_t hr_arg_i(hr_ctx *x, size_t l, size_t arg);
double hr_arg_f(hr_ctx *x, size_t l, size_t arg);
const uint8_t *hr_arg_bytes(hr_ctx *x, size_t l, size_t arg, size_t *size);
/* -1 with a message */
int hr_fail(hr_ctx *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* appends to the printf output */
void hr_printf(hr_ctx *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* one work-item of an NDRange, with every work-item function's value */
typedef struct {
  unsigned dims;
  size_t gid[3], lid[3], grp[3];
  size_t gsize[3], lsize[3], enq_lsize[3], ngroups[3], offset[3];
  size_t glinear, llinear;
} hr_item;

/* calls FN for every work-item of launch L, work-group by work-group
 * (non-uniform last groups as OpenCL 2.0 defines them); stops at the first
 * non-zero return */
int hr_for_each_item(hr_ctx *x, size_t l, int (*fn)(hr_ctx *, const hr_item *, void *), void *arg);

/* float helpers: round a double to float / half with the host FPU */
static inline float hr_f(double d) { return (float)d; }

extern const hr_entry hostref_int[];
extern const hr_entry hostref_float[];
extern const hr_entry hostref_mem[];
extern const hr_entry hostref_apps[];
extern const hr_entry hostref_vec[];
extern const hr_entry hostref_atomics[];

#endif
