/* A progress line on stderr for long runs: only when stderr is a terminal
 * and the run has taken more than a couple of seconds, never in pipes or
 * CI logs. */
#ifndef VS_CLI_PROGRESS_H
#define VS_CLI_PROGRESS_H

#include "ventsim/sim.h"

typedef struct vs_cli_progress {
  int enabled;          /* stderr is a terminal                */
  double start, last;   /* run start, last line printed        */
  double delay;         /* seconds before the first line       */
  unsigned launch, launches;
  const char *kernel;
  int shown;            /* a line is on the screen             */
} vs_cli_progress;

/* Sets up for a run of `launches` launches. */
void vs_cli_progress_init(vs_cli_progress *p, unsigned launches);
/* Before each launch */
void vs_cli_progress_launch(vs_cli_progress *p, unsigned index, const char *kernel);
/* vs_run_options.on_progress */
void vs_cli_progress_cb(void *ctx, const vs_progress *pr);
/* Removes the line before other output or at the end */
void vs_cli_progress_clear(vs_cli_progress *p);

#endif
