/* Findings of the kernel checker: each kept once per (check, instruction
 * pair) with a count of repeats, printed up to a limit with a summary, and
 * as JSON for --stats. */
#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "check/checker.h"

static const char *const check_names[VS_NCHECKS] = {
  "bounds", "races", "races-same-value", "uninit", "barrier", "hazards", "waits",
};

const char *chk_space_name(int space)
{
  static const char *const n[] = {"global", "local", "private", "constant"};
  return space >= 0 && space < VS_NSPACES ? n[space] : "?";
}

void chk_disasm(const vs_checker *c, vs_addr pc, char *buf, size_t n)
{
  vs_mem *m = &c->dev->mem;
  vs_dpage *dp = vs_mem_dpage(m, pc);
  if (!dp || !c->dev->isa->disasm) {
    snprintf(buf, n, "?");
    return;
  }
  c->dev->isa->disasm(&dp->insn[(pc & VS_PAGE_MASK) >> 2], pc, buf, n);
}

static chk_finding *find(vs_checker *c, int check, vs_addr pc, vs_addr pc2)
{
  /* (distinct findings are few: a search from the newest is enough) */
  for (size_t i = c->nf; i-- > 0;) {
    chk_finding *f = &c->f[i];
    if (f->pc == pc && f->pc2 == pc2 && f->check == check) return f;
  }
  return NULL;
}

