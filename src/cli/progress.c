#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli/progress.h"
#include "common/util.h"

#define DELAY 2.0     /* seconds before the first line */
#define INTERVAL 0.25 /* seconds between updates       */

/* VENTSIM_PROGRESS_DELAY=SECONDS changes the delay before the first line
 * (tests and demonstrations use 0). */
static double first_delay(void)
{
  const char *s = getenv("VENTSIM_PROGRESS_DELAY");
  if (!s || !*s) return DELAY;
  char *end;
  double d = strtod(s, &end);
  return (*end == 0 && d >= 0 && d < 1e6) ? d : DELAY;
}

void vs_cli_progress_init(vs_cli_progress *p, unsigned launches)
{
  p->enabled = isatty(STDERR_FILENO);
  p->delay = first_delay();
  p->start = p->last = vs_now();
  p->launch = 0;
  p->launches = launches;
  p->kernel = "";
  p->shown = 0;
}

void vs_cli_progress_launch(vs_cli_progress *p, unsigned index, const char *kernel)
{
  p->launch = index;
  p->kernel = kernel ? kernel : "";
}

void vs_cli_progress_cb(void *ctx, const vs_progress *pr)
{
  vs_cli_progress *p = ctx;
  if (!p->enabled) return;
  double now = vs_now();
  if (now - p->start < p->delay || (p->shown && now - p->last < INTERVAL)) return;
  p->last = now;
  double el = now - p->start;
  char eta[48] = "";
  /* the remaining work of this launch is known in work-groups */
  if (pr->workgroups_done > 0 && pr->workgroups_done < pr->workgroups && p->launches == 1) {
    double left = el * (double)(pr->workgroups - pr->workgroups_done) / (double)pr->workgroups_done;
    snprintf(eta, sizeof eta, ", about %.0f s left", left);
  }
  fprintf(stderr, "\r\033[Kventsim: launch %u/%u %.20s: %llu/%llu work-groups, %.1f M warp instructions",
          p->launch + 1, p->launches, p->kernel, (unsigned long long)pr->workgroups_done,
          (unsigned long long)pr->workgroups, (double)pr->warp_insns / 1e6);
  if (pr->cycles) fprintf(stderr, ", %.1f M cycles", (double)pr->cycles / 1e6);
  fprintf(stderr, ", %.0f s%s", el, eta);
  fflush(stderr);
  p->shown = 1;
}

void vs_cli_progress_clear(vs_cli_progress *p)
{
  if (p->shown) {
    fputs("\r\033[K", stderr);
    fflush(stderr);
    p->shown = 0;
  }
}
