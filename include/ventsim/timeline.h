/* Timelines of timing runs in the Chrome Trace Event format (JSON object
 * form), which ui.perfetto.dev and chrome://tracing open
 * (docs/timeline.md).
 *
 * A vs_timeline is a vs_timing_observer (timing.h) that streams events to
 * a FILE as the timing model reports them: nothing but the open span of
 * each track is kept in memory.  One process per SM (pid = SM + 1) with a
 * track per work-group slot (tid = slot) and per warp slot (tid = 64 +
 * slot), a process "GPU" (pid 0) with a span per launch, and counters per
 * SM (IPC, active warps, outstanding memory requests) every
 * sim.sample_interval cycles.  1 cycle = 1 microsecond of trace time;
 * launches follow each other on one time axis.
 *
 *   vs_timeline *tl;
 *   vs_timeline_create(&tl, file, &opts, &err);
 *   run_options.observer = vs_timeline_observer(tl);
 *   ... vs_device_run(...) for each launch ...
 *   vs_timeline_finish(tl, &err);   // ends the JSON; the caller closes file
 *   vs_timeline_free(tl);
 */
#ifndef VENTSIM_TIMELINE_H
#define VENTSIM_TIMELINE_H

#include <stdint.h>
#include <stdio.h>

#include "ventsim/error.h"
#include "ventsim/timing.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vs_timeline vs_timeline;

/* Default of vs_timeline_options.max_events (ventsim run, VENTSIM_TIMELINE) */
#define VS_TIMELINE_DEFAULT_MAX_EVENTS 1000000u

typedef struct vs_timeline_options {
  /* Only [window_start, window_end) cycles are written (spans are clipped
   * to it); window_end 0: no end. */
  uint64_t window_start, window_end;
  /* At most this many events (spans and counters; the name records of
   * processes and tracks are not counted); then writing stops and the
   * trace's "otherData" says so.  0: no limit. */
  uint64_t max_events;
} vs_timeline_options;

/* Starts a trace on `out` (opened for writing by the caller).  opt may be
 * NULL (everything, no limit).  Returns 0, or -1 with *err set. */
int vs_timeline_create(vs_timeline **out, FILE *f, const vs_timeline_options *opt,
                       vs_error *err);
/* The observer to put into vs_run_options.observer. */
vs_timing_observer *vs_timeline_observer(vs_timeline *t);
/* The trace is incomplete (an interrupted run ...): "otherData" says
 * "partial": true and "partial_reason": why (the first reason is kept). */
void vs_timeline_set_partial(vs_timeline *t, const char *why);
/* Ends the trace: spans still open (a launch that failed) are closed at the
 * last cycle seen and marked "unfinished" (the trace is then partial), and
 * the JSON is completed.  Returns -1 with *err set if writing failed at any
 * point. */
int vs_timeline_finish(vs_timeline *t, vs_error *err);
void vs_timeline_free(vs_timeline *t);

/* Events written so far (not counting name records) */
uint64_t vs_timeline_events(const vs_timeline *t);
/* 1 if --timeline-max-events stopped the writing */
int vs_timeline_truncated(const vs_timeline *t);

/* Parses "START:END", "START:" or ":END" (cycles) into opt's window.
 * Returns 0, or -1 with *err set (VS_E_USAGE) naming the text. */
int vs_timeline_parse_window(const char *s, vs_timeline_options *opt, vs_error *err);

#ifdef __cplusplus
}
#endif
#endif
