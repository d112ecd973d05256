/* Test cases of the AMD corpus: JSON parsing (cJSON), input generators,
 * builds.txt.  The format is described in tests/amd/README.md. */
#include "tcase.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

/* ---- types ------------------------------------------------------------ */

static const struct { const char *name; size_t size; int fl, sg; } types[TC_NTYPES] = {
  [TC_CHAR] = {"char", 1, 0, 1},   [TC_UCHAR] = {"uchar", 1, 0, 0},
  [TC_SHORT] = {"short", 2, 0, 1}, [TC_USHORT] = {"ushort", 2, 0, 0},
  [TC_INT] = {"int", 4, 0, 1},     [TC_UINT] = {"uint", 4, 0, 0},
  [TC_LONG] = {"long", 8, 0, 1},   [TC_ULONG] = {"ulong", 8, 0, 0},
  [TC_HALF] = {"half", 2, 1, 1},   [TC_FLOAT] = {"float", 4, 1, 1},
  [TC_DOUBLE] = {"double", 8, 1, 1},
};

size_t tc_type_size(tc_type t) { return types[t].size; }
const char *tc_type_name(tc_type t) { return types[t].name; }
int tc_type_is_float(tc_type t) { return types[t].fl; }
int tc_type_is_signed(tc_type t) { return types[t].sg; }

int tc_type_parse(const char *s, unsigned *lanes)
{
  for (int t = 0; t < TC_NTYPES; t++) {
    size_t n = strlen(types[t].name);
    if (strncmp(s, types[t].name, n) != 0) continue;
    const char *r = s + n;
    if (!*r) {
      if (lanes) *lanes = 1;
      return t;
    }
    if (!lanes) continue;
    static const char *vec[] = {"2", "3", "4", "8", "16"};
    static const unsigned vn[] = {2, 3, 4, 8, 16};
    for (int k = 0; k < 5; k++)
      if (strcmp(r, vec[k]) == 0) {
        *lanes = vn[k];
        return t;
      }
  }
  return -1;
}

/* ---- half precision ---------------------------------------------------- */

float tc_half_to_float(uint16_t h)
{
  int s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
  float v;
  if (e == 0) v = ldexpf((float)m, -24);
  else if (e == 31) v = m ? NAN : INFINITY;
  else v = ldexpf((float)(m | 1024), e - 25);
  return s ? -v : v;
}

uint16_t tc_double_to_half(double d)
{
  uint16_t s = signbit(d) ? 0x8000 : 0;
  if (isnan(d)) return 0x7e00 | s;
  d = fabs(d);
  if (d >= 65520.0) return s | 0x7c00; /* rounds to infinity */
  if (d == 0) return s;
  int e;
  frexp(d, &e);                        /* d = f * 2^e, f in [0.5, 1) */
  int q = e - 1 < -14 ? -24 : e - 11;  /* the spacing of halfs near d: 2^q */
  double v = ldexp(nearbyint(ldexp(d, -q)), q); /* round to nearest even */
  if (v < 0x1p-14) return s | (uint16_t)ldexp(v, 24); /* subnormal (or zero) */
  frexp(v, &e);
  int m = (int)ldexp(v, 11 - e) - 1024; /* 10-bit fraction */
  return s | (uint16_t)((e - 1 + 15) << 10) | (uint16_t)m;
}

uint16_t tc_float_to_half(float f) { return tc_double_to_half((double)f); }

/* ---- element access ---------------------------------------------------- */

uint64_t tc_get_bits(const void *data, tc_type t, size_t i)
{
  const uint8_t *p = (const uint8_t *)data + i * types[t].size;
  uint64_t v = 0;
  memcpy(&v, p, types[t].size); /* little-endian host */
  return v;
}

void tc_set_bits(void *data, tc_type t, size_t i, uint64_t bits)
{
  memcpy((uint8_t *)data + i * types[t].size, &bits, types[t].size);
}

int64_t tc_get_i(const void *data, tc_type t, size_t i)
{
  uint64_t b = tc_get_bits(data, t, i);
  switch (t) {
  case TC_CHAR: return (int8_t)b;
  case TC_SHORT: return (int16_t)b;
  case TC_INT: return (int32_t)b;
  case TC_LONG: return (int64_t)b;
  default: return (int64_t)b;
  }
}

double tc_get_f(const void *data, tc_type t, size_t i)
{
  uint64_t b = tc_get_bits(data, t, i);
  if (t == TC_HALF) return tc_half_to_float((uint16_t)b);
  if (t == TC_FLOAT) {
    float f;
    uint32_t w = (uint32_t)b;
    memcpy(&f, &w, 4);
    return f;
  }
  if (t == TC_DOUBLE) {
    double d;
    memcpy(&d, &b, 8);
    return d;
  }
  if (types[t].sg) return (double)tc_get_i(data, t, i);
  return (double)b;
}

/* ---- generators -------------------------------------------------------- */

uint64_t tc_xorshift64s(uint64_t *s)
{
  uint64_t x = *s;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *s = x;
  return x * 0x2545F4914F6CDD1DULL;
}

static uint64_t float_bits(double v, tc_type t)
{
  if (t == TC_HALF) return tc_double_to_half(v);
  if (t == TC_FLOAT) {
    float f = (float)v;
    uint32_t w;
    memcpy(&w, &f, 4);
    return w;
  }
  uint64_t b;
  memcpy(&b, &v, 8);
  return b;
}

/* edge values per type, used first when `specials` is set */
static const double fspecials[] = {
  0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 3.0, 0.1, -0.1, 1e-3, 100.0, 65504.0, -65504.0,
  INFINITY, -INFINITY, NAN, 1.5, -2.5, 0.75,
};
static const double f32_extra[] = { 0x1p-149, -0x1p-149, 0x1p-126, 0x1.fffffcp-127, 0x1.fffffep127,
                                    -0x1.fffffep127, 0x1p-130, 1e-40, 16777216.0, 16777217.0 };
static const double f64_extra[] = { 0x1p-1074, -0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp1023,
                                    -0x1.fffffffffffffp1023, 0x1p-1030, 9007199254740993.0, 1e-310 };
static const int64_t ispecials[] = { 0, 1, -1, 2, -2, 7, -7, 0x7f, -0x80, 0xff, 0x7fff, -0x8000,
                                     0xffff, INT32_MAX, INT32_MIN, 0xffffffffLL, INT64_MAX, INT64_MIN };

