/* Timing-model configuration: defaults, INI files (libinih), "key=value"
 * settings, consistency checks and the --dump writer, all driven by the
 * table in params.def. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <ini.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/util.h"
#include "timing/config.h"

static const vs_param_desc params[] = {
#define P(id, sec, key, type, def, lo, hi, choices, desc)                                    \
  {sec, key, VS_PT_##type, (uint64_t)(def), (uint64_t)(lo), (uint64_t)(hi), choices, desc,   \
   offsetof(struct vs_timing_config, id)},
#include "timing/params.def"
#undef P
};
#define NPARAMS (sizeof params / sizeof params[0])

const vs_param_desc *vs_tparams(size_t *n)
{
  *n = NPARAMS;
  return params;
}

static uint64_t *field(struct vs_timing_config *c, const vs_param_desc *p)
{
  return (uint64_t *)((char *)c + p->off);
}

static int key_matches(const vs_param_desc *p, const char *sec, size_t seclen, const char *key)
{
  return strlen(p->section) == seclen && strncmp(p->section, sec, seclen) == 0 &&
         strcmp(p->key, key) == 0;
}

const vs_param_desc *vs_tparam_find(const char *key)
{
  const char *dot = strchr(key, '.');
  if (!dot) return NULL;
  for (size_t i = 0; i < NPARAMS; i++)
    if (key_matches(&params[i], key, (size_t)(dot - key), dot + 1)) return &params[i];
  return NULL;
}

void vs_timing_config_defaults(struct vs_timing_config *c)
{
  memset(c, 0, sizeof *c);
  for (size_t i = 0; i < NPARAMS; i++) *field(c, &params[i]) = params[i].def;
}

int vs_timing_config_create(vs_timing_config **out, vs_error *err)
{
  *out = vs_calloc(1, sizeof **out, err);
  if (!*out) return -1;
  vs_timing_config_defaults(*out);
  return 0;
}

void vs_timing_config_free(vs_timing_config *c)
{
  free(c);
}

void vs_timing_config_copy(vs_timing_config *dst, const vs_timing_config *src)
{
  *dst = *src;
}

void vs_timing_config_set_report(vs_timing_config *c, FILE *out)
{
  c->report = out;
}

/* ---- values ---- */

/* The n-th name of "a|b|c" into buf */
static int choice_name(const char *choices, uint64_t n, char *buf, size_t len)
{
  const char *s = choices;
  for (uint64_t i = 0; i < n && s; i++) {
    s = strchr(s, '|');
    if (s) s++;
  }
  if (!s) return -1;
  const char *e = strchr(s, '|');
  size_t k = e ? (size_t)(e - s) : strlen(s);
  if (k >= len) k = len - 1;
  memcpy(buf, s, k);
  buf[k] = '\0';
  return 0;
}

static void choice_list(const char *choices, char *buf, size_t len)
{
  size_t n = 0;
  for (const char *s = choices; *s && n + 3 < len; s++) {
    if (*s == '|') {
      buf[n++] = ',';
      buf[n++] = ' ';
    } else {
      buf[n++] = *s;
    }
  }
  buf[n] = '\0';
}

static void format_value(const vs_param_desc *p, uint64_t v, char *buf, size_t len)
{
  if (p->type == VS_PT_ENUM && choice_name(p->choices, v, buf, len) == 0) return;
  snprintf(buf, len, "%" PRIu64, v);
}

static int parse_value(const vs_param_desc *p, const char *v, uint64_t *out, char *why,
                       size_t whylen)
{
  if (p->type == VS_PT_BOOL) {
    int b;
    if (vs_parse_bool(v, &b) == 0) *out = (uint64_t)b;
    else {
      snprintf(why, whylen, "'%s' is not a boolean (0/1, yes/no, true/false, on/off)", v);
      return -1;
    }
    return 0;
  }
  if (p->type == VS_PT_ENUM) {
    char name[64];
    for (uint64_t i = 0; choice_name(p->choices, i, name, sizeof name) == 0; i++)
      if (!strcmp(name, v)) {
        *out = i;
        return 0;
      }
    char list[96];
    choice_list(p->choices, list, sizeof list);
    snprintf(why, whylen, "'%.64s' is not one of: %s", v, list);
    return -1;
  }
  uint64_t x; /* decimal or 0x hex, optionally followed by K, M or G (x 1024^n) */
  if (vs_parse_size(v, &x)) {
    snprintf(why, whylen, "'%s' is not a number", v);
    return -1;
  }
  if (x < p->min || x > p->max) {
    snprintf(why, whylen, "%" PRIu64 " is outside %" PRIu64 "..%" PRIu64, x, p->min, p->max);
    return -1;
  }
  *out = x;
  return 0;
}

