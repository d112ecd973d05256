/* oclcmp: compares the results of two back ends (oclrun --out directories)
 * for each case by the case's rules and prints a verdict table:
 *     oclcmp --ref DIR --test DIR [--verbose] CASE.json...
 * Exit status: 0 when no case failed (passed or skipped), 1 when one
 * failed, 77 when every case was skipped (ctest's SKIP_RETURN_CODE), 2 on
 * bad usage or a bad case file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tcase.h"
#include "tcompare.h"
#include "tresult.h"

static const char *status_name(tr_status s)
{
  switch (s) {
  case TR_OK: return "ok";
  case TR_SKIPPED: return "skipped";
  case TR_ERROR: return "error";
  case TR_MISSING: return "missing";
  }
  return "?";
}

int main(int argc, char **argv)
{
  const char *ref = NULL, *test = NULL;
  int verbose = 0, first = argc;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--ref") == 0 && i + 1 < argc) ref = argv[++i];
    else if (strcmp(argv[i], "--test") == 0 && i + 1 < argc) test = argv[++i];
    else if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0) verbose = 1;
    else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
      printf("usage: oclcmp --ref DIR --test DIR [--verbose] CASE.json...\n");
      return 0;
    } else if (argv[i][0] == '-') {
      fprintf(stderr, "oclcmp: unknown option '%s'\n", argv[i]);
      return 2;
    } else {
      first = i;
      break;
    }
  }
  if (!ref || !test || first >= argc) {
    fprintf(stderr, "usage: oclcmp --ref DIR --test DIR [--verbose] CASE.json...\n");
    return 2;
  }
  int failed = 0, passed = 0, skipped = 0, bad = 0;
  printf("%-28s %-9s %-9s %-40s %10s %8s %9s  %s\n", "case", "ref", "test", "check", "checked", "failed",
         "worst-ulp", "verdict");
  for (int ci = first; ci < argc; ci++) {
    tc_case c;
    char err[4096];
    if (tc_case_load(argv[ci], &c, err, sizeof err)) {
      fprintf(stderr, "oclcmp: %s\n", err);
      bad = 1;
      continue;
    }
    tr_result a = {0}, b = {0};
    int ra = tr_read(ref, &c, &a, err, sizeof err);
    int rb = ra ? -1 : tr_read(test, &c, &b, err, sizeof err);
    if (ra || rb) {
      printf("%-28s %-9s %-9s %-40s %10s %8s %9s  FAIL (%s)\n", c.name, "-", "-", "-", "-", "-", "-", err);
      failed++;
      tr_free(&c, &a); /* a failed read leaves what it read */
      tr_free(&c, &b);
      tc_case_free(&c);
      continue;
    }
    void **in = calloc(c.nbufs ? c.nbufs : 1, sizeof *in);
    for (size_t i = 0; in && i < c.nbufs; i++) {
      in[i] = malloc(c.bufs[i].count * tc_type_size(c.bufs[i].type));
      if (!in[i]) abort();
      tc_generate(&c.bufs[i], in[i]);
    }
    if (!in) abort();
    tcmp_report rep = {0};
    if (a.status == TR_SKIPPED && b.status == TR_OK && c.nprops) {
      /* no reference: the properties still check the result on its own */
      tcmp_properties(&c, in, &b, "test", &rep);
    } else if (a.status != TR_OK || b.status != TR_OK) {
      int skip = (a.status == TR_SKIPPED || b.status == TR_SKIPPED) && a.status != TR_ERROR &&
                 b.status != TR_ERROR && a.status != TR_MISSING && b.status != TR_MISSING;
      const char *why = a.status != TR_OK ? a.message : b.message;
      printf("%-28s %-9s %-9s %-40s %10s %8s %9s  %s (%s: %.300s)\n", c.name, status_name(a.status),
             status_name(b.status), "-", "-", "-", "-", skip ? "SKIP" : "FAIL",
             a.status != TR_OK ? "ref" : "test", why ? why : "");
      if (skip) skipped++;
      else failed++;
      goto next;
    } else {
      tcmp_case(&c, in, &a, &b, &rep);
    }
    for (size_t i = 0; i < rep.n; i++) {
      const tcmp_line *l = &rep.lines[i];
      char check[192], worst[32] = "-";
      snprintf(check, sizeof check, "%s [%s]", l->what, l->rule);
      if (l->worst_ulp >= 0) snprintf(worst, sizeof worst, "%.0f", l->worst_ulp);
      printf("%-28s %-9s %-9s %-40.40s %10zu %8zu %9s  %s\n", i == 0 ? c.name : "",
             i == 0 ? status_name(a.status) : "", i == 0 ? status_name(b.status) : "", check, l->checked,
             l->failed, worst, l->failed ? "FAIL" : "pass");
      if ((l->failed || verbose) && l->detail[0]) printf("%s\n", l->detail);
    }
    if (rep.failed) failed++;
    else passed++;
  next:
    tcmp_report_free(&rep);
    for (size_t i = 0; i < c.nbufs; i++) free(in[i]);
    free(in);
    tr_free(&c, &a);
    tr_free(&c, &b);
    tc_case_free(&c);
  }
  printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
  if (bad) return 2;
  if (failed) return 1;
  return passed == 0 && skipped > 0 ? 77 : 0;
}