static size_t nspecials(tc_type t)
{
  size_t n = types[t].fl ? sizeof fspecials / sizeof fspecials[0] : sizeof ispecials / sizeof ispecials[0];
  if (t == TC_FLOAT) n += sizeof f32_extra / sizeof f32_extra[0];
  if (t == TC_DOUBLE) n += sizeof f64_extra / sizeof f64_extra[0];
  return n;
}

static uint64_t special(tc_type t, size_t i)
{
  if (types[t].fl) {
    size_t nf = sizeof fspecials / sizeof fspecials[0];
    double v = i < nf ? fspecials[i] : t == TC_FLOAT ? f32_extra[i - nf] : f64_extra[i - nf];
    return float_bits(v, t);
  }
  uint64_t b = (uint64_t)ispecials[i];
  if (types[t].size < 8) b &= (1ULL << (8 * types[t].size)) - 1;
  return b;
}

static uint64_t mask_bits(tc_type t, uint64_t b)
{
  if (types[t].size < 8) b &= (1ULL << (8 * types[t].size)) - 1;
  return b;
}

static uint64_t gen_one(const tc_gen *g, tc_type t, uint64_t *st, size_t i)
{
  int fl = types[t].fl;
  switch (g->kind) {
  case TC_GEN_ZEROS: return 0;
  case TC_GEN_CONST:
    return fl ? float_bits(g->fval, t) : mask_bits(t, (uint64_t)g->ival);
  case TC_GEN_IOTA:
    return fl ? float_bits(g->fval + (double)i * g->fstep, t)
              : mask_bits(t, (uint64_t)g->ival + (uint64_t)i * (uint64_t)g->istep);
  case TC_GEN_VALUES:
    return g->nvalues ? g->values[i % g->nvalues] : 0;
  case TC_GEN_BITS:
    return mask_bits(t, tc_xorshift64s(st));
  case TC_GEN_RANDOM: {
    uint64_t r = tc_xorshift64s(st);
    if (fl) {
      double u = (double)(r >> 11) * 0x1p-53;
      double v = g->fmin + u * (g->fmax - g->fmin);
      if (g->quantum > 0) v = floor(v / g->quantum) * g->quantum;
      return float_bits(v, t);
    }
    if (g->use_umax) {
      uint64_t lo = (uint64_t)g->imin, span = g->umax - lo;
      return mask_bits(t, span == UINT64_MAX ? r : lo + r % (span + 1));
    }
    uint64_t span = (uint64_t)g->imax - (uint64_t)g->imin;
    return mask_bits(t, span == UINT64_MAX ? r : (uint64_t)g->imin + r % (span + 1));
  }
  case TC_GEN_LOG: {
    uint64_t r = tc_xorshift64s(st);
    double u = (double)(r >> 11) * 0x1p-53;
    double v = exp(log(g->fmin) + u * (log(g->fmax) - log(g->fmin)));
    if (g->signs && (r & 1)) v = -v;
    return float_bits(v, t);
  }
  }
  return 0;
}

uint64_t tc_gen_element(const tc_gen *g, tc_type t, size_t i)
{
  /* sequential generators: replay the stream up to i (used for small
   * property operands only) */
  uint64_t st = g->seed ? g->seed : 0x9E3779B97F4A7C15ULL;
  size_t ns = g->specials ? nspecials(t) : 0;
  if (i < ns) return special(t, i);
  uint64_t v = 0;
  for (size_t k = ns; k <= i; k++) v = gen_one(g, t, &st, k);
  return v;
}

void tc_generate(const tc_buffer *b, void *data)
{
  const tc_gen *g = &b->init;
  uint64_t st = g->seed ? g->seed : 0x9E3779B97F4A7C15ULL;
  size_t ns = g->specials ? nspecials(b->type) : 0;
  if (g->kind == TC_GEN_ZEROS) {
    memset(data, 0, b->count * types[b->type].size);
    return;
  }
  for (size_t i = 0; i < b->count; i++)
    tc_set_bits(data, b->type, i, i < ns ? special(b->type, i) : gen_one(g, b->type, &st, i));
}

/* ---- JSON helpers ------------------------------------------------------ */

typedef struct {
  const char *file;
  char *err;
  size_t errlen;
} ctx;

