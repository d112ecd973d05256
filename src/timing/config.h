/* Timing-model configuration: the parameters of params.def as a struct,
 * and the table describing them (names, types, defaults, ranges). */
#ifndef VS_TIMING_CONFIG_H
#define VS_TIMING_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ventsim/timing.h"

enum { VS_PT_NUM = 0, VS_PT_BOOL, VS_PT_ENUM };

/* Enumerated values */
enum { VS_SCHED_LRR = 0, VS_SCHED_GTO = 1, VS_SCHED_OLDEST = 2 };
enum { VS_WP_WRITE_BACK = 0, VS_WP_WRITE_THROUGH = 1 };

struct vs_timing_config {
#define P(id, sec, key, type, def, lo, hi, choices, desc) uint64_t id;
#include "timing/params.def"
#undef P
  FILE *report; /* summary of every run, or NULL (not a parameter) */
  /* a profile used instead of core.profile's (timing/profile.h; not a
   * parameter), or NULL */
  const struct vs_tprofile *profile;
};

typedef struct vs_param_desc {
  const char *section, *key;
  int type;
  uint64_t def, min, max;
  const char *choices; /* ENUM: "a|b|c" */
  const char *desc;
  size_t off;          /* offsetof(struct vs_timing_config, id) */
} vs_param_desc;

/* The parameter table, in params.def order */
const vs_param_desc *vs_tparams(size_t *n);
/* Parameter "section.key", or NULL */
const vs_param_desc *vs_tparam_find(const char *key);
/* Fills a configuration with the defaults (report = NULL). */
void vs_timing_config_defaults(struct vs_timing_config *c);

static inline uint64_t vs_tparam_value(const struct vs_timing_config *c, const vs_param_desc *p)
{
  return *(const uint64_t *)((const char *)c + p->off);
}

#endif