static void trim(char *s)
{
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
  size_t k = 0;
  while (s[k] && isspace((unsigned char)s[k])) k++;
  if (k) memmove(s, s + k, n - k + 1);
}

int vs_timing_config_set_kv(vs_timing_config *c, const char *key, const char *value,
                            vs_error *err)
{
  const vs_param_desc *p = key ? vs_tparam_find(key) : NULL;
  if (!p)
    return vs_error_set(err, VS_E_CONFIG,
                        "unknown timing parameter '%s' (keys are section.key; "
                        "'ventsim config --dump' lists them)", key ? key : "");
  char v[128];
  snprintf(v, sizeof v, "%s", value ? value : "");
  trim(v);
  char why[256];
  uint64_t x;
  if (parse_value(p, v, &x, why, sizeof why))
    return vs_error_set(err, VS_E_CONFIG, "%s.%s: %s", p->section, p->key, why);
  *field(c, p) = x;
  return 0;
}

int vs_timing_config_set(vs_timing_config *c, const char *assignment, vs_error *err)
{
  const char *eq = strchr(assignment, '=');
  if (!eq)
    return vs_error_set(err, VS_E_CONFIG, "'%s': expected section.key=value", assignment);
  char key[128];
  size_t n = (size_t)(eq - assignment);
  if (n >= sizeof key) n = sizeof key - 1;
  memcpy(key, assignment, n);
  key[n] = '\0';
  trim(key);
  return vs_timing_config_set_kv(c, key, eq + 1, err);
}

int vs_timing_config_get(const vs_timing_config *c, const char *key, char *buf, size_t len,
                         vs_error *err)
{
  const vs_param_desc *p = vs_tparam_find(key);
  if (!p) return vs_error_set(err, VS_E_CONFIG, "unknown timing parameter '%s'", key);
  format_value(p, vs_tparam_value(c, p), buf, len);
  return 0;
}

/* ---- INI files ---- */

typedef struct ini_ctx {
  vs_timing_config *c;
  char msg[512];
  int failed;
} ini_ctx;

static int ini_handler_fn(void *user, const char *section, const char *name, const char *value)
{
  ini_ctx *x = user;
  const vs_param_desc *p = NULL;
  int sec_known = 0;
  for (size_t i = 0; i < NPARAMS; i++) {
    if (strcmp(params[i].section, section) == 0) {
      sec_known = 1;
      if (strcmp(params[i].key, name) == 0) p = &params[i];
    }
  }
  if (!p) {
    if (!x->failed) {
      if (!sec_known && !*section)
        snprintf(x->msg, sizeof x->msg, "'%s' is outside a [section]", name);
      else if (!sec_known)
        snprintf(x->msg, sizeof x->msg, "unknown section [%s]", section);
      else
        snprintf(x->msg, sizeof x->msg, "unknown key '%s' in section [%s]", name, section);
    }
    x->failed = 1;
    return 0;
  }
  char why[256];
  uint64_t v;
  if (parse_value(p, value, &v, why, sizeof why)) {
    if (!x->failed) snprintf(x->msg, sizeof x->msg, "%s.%s: %s", p->section, p->key, why);
    x->failed = 1;
    return 0;
  }
  *field(x->c, p) = v;
  return 1;
}

static int ini_result(int rc, ini_ctx *x, const char *name, vs_error *err)
{
  if (rc == 0 && !x->failed) return 0;
  if (rc == -1) return vs_error_set(err, VS_E_IO, "%s: cannot open: %s", name, strerror(errno));
  if (rc == -2) return vs_error_set(err, VS_E_NOMEM, "%s: out of memory", name);
  if (x->failed)
    return vs_error_set(err, VS_E_CONFIG, "%s:%d: %s", name, rc > 0 ? rc : 0, x->msg);
  return vs_error_set(err, VS_E_CONFIG, "%s:%d: syntax error (expected [section] or key = value)",
                      name, rc);
}

/* inih reads lines into a 200-byte buffer and silently continues a longer
 * line as a new one (so the end of a long comment could set a parameter):
 * longer lines are rejected.  198 characters + the newline fit. */
#define VS_TCONFIG_MAX_LINE 198

