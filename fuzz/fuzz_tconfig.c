/* Fuzz harness: the timing-model configuration parser (src/timing/config.c).
 *
 * Input: INI text, then optionally a NUL byte and "section.key=value"
 * override lines (one per line).  The INI text goes through
 * vs_timing_config_load_string, each override through vs_timing_config_set;
 * then the configuration is checked, every parameter read back with
 * vs_timing_config_get, and a dump is loaded again and must give the same
 * values (when it differs from the defaults). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "timing/config.h"
#include "ventsim/timing.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const uint8_t *nul = memchr(data, 0, size);
  size_t ilen = nul ? (size_t)(nul - data) : size;
  char *ini = malloc(ilen + 1);
  if (!ini) return 0;
  memcpy(ini, data, ilen);
  ini[ilen] = 0;
  vs_timing_config *c = NULL;
  vs_error err;
  if (vs_timing_config_create(&c, &err)) {
    free(ini);
    return 0;
  }
  if (vs_timing_config_load_string(c, ini, "fuzz.ini", &err) == 0) {
    /* inih would split longer lines: they must be rejected (docs/fuzzing.md) */
    size_t col = 0;
    for (const char *t = ini; *t; t++)
      if (*t == '\n') col = 0;
      else if (++col > 198) abort();
  }
  free(ini);
  if (nul) {
    const char *p = (const char *)nul + 1, *end = (const char *)data + size;
    while (p < end) {
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
      char *line = malloc(l + 1);
      if (!line) break;
      memcpy(line, p, l);
      line[l] = 0;
      vs_timing_config_set(c, line, &err);
      /* also the split form */
      char *eq = strchr(line, '=');
      if (eq) {
        *eq = 0;
        vs_timing_config_set_kv(c, line, eq + 1, &err);
      }
      free(line);
      p += l + 1;
    }
  }
  vs_timing_config_check(c, &err);
  size_t n;
  const vs_param_desc *pd = vs_tparams(&n);
  char val[128];
  for (size_t i = 0; i < n; i++) {
    char key[128];
    snprintf(key, sizeof key, "%s.%s", pd[i].section, pd[i].key);
    if (vs_timing_config_get(c, key, val, sizeof val, &err)) abort();
    uint64_t v = vs_tparam_value(c, &pd[i]);
    if (v < pd[i].min || v > pd[i].max) abort(); /* every value is range-checked when set */
  }
  /* dump -> load round trip, when something differs from the defaults */
  int changed = 0;
  for (size_t i = 0; i < n; i++) changed |= vs_tparam_value(c, &pd[i]) != pd[i].def;
  char *dump = NULL;
  size_t dlen = 0;
  FILE *f = changed ? open_memstream(&dump, &dlen) : NULL;
  if (f) {
    vs_timing_config_dump(c, f);
    fclose(f);
    vs_timing_config *c2 = NULL;
    if (dump && vs_timing_config_create(&c2, &err) == 0) {
      if (vs_timing_config_load_string(c2, dump, "dump.ini", &err)) {
        fprintf(stderr, "fuzz_tconfig: dump does not load back: %s\n", err.msg);
        abort();
      }
      for (size_t i = 0; i < n; i++)
        if (vs_tparam_value(c, &pd[i]) != vs_tparam_value(c2, &pd[i])) {
          fprintf(stderr, "fuzz_tconfig: %s.%s changed in the dump round trip\n", pd[i].section,
                  pd[i].key);
          abort();
        }
      vs_timing_config_free(c2);
    }
    free(dump);
  }
  vs_timing_config_free(c);
  return 0;
}
