/* Timelines of timing runs as Chrome Trace Event JSON (docs/timeline.md).
 *
 * The observer callbacks of the timing model turn into events as they
 * arrive: a span is written when it ends (as an "X" event with its start
 * and duration), so a track's events are written in time order and only
 * the open span of each track is kept.  Names of processes and tracks
 * ("M" events) are written just before the first event that uses them. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "ventsim/timeline.h"

#define TL_MAX_SMS 128  /* gpu.num_sms range            */
#define TL_MAX_SLOTS 64 /* warps and work-group slots   */
#define TL_WARP_TID0 64 /* warp slot i is tid 64 + i    */
#define TL_NPIDS (TL_MAX_SMS + 1)
#define TL_NTIDS (TL_WARP_TID0 + TL_MAX_SLOTS)

typedef struct span {
  uint8_t open;
  uint8_t reason; /* warps: enum vs_timing_stall */
  uint32_t id;    /* work-group id                */
  uint32_t wid;   /* warps: warp in its work-group */
  uint64_t since; /* absolute cycle               */
} span;

struct vs_timeline {
  FILE *f;
  vs_timeline_options o;
  vs_timing_observer obs;
  uint64_t base;   /* absolute cycle of the current launch's cycle 0 */
  uint64_t last;   /* latest absolute cycle seen                     */
  uint64_t events;
  uint64_t truncated_at;
  int truncated;
  int first;       /* no event written yet (no comma)                */
  int in_launch;
  char *kname;     /* current launch's kernel name                   */
  char *partial;   /* why the trace is incomplete, or NULL           */
  uint32_t grid[3];
  unsigned nsm;
  span warp[TL_MAX_SMS][TL_MAX_SLOTS];
  span wg[TL_MAX_SMS][TL_MAX_SLOTS];
  uint8_t pnamed[TL_NPIDS];
  uint8_t tnamed[TL_NPIDS][TL_NTIDS];
};

/* ---- writing ---- */

static void sep(vs_timeline *t)
{
  if (!t->first) fputs(",\n", t->f);
  t->first = 0;
}

/* A JSON string: UTF-8 as it is, control characters and DEL escaped, and
 * bytes that are not UTF-8 (a name from a Latin-1 file name) as U+FFFD. */
static void json_str(FILE *f, const char *s)
{
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    size_t n = vs_utf8_len(p);
    if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
    else if (*p < 0x20 || *p == 0x7f) fprintf(f, "\\u%04x", *p);
    else if (n) fwrite(p, 1, n, f);
    else fputs("\\ufffd", f);
    p += n ? n : 1;
  }
  fputc('"', f);
}

static void meta(vs_timeline *t, const char *what, unsigned pid, unsigned tid, const char *key,
                 const char *sval, long nval)
{
  sep(t);
  fprintf(t->f, "{\"name\":\"%s\",\"ph\":\"M\",\"ts\":0,\"pid\":%u,\"tid\":%u,\"args\":{\"%s\":", what,
          pid, tid, key);
  if (sval) json_str(t->f, sval);
  else fprintf(t->f, "%ld", nval);
  fputs("}}", t->f);
}

static void name_track(vs_timeline *t, unsigned pid, unsigned tid)
{
  char buf[64];
  if (!t->pnamed[pid]) {
    t->pnamed[pid] = 1;
    if (pid == 0) snprintf(buf, sizeof buf, "GPU");
    else snprintf(buf, sizeof buf, "SM %u", pid - 1);
    meta(t, "process_name", pid, 0, "name", buf, 0);
    meta(t, "process_sort_index", pid, 0, "sort_index", NULL, (long)pid);
  }
  if (!t->tnamed[pid][tid]) {
    t->tnamed[pid][tid] = 1;
    if (pid == 0) snprintf(buf, sizeof buf, "launches");
    else if (tid < TL_WARP_TID0) snprintf(buf, sizeof buf, "wg slot %u", tid);
    else snprintf(buf, sizeof buf, "warp slot %u", tid - TL_WARP_TID0);
    meta(t, "thread_name", pid, tid, "name", buf, 0);
    meta(t, "thread_sort_index", pid, tid, "sort_index", NULL, (long)tid);
  }
}

/* Room for one more event?  Stops the trace at max_events (noting the
 * simulated cycle reached then). */