/* Applies the file to a scratch copy so that a bad file leaves c untouched */
int vs_timing_config_load_string(vs_timing_config *c, const char *text, const char *name,
                                 vs_error *err)
{
  size_t line = 1, col = 0;
  for (const char *t = text; *t; t++) {
    if (*t == '\n') {
      line++;
      col = 0;
    } else if (++col > VS_TCONFIG_MAX_LINE) {
      return vs_error_set(err, VS_E_CONFIG, "%s:%zu: line longer than %d characters", name, line,
                          VS_TCONFIG_MAX_LINE);
    }
  }
  vs_timing_config tmp = *c;
  ini_ctx x = {&tmp, "", 0};
  int rc = ini_parse_string(text, ini_handler_fn, &x);
  if (ini_result(rc, &x, name, err)) return -1;
  *c = tmp;
  return 0;
}

int vs_timing_config_find(const char *path_or_name, char *buf, size_t len, vs_error *err)
{
  if (!path_or_name || !*path_or_name)
    return vs_error_set(err, VS_E_USAGE, "no configuration file given");
  if (vs_readable(path_or_name) || strchr(path_or_name, '/')) {
    snprintf(buf, len, "%s", path_or_name);
    return 0;
  }
  const char *ext = strlen(path_or_name) > 4 &&
                            strcmp(path_or_name + strlen(path_or_name) - 4, ".ini") == 0
                        ? ""
                        : ".ini";
  char rel[512];
  snprintf(rel, sizeof rel, "configs/%s%s", path_or_name, ext);
  if (vs_data_file(rel, buf, len) == 0) return 0;
  const char *install, *build;
  vs_data_dirs(&install, &build);
  return vs_error_set(err, VS_E_IO,
                      "configuration '%s' not found (not a file; no %s%s in the configs of "
                      "share/ventsim beside the executable, %s/configs or %s/configs)",
                      path_or_name, path_or_name, ext, install, build);
}

int vs_timing_config_load(vs_timing_config *c, const char *path_or_name, vs_error *err)
{
  char path[4096];
  if (vs_timing_config_find(path_or_name, path, sizeof path, err)) return -1;
  char *text = NULL;
  size_t n = 0;
  if (vs_read_file(path, 1u << 20, &text, &n, err)) return -1;
  int rc = vs_timing_config_load_string(c, text, path, err);
  free(text);
  return rc;
}

/* ---- consistency ---- */

static int pow2(uint64_t x)
{
  return x && !(x & (x - 1));
}

