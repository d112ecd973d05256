/* The kernel checker (docs/checker.md): out-of-bounds accesses, data
 * races, reads of uninitialised memory and barrier divergence, found while
 * kernels run on the functional engine, plus what an ISA front end checks
 * itself (AMD: hazards, missing waits).  A checker belongs to one device:
 * it sees the host's writes to it (they initialise memory) and every
 * launch run with its run options.  It never changes results. */
#ifndef VENTSIM_CHECK_H
#define VENTSIM_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "ventsim/error.h"
#include "ventsim/sim.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vs_checker vs_checker;

/* The checks by name, in the order of their numbers */
#define VS_CHECK_NAMES "bounds, races, races-same-value, uninit, barrier, hazards, waits"

/* Parses a --check list: NULL or "" is the default set (every check but
 * races-same-value), "all" every check, else names separated by commas.
 * *mask gets bit k for check k.  An unknown name is an error naming the
 * known ones. */
int vs_checker_parse(const char *list, unsigned *mask, vs_error *err);

/* A checker of the checks in mask for dev, watching the host's writes to
 * it from now on (create it before loading data).  Freed with
 * vs_checker_free, which stops the watching. */
int vs_checker_create(vs_checker **out, vs_device *dev, unsigned mask, vs_error *err);
void vs_checker_free(vs_checker *c);
/* Distinct findings printed at most (default VS_CHECK_DEFAULT_LIMIT; 0: no
 * limit); all are counted. */
#define VS_CHECK_DEFAULT_LIMIT 100u
void vs_checker_set_limit(vs_checker *c, uint64_t limit);
/* Makes launches run with these options checked (opt->check). */
void vs_checker_run_options(vs_checker *c, vs_run_options *opt);

/* Declares an allocation of `size` bytes at base, named `name` in
 * reports: the buffers of a launch file, vt_buf_alloc's buffers.  Mapped
 * memory is accessible by whole pages; an access to a page that holds
 * declared allocations must lie inside one of them (bounds).  A new
 * allocation replaces the ones it overlaps; vs_checker_release forgets the
 * one at base. */
int vs_checker_alloc(vs_checker *c, vs_addr base, uint64_t size, const char *name, vs_error *err);
void vs_checker_release(vs_checker *c, vs_addr base);

/* Distinct findings (by check and instruction pair) so far, and
 * occurrences in all */
uint64_t vs_checker_findings(const vs_checker *c);
uint64_t vs_checker_occurrences(const vs_checker *c);
/* Writes the findings (each once, with its count of repeats; up to the
 * limit) and a summary line per check. */
void vs_checker_print(const vs_checker *c, FILE *out);
/* The findings as a cJSON object (the "check" member of the --stats JSON,
 * docs/stats-format.md); NULL when out of memory. */
void *vs_checker_json(const vs_checker *c);

#ifdef __cplusplus
}
#endif
#endif