static int fail(ctx *x, const char *fmt, ...)
{
  size_t n = (size_t)snprintf(x->err, x->errlen, "%s: ", x->file);
  if (n < x->errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->err + n, x->errlen - n, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static char *xstrdup(const char *s)
{
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

/* a number, or a string holding a decimal/hex integer or a float
 * (strtod syntax: "inf", "nan", "0x1p-3") */
static int num_i64(ctx *x, const cJSON *j, const char *what, int64_t *out, uint64_t *uout, int *is_u)
{
  if (is_u) *is_u = 0;
  if (cJSON_IsNumber(j)) {
    double d = j->valuedouble;
    if (d != floor(d) || fabs(d) > 0x1p53)
      return fail(x, "%s: %g is not an integer that a JSON number holds exactly (use a string)", what, d);
    *out = (int64_t)d;
    if (uout) *uout = (uint64_t)*out;
    return 0;
  }
  if (cJSON_IsString(j)) {
    const char *s = j->valuestring;
    char *end;
    errno = 0;
    if (s[0] == '-') {
      long long v = strtoll(s, &end, 0);
      if (errno || *end || end == s) return fail(x, "%s: '%s' is not an integer", what, s);
      *out = v;
      if (uout) *uout = (uint64_t)v;
    } else {
      unsigned long long v = strtoull(s, &end, 0);
      if (errno || *end || end == s) return fail(x, "%s: '%s' is not an integer", what, s);
      *out = (int64_t)v;
      if (uout) *uout = v;
      if (is_u && v > INT64_MAX) *is_u = 1;
    }
    return 0;
  }
  return fail(x, "%s: expected an integer", what);
}

static int num_f(ctx *x, const cJSON *j, const char *what, double *out)
{
  if (cJSON_IsNumber(j)) {
    *out = j->valuedouble;
    return 0;
  }
  if (cJSON_IsString(j)) {
    char *end;
    *out = strtod(j->valuestring, &end);
    if (end == j->valuestring || *end) return fail(x, "%s: '%s' is not a number", what, j->valuestring);
    return 0;
  }
  return fail(x, "%s: expected a number", what);
}

/* raw bits of a value of type T from a JSON number or string */
static int value_bits(ctx *x, const cJSON *j, tc_type t, const char *what, uint64_t *bits)
{
  if (types[t].fl) {
    double d;
    if (num_f(x, j, what, &d)) return -1;
    *bits = float_bits(d, t);
    return 0;
  }
  int64_t v;
  uint64_t u;
  if (num_i64(x, j, what, &v, &u, NULL)) return -1;
  *bits = mask_bits(t, u);
  return 0;
}

static const cJSON *get(const cJSON *o, const char *key)
{
  return cJSON_GetObjectItemCaseSensitive(o, key);
}

/* rejects keys outside ALLOWED (NULL-terminated) */
static int check_keys(ctx *x, const cJSON *o, const char *what, const char *const *allowed)
{
  for (const cJSON *k = o->child; k; k = k->next) {
    int ok = 0;
    for (const char *const *a = allowed; *a; a++)
      if (strcmp(k->string, *a) == 0) ok = 1;
    if (!ok) return fail(x, "%s: unknown key '%s'", what, k->string);
  }
  return 0;
}

static int parse_gen(ctx *x, const cJSON *j, tc_type t, const char *what, tc_gen *g)
{
  memset(g, 0, sizeof *g);
  int fl = types[t].fl;
  if (cJSON_IsString(j) && strcmp(j->valuestring, "zeros") == 0) {
    g->kind = TC_GEN_ZEROS;
    return 0;
  }
  if (!cJSON_IsObject(j))
    return fail(x, "%s: a generator is \"zeros\" or an object ({\"const\"|\"iota\"|\"random\"|\"log\"|\"bits\"|\"values\": ...})", what);
  const cJSON *v;
  if ((v = get(j, "const"))) {
    static const char *const k[] = {"const", NULL};
    if (check_keys(x, j, what, k)) return -1;
    g->kind = TC_GEN_CONST;
    if (fl) return num_f(x, v, what, &g->fval);
    return num_i64(x, v, what, &g->ival, NULL, NULL);
  }
  if ((v = get(j, "iota"))) {
    static const char *const k[] = {"iota", "step", NULL};
    if (check_keys(x, j, what, k)) return -1;
    g->kind = TC_GEN_IOTA;
    const cJSON *s = get(j, "step");
    if (fl) {
      g->fstep = 1;
      return num_f(x, v, what, &g->fval) || (s && num_f(x, s, what, &g->fstep)) ? -1 : 0;
    }
    g->istep = 1;
    return num_i64(x, v, what, &g->ival, NULL, NULL) || (s && num_i64(x, s, what, &g->istep, NULL, NULL))
           ? -1 : 0;
  }
  if ((v = get(j, "random"))) {
    static const char *const k[] = {"random", "min", "max", "quantum", "specials", NULL};
    if (check_keys(x, j, what, k)) return -1;
    g->kind = TC_GEN_RANDOM;
    int64_t seed;
    uint64_t useed;
    if (num_i64(x, v, what, &seed, &useed, NULL)) return -1;
    g->seed = useed;
    const cJSON *mn = get(j, "min"), *mx = get(j, "max"), *q = get(j, "quantum");
    g->specials = cJSON_IsTrue(get(j, "specials"));
    if (fl) {
      g->fmin = -1;
      g->fmax = 1;
      if ((mn && num_f(x, mn, what, &g->fmin)) || (mx && num_f(x, mx, what, &g->fmax)) ||
          (q && num_f(x, q, what, &g->quantum)))
        return -1;
      if (!(g->fmin <= g->fmax)) return fail(x, "%s: min > max", what);
      return 0;
    }
    /* integers: default range = the whole type */
    size_t sz = types[t].size;
    if (types[t].sg) {
      g->imin = sz == 8 ? INT64_MIN : -(INT64_C(1) << (8 * sz - 1));
      g->imax = sz == 8 ? INT64_MAX : (INT64_C(1) << (8 * sz - 1)) - 1;
    } else {
      g->imin = 0;
      g->use_umax = 1;
      g->umax = sz == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * sz)) - 1;
    }
    if (mn && num_i64(x, mn, what, &g->imin, NULL, NULL)) return -1;
    if (mx) {
      int64_t iv;
      uint64_t uv;
      int isu;
      if (num_i64(x, mx, what, &iv, &uv, &isu)) return -1;
      if (types[t].sg) g->imax = iv, g->use_umax = 0;
      else g->umax = uv, g->use_umax = 1;
    }
    if (types[t].sg ? g->imin > g->imax : (uint64_t)g->imin > g->umax)
      return fail(x, "%s: min > max", what);
    if (q) return fail(x, "%s: quantum applies to floating-point buffers only", what);
    return 0;
  }
  if ((v = get(j, "log"))) {
    static const char *const k[] = {"log", "min", "max", "signs", "specials", NULL};
    if (check_keys(x, j, what, k)) return -1;
    if (!fl) return fail(x, "%s: log applies to floating-point buffers only", what);
    g->kind = TC_GEN_LOG;
    int64_t seed;
    uint64_t useed;
    if (num_i64(x, v, what, &seed, &useed, NULL)) return -1;
    g->seed = useed;
    g->fmin = 1e-3;
    g->fmax = 1e3;
    const cJSON *mn = get(j, "min"), *mx = get(j, "max");
    if ((mn && num_f(x, mn, what, &g->fmin)) || (mx && num_f(x, mx, what, &g->fmax))) return -1;
    if (!(g->fmin > 0 && g->fmin <= g->fmax)) return fail(x, "%s: log needs 0 < min <= max", what);
    g->signs = cJSON_IsTrue(get(j, "signs"));
    g->specials = cJSON_IsTrue(get(j, "specials"));
    return 0;
  }
  if ((v = get(j, "bits"))) {
    static const char *const k[] = {"bits", "specials", NULL};
    if (check_keys(x, j, what, k)) return -1;
    g->kind = TC_GEN_BITS;
    int64_t seed;
    uint64_t useed;
    if (num_i64(x, v, what, &seed, &useed, NULL)) return -1;
    g->seed = useed;
    g->specials = cJSON_IsTrue(get(j, "specials"));
    return 0;
  }
  if ((v = get(j, "values"))) {
    static const char *const k[] = {"values", NULL};
    if (check_keys(x, j, what, k)) return -1;
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) == 0)
      return fail(x, "%s: values must be a non-empty array", what);
    g->kind = TC_GEN_VALUES;
    g->nvalues = (size_t)cJSON_GetArraySize(v);
    g->values = calloc(g->nvalues, sizeof *g->values);
    if (!g->values) return fail(x, "out of memory");
    size_t i = 0;
    for (const cJSON *e = v->child; e; e = e->next, i++)
      if (value_bits(x, e, t, what, &g->values[i])) return -1;
    return 0;
  }
  return fail(x, "%s: unknown generator (const, iota, random, log, bits, values or \"zeros\")", what);
}

