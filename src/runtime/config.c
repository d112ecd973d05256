/* Settings of the driver: built-in defaults, then the VENTSIM_* environment
 * variables, then process-wide vt_ventsim_set(NULL, ...) calls; a device
 * copies them when it is opened and vt_ventsim_set(dev, ...) changes its
 * copy.  One parser serves environment and API (the key "threads" is the
 * variable VENTSIM_THREADS). */
#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runtime/rt.h"
#include "ventsim/check.h"

int rt_timing_available(void);

enum { K_STR, K_U32, K_U64, K_SIZE, K_MODE, K_QUIET, K_CHECK };

typedef struct key_info {
  const char *key;
  int kind;
  uint64_t lo, hi;       /* numeric range */
  size_t off;            /* offsetof in rt_config (not for K_QUIET) */
} key_info;

#define OFF(f) offsetof(rt_config, f)
static const key_info keys[] = {
  {"mode", K_MODE, 0, 0, OFF(mode)},
  {"config", K_STR, 0, 0, OFF(timing_config)},
  {"threads", K_U32, 1, 1024, OFF(host_threads)},
  {"max-instructions", K_U64, 0, UINT64_MAX / 2, OFF(max_instructions)},
  {"stats", K_STR, 0, 0, OFF(stats_path)},
  {"trace", K_STR, 0, 0, OFF(trace_path)},
  {"timeline", K_STR, 0, 0, OFF(timeline_path)},
  {"save-launches", K_STR, 0, 0, OFF(save_dir)},
  {"cores", K_U32, 1, 1024, OFF(cores)},
  {"warps", K_U32, 1, VS_VENTUS_MAX_WARPS, OFF(warps)},
  {"warp-threads", K_U32, 1, VS_VENTUS_MAX_THREADS, OFF(warp_threads)},
  {"local-mem", K_SIZE, 0, 16u << 20, OFF(local_mem)},
  {"print-buffer", K_SIZE, 8, 64u << 20, OFF(print_buffer)},
  {"quiet", K_QUIET, 0, 1, 0},
  {"check", K_CHECK, 0, 0, OFF(check)},
};
#define NKEYS (sizeof keys / sizeof keys[0])

static const key_info *find_key(const char *key)
{
  for (size_t i = 0; i < NKEYS; i++)
    if (strcmp(keys[i].key, key) == 0) return &keys[i];
  return NULL;
}

static void env_name(const char *key, char *buf, size_t len)
{
  size_t n = (size_t)snprintf(buf, len, "VENTSIM_");
  for (const char *k = key; *k && n + 1 < len; k++, n++)
    buf[n] = *k == '-' ? '_' : (char)(*k >= 'a' && *k <= 'z' ? *k - 'a' + 'A' : *k);
  buf[n < len ? n : len - 1] = '\0';
}

/* Numbers: decimal or 0x hex; sizes may end in K, M or G (powers of 1024). */
static int parse_num(const key_info *ki, const char *v, uint64_t *out)
{
  uint64_t x;
  if (ki->kind == K_SIZE ? vs_parse_size(v, &x) : vs_parse_u64(v, &x)) return -1;
  if (x < ki->lo || x > ki->hi) return -1;
  *out = x;
  return 0;
}

static atomic_int quiet_flag = -1; /* -1: not read from the environment yet */

/* vs_parse_bool, and the empty string is 0 */
static int parse_bool(const char *v, int *out)
{
  if (!*v) {
    *out = 0;
    return 0;
  }
  return vs_parse_bool(v, out);
}

int rt_quiet(void)
{
  int q = atomic_load(&quiet_flag);
  if (q < 0) {
    const char *e = getenv("VENTSIM_QUIET");
    int b = 0;
    if (e && parse_bool(e, &b)) b = 0;
    int expected = -1;
    atomic_compare_exchange_strong(&quiet_flag, &expected, b);
    q = atomic_load(&quiet_flag);
  }
  return q;
}