int vs_timing_config_check(const vs_timing_config *c, vs_error *err)
{
  static const struct { size_t off; const char *key; } p2[] = {
    {offsetof(struct vs_timing_config, ic_sets), "icache.sets"},
    {offsetof(struct vs_timing_config, ic_line), "icache.line"},
    {offsetof(struct vs_timing_config, dc_sets), "dcache.sets"},
    {offsetof(struct vs_timing_config, dc_line), "dcache.line"},
    {offsetof(struct vs_timing_config, l2_sets), "l2.sets"},
    {offsetof(struct vs_timing_config, l2_line), "l2.line"},
    {offsetof(struct vs_timing_config, l1_sets), "l1.sets"},
    {offsetof(struct vs_timing_config, l1_line), "l1.line"},
    {offsetof(struct vs_timing_config, mall_line), "mall.line"},
    {offsetof(struct vs_timing_config, kc_line), "kcache.line"},
    {offsetof(struct vs_timing_config, lds_bank_bytes), "lds.bank_bytes"},
    {offsetof(struct vs_timing_config, core_fetch_width), "core.fetch_width"},
  };
  for (size_t i = 0; i < sizeof p2 / sizeof p2[0]; i++) {
    uint64_t v = *(const uint64_t *)((const char *)c + p2[i].off);
    if (!pow2(v))
      return vs_error_set(err, VS_E_CONFIG, "%s: %" PRIu64 " is not a power of two", p2[i].key, v);
  }
  if (c->kc_sets && !pow2(c->kc_sets))
    return vs_error_set(err, VS_E_CONFIG, "kcache.sets: %" PRIu64 " is not a power of two", c->kc_sets);
  if (c->mall_sets && !pow2(c->mall_sets))
    return vs_error_set(err, VS_E_CONFIG, "mall.sets: %" PRIu64 " is not a power of two", c->mall_sets);
  if (c->core_fetch_width * 4 > c->ic_line)
    return vs_error_set(err, VS_E_CONFIG,
                        "core.fetch_width: %" PRIu64 " instructions (%" PRIu64 " bytes) do not fit "
                        "one I-cache line of %" PRIu64 " bytes (icache.line)",
                        c->core_fetch_width, c->core_fetch_width * 4, c->ic_line);
  if (c->core_issue_per_warp > c->core_issue_width * (c->core_split_issue ? 2 : 1))
    return vs_error_set(err, VS_E_CONFIG,
                        "core.issue_per_warp: %" PRIu64 " is more than the SM issues per cycle "
                        "(core.issue_width %" PRIu64 "%s)", c->core_issue_per_warp,
                        c->core_issue_width, c->core_split_issue ? " per port, 2 ports" : "");
  if (c->lsu_entries_per_warp > c->lsu_entries)
    return vs_error_set(err, VS_E_CONFIG,
                        "lsu.entries_per_warp: %" PRIu64 " is more than lsu.entries (%" PRIu64 ")",
                        c->lsu_entries_per_warp, c->lsu_entries);
  if (c->gpu_num_sms * c->gpu_wg_slots_per_sm > 4096)
    return vs_error_set(err, VS_E_CONFIG,
                        "gpu.num_sms * gpu.wg_slots_per_sm = %" PRIu64 " work-group slots: at most "
                        "4096 (each gets its own window of the 256 MiB local-memory range)",
                        c->gpu_num_sms * c->gpu_wg_slots_per_sm);
  if (c->gpu_num_sms % c->gpu_sms_per_wgp)
    return vs_error_set(err, VS_E_CONFIG,
                        "gpu.sms_per_wgp: %" PRIu64 " does not divide gpu.num_sms (%" PRIu64 ")",
                        c->gpu_sms_per_wgp, c->gpu_num_sms);
  if (c->gpu_vgprs_per_warp > c->gpu_vgprs_per_sm)
    return vs_error_set(err, VS_E_CONFIG,
                        "gpu.max_vgprs_per_warp: %" PRIu64 " is more than gpu.vgprs_per_sm (%" PRIu64 ")",
                        c->gpu_vgprs_per_warp, c->gpu_vgprs_per_sm);
  if (c->gpu_sgprs_per_warp > c->gpu_sgprs_per_sm)
    return vs_error_set(err, VS_E_CONFIG,
                        "gpu.max_sgprs_per_warp: %" PRIu64 " is more than gpu.sgprs_per_sm (%" PRIu64 ")",
                        c->gpu_sgprs_per_warp, c->gpu_sgprs_per_sm);
  return 0;
}

/* ---- dump ---- */

/* Writes text as "# " comment lines of at most ~96 columns (inih reads
 * lines of up to 200 characters). */
static void comment(FILE *out, const char *text)
{
  const char *s = text;
  while (*s) {
    size_t n = strlen(s);
    if (n > 94) {
      n = 94;
      while (n > 40 && s[n] != ' ') n--;
    }
    fprintf(out, "# %.*s\n", (int)n, s);
    s += n;
    while (*s == ' ') s++;
  }
}

int vs_timing_config_dump(const vs_timing_config *c, FILE *out)
{
  fprintf(out, "# ventsim timing-model configuration (docs/timing-model.md)\n"
               "# Load it with: ventsim run --timing --config FILE; override single values\n"
               "# with --set section.key=value.\n");
  const char *sec = "";
  for (size_t i = 0; i < NPARAMS; i++) {
    const vs_param_desc *p = &params[i];
    if (strcmp(sec, p->section)) {
      sec = p->section;
      fprintf(out, "\n[%s]\n", sec);
    }
    char text[512], val[64], rng[160];
    if (p->type == VS_PT_ENUM) {
      char list[96];
      choice_list(p->choices, list, sizeof list);
      snprintf(rng, sizeof rng, "one of: %s", list);
    } else if (p->type == VS_PT_BOOL) {
      snprintf(rng, sizeof rng, "0 or 1");
    } else {
      snprintf(rng, sizeof rng, "%" PRIu64 "..%" PRIu64, p->min, p->max);
    }
    format_value(p, p->def, val, sizeof val);
    snprintf(text, sizeof text, "%s.  Range: %s; default %s.", p->desc, rng, val);
    comment(out, text);
    format_value(p, vs_tparam_value(c, p), val, sizeof val);
    fprintf(out, "%s = %s\n", p->key, val);
  }
  return ferror(out) ? -1 : 0;
}