static int parse_rule(ctx *x, tc_case *c, const cJSON *j, const char *what, tc_rule *r)
{
  memset(r, 0, sizeof *r);
  if (cJSON_IsString(j)) {
    if (strcmp(j->valuestring, "exact") == 0) r->kind = TC_RULE_EXACT;
    else if (strcmp(j->valuestring, "bits") == 0) r->kind = TC_RULE_BITS;
    else if (strcmp(j->valuestring, "ignore") == 0) r->kind = TC_RULE_IGNORE;
    else return fail(x, "%s: unknown rule '%s' (exact, bits, ignore, {\"ulp\": N}, {\"rel\": R, \"abs\": A}, "
                     "{\"contract\": [a, b, c]})",
                     what, j->valuestring);
    return 0;
  }
  const cJSON *v;
  if (cJSON_IsObject(j) && (v = get(j, "ulp"))) {
    static const char *const k[] = {"ulp", "why", NULL};
    if (check_keys(x, j, what, k)) return -1;
    r->kind = TC_RULE_ULP;
    if (num_f(x, v, what, &r->ulp)) return -1;
    if (!(r->ulp >= 0)) return fail(x, "%s: ulp must be >= 0", what);
    return 0;
  }
  if (cJSON_IsObject(j) && (get(j, "rel") || get(j, "abs"))) {
    static const char *const k[] = {"rel", "abs", "why", NULL};
    if (check_keys(x, j, what, k)) return -1;
    r->kind = TC_RULE_REL;
    const cJSON *re = get(j, "rel"), *ab = get(j, "abs");
    if ((re && num_f(x, re, what, &r->rel)) || (ab && num_f(x, ab, what, &r->abs))) return -1;
    if (!(r->rel >= 0 && r->abs >= 0)) return fail(x, "%s: rel and abs must be >= 0", what);
    return 0;
  }
  if (cJSON_IsObject(j) && (v = get(j, "contract"))) {
    static const char *const k[] = {"contract", "why", NULL};
    if (check_keys(x, j, what, k)) return -1;
    r->kind = TC_RULE_CONTRACT;
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 3)
      return fail(x, "%s: contract needs [a, b, c] (buffer names or numbers) for a*b+c", what);
    int i = 0;
    for (const cJSON *e = v->child; e; e = e->next, i++) {
      if (cJSON_IsString(e) && (r->op[i].buf = tc_buffer_index(c, e->valuestring)) >= 0) continue;
      r->op[i].buf = -1;
      if (num_f(x, e, what, &r->op[i].value))
        return fail(x, "%s: contract operand %d is neither a buffer declared before this one nor a number",
                    what, i);
    }
    return 0;
  }
  return fail(x, "%s: a rule is \"exact\", \"bits\", \"ignore\", {\"ulp\": N}, {\"rel\": R, \"abs\": A} or "
                 "{\"contract\": [a, b, c]}", what);
}

int tc_buffer_index(const tc_case *c, const char *name)
{
  for (size_t i = 0; i < c->nbufs; i++)
    if (c->bufs[i].name && strcmp(c->bufs[i].name, name) == 0) return (int)i;
  return -1;
}

static int parse_count(ctx *x, const cJSON *j, const char *what, size_t *out, size_t max)
{
  int64_t v;
  if (num_i64(x, j, what, &v, NULL, NULL)) return -1;
  if (v < 0 || (uint64_t)v > max) return fail(x, "%s: %" PRId64 " is out of range (0..%zu)", what, v, max);
  *out = (size_t)v;
  return 0;
}

static int parse_buffer(ctx *x, tc_case *c, const cJSON *j, size_t idx)
{
  char what[96];
  snprintf(what, sizeof what, "buffers[%zu]", idx);
  static const char *const k[] = {"name", "type", "count", "init", "compare", "why", NULL};
  if (!cJSON_IsObject(j)) return fail(x, "%s: expected an object", what);
  if (check_keys(x, j, what, k)) return -1;
  tc_buffer *b = &c->bufs[idx];
  const cJSON *name = get(j, "name"), *type = get(j, "type"), *count = get(j, "count");
  if (!cJSON_IsString(name) || !name->valuestring[0]) return fail(x, "%s: needs a \"name\"", what);
  if (tc_buffer_index(c, name->valuestring) >= 0)
    return fail(x, "%s: buffer '%s' declared twice", what, name->valuestring);
  snprintf(what, sizeof what, "buffer '%s'", name->valuestring);
  int t;
  if (!cJSON_IsString(type) || (t = tc_type_parse(type->valuestring, NULL)) < 0)
    return fail(x, "%s: \"type\" must be one of char uchar short ushort int uint long ulong half float double",
                what);
  b->type = (tc_type)t;
  if (!count) return fail(x, "%s: needs a \"count\" (elements)", what);
  if (parse_count(x, count, what, &b->count, (size_t)1 << 28)) return -1;
  if (b->count == 0) return fail(x, "%s: count must be at least 1", what);
  const cJSON *init = get(j, "init");
  if (init) {
    if (parse_gen(x, init, b->type, what, &b->init)) return -1;
  } else {
    b->init.kind = TC_GEN_ZEROS;
  }
  /* the name goes in last: contract operands may name only earlier buffers */
  const cJSON *cmp = get(j, "compare");
  if (cmp) {
    b->output = 1;
    if (cJSON_IsArray(cmp)) {
      b->nrules = (size_t)cJSON_GetArraySize(cmp);
      if (!b->nrules) return fail(x, "%s: empty compare list", what);
    } else {
      b->nrules = 1;
    }
    b->rules = calloc(b->nrules, sizeof *b->rules);
    if (!b->rules) return fail(x, "out of memory");
    if (cJSON_IsArray(cmp)) {
      size_t i = 0;
      for (const cJSON *e = cmp->child; e; e = e->next, i++) {
        char w2[128];
        snprintf(w2, sizeof w2, "%s compare[%zu]", what, i);
        if (parse_rule(x, c, e, w2, &b->rules[i])) return -1;
      }
    } else if (parse_rule(x, c, cmp, what, &b->rules[0])) {
      return -1;
    }
    for (size_t i = 0; i < b->nrules; i++)
      if ((b->rules[i].kind == TC_RULE_ULP || b->rules[i].kind == TC_RULE_CONTRACT ||
           b->rules[i].kind == TC_RULE_REL) && !types[b->type].fl)
        return fail(x, "%s: ulp, rel and contract rules apply to floating-point buffers only", what);
  }
  b->name = xstrdup(name->valuestring);
  return b->name ? 0 : fail(x, "out of memory");
}

/* natural alignment layout of a struct argument: fields in order */
static int scalar_bytes(ctx *x, const cJSON *j, const char *what, uint8_t *buf, size_t cap,
                        size_t *size, size_t *align);