int rt_config_set(rt_config *c, const char *key, const char *value, vs_error *err)
{
  if (!key) return vs_error_set(err, VS_E_USAGE, "no key given");
  const key_info *ki = find_key(key);
  if (!ki) {
    char list[512];
    size_t n = 0;
    for (size_t i = 0; i < NKEYS; i++)
      n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", keys[i].key);
    return vs_error_set(err, VS_E_USAGE, "unknown setting '%s' (known: %s)", key, list);
  }
  if (!value) return vs_error_set(err, VS_E_USAGE, "%s: no value given", key);
  uint64_t x = 0;
  switch (ki->kind) {
  case K_MODE:
    if (!strcmp(value, "functional")) {
      c->mode = RT_MODE_FUNCTIONAL;
    } else if (!strcmp(value, "timing")) {
      if (!rt_timing_available())
        return vs_error_set(err, VS_E_CONFIG,
                            "mode 'timing': the timing model is not part of this ventsim build");
      c->mode = RT_MODE_TIMING;
    } else {
      return vs_error_set(err, VS_E_USAGE, "mode '%s': expected 'functional' or 'timing'", value);
    }
    return 0;
  case K_QUIET: {
    int b;
    if (parse_bool(value, &b)) return vs_error_set(err, VS_E_USAGE, "quiet '%s': expected 0 or 1", value);
    atomic_store(&quiet_flag, b);
    return 0;
  }
  case K_CHECK: { /* "" or 0: off; 1: the default checks; else a --check list */
    unsigned m = 0;
    if (!strcmp(value, "1")) value = "";
    else if (!*value || !strcmp(value, "0")) value = NULL;
    if (value && vs_checker_parse(value, &m, err)) return vs_error_prefix(err, "check");
    c->check = m;
    return 0;
  }
  case K_STR: {
    char *s = NULL;
    if (*value && !(s = vs_strdup(value, err))) return -1;
    char **slot = (char **)(void *)((char *)c + ki->off);
    free(*slot);
    *slot = s;
    return 0;
  }
  default:
    if (parse_num(ki, value, &x))
      return vs_error_set(err, VS_E_USAGE, "%s '%s': expected a number in %" PRIu64 "..%" PRIu64 "%s",
                          key, value, ki->lo, ki->hi, ki->kind == K_SIZE ? " (K, M, G suffixes allowed)" : "");
    if (ki->kind == K_U64) *(uint64_t *)(void *)((char *)c + ki->off) = x;
    else *(uint32_t *)(void *)((char *)c + ki->off) = (uint32_t)x;
    return 0;
  }
}

int rt_config_get(const rt_config *c, const char *key, char *buf, size_t len, vs_error *err)
{
  const key_info *ki = key ? find_key(key) : NULL;
  if (!ki) return vs_error_set(err, VS_E_USAGE, "unknown setting '%s'", key ? key : "(null)");
  if (!buf || len == 0) return vs_error_set(err, VS_E_USAGE, "no output buffer");
  int n;
  switch (ki->kind) {
  case K_MODE: n = snprintf(buf, len, "%s", c->mode == RT_MODE_TIMING ? "timing" : "functional"); break;
  case K_QUIET: n = snprintf(buf, len, "%d", rt_quiet()); break;
  case K_CHECK: { /* the names of the checks, as a --check list */
    static const char names[] = VS_CHECK_NAMES ",";
    n = 0;
    const char *p = names;
    for (unsigned k = 0; *p; k++) {
      const char *e = strchr(p, ',');
      if (c->check >> k & 1u && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, "%s%.*s", n ? "," : "", (int)(e - p), p);
      p = e + 1;
      while (*p == ' ') p++;
    }
    if (n == 0) n = snprintf(buf, len, "0");
    break;
  }
  case K_STR: {
    const char *s = *(char *const *)(const void *)((const char *)c + ki->off);
    n = snprintf(buf, len, "%s", s ? s : "");
    break;
  }
  case K_U64: n = snprintf(buf, len, "%" PRIu64, *(const uint64_t *)(const void *)((const char *)c + ki->off)); break;
  default: n = snprintf(buf, len, "%u", *(const uint32_t *)(const void *)((const char *)c + ki->off)); break;
  }
  if (n < 0 || (size_t)n >= len) return vs_error_set(err, VS_E_USAGE, "%s: output buffer of %zu bytes is too small", key, len);
  return 0;
}