static int budget(vs_timeline *t)
{
  if (t->truncated) return 0;
  if (t->o.max_events && t->events >= t->o.max_events) {
    t->truncated = 1;
    t->truncated_at = t->last;
    return 0;
  }
  return 1;
}

static uint64_t wend(const vs_timeline *t)
{
  return t->o.window_end ? t->o.window_end : UINT64_MAX;
}

/* Writes the span [b, e) clipped to the window.  `args` is the inside of
 * the args object. */
static void put_span(vs_timeline *t, unsigned pid, unsigned tid, const char *name, const char *cat,
                     const char *cname, uint64_t b, uint64_t e, const char *args)
{
  if (b < t->o.window_start) b = t->o.window_start;
  if (e > wend(t)) e = wend(t);
  if (e <= b || !budget(t)) return;
  name_track(t, pid, tid);
  sep(t);
  fputs("{\"name\":", t->f);
  json_str(t->f, name);
  fprintf(t->f, ",\"cat\":\"%s\",\"ph\":\"X\",\"ts\":%" PRIu64 ",\"dur\":%" PRIu64
                ",\"pid\":%u,\"tid\":%u,",
          cat, b, e - b, pid, tid);
  if (cname) fprintf(t->f, "\"cname\":\"%s\",", cname);
  fprintf(t->f, "\"args\":{%s}}", args);
  t->events++;
}

static void put_counter(vs_timeline *t, unsigned pid, const char *name, uint64_t at, double v,
                        int integer)
{
  if (at < t->o.window_start || at >= wend(t) || !budget(t)) return;
  name_track(t, pid, 0);
  sep(t);
  fprintf(t->f, "{\"name\":\"%s\",\"ph\":\"C\",\"ts\":%" PRIu64 ",\"pid\":%u,\"tid\":0,", name, at,
          pid);
  if (integer) fprintf(t->f, "\"args\":{\"value\":%.0f}}", v);
  else fprintf(t->f, "\"args\":{\"value\":%.6g}}", v);
  t->events++;
}

/* ---- spans ---- */

static const char *warp_cname(int reason)
{
  switch (reason) {
  case VS_STALL_ISSUED: return "thread_state_running";
  case VS_STALL_BARRIER:
  case VS_STALL_MEM_COUNTERS: return "thread_state_sleeping";
  case VS_STALL_SCOREBOARD: return "thread_state_iowait";
  case VS_STALL_NOT_SELECTED: return "thread_state_runnable";
  default: return "thread_state_uninterruptible";
  }
}

static void close_warp(vs_timeline *t, unsigned sm, unsigned slot, uint64_t at, int unfinished)
{
  span *s = &t->warp[sm][slot];
  if (!s->open) return;
  s->open = 0;
  char args[160];
  const char *rn = vs_timing_stall_name(s->reason);
  snprintf(args, sizeof args, "\"wg\":%" PRIu32 ",\"warp\":%" PRIu32 ",\"reason\":\"%s\"%s", s->id,
           s->wid, rn, unfinished ? ",\"unfinished\":true" : "");
  int run = s->reason == VS_STALL_ISSUED;
  put_span(t, sm + 1, TL_WARP_TID0 + slot, run ? "run" : rn, run ? "run" : "stall",
           warp_cname(s->reason), s->since, at, args);
}

static void close_wg(vs_timeline *t, unsigned sm, unsigned slot, uint64_t at, int unfinished)
{
  span *s = &t->wg[sm][slot];
  if (!s->open) return;
  s->open = 0;
  char name[32], args[96];
  snprintf(name, sizeof name, "wg %" PRIu32, s->id);
  snprintf(args, sizeof args, "\"wg\":%" PRIu32 ",\"slot\":%u%s", s->id, slot,
           unfinished ? ",\"unfinished\":true" : "");
  put_span(t, sm + 1, slot, name, "workgroup", NULL, s->since, at, args);
}

static void close_launch(vs_timeline *t, uint64_t end, int unfinished)
{
  if (!t->in_launch) return;
  t->in_launch = 0;
  for (unsigned i = 0; i < TL_MAX_SMS; i++)
    for (unsigned k = 0; k < TL_MAX_SLOTS; k++) {
      close_warp(t, i, k, end, unfinished);
      close_wg(t, i, k, end, unfinished);
    }
  char args[128];
  snprintf(args, sizeof args, "\"grid\":[%" PRIu32 ",%" PRIu32 ",%" PRIu32 "],\"cycles\":%" PRIu64 "%s",
           t->grid[0], t->grid[1], t->grid[2], end - t->base,
           unfinished ? ",\"unfinished\":true" : "");
  put_span(t, 0, 0, t->kname ? t->kname : "kernel", "launch", NULL, t->base, end, args);
  free(t->kname);
  t->kname = NULL;
}