static int struct_bytes(ctx *x, const cJSON *arr, const char *what, uint8_t *buf, size_t cap,
                        size_t *size, size_t *align)
{
  size_t off = 0, al = 1;
  if (!cJSON_IsArray(arr) || !cJSON_GetArraySize(arr))
    return fail(x, "%s: a struct is a non-empty array of fields", what);
  for (const cJSON *f = arr->child; f; f = f->next) {
    uint8_t tmp[TC_MAX_SCALAR];
    size_t fs, fa;
    if (scalar_bytes(x, f, what, tmp, sizeof tmp, &fs, &fa)) return -1;
    off = (off + fa - 1) / fa * fa;
    if (off + fs > cap) return fail(x, "%s: struct larger than %d bytes", what, TC_MAX_SCALAR);
    memcpy(buf + off, tmp, fs);
    off += fs;
    if (fa > al) al = fa;
  }
  off = (off + al - 1) / al * al;
  if (off > cap) return fail(x, "%s: struct larger than %d bytes", what, TC_MAX_SCALAR);
  *size = off;
  *align = al;
  return 0;
}

/* {"int": 5}, {"float4": [1, 2, 3, 4]}, {"struct": [...]} */
static int scalar_bytes(ctx *x, const cJSON *j, const char *what, uint8_t *buf, size_t cap,
                        size_t *size, size_t *align)
{
  if (!cJSON_IsObject(j) || !j->child || j->child->next)
    return fail(x, "%s: a scalar is an object with one key: a type ({\"int\": 5}, {\"float4\": [...]}, "
                   "{\"struct\": [...]})", what);
  const cJSON *v = j->child;
  memset(buf, 0, cap);
  if (strcmp(v->string, "struct") == 0) return struct_bytes(x, v, what, buf, cap, size, align);
  unsigned lanes;
  int t = tc_type_parse(v->string, &lanes);
  if (t < 0) return fail(x, "%s: unknown scalar type '%s'", what, v->string);
  size_t es = types[t].size;
  size_t stor = lanes == 3 ? 4 : lanes; /* a 3-vector is stored as a 4-vector */
  *size = es * stor;
  *align = *size;
  if (*size > cap) return fail(x, "%s: too large", what);
  if (lanes == 1) {
    if (cJSON_IsArray(v)) return fail(x, "%s: '%s' is a scalar, not a vector", what, v->string);
    uint64_t bits;
    if (value_bits(x, v, (tc_type)t, what, &bits)) return -1;
    memcpy(buf, &bits, es);
    return 0;
  }
  if (!cJSON_IsArray(v) || (unsigned)cJSON_GetArraySize(v) != lanes)
    return fail(x, "%s: '%s' needs an array of %u values", what, v->string, lanes);
  unsigned i = 0;
  for (const cJSON *e = v->child; e; e = e->next, i++) {
    uint64_t bits;
    if (value_bits(x, e, (tc_type)t, what, &bits)) return -1;
    memcpy(buf + i * es, &bits, es);
  }
  return 0;
}

static int parse_sizes(ctx *x, const cJSON *j, const char *what, unsigned dims, size_t *out, int allow_zero)
{
  if (!cJSON_IsArray(j) || (unsigned)cJSON_GetArraySize(j) != dims)
    return fail(x, "%s: expected an array of %u sizes (one per dimension)", what, dims);
  unsigned d = 0;
  for (const cJSON *e = j->child; e; e = e->next, d++) {
    if (parse_count(x, e, what, &out[d], (size_t)1 << 30)) return -1;
    if (!allow_zero && out[d] == 0) return fail(x, "%s: sizes must be at least 1", what);
  }
  return 0;
}

static int parse_launch(ctx *x, tc_case *c, const cJSON *j, size_t idx)
{
  char what[64];
  snprintf(what, sizeof what, "launches[%zu]", idx);
  static const char *const k[] = {"kernel", "global", "local", "offset", "args", "repeat", "why", NULL};
  if (!cJSON_IsObject(j)) return fail(x, "%s: expected an object", what);
  if (check_keys(x, j, what, k)) return -1;
  tc_launch *l = &c->launches[idx];
  const cJSON *kn = get(j, "kernel"), *gl = get(j, "global"), *lo = get(j, "local"),
              *of = get(j, "offset"), *args = get(j, "args"), *rep = get(j, "repeat");
  if (!cJSON_IsString(kn) || !kn->valuestring[0]) return fail(x, "%s: needs a \"kernel\" name", what);
  if (!(l->kernel = xstrdup(kn->valuestring))) return fail(x, "out of memory");
  if (!cJSON_IsArray(gl) || cJSON_GetArraySize(gl) < 1 || cJSON_GetArraySize(gl) > 3)
    return fail(x, "%s: \"global\" must be an array of 1 to 3 sizes", what);
  l->dims = (unsigned)cJSON_GetArraySize(gl);
  for (int d = 0; d < 3; d++) l->global[d] = l->local[d] = 1, l->offset[d] = 0;
  if (parse_sizes(x, gl, what, l->dims, l->global, 0)) return -1;
  if (!lo || cJSON_IsNull(lo)) l->local_null = 1;
  else if (parse_sizes(x, lo, what, l->dims, l->local, 0)) return -1;
  if (of && parse_sizes(x, of, what, l->dims, l->offset, 1)) return -1;
  l->repeat = 1;
  if (rep) {
    size_t r;
    if (parse_count(x, rep, what, &r, 100000) || r == 0) return fail(x, "%s: repeat must be 1..100000", what);
    l->repeat = (unsigned)r;
  }
  if (!cJSON_IsArray(args)) return fail(x, "%s: needs \"args\" (an array)", what);
  l->nargs = (size_t)cJSON_GetArraySize(args);
  l->args = calloc(l->nargs ? l->nargs : 1, sizeof *l->args);
  if (!l->args) return fail(x, "out of memory");
  size_t i = 0;
  for (const cJSON *a = args->child; a; a = a->next, i++) {
    char w2[96];
    snprintf(w2, sizeof w2, "%s args[%zu]", what, i);
    tc_arg *ar = &l->args[i];
    if (cJSON_IsString(a)) {
      ar->kind = TC_ARG_BUFFER;
      if ((ar->buf = tc_buffer_index(c, a->valuestring)) < 0)
        return fail(x, "%s: no buffer named '%s'", w2, a->valuestring);
      continue;
    }
    const cJSON *v;
    if (cJSON_IsObject(a) && (v = get(a, "local")) && !a->child->next) {
      ar->kind = TC_ARG_LOCAL;
      if (parse_count(x, v, w2, &ar->size, (size_t)1 << 24) || ar->size == 0)
        return fail(x, "%s: local needs a size in bytes (at least 1)", w2);
      continue;
    }
    if (cJSON_IsObject(a) && (v = get(a, "iter")) && !a->child->next) {
      ar->kind = TC_ARG_ITER;
      ar->size = 4;
      if (num_i64(x, v, w2, &ar->iter_add, NULL, NULL)) return -1;
      continue;
    }
    ar->kind = TC_ARG_SCALAR;
    uint8_t tmp[TC_MAX_SCALAR];
    size_t al;
    if (scalar_bytes(x, a, w2, tmp, sizeof tmp, &ar->size, &al)) return -1;
    if (!(ar->bytes = malloc(ar->size))) return fail(x, "out of memory");
    memcpy(ar->bytes, tmp, ar->size);
  }
  return 0;
}