static void config_builtin(rt_config *c)
{
  memset(c, 0, sizeof *c);
  c->mode = RT_MODE_FUNCTIONAL;
  c->host_threads = 1;
  c->cores = 2;
  c->warps = 8;
  c->warp_threads = 32;
  c->local_mem = 64u << 10;
  c->print_buffer = 1u << 20;
}

void rt_config_free(rt_config *c)
{
  free(c->timing_config);
  free(c->stats_path);
  free(c->trace_path);
  free(c->timeline_path);
  free(c->save_dir);
  c->timing_config = c->stats_path = c->trace_path = c->timeline_path = c->save_dir = NULL;
}

int rt_config_copy(rt_config *dst, const rt_config *src, vs_error *err)
{
  *dst = *src;
  dst->timing_config = dst->stats_path = dst->trace_path = dst->timeline_path = dst->save_dir = NULL;
  const char *const s[] = {src->timing_config, src->stats_path, src->trace_path, src->timeline_path,
                           src->save_dir};
  char **d[] = {&dst->timing_config, &dst->stats_path, &dst->trace_path, &dst->timeline_path,
                &dst->save_dir};
  for (size_t i = 0; i < sizeof s / sizeof s[0]; i++)
    if (s[i] && !(*d[i] = vs_strdup(s[i], err))) {
      rt_config_free(dst);
      return -1;
    }
  return 0;
}

/* Process-wide explicit settings, replayed over the environment. */
static pthread_mutex_t defaults_lock = PTHREAD_MUTEX_INITIALIZER;
static struct { char *key, *value; } *explicit_set;
static size_t nexplicit;

static int apply_env_and_explicit(rt_config *c, vs_error *err)
{
  for (size_t i = 0; i < NKEYS; i++) {
    if (keys[i].kind == K_QUIET) continue;
    char name[64];
    env_name(keys[i].key, name, sizeof name);
    const char *v = getenv(name);
    if (v && rt_config_set(c, keys[i].key, v, err)) return vs_error_prefix(err, "environment variable %s", name);
  }
  for (size_t i = 0; i < nexplicit; i++)
    if (rt_config_set(c, explicit_set[i].key, explicit_set[i].value, err)) return -1;
  return 0;
}

int rt_config_init(rt_config *c, vs_error *err)
{
  config_builtin(c);
  pthread_mutex_lock(&defaults_lock);
  int rc = apply_env_and_explicit(c, err);
  pthread_mutex_unlock(&defaults_lock);
  if (rc) rt_config_free(c);
  return rc;
}

int rt_defaults_set(const char *key, const char *value, vs_error *err)
{
  /* check the value on a scratch configuration first */
  rt_config scratch;
  config_builtin(&scratch);
  int rc = rt_config_set(&scratch, key, value, err);
  if (rc == 0) rc = rt_timing_check(&scratch, err); /* config: checked when set */
  rt_config_free(&scratch);
  if (rc) return -1;
  if (!strcmp(key, "quiet")) return 0; /* already applied, process-wide */
  pthread_mutex_lock(&defaults_lock);
  size_t i = 0;
  while (i < nexplicit && strcmp(explicit_set[i].key, key) != 0) i++;
  char *v = vs_strdup(value, err);
  if (!v) rc = -1;
  if (rc == 0 && i == nexplicit) {
    void *n = vs_realloc(explicit_set, (nexplicit + 1) * sizeof *explicit_set, err);
    char *k = n ? vs_strdup(key, err) : NULL;
    if (!n || !k) {
      if (n) explicit_set = n;
      free(v);
      rc = -1;
    } else {
      explicit_set = n;
      explicit_set[nexplicit].key = k;
      explicit_set[nexplicit].value = NULL;
      nexplicit++;
    }
  }
  if (rc == 0) {
    free(explicit_set[i].value);
    explicit_set[i].value = v;
  }
  pthread_mutex_unlock(&defaults_lock);
  return rc;
}

int rt_defaults_get(const char *key, char *buf, size_t len, vs_error *err)
{
  rt_config c;
  if (rt_config_init(&c, err)) return -1;
  int rc = rt_config_get(&c, key, buf, len, err);
  rt_config_free(&c);
  return rc;
}