static void seen(vs_timeline *t, uint64_t abs)
{
  if (abs > t->last) t->last = abs;
}

/* ---- observer callbacks ---- */

static void note_partial(vs_timeline *t, const char *why)
{
  if (!t->partial) t->partial = strdup(why);
}

static void on_launch_begin(void *ctx, const vs_launch *l, unsigned num_sms, unsigned warps_per_sm)
{
  (void)warps_per_sm;
  vs_timeline *t = ctx;
  if (t->in_launch) { /* the previous launch failed: close it where it stopped */
    note_partial(t, "a launch did not complete");
    close_launch(t, t->last, 1);
    t->base = t->last;
  }
  t->in_launch = 1;
  t->nsm = num_sms;
  t->kname = l->name ? strdup(l->name) : NULL;
  vs_launch_shape sh;
  vs_error serr;
  if (vs_launch_shape_of(l, &sh, &serr)) memset(&sh, 0, sizeof sh);
  memcpy(t->grid, sh.groups, sizeof t->grid);
  seen(t, t->base);
}

static void on_launch_end(void *ctx, const vs_launch *l, const vs_timing_stats *st)
{
  (void)l;
  vs_timeline *t = ctx;
  uint64_t end = t->base + st->cycles;
  seen(t, end);
  close_launch(t, end, 0);
  t->base = end;
}

static void on_wg_start(void *ctx, unsigned sm, unsigned slot, uint32_t id, uint64_t cycle)
{
  vs_timeline *t = ctx;
  if (sm >= TL_MAX_SMS || slot >= TL_MAX_SLOTS) return;
  uint64_t at = t->base + cycle;
  seen(t, at);
  close_wg(t, sm, slot, at, 1); /* cannot happen: a slot holds one WG */
  span *s = &t->wg[sm][slot];
  s->open = 1;
  s->id = id;
  s->since = at;
}

static void on_wg_end(void *ctx, unsigned sm, unsigned slot, uint32_t id, uint64_t cycle)
{
  (void)id;
  vs_timeline *t = ctx;
  if (sm >= TL_MAX_SMS || slot >= TL_MAX_SLOTS) return;
  uint64_t at = t->base + cycle;
  seen(t, at);
  close_wg(t, sm, slot, at, 0);
}

static void on_warp_state(void *ctx, unsigned sm, unsigned slot, uint32_t wg_id, unsigned wid,
                          int state, int reason, uint64_t cycle)
{
  vs_timeline *t = ctx;
  if (sm >= TL_MAX_SMS || slot >= TL_MAX_SLOTS) return;
  uint64_t at = t->base + cycle;
  seen(t, at);
  span *s = &t->warp[sm][slot];
  switch (state) {
  case VS_TW_STARTED: /* its first reason follows in the same cycle */
    close_warp(t, sm, slot, at, 1);
    break;
  case VS_TW_STALLED:
  case VS_TW_RUNNING:
    if (s->open && s->reason == (unsigned)reason) break;
    close_warp(t, sm, slot, at, 0);
    s->open = 1;
    s->reason = (uint8_t)(reason >= 0 && reason < VS_STALL_COUNT ? reason : VS_STALL_IBUF_EMPTY);
    s->id = wg_id;
    s->wid = wid;
    s->since = at;
    break;
  case VS_TW_ENDED:
    close_warp(t, sm, slot, at, 0);
    break;
  default:
    break;
  }
}

static void on_sample(void *ctx, const vs_timing_sample *x)
{
  vs_timeline *t = ctx;
  if (x->sm >= TL_MAX_SMS) return;
  uint64_t at = t->base + x->cycle;
  seen(t, at);
  unsigned pid = x->sm + 1;
  /* IPC is the interval's: it holds from the interval's start */
  put_counter(t, pid, "ipc", at - (x->interval < x->cycle ? x->interval : x->cycle), x->ipc, 0);
  put_counter(t, pid, "active_warps", at, x->active_warps, 1);
  put_counter(t, pid, "outstanding_mem", at, x->outstanding_mem, 1);
}