static int buf_ref(ctx *x, tc_case *c, const cJSON *j, const char *what, const char *key, int *out, int need)
{
  const cJSON *v = get(j, key);
  *out = -1;
  if (!v) return need ? fail(x, "%s: needs \"%s\" (a buffer name)", what, key) : 0;
  if (!cJSON_IsString(v) || (*out = tc_buffer_index(c, v->valuestring)) < 0)
    return fail(x, "%s: \"%s\" must name a buffer", what, key);
  return 0;
}

static const char *const aop_names[] = {
  [TC_AOP_ADD] = "add", [TC_AOP_SUB] = "sub", [TC_AOP_XCHG] = "xchg", [TC_AOP_MIN] = "min",
  [TC_AOP_MAX] = "max", [TC_AOP_AND] = "and", [TC_AOP_OR] = "or", [TC_AOP_XOR] = "xor",
  [TC_AOP_INC] = "inc", [TC_AOP_DEC] = "dec", [TC_AOP_CMPXCHG] = "cmpxchg", [TC_AOP_FADD] = "fadd",
  [TC_AOP_FMIN] = "fmin", [TC_AOP_FMAX] = "fmax",
};

static int parse_prop(ctx *x, tc_case *c, const cJSON *j, size_t idx)
{
  char what[64];
  snprintf(what, sizeof what, "properties[%zu]", idx);
  tc_prop *p = &c->props[idx];
  memset(p, 0, sizeof *p);
  if (!cJSON_IsObject(j)) return fail(x, "%s: expected an object", what);
  const cJSON *v;
  if ((v = get(j, "permutation"))) {
    static const char *const k[] = {"permutation", "start", "why", NULL};
    if (check_keys(x, j, what, k)) return -1;
    p->kind = TC_PROP_PERMUTATION;
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) < 1 || cJSON_GetArraySize(v) > 3)
      return fail(x, "%s: permutation needs an array of 1 to 3 buffer names", what);
    int i = 0;
    for (const cJSON *e = v->child; e; e = e->next, i++)
      if (!cJSON_IsString(e) || (p->bufs[i] = tc_buffer_index(c, e->valuestring)) < 0)
        return fail(x, "%s: permutation names an unknown buffer", what);
    p->bufs[i] = -1;
    const cJSON *s = get(j, "start");
    return s ? num_i64(x, s, what, &p->start, NULL, NULL) : 0;
  }
  if ((v = get(j, "sorted"))) {
    static const char *const k[] = {"sorted", "segment", "why", NULL};
    if (check_keys(x, j, what, k)) return -1;
    p->kind = TC_PROP_SORTED;
    if (!cJSON_IsString(v) || (p->buf = tc_buffer_index(c, v->valuestring)) < 0)
      return fail(x, "%s: sorted names an unknown buffer", what);
    const cJSON *s = get(j, "segment");
    return s ? parse_count(x, s, what, &p->segment, (size_t)1 << 28) : 0;
  }
  if ((v = get(j, "subgroups"))) {
    static const char *const k[] = {"subgroups", "stride", "why", NULL};
    if (check_keys(x, j, what, k)) return -1;
    p->kind = TC_PROP_SUBGROUPS;
    if (!cJSON_IsString(v) || (p->buf = tc_buffer_index(c, v->valuestring)) < 0 ||
        (c->bufs[p->buf].type != TC_INT && c->bufs[p->buf].type != TC_UINT))
      return fail(x, "%s: subgroups names the int buffer of records", what);
    const cJSON *s = get(j, "stride");
    if (!s || parse_count(x, s, what, &p->stride, 4096) || p->stride < 24)
      return fail(x, "%s: subgroups needs the record \"stride\" (at least 24 ints)", what);
    return 0;
  }
  if ((v = get(j, "atomic_history"))) {
    static const char *const k[] = {"atomic_history", "old", "old_stride", "old_offset", "cells", "count",
                                    "cell_base", "cell_div", "cell_mod", "cell_stride", "operand", "expected",
                                    "why", NULL};
    if (check_keys(x, j, what, k)) return -1;
    p->kind = TC_PROP_ATOMIC_HISTORY;
    int op = -1;
    for (int i = 0; i <= TC_AOP_FMAX; i++)
      if (cJSON_IsString(v) && strcmp(v->valuestring, aop_names[i]) == 0) op = i;
    if (op < 0)
      return fail(x, "%s: unknown atomic op (add sub xchg min max and or xor inc dec cmpxchg fadd fmin fmax)", what);
    p->op = (tc_atomic_op)op;
    if (buf_ref(x, c, j, what, "old", &p->old_buf, 1) || buf_ref(x, c, j, what, "cells", &p->cell_buf, 1))
      return -1;
    if (c->bufs[p->old_buf].type != c->bufs[p->cell_buf].type)
      return fail(x, "%s: old and cells buffers must have the same type", what);
    const cJSON *n = get(j, "count"), *os = get(j, "old_stride"), *oo = get(j, "old_offset");
    p->old_stride = 1;
    if ((os && parse_count(x, os, what, &p->old_stride, (size_t)1 << 20)) ||
        (oo && parse_count(x, oo, what, &p->old_offset, (size_t)1 << 20)))
      return -1;
    if (p->old_stride == 0 || p->old_offset >= p->old_stride)
      return fail(x, "%s: old_stride must be >= 1 and old_offset below it", what);
    p->count = (c->bufs[p->old_buf].count - p->old_offset + p->old_stride - 1) / p->old_stride;
    if (n && parse_count(x, n, what, &p->count, p->count)) return -1;
    p->cell_div = 1;
    p->cell_mod = 1;
    p->cell_stride = 1;
    const cJSON *cb = get(j, "cell_base"), *cd = get(j, "cell_div"), *cm = get(j, "cell_mod"),
                *cs = get(j, "cell_stride");
    if ((cb && parse_count(x, cb, what, &p->cell_base, (size_t)1 << 28)) ||
        (cd && parse_count(x, cd, what, &p->cell_div, (size_t)1 << 28)) ||
        (cm && parse_count(x, cm, what, &p->cell_mod, (size_t)1 << 28)) ||
        (cs && parse_count(x, cs, what, &p->cell_stride, (size_t)1 << 28)))
      return -1;
    if (!p->cell_div || !p->cell_mod ||
        p->cell_base + (p->cell_mod - 1) * p->cell_stride >= c->bufs[p->cell_buf].count)
      return fail(x, "%s: cell_div and cell_mod must be >= 1 and every cell inside the cells buffer", what);
    tc_type t = c->bufs[p->old_buf].type;
    const cJSON *o = get(j, "operand");
    p->operand_buf = p->expected_buf = -1;
    if (p->op != TC_AOP_INC && p->op != TC_AOP_DEC) {
      if (!o) return fail(x, "%s: needs \"operand\" (a buffer name or a generator)", what);
      if (cJSON_IsString(o) && strcmp(o->valuestring, "zeros") != 0) {
        if ((p->operand_buf = tc_buffer_index(c, o->valuestring)) < 0)
          return fail(x, "%s: operand names an unknown buffer", what);
      } else if (parse_gen(x, o, t, what, &p->operand)) {
        return -1;
      }
    }
    const cJSON *e = get(j, "expected");
    if (p->op == TC_AOP_CMPXCHG) {
      if (!e) return fail(x, "%s: cmpxchg needs \"expected\" (a buffer name or a generator)", what);
      if (cJSON_IsString(e) && strcmp(e->valuestring, "zeros") != 0) {
        if ((p->expected_buf = tc_buffer_index(c, e->valuestring)) < 0)
          return fail(x, "%s: expected names an unknown buffer", what);
      } else if (parse_gen(x, e, t, what, &p->expected)) {
        return -1;
      }
    }
    return 0;
  }
  return fail(x, "%s: unknown property (permutation, sorted, atomic_history, subgroups)", what);
}

