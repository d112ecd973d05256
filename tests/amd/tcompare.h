/* Comparison of two results of one case (tests/amd/README.md, "Rules"):
 * every output buffer by its per-element rules, the printf output as a
 * sorted multiset of lines, and the case's properties on each result. */
#ifndef TCOMPARE_H
#define TCOMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "tcase.h"
#include "tresult.h"

typedef struct {
  char what[96];        /* "buffer out", "printf", "property 0 (atomic_history)" */
  char rule[64];        /* "exact", "ulp<=4", "mixed" ... */
  size_t checked, failed;
  double worst_ulp;     /* largest ulp distance among floating-point elements (-1: none) */
  char detail[1024];    /* the first failures */
} tcmp_line;

typedef struct {
  tcmp_line *lines;
  size_t n, cap;
  int failed;
} tcmp_report;

/* Compares TEST against REF (both TR_OK) for case C; INPUTS are the
 * case's generated initial buffers.  Properties are checked on both. */
void tcmp_case(const tc_case *c, void *const *inputs, const tr_result *ref, const tr_result *test,
               tcmp_report *rep);
/* Checks only the properties of one result (for a single result). */
void tcmp_properties(const tc_case *c, void *const *inputs, const tr_result *r, const char *side,
                     tcmp_report *rep);
void tcmp_report_free(tcmp_report *rep);

/* distance in units in the last place between two values of a
 * floating-point type (0 for +0/-0; huge when signs differ) */
double tcmp_ulp_distance(tc_type t, uint64_t a, uint64_t b);

#endif