/* ---- API ---- */

int vs_timeline_create(vs_timeline **out, FILE *f, const vs_timeline_options *opt,
                       vs_error *err)
{
  *out = NULL;
  if (opt && opt->window_end && opt->window_end <= opt->window_start)
    return vs_error_set(err, VS_E_USAGE, "timeline window: the end must be after the start");
  vs_timeline *t = vs_calloc(1, sizeof *t, err);
  if (!t) return -1;
  t->f = f;
  if (opt) t->o = *opt;
  t->first = 1;
  t->obs.ctx = t;
  t->obs.launch_begin = on_launch_begin;
  t->obs.launch_end = on_launch_end;
  t->obs.wg_start = on_wg_start;
  t->obs.wg_end = on_wg_end;
  t->obs.warp_state = on_warp_state;
  t->obs.sample = on_sample;
  t->obs.sample_interval = 0; /* sim.sample_interval */
  fputs("{\"traceEvents\":[\n", f);
  *out = t;
  return 0;
}

vs_timing_observer *vs_timeline_observer(vs_timeline *t)
{
  return &t->obs;
}

void vs_timeline_set_partial(vs_timeline *t, const char *why)
{
  note_partial(t, why && *why ? why : "incomplete");
}

int vs_timeline_finish(vs_timeline *t, vs_error *err)
{
  if (t->in_launch) note_partial(t, "a launch did not complete");
  close_launch(t, t->last, 1);
  FILE *f = t->f;
  fputs("\n],\n\"displayTimeUnit\":\"ms\",\n\"otherData\":{", f);
  fprintf(f, "\"generator\":\"ventsim %s\",\"time_unit\":\"1 us = 1 cycle\","
             "\"events\":%" PRIu64 ",\"max_events\":%" PRIu64 ",\"window\":[%" PRIu64 ",",
          vs_version(), t->events, t->o.max_events, t->o.window_start);
  if (t->o.window_end) fprintf(f, "%" PRIu64 "]", t->o.window_end);
  else fputs("null]", f);
  if (t->truncated)
    fprintf(f, ",\"truncated\":true,\"truncated_at_cycle\":%" PRIu64
               ",\"note\":\"stopped at --timeline-max-events; later events are missing\"",
            t->truncated_at);
  else fputs(",\"truncated\":false", f);
  fprintf(f, ",\"partial\":%s", t->partial ? "true" : "false");
  if (t->partial) {
    fputs(",\"partial_reason\":", f);
    json_str(f, t->partial);
  }
  fputs("}}\n", f);
  if (fflush(f) != 0 || ferror(f))
    return vs_error_set(err, VS_E_IO, "timeline: write error");
  return 0;
}

void vs_timeline_free(vs_timeline *t)
{
  if (!t) return;
  free(t->kname);
  free(t->partial);
  free(t);
}

uint64_t vs_timeline_events(const vs_timeline *t)
{
  return t->events;
}

int vs_timeline_truncated(const vs_timeline *t)
{
  return t->truncated;
}

int vs_timeline_parse_window(const char *s, vs_timeline_options *opt, vs_error *err)
{
  const char *colon = strchr(s, ':');
  if (!colon)
    return vs_error_set(err, VS_E_USAGE, "timeline window '%s': expected START:END (cycles)", s);
  char a[32], b[32];
  size_t na = (size_t)(colon - s), nb = strlen(colon + 1);
  if (na >= sizeof a || nb >= sizeof b)
    return vs_error_set(err, VS_E_USAGE, "timeline window '%s': number too long", s);
  memcpy(a, s, na);
  a[na] = 0;
  memcpy(b, colon + 1, nb + 1);
  uint64_t x = 0, y = 0;
  if ((na && vs_parse_u64(a, &x)) || (nb && vs_parse_u64(b, &y)) || (!na && !nb))
    return vs_error_set(err, VS_E_USAGE,
                        "timeline window '%s': expected START:END, START: or :END in cycles", s);
  if (nb && y <= x)
    return vs_error_set(err, VS_E_USAGE, "timeline window '%s': END must be greater than START",
                        s);
  opt->window_start = x;
  opt->window_end = nb ? y : 0;
  return 0;
}