static const struct { const char *name; unsigned bit; } reqs[] = {
  {"fp16", TC_REQ_FP16}, {"fp64", TC_REQ_FP64}, {"subgroups", TC_REQ_SUBGROUPS},
  {"int64_atomics", TC_REQ_INT64_ATOMICS}, {"non_uniform_work_groups", TC_REQ_NON_UNIFORM},
  {"printf", TC_REQ_PRINTF},
};

int tc_case_load(const char *path, tc_case *c, char *err, size_t errlen)
{
  memset(c, 0, sizeof *c);
  ctx x = {path, err, errlen};
  FILE *f = fopen(path, "rb");
  if (!f) return fail(&x, "cannot open: %s", strerror(errno));
  char *text = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len + 4096 + 1 > cap) {
      cap = cap ? cap * 2 : 65536;
      char *t = realloc(text, cap);
      if (!t) {
        free(text);
        fclose(f);
        return fail(&x, "out of memory");
      }
      text = t;
    }
    size_t n = fread(text + len, 1, 4096, f);
    len += n;
    if (n < 4096) break;
  }
  int rerr = ferror(f);
  fclose(f);
  if (rerr) {
    free(text);
    return fail(&x, "read error");
  }
  text[len] = 0;
  const char *end = NULL;
  cJSON *root = cJSON_ParseWithOpts(text, &end, 1);
  if (!root) {
    size_t off = end ? (size_t)(end - text) : 0, line = 1;
    for (size_t i = 0; i < off && i < len; i++) line += text[i] == '\n';
    free(text);
    return fail(&x, "line %zu: not valid JSON", line);
  }
  free(text);

  int rc = -1;
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t bl = strlen(base);
  c->path = xstrdup(path);
  c->name = xstrdup(base);
  if (!c->path || !c->name) {
    fail(&x, "out of memory");
    goto out;
  }
  if (bl > 5 && strcmp(base + bl - 5, ".json") == 0) c->name[bl - 5] = 0;

  static const char *const k[] = {"description", "build", "reference", "requires", "buffers", "launches",
                                  "properties", "printf", "why", NULL};
  if (!cJSON_IsObject(root)) {
    fail(&x, "the top level must be an object");
    goto out;
  }
  if (check_keys(&x, root, "case", k)) goto out;
  const cJSON *v;
  if ((v = get(root, "description")) && cJSON_IsString(v)) c->description = xstrdup(v->valuestring);
  v = get(root, "build");
  if (!cJSON_IsString(v) || !v->valuestring[0]) {
    fail(&x, "needs \"build\" (a build of builds.txt or a kernels/NAME.cl stem)");
    goto out;
  }
  c->build = xstrdup(v->valuestring);
  if ((v = get(root, "reference"))) {
    if (!cJSON_IsString(v)) {
      fail(&x, "\"reference\" must be the name of a host reference");
      goto out;
    }
    c->reference = xstrdup(v->valuestring);
  }
  if ((v = get(root, "requires"))) {
    if (!cJSON_IsArray(v)) {
      fail(&x, "\"requires\" must be an array of feature names");
      goto out;
    }
    for (const cJSON *e = v->child; e; e = e->next) {
      unsigned bit = 0;
      for (size_t i = 0; i < sizeof reqs / sizeof reqs[0]; i++)
        if (cJSON_IsString(e) && strcmp(e->valuestring, reqs[i].name) == 0) bit = reqs[i].bit;
      if (!bit) {
        fail(&x, "requires: unknown feature (fp16 fp64 subgroups int64_atomics non_uniform_work_groups printf)");
        goto out;
      }
      c->requires |= bit;
    }
  }
  const cJSON *bufs = get(root, "buffers");
  if (!cJSON_IsArray(bufs)) {
    fail(&x, "needs \"buffers\" (an array)");
    goto out;
  }
  size_t nb = (size_t)cJSON_GetArraySize(bufs);
  c->bufs = calloc(nb ? nb : 1, sizeof *c->bufs);
  if (!c->bufs) {
    fail(&x, "out of memory");
    goto out;
  }
  size_t i = 0;
  for (const cJSON *b = bufs->child; b; b = b->next, i++) {
    c->nbufs = i + 1; /* parse_buffer sees only the buffers before it by name */
    if (parse_buffer(&x, c, b, i)) goto out;
  }
  c->nbufs = nb;
  const cJSON *ls = get(root, "launches");
  if (!cJSON_IsArray(ls) || cJSON_GetArraySize(ls) < 1) {
    fail(&x, "needs \"launches\" (a non-empty array)");
    goto out;
  }
  c->nlaunches = (size_t)cJSON_GetArraySize(ls);
  c->launches = calloc(c->nlaunches, sizeof *c->launches);
  if (!c->launches) {
    fail(&x, "out of memory");
    goto out;
  }
  i = 0;
  for (const cJSON *l = ls->child; l; l = l->next, i++)
    if (parse_launch(&x, c, l, i)) goto out;
  const cJSON *ps = get(root, "properties");
  if (ps) {
    if (!cJSON_IsArray(ps)) {
      fail(&x, "\"properties\" must be an array");
      goto out;
    }
    c->nprops = (size_t)cJSON_GetArraySize(ps);
    c->props = calloc(c->nprops ? c->nprops : 1, sizeof *c->props);
    if (!c->props) {
      fail(&x, "out of memory");
      goto out;
    }
    i = 0;
    for (const cJSON *p = ps->child; p; p = p->next, i++)
      if (parse_prop(&x, c, p, i)) goto out;
  }
  const cJSON *pf = get(root, "printf");
  if (pf) {
    static const char *const pk[] = {"compare", "mask", "why", NULL};
    const cJSON *cmp = get(pf, "compare");
    if (!cJSON_IsObject(pf) || check_keys(&x, pf, "printf", pk) || !cJSON_IsString(cmp) ||
        strcmp(cmp->valuestring, "sorted_lines") != 0) {
      if (!err[0]) fail(&x, "printf: expected {\"compare\": \"sorted_lines\", \"mask\": [prefixes]}");
      goto out;
    }
    c->printf_rule = TC_PRINTF_SORTED_LINES;
    const cJSON *m = get(pf, "mask");
    if (m) {
      if (!cJSON_IsArray(m)) {
        fail(&x, "printf mask must be an array of line prefixes");
        goto out;
      }
      c->nprintf_masks = (size_t)cJSON_GetArraySize(m);
      c->printf_masks = calloc(c->nprintf_masks ? c->nprintf_masks : 1, sizeof *c->printf_masks);
      i = 0;
      for (const cJSON *e = m->child; e; e = e->next, i++) {
        if (!cJSON_IsString(e)) {
          fail(&x, "printf mask must be an array of strings");
          goto out;
        }
        c->printf_masks[i] = xstrdup(e->valuestring);
      }
    }
  }
  for (i = 0; i < c->nbufs; i++)
    if (c->bufs[i].output) break;
  if (i == c->nbufs && c->printf_rule == TC_PRINTF_NONE && c->nprops == 0) {
    fail(&x, "nothing is compared: no buffer has \"compare\", no properties, no printf");
    goto out;
  }
  rc = 0;