void chk_report(vs_checker *c, int check, vs_warp *w, vs_addr pc, vs_addr pc2, const char *fmt, ...)
{
  c->occ_per_check[check]++;
  chk_finding *f = find(c, check, pc, pc2);
  if (f) {
    f->count++;
    return;
  }
  if (c->nf == c->capf) {
    size_t cap = c->capf ? c->capf * 2 : 16;
    chk_finding *nf = realloc(c->f, cap * sizeof *nf);
    if (!nf) {
      c->dropped++;
      return;
    }
    c->f = nf;
    c->capf = cap;
  }
  char msg[512], d1[96], d2[96], text[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  chk_disasm(c, pc, d1, sizeof d1);
  const vs_wg *wg = c->wg;
  int n = snprintf(text, sizeof text,
                   "%s: kernel '%s', work-group %u (%u,%u,%u), warp %u, pc 0x%08" PRIx64 " '%s': %s",
                   check_names[check], c->lc && c->lc->l->name ? c->lc->l->name : "?",
                   wg ? wg->id : 0, wg ? wg->gx : 0, wg ? wg->gy : 0, wg ? wg->gz : 0,
                   w ? w->wid : 0, pc, d1, msg);
  if (pc2 != pc && n > 0 && (size_t)n < sizeof text) {
    chk_disasm(c, pc2, d2, sizeof d2);
    snprintf(text + n, sizeof text - (size_t)n, " [other: pc 0x%08" PRIx64 " '%s']", pc2, d2);
  }
  f = &c->f[c->nf];
  f->text = strdup(text);
  if (!f->text) {
    c->dropped++;
    return;
  }
  f->check = check;
  f->pc = pc;
  f->pc2 = pc2;
  f->count = 1;
  c->nf++;
  c->per_check[check]++;
}

uint64_t vs_checker_findings(const vs_checker *c)
{
  return c->nf + c->dropped;
}

uint64_t vs_checker_occurrences(const vs_checker *c)
{
  uint64_t n = 0;
  for (int k = 0; k < VS_NCHECKS; k++) n += c->occ_per_check[k];
  return n;
}

void vs_checker_print(const vs_checker *c, FILE *out)
{
  size_t shown = c->limit && c->nf > c->limit ? (size_t)c->limit : c->nf;
  for (size_t i = 0; i < shown; i++) {
    const chk_finding *f = &c->f[i];
    fprintf(out, "ventsim check: %s", f->text);
    if (f->count > 1) fprintf(out, " (%" PRIu64 " times)", f->count);
    fputc('\n', out);
  }
  if (shown < c->nf)
    fprintf(out, "ventsim check: %zu more findings not shown (--check-limit %" PRIu64 ")\n",
            c->nf - shown, c->limit);
  fprintf(out, "ventsim check: %" PRIu64 " finding%s", vs_checker_findings(c),
          vs_checker_findings(c) == 1 ? "" : "s");
  const char *sep = " (";
  for (int k = 0; k < VS_NCHECKS; k++) {
    if (!(c->mask >> k & 1u)) continue;
    fprintf(out, "%s%s %" PRIu64, sep, check_names[k], c->per_check[k]);
    sep = ", ";
  }
  fprintf(out, "%s; shadow memory %.1f MiB at most\n", *sep == ',' ? ")" : "",
          (double)c->shadow_peak / (1024.0 * 1024.0));
}

void *vs_checker_json(const vs_checker *c)
{
  cJSON *o = cJSON_CreateObject(), *checks = cJSON_CreateArray(), *by = cJSON_CreateObject(),
        *list = cJSON_CreateArray();
  if (!o || !checks || !by || !list) goto fail;
  cJSON_AddItemToObject(o, "checks", checks);
  for (int k = 0; k < VS_NCHECKS; k++)
    if (c->mask >> k & 1u) {
      cJSON_AddItemToArray(checks, cJSON_CreateString(check_names[k]));
      cJSON *e = cJSON_CreateObject();
      cJSON_AddNumberToObject(e, "findings", (double)c->per_check[k]);
      cJSON_AddNumberToObject(e, "occurrences", (double)c->occ_per_check[k]);
      cJSON_AddItemToObject(by, check_names[k], e);
    }
  cJSON_AddNumberToObject(o, "findings", (double)vs_checker_findings(c));
  cJSON_AddNumberToObject(o, "occurrences", (double)vs_checker_occurrences(c));
  cJSON_AddItemToObject(o, "by_check", by);
  cJSON_AddNumberToObject(o, "shadow_bytes_peak", (double)c->shadow_peak);
  for (size_t i = 0; i < c->nf; i++) {
    const chk_finding *f = &c->f[i];
    cJSON *e = cJSON_CreateObject();
    if (!e) goto fail_list;
    cJSON_AddStringToObject(e, "check", check_names[f->check]);
    cJSON_AddNumberToObject(e, "pc", (double)f->pc);
    cJSON_AddNumberToObject(e, "pc2", (double)f->pc2);
    cJSON_AddNumberToObject(e, "count", (double)f->count);
    cJSON_AddStringToObject(e, "text", f->text);
    cJSON_AddItemToArray(list, e);
  }
  cJSON_AddItemToObject(o, "findings_list", list);
  return o;
fail_list:
  cJSON_Delete(o);
  return NULL;
fail:
  cJSON_Delete(o);
  cJSON_Delete(checks);
  cJSON_Delete(by);
  cJSON_Delete(list);
  return NULL;
}

int vs_checker_parse(const char *list, unsigned *mask, vs_error *err)
{
  *mask = 0;
  if (!list || !*list) {
    *mask = ((1u << VS_NCHECKS) - 1u) & ~(1u << VS_CHECK_RACES_SAME);
    return 0;
  }
  if (!strcmp(list, "all")) {
    *mask = (1u << VS_NCHECKS) - 1u;
    return 0;
  }
  const char *p = list;
  while (*p) {
    size_t n = strcspn(p, ",");
    int k = 0;
    while (k < VS_NCHECKS && !(strlen(check_names[k]) == n && !strncmp(p, check_names[k], n))) k++;
    if (k == VS_NCHECKS)
      return vs_error_set(err, VS_E_USAGE, "unknown check '%.*s' (known: %s, all)", (int)n, p,
                          VS_CHECK_NAMES);
    *mask |= 1u << k;
    p += n;
    if (*p == ',') p++;
  }
  return 0;
}
