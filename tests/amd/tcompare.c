/* Comparison rules and property checks (tcompare.h).  Built with
 * -ffp-contract=off: the "contract" rule computes a*b+c both ways. */
#include "tcompare.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static tcmp_line *add_line(tcmp_report *rep, const char *what)
{
  if (rep->n == rep->cap) {
    size_t cap = rep->cap ? rep->cap * 2 : 16;
    tcmp_line *l = realloc(rep->lines, cap * sizeof *l);
    if (!l) abort();
    rep->lines = l;
    rep->cap = cap;
  }
  tcmp_line *l = &rep->lines[rep->n++];
  memset(l, 0, sizeof *l);
  snprintf(l->what, sizeof l->what, "%s", what);
  l->worst_ulp = -1;
  return l;
}

static void note(tcmp_line *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(tcmp_line *l, const char *fmt, ...)
{
  size_t n = strlen(l->detail);
  if (n + 8 >= sizeof l->detail) return;
  if (n) l->detail[n++] = '\n', l->detail[n] = 0;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(l->detail + n, sizeof l->detail - n, fmt, ap);
  va_end(ap);
}

void tcmp_report_free(tcmp_report *rep)
{
  free(rep->lines);
  memset(rep, 0, sizeof *rep);
}

/* ---- floating point -------------------------------------------------- */

static int is_nan_bits(tc_type t, uint64_t b)
{
  switch (t) {
  case TC_HALF: return (b & 0x7c00) == 0x7c00 && (b & 0x3ff);
  case TC_FLOAT: return (b & 0x7f800000u) == 0x7f800000u && (b & 0x7fffffu);
  case TC_DOUBLE: return (b & 0x7ff0000000000000ULL) == 0x7ff0000000000000ULL && (b & 0xfffffffffffffULL);
  default: return 0;
  }
}

static int64_t ordinal(tc_type t, uint64_t b)
{
  unsigned bits = (unsigned)tc_type_size(t) * 8;
  uint64_t sign = 1ULL << (bits - 1);
  int64_t mag = (int64_t)(b & (sign - 1));
  return (b & sign) ? -mag : mag;
}

double tcmp_ulp_distance(tc_type t, uint64_t a, uint64_t b)
{
  int64_t d = ordinal(t, a) - ordinal(t, b);
  return d < 0 ? -(double)d : (double)d;
}

static uint64_t bits_of(tc_type t, double v)
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

/* a*b+c in type T, fused (one rounding) and unfused (two) */
static void contract_values(tc_type t, double a, double b, double c, uint64_t *fused, uint64_t *unfused)
{
  if (t == TC_FLOAT) {
    float fa = (float)a, fb = (float)b, fc = (float)c;
    float p = fa * fb;
    *fused = bits_of(t, fmaf(fa, fb, fc));
    *unfused = bits_of(t, p + fc);
  } else if (t == TC_DOUBLE) {
    double p = a * b;
    *fused = bits_of(t, fma(a, b, c));
    *unfused = bits_of(t, p + c);
  } else { /* half: the product is exact in double */
    double p = tc_half_to_float(tc_double_to_half(a * b));
    *fused = bits_of(t, fma(a, b, c));
    *unfused = bits_of(t, p + c);
  }
}

/* operand O for record I (element I of its buffer) */
static double operand(const tc_case *c, void *const *inputs, const tc_operand *o, size_t i)
{
  if (o->buf < 0) return o->value;
  const tc_buffer *b = &c->bufs[o->buf];
  return tc_get_f(inputs[o->buf], b->type, i % b->count);
}

static void fmt_value(char *s, size_t n, tc_type t, uint64_t bits)
{
  if (t == TC_FLOAT || t == TC_DOUBLE || t == TC_HALF) {
    double v;
    if (t == TC_HALF) v = tc_half_to_float((uint16_t)bits);
    else if (t == TC_FLOAT) {
      float f;
      uint32_t w = (uint32_t)bits;
      memcpy(&f, &w, 4);
      v = f;
    } else memcpy(&v, &bits, 8);
    snprintf(s, n, "%.9g (0x%0*" PRIx64 ")", v, (int)tc_type_size(t) * 2, bits);
  } else if (tc_type_is_signed(t)) {
    int64_t v = (int64_t)bits;
    unsigned sh = 64 - 8 * (unsigned)tc_type_size(t);
    v = (int64_t)(bits << sh) >> sh;
    snprintf(s, n, "%" PRId64 " (0x%0*" PRIx64 ")", v, (int)tc_type_size(t) * 2, bits);
  } else {
    snprintf(s, n, "%" PRIu64 " (0x%0*" PRIx64 ")", bits, (int)tc_type_size(t) * 2, bits);
  }
}

static const char *rule_name(const tc_rule *r, char *buf, size_t n)
{
  switch (r->kind) {
  case TC_RULE_EXACT: return "exact";
  case TC_RULE_BITS: return "bits";
  case TC_RULE_IGNORE: return "ignore";
  case TC_RULE_CONTRACT: return "contract";
  case TC_RULE_ULP: snprintf(buf, n, "ulp<=%g", r->ulp); return buf;
  case TC_RULE_REL: snprintf(buf, n, "rel<=%g,abs<=%g", r->rel, r->abs); return buf;
  }
  return "?";
}

/* 1 when TEST's element passes RULE against REF's */
static int element_ok(const tc_case *c, void *const *inputs, const tc_buffer *b, const tc_rule *r, size_t i,
                      uint64_t ref, uint64_t test, double *ulp)
{
  tc_type t = b->type;
  int fl = tc_type_is_float(t);
  *ulp = -1;
  if (fl && r->kind != TC_RULE_BITS && r->kind != TC_RULE_IGNORE) {
    int rn = is_nan_bits(t, ref), tn = is_nan_bits(t, test);
    if (rn || tn) return rn && tn;
    *ulp = tcmp_ulp_distance(t, ref, test);
  }
  switch (r->kind) {
  case TC_RULE_IGNORE: return 1;
  case TC_RULE_BITS: return ref == test;
  case TC_RULE_EXACT: return ref == test;
  case TC_RULE_ULP: /* infinities are exact: the largest finite value is not "1 ulp" from them */
    if (isinf(tc_get_f(&ref, t, 0)) || isinf(tc_get_f(&test, t, 0))) return ref == test;
    return *ulp <= r->ulp;
  case TC_RULE_REL: {
    double a = tc_get_f(&ref, t, 0), v = tc_get_f(&test, t, 0);
    if (isinf(a) || isinf(v)) return a == v;
    double m = fabs(a) > fabs(v) ? fabs(a) : fabs(v);
    return fabs(a - v) <= r->abs + r->rel * m;
  }
  case TC_RULE_CONTRACT: {
    if (ref == test) return 1;
    uint64_t f, u;
    /* with N slot rules, element i belongs to record i / N */
    size_t rec = i / b->nrules;
    contract_values(t, operand(c, inputs, &r->op[0], rec), operand(c, inputs, &r->op[1], rec),
                    operand(c, inputs, &r->op[2], rec), &f, &u);
    return test == f || test == u || (is_nan_bits(t, test) && is_nan_bits(t, f));
  }
  }
  return 0;
}

static void compare_buffer(const tc_case *c, void *const *inputs, size_t bi, const tr_result *ref,
                           const tr_result *test, tcmp_report *rep)
{
  const tc_buffer *b = &c->bufs[bi];
  size_t nignored = 0;
  for (size_t k = 0; k < b->nrules; k++) nignored += b->rules[k].kind == TC_RULE_IGNORE;
  if (nignored == b->nrules) return; /* checked by properties only */
  char what[96], rb[64];
  snprintf(what, sizeof what, "buffer %s", b->name);
  tcmp_line *l = add_line(rep, what);
  if (b->nrules == 1) snprintf(l->rule, sizeof l->rule, "%s", rule_name(&b->rules[0], rb, sizeof rb));
  else snprintf(l->rule, sizeof l->rule, "%zu slots", b->nrules);
  size_t shown = 0;
  for (size_t i = 0; i < b->count; i++) {
    const tc_rule *r = &b->rules[i % b->nrules];
    if (r->kind == TC_RULE_IGNORE) continue;
    uint64_t rv = tc_get_bits(ref->bufs[bi], b->type, i), tv = tc_get_bits(test->bufs[bi], b->type, i);
    double ulp;
    int ok = element_ok(c, inputs, b, r, i, rv, tv, &ulp);
    l->checked++;
    if (r->kind == TC_RULE_ULP && ulp > l->worst_ulp) l->worst_ulp = ulp;
    if (!ok) {
      l->failed++;
      if (shown++ < 6) {
        char a[64], t[64];
        fmt_value(a, sizeof a, b->type, rv);
        fmt_value(t, sizeof t, b->type, tv);
        if (b->nrules > 1)
          note(l, "  [%zu] (slot %zu, %s): ref %s, test %s", i, i % b->nrules, rule_name(r, rb, sizeof rb), a, t);
        else
          note(l, "  [%zu]: ref %s, test %s", i, a, t);
      }
    }
  }
  if (l->failed) rep->failed = 1;
}

/* ---- printf ----------------------------------------------------------- */

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* the lines of TEXT, masked and sorted (the array owns copies) */
static char **sorted_lines(const tc_case *c, const char *text, size_t len, size_t *n)
{
  size_t cap = 64, k = 0;
  char **v = malloc(cap * sizeof *v);
  size_t i = 0;
  while (v && i < len) {
    size_t s = i;
    while (i < len && text[i] != '\n') i++;
    size_t e = i;
    if (i < len) i++;
    size_t ll = e - s;
    for (size_t m = 0; m < c->nprintf_masks; m++) {
      size_t pl = strlen(c->printf_masks[m]);
      if (ll >= pl && strncmp(text + s, c->printf_masks[m], pl) == 0) ll = pl;
    }
    if (k == cap) {
      cap *= 2;
      char **nv = realloc(v, cap * sizeof *v);
      if (!nv) break;
      v = nv;
    }
    v[k] = malloc(ll + 1);
    if (!v[k]) break;
    memcpy(v[k], text + s, ll);
    v[k][ll] = 0;
    k++;
  }
  if (v) qsort(v, k, sizeof *v, cmp_str);
  *n = k;
  return v;
}

static void compare_printf(const tc_case *c, const tr_result *ref, const tr_result *test, tcmp_report *rep)
{
  tcmp_line *l = add_line(rep, "printf");
  snprintf(l->rule, sizeof l->rule, "sorted lines");
  size_t na, nb;
  char **a = sorted_lines(c, ref->printf_text, ref->printf_len, &na);
  char **b = sorted_lines(c, test->printf_text, test->printf_len, &nb);
  l->checked = na > nb ? na : nb;
  size_t i = 0, j = 0, shown = 0;
  while (i < na || j < nb) {
    int d = i == na ? 1 : j == nb ? -1 : strcmp(a[i], b[j]);
    if (d == 0) {
      i++, j++;
      continue;
    }
    l->failed++;
    if (shown++ < 6) note(l, "  only in %s: \"%.200s\"", d < 0 ? "ref" : "test", d < 0 ? a[i] : b[j]);
    if (d < 0) i++;
    else j++;
  }
  if (na != nb) note(l, "  %zu lines in ref, %zu in test", na, nb);
  for (i = 0; i < na; i++) free(a[i]);
  for (j = 0; j < nb; j++) free(b[j]);
  free(a);
  free(b);
  if (l->failed) rep->failed = 1;
}

/* ---- properties ------------------------------------------------------- */

static int cmp_i64(const void *a, const void *b)
{
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

static int64_t as_int(tc_type t, uint64_t bits)
{
  unsigned sh = 64 - 8 * (unsigned)tc_type_size(t);
  return tc_type_is_signed(t) ? (int64_t)(bits << sh) >> sh : (int64_t)bits;
}

static void prop_permutation(const tc_case *c, const tc_prop *p, const tr_result *r, tcmp_line *l)
{
  size_t n = 0;
  for (int k = 0; k < 4 && p->bufs[k] >= 0; k++) n += c->bufs[p->bufs[k]].count;
  int64_t *v = malloc(n * sizeof *v);
  if (!v) abort();
  size_t m = 0;
  for (int k = 0; k < 4 && p->bufs[k] >= 0; k++) {
    const tc_buffer *b = &c->bufs[p->bufs[k]];
    for (size_t i = 0; i < b->count; i++) v[m++] = as_int(b->type, tc_get_bits(r->bufs[p->bufs[k]], b->type, i));
  }
  qsort(v, n, sizeof *v, cmp_i64);
  l->checked = n;
  for (size_t i = 0; i < n; i++)
    if (v[i] != p->start + (int64_t)i) {
      l->failed++;
      if (l->failed == 1)
        note(l, "  sorted element %zu is %" PRId64 ", expected %" PRId64 " (values %" PRId64 "..%" PRId64 ")", i,
             v[i], p->start + (int64_t)i, p->start, p->start + (int64_t)n - 1);
    }
  free(v);
}

static void prop_sorted(const tc_case *c, const tc_prop *p, const tr_result *r, tcmp_line *l)
{
  const tc_buffer *b = &c->bufs[p->buf];
  size_t seg = p->segment ? p->segment : b->count;
  for (size_t i = 0; i < b->count; i++) {
    l->checked++;
    if (i % seg == 0) continue;
    int bad;
    if (tc_type_is_float(b->type)) bad = tc_get_f(r->bufs[p->buf], b->type, i - 1) > tc_get_f(r->bufs[p->buf], b->type, i);
    else bad = as_int(b->type, tc_get_bits(r->bufs[p->buf], b->type, i - 1)) >
               as_int(b->type, tc_get_bits(r->bufs[p->buf], b->type, i));
    if (bad && l->failed++ < 4) note(l, "  [%zu] is smaller than [%zu]", i, i - 1);
  }
}

/* the value after OP with OPERAND (and EXPECTED) is applied to CUR */
static uint64_t apply_op(tc_type t, tc_atomic_op op, uint64_t cur, uint64_t v, uint64_t expected)
{
  unsigned bits = 8 * (unsigned)tc_type_size(t);
  uint64_t mask = bits == 64 ? UINT64_MAX : (1ULL << bits) - 1;
  int sg = tc_type_is_signed(t);
  int64_t sc = as_int(t, cur), sv = as_int(t, v);
  switch (op) {
  case TC_AOP_ADD: return (cur + v) & mask;
  case TC_AOP_SUB: return (cur - v) & mask;
  case TC_AOP_XCHG: return v;
  case TC_AOP_MIN: return sg ? (sv < sc ? v : cur) : (v < cur ? v : cur);
  case TC_AOP_MAX: return sg ? (sv > sc ? v : cur) : (v > cur ? v : cur);
  case TC_AOP_AND: return cur & v;
  case TC_AOP_OR: return cur | v;
  case TC_AOP_XOR: return cur ^ v;
  case TC_AOP_INC: return (cur + 1) & mask;
  case TC_AOP_DEC: return (cur - 1) & mask;
  case TC_AOP_CMPXCHG: return cur == expected ? v : cur;
  case TC_AOP_FADD: return bits_of(t, tc_get_f(&cur, t, 0) + tc_get_f(&v, t, 0));
  case TC_AOP_FMIN: return tc_get_f(&v, t, 0) < tc_get_f(&cur, t, 0) ? v : cur;
  case TC_AOP_FMAX: return tc_get_f(&v, t, 0) > tc_get_f(&cur, t, 0) ? v : cur;
  }
  return cur;
}

typedef struct {
  uint64_t old;
  size_t w;
} ev;

static int cmp_ev(const void *a, const void *b)
{
  const ev *x = a, *y = b;
  return x->old < y->old ? -1 : x->old > y->old ? 1 : (x->w > y->w) - (x->w < y->w);
}

static void prop_history(const tc_case *c, void *const *inputs, const tc_prop *p, const tr_result *r,
                         tcmp_line *l)
{
  const tc_buffer *ob = &c->bufs[p->old_buf], *cb = &c->bufs[p->cell_buf];
  tc_type t = ob->type;
  ev *evs = malloc((p->count ? p->count : 1) * sizeof *evs);
  char *used = calloc(p->count ? p->count : 1, 1);
  uint64_t *opv = malloc((p->count ? p->count : 1) * sizeof *opv), *exv = malloc((p->count ? p->count : 1) * sizeof *exv);
  if (!evs || !used || !opv || !exv) abort();
  /* operands and expected values by work-item (generators replayed once) */
  tc_buffer tmp = {0};
  tmp.type = t;
  tmp.count = p->count;
  if (p->operand_buf < 0) {
    tmp.init = p->operand;
    tc_generate(&tmp, opv);
    for (size_t w = p->count; w-- > 0;) opv[w] = tc_get_bits(opv, t, w);
  }
  if (p->op == TC_AOP_CMPXCHG && p->expected_buf < 0) {
    tmp.init = p->expected;
    tc_generate(&tmp, exv);
    for (size_t w = p->count; w-- > 0;) exv[w] = tc_get_bits(exv, t, w);
  }
  for (size_t w = 0; w < p->count; w++) {
    if (p->operand_buf >= 0) {
      const tc_buffer *b = &c->bufs[p->operand_buf];
      opv[w] = tc_get_bits(inputs[p->operand_buf], b->type, w % b->count);
    }
    if (p->op == TC_AOP_CMPXCHG && p->expected_buf >= 0) {
      const tc_buffer *b = &c->bufs[p->expected_buf];
      exv[w] = tc_get_bits(inputs[p->expected_buf], b->type, w % b->count);
    }
  }
  for (size_t k = 0; k < p->cell_mod; k++) {
    size_t cell = p->cell_base + k * p->cell_stride, n = 0;
    for (size_t w = 0; w < p->count; w++)
      if ((w / p->cell_div) % p->cell_mod == k) {
        evs[n].old = tc_get_bits(r->bufs[p->old_buf], t, w * p->old_stride + p->old_offset);
        evs[n].w = w;
        used[n] = 0;
        n++;
      }
    qsort(evs, n, sizeof *evs, cmp_ev);
    uint64_t cur = tc_get_bits(inputs[p->cell_buf], cb->type, cell);
    uint64_t fin = tc_get_bits(r->bufs[p->cell_buf], cb->type, cell);
    size_t left = n;
    l->checked += n;
    char bad[300] = "";
    while (left) {
      /* the events that saw `cur` */
      size_t lo = 0, hi = n;
      while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (evs[mid].old < cur) lo = mid + 1;
        else hi = mid;
      }
      size_t changing = SIZE_MAX, nchanging = 0, progressed = 0;
      for (size_t e = lo; e < n && evs[e].old == cur; e++) {
        if (used[e]) continue;
        uint64_t nv = apply_op(t, p->op, cur, opv[evs[e].w], exv[evs[e].w]);
        if (nv == cur) {
          used[e] = 1;
          left--;
          progressed = 1;
        } else {
          if (!nchanging) changing = e;
          nchanging++;
        }
      }
      if (nchanging > 1) {
        char a[64];
        fmt_value(a, sizeof a, t, cur);
        snprintf(bad, sizeof bad, "%zu work-items saw %s and each changed it", nchanging, a);
        break;
      }
      if (nchanging == 1) {
        cur = apply_op(t, p->op, cur, opv[evs[changing].w], exv[evs[changing].w]);
        used[changing] = 1;
        left--;
      } else if (!progressed) {
        char a[64];
        fmt_value(a, sizeof a, t, cur);
        snprintf(bad, sizeof bad, "%zu work-items never saw a value of the history (stuck at %s)", left, a);
        break;
      }
    }
    if (!bad[0] && cur != fin) {
      char a[64], b2[64];
      fmt_value(a, sizeof a, t, cur);
      fmt_value(b2, sizeof b2, t, fin);
      snprintf(bad, sizeof bad, "the history ends at %s but the cell holds %s", a, b2);
    }
    if (bad[0]) {
      note(l, "  cell %zu: %s", cell, bad);
      l->failed += left ? left : 1;
    }
  }
  free(evs);
  free(used);
  free(opv);
  free(exv);
}


/* SUBGROUPS: the records of subgroups.cl (its header lists the fields).
 * Whatever partition into sub-groups the device chose, each sub-group's
 * members must agree on its size and hold local ids 0..n-1, and every
 * collective value must be what the members' inputs give. */
enum { SG_SIZE, SG_MAX, SG_NUM, SG_ID, SG_LID, SG_X, SG_RADD, SG_RMIN, SG_RMAX, SG_IADD, SG_XADD, SG_IMAX,
       SG_B0, SG_ANY, SG_ALL, SG_NB, SG_GROUP, SG_LLID, SG_ENQ, SG_BLAST, SG_NB_SW, SG_NB_DPP, SG_FIRST,
       SG_ZERO };

typedef struct {
  const int32_t *r;
} sg_rec;

static int cmp_sg(const void *a, const void *b)
{
  const int32_t *x = ((const sg_rec *)a)->r, *y = ((const sg_rec *)b)->r;
  for (int f = 0; f < 3; f++) {
    int fx = f == 0 ? SG_GROUP : f == 1 ? SG_ID : SG_LID;
    if (x[fx] != y[fx]) return x[fx] < y[fx] ? -1 : 1;
  }
  return 0;
}

static void prop_subgroups(const tc_case *c, const tc_prop *p, const tr_result *r, tcmp_line *l)
{
  const tc_buffer *b = &c->bufs[p->buf];
  size_t n = b->count / p->stride;
  const int32_t *all = r->bufs[p->buf];
  sg_rec *v = malloc((n ? n : 1) * sizeof *v);
  if (!v) abort();
  for (size_t i = 0; i < n; i++) v[i].r = all + i * p->stride;
  qsort(v, n, sizeof *v, cmp_sg);
  l->checked = n;
#define SGBAD(...)                                                                                 \
  do {                                                                                             \
    if (l->failed++ < 6) note(l, __VA_ARGS__);                                                     \
  } while (0)
  for (size_t s = 0; s < n;) {
    /* one sub-group: records s..e-1 (same work-group and sub-group id) */
    size_t e = s;
    while (e < n && v[e].r[SG_GROUP] == v[s].r[SG_GROUP] && v[e].r[SG_ID] == v[s].r[SG_ID]) e++;
    const int32_t *f = v[s].r;
    int32_t m = (int32_t)(e - s);
    if (f[SG_SIZE] != m || m > f[SG_MAX] || f[SG_ID] < 0 || f[SG_ID] >= f[SG_NUM])
      SGBAD("  group %d sub-group %d: %d members, size %d, max %d, %d sub-groups", f[SG_GROUP], f[SG_ID], m,
            f[SG_SIZE], f[SG_MAX], f[SG_NUM]);
    uint32_t add = 0, pre = 0;
    int32_t mn = INT32_MAX, mx = INT32_MIN, any = 0, allv = 1;
    for (size_t k = s; k < e; k++) {
      int32_t x = v[k].r[SG_X];
      add += (uint32_t)x;
      mn = x < mn ? x : mn;
      mx = x > mx ? x : mx;
      any |= x > 500;
      allv &= x > -500;
    }
    int32_t runmax = INT32_MIN;
    for (size_t k = s; k < e; k++) {
      const int32_t *q = v[k].r;
      int32_t lid = (int32_t)(k - s), x = q[SG_X];
      int32_t nbv = (lid ^ 1) < m ? v[s + (size_t)(lid ^ 1)].r[SG_X] : x;
      runmax = x > runmax ? x : runmax;
      int bad = q[SG_LID] != lid || q[SG_SIZE] != m || q[SG_MAX] != f[SG_MAX] || q[SG_NUM] != f[SG_NUM] ||
                q[SG_ENQ] != f[SG_ENQ] || q[SG_RADD] != (int32_t)add || q[SG_RMIN] != mn || q[SG_RMAX] != mx ||
                q[SG_XADD] != (int32_t)pre || q[SG_IADD] != (int32_t)(pre + (uint32_t)x) ||
                q[SG_IMAX] != runmax || q[SG_B0] != f[SG_X] || q[SG_BLAST] != v[e - 1].r[SG_X] ||
                (q[SG_ANY] != 0) != any || (q[SG_ALL] != 0) != allv || q[SG_NB] != nbv ||
                q[SG_NB_SW] != nbv || q[SG_NB_DPP] != nbv || q[SG_FIRST] != f[SG_X] || q[SG_ZERO] != 0;
      if (bad)
        SGBAD("  group %d sub-group %d member %d (local linear id %d): a value disagrees with the members' inputs",
              q[SG_GROUP], q[SG_ID], lid, q[SG_LLID]);
      pre += (uint32_t)x;
    }
    s = e;
  }
#undef SGBAD
  free(v);
}

static const char *const aop_name[] = {
  [TC_AOP_ADD] = "add", [TC_AOP_SUB] = "sub", [TC_AOP_XCHG] = "xchg", [TC_AOP_MIN] = "min",
  [TC_AOP_MAX] = "max", [TC_AOP_AND] = "and", [TC_AOP_OR] = "or", [TC_AOP_XOR] = "xor",
  [TC_AOP_INC] = "inc", [TC_AOP_DEC] = "dec", [TC_AOP_CMPXCHG] = "cmpxchg", [TC_AOP_FADD] = "fadd",
  [TC_AOP_FMIN] = "fmin", [TC_AOP_FMAX] = "fmax",
};

static void prop_name(const tc_case *c, const tc_prop *p, char *buf, size_t n)
{
  switch (p->kind) {
  case TC_PROP_PERMUTATION: snprintf(buf, n, "permutation"); return;
  case TC_PROP_ATOMIC_HISTORY:
    snprintf(buf, n, "history %s %s[%zu]", aop_name[p->op], c->bufs[p->cell_buf].name, p->cell_base);
    return;
  case TC_PROP_SORTED: snprintf(buf, n, "sorted"); return;
  case TC_PROP_SUBGROUPS: snprintf(buf, n, "subgroups"); return;
  }
}

void tcmp_properties(const tc_case *c, void *const *inputs, const tr_result *r, const char *side, tcmp_report *rep)
{
  for (size_t i = 0; i < c->nprops; i++) {
    const tc_prop *p = &c->props[i];
    char what[96];
    snprintf(what, sizeof what, "%s property", side);
    tcmp_line *l = add_line(rep, what);
    prop_name(c, p, l->rule, sizeof l->rule);
    switch (p->kind) {
    case TC_PROP_PERMUTATION: prop_permutation(c, p, r, l); break;
    case TC_PROP_SORTED: prop_sorted(c, p, r, l); break;
    case TC_PROP_ATOMIC_HISTORY: prop_history(c, inputs, p, r, l); break;
    case TC_PROP_SUBGROUPS: prop_subgroups(c, p, r, l); break;
    }
    if (l->failed) rep->failed = 1;
  }
}

void tcmp_case(const tc_case *c, void *const *inputs, const tr_result *ref, const tr_result *test, tcmp_report *rep)
{
  for (size_t i = 0; i < c->nbufs; i++)
    if (c->bufs[i].output) compare_buffer(c, inputs, i, ref, test, rep);
  if (c->printf_rule == TC_PRINTF_SORTED_LINES) compare_printf(c, ref, test, rep);
  tcmp_properties(c, inputs, ref, "ref", rep);
  tcmp_properties(c, inputs, test, "test", rep);
}