out:
  cJSON_Delete(root);
  if (rc) tc_case_free(c);
  return rc;
}

void tc_case_free(tc_case *c)
{
  for (size_t i = 0; i < c->nbufs; i++) {
    free(c->bufs[i].name);
    free(c->bufs[i].rules);
    free(c->bufs[i].init.values);
  }
  free(c->bufs);
  for (size_t i = 0; i < c->nlaunches; i++) {
    tc_launch *l = &c->launches[i];
    free(l->kernel);
    for (size_t a = 0; a < l->nargs; a++) free(l->args[a].bytes);
    free(l->args);
  }
  free(c->launches);
  for (size_t i = 0; i < c->nprops; i++) {
    free(c->props[i].operand.values);
    free(c->props[i].expected.values);
  }
  free(c->props);
  for (size_t i = 0; i < c->nprintf_masks; i++) free(c->printf_masks[i]);
  free(c->printf_masks);
  free(c->name);
  free(c->path);
  free(c->description);
  free(c->build);
  free(c->reference);
  memset(c, 0, sizeof *c);
}

/* ---- builds.txt -------------------------------------------------------- */

static char *join_words(char **w, size_t n)
{
  size_t len = 1;
  for (size_t i = 0; i < n; i++) len += strlen(w[i]) + 1;
  char *s = malloc(len);
  if (!s) return NULL;
  s[0] = 0;
  for (size_t i = 0; i < n; i++) {
    if (i) strcat(s, " ");
    strcat(s, w[i]);
  }
  return s;
}

int tc_build_find(const char *amd_dir, const char *name, tc_build *b, char *err, size_t errlen)
{
  memset(b, 0, sizeof *b);
  char path[4096];
  snprintf(path, sizeof path, "%s/builds.txt", amd_dir);
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  char line[4096];
  int lineno = 0, found = 0;
  while (!found && fgets(line, sizeof line, f)) {
    lineno++;
    char *hash = strchr(line, '#');
    if (hash) *hash = 0;
    char *w[128];
    size_t n = 0;
    for (char *t = strtok(line, " \t\r\n"); t && n < 128; t = strtok(NULL, " \t\r\n")) w[n++] = t;
    if (n == 0) continue;
    if (strcmp(w[0], name) != 0) continue;
    if (n < 2) {
      fclose(f);
      snprintf(err, errlen, "%s:%d: build '%s' names no source", path, lineno, name);
      return -1;
    }
    size_t bar = n;
    for (size_t i = 2; i < n; i++)
      if (strcmp(w[i], "|") == 0) bar = i;
    b->name = xstrdup(w[0]);
    b->source = xstrdup(w[1]);
    b->cl_options = join_words(w + 2, bar - 2);
    b->amd_options = join_words(w + (bar < n ? bar + 1 : n), bar < n ? n - bar - 1 : 0);
    found = 1;
  }
  fclose(f);
  if (!found) {
    /* the default build of kernels/NAME.cl */
    snprintf(path, sizeof path, "%s/kernels/%s.cl", amd_dir, name);
    FILE *s = fopen(path, "r");
    if (!s) {
      snprintf(err, errlen, "build '%s': not in %s/builds.txt and no kernels/%s.cl", name, amd_dir, name);
      return -1;
    }
    fclose(s);
    size_t n = strlen(name);
    b->name = xstrdup(name);
    b->source = malloc(n + 4);
    if (b->source) snprintf(b->source, n + 4, "%s.cl", name);
    b->cl_options = xstrdup("");
    b->amd_options = xstrdup("");
  }
  if (!b->name || !b->source || !b->cl_options || !b->amd_options) {
    tc_build_free(b);
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  return 0;
}

void tc_build_free(tc_build *b)
{
  free(b->name);
  free(b->source);
  free(b->cl_options);
  free(b->amd_options);
  memset(b, 0, sizeof *b);
}
