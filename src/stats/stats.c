/* Run statistics: per-launch records, totals, JSON and text output.
 * The JSON format is documented in docs/stats-format.md. */
#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "core/insn.h"
#include "ventsim/stats.h"

typedef struct launch_rec {
  char *name;
  vs_launch_shape shape;      /* the work-group grid */
  uint32_t wave_size, lds_bytes, private_bytes;
  vs_exec_stats e;
  uint64_t cycles;
  double seconds;
  cJSON *timing;
  char *error;      /* not NULL: the launch stopped before its end */
} launch_rec;

/* The launches kept one by one: a ring of n records from `first` (of
 * cap); when `max` is set the oldest beyond it are folded into `earlier`. */
struct vs_stats {
  launch_rec *launches;
  size_t n, cap, first, max;
  struct {
    vs_exec_stats e;
    uint64_t count, failed, cycles;
    double seconds;
    int timing;
  } earlier;
  char *partial;    /* not NULL: why the run is incomplete */
  cJSON *check;     /* the kernel checker's findings, or NULL */
};

static launch_rec *rec(const vs_stats *s, size_t k)
{
  return &s->launches[(s->first + k) % s->cap];
}

static void rec_free(launch_rec *r)
{
  free(r->name);
  free(r->error);
  cJSON_Delete(r->timing);
}

static const char *const space_names[VS_NSPACES] = {"global", "local", "private", "constant"};

vs_stats *vs_stats_create(void)
{
  return calloc(1, sizeof(vs_stats));
}

void vs_stats_free(vs_stats *s)
{
  if (!s) return;
  for (size_t i = 0; i < s->n; i++) rec_free(rec(s, i));
  free(s->launches);
  cJSON_Delete(s->check);
  free(s->partial);
  free(s);
}

void vs_stats_set_max_launches(vs_stats *s, size_t max)
{
  s->max = max;
}

/* Folds the oldest record into the totals of earlier launches. */
static void fold_oldest(vs_stats *s)
{
  launch_rec *r = rec(s, 0);
  vs_exec_stats_add(&s->earlier.e, &r->e);
  s->earlier.count++;
  s->earlier.failed += r->error != NULL;
  s->earlier.cycles += r->cycles;
  s->earlier.seconds += r->seconds;
  s->earlier.timing |= r->timing != NULL;
  rec_free(r);
  s->first = (s->first + 1) % s->cap;
  s->n--;
}

int vs_stats_launch_stopped(vs_stats *s, const char *why, vs_error *err)
{
  if (!s->n) return vs_error_set(err, VS_E_STATE, "no launch recorded");
  launch_rec *r = rec(s, s->n - 1);
  char *m = vs_utf8_clean(why && *why ? why : "stopped", err);
  if (!m) return -1;
  free(r->error);
  r->error = m;
  return 0;
}

int vs_stats_set_partial(vs_stats *s, const char *why, vs_error *err)
{
  if (s->partial) return 0;
  s->partial = vs_utf8_clean(why && *why ? why : "incomplete", err);
  return s->partial ? 0 : -1;
}

int vs_stats_add_launch(vs_stats *s, const vs_launch *l, const vs_exec_stats *e, uint64_t cycles,
                        double seconds, void *timing_json, vs_error *err)
{
  if (s->max && s->n >= s->max) fold_oldest(s);
  if (s->n == s->cap) { /* grow, putting the ring in order */
    size_t cap = s->cap ? s->cap * 2 : 8;
    launch_rec *r = vs_malloc(cap * sizeof *r, err);
    if (!r) {
      cJSON_Delete(timing_json);
      return -1;
    }
    for (size_t k = 0; k < s->n; k++) r[k] = *rec(s, k);
    free(s->launches);
    s->launches = r;
    s->cap = cap;
    s->first = 0;
  }
  launch_rec *r = rec(s, s->n);
  memset(r, 0, sizeof *r);
  r->name = vs_utf8_clean(l->name ? l->name : "kernel", err); /* JSON text is UTF-8 */
  if (!r->name) {
    cJSON_Delete(timing_json);
    return -1;
  }
  vs_error serr;
  if (vs_launch_shape_of(l, &r->shape, &serr)) memset(&r->shape, 0, sizeof r->shape);
  r->wave_size = l->wave_size;
  r->lds_bytes = l->lds_bytes;
  r->private_bytes = l->private_bytes;
  r->e = *e;
  r->cycles = cycles;
  r->seconds = seconds;
  r->timing = timing_json;
  s->n++;
  return 0;
}

/* ---- JSON ---- */
static void num(cJSON *o, const char *k, double v) { cJSON_AddNumberToObject(o, k, v); }

static cJSON *exec_json(const vs_exec_stats *e, unsigned warp_threads)
{
  cJSON *o = cJSON_CreateObject();
  num(o, "workgroups", (double)e->workgroups);
  num(o, "warps", (double)e->warps);
  num(o, "warp_instructions", (double)e->warp_insns);
  num(o, "thread_instructions", (double)e->thread_insns);
  num(o, "vector_instructions", (double)e->vector_insns);
  /* mean active threads per issued vector instruction */
  num(o, "simt_active_threads", e->vector_insns ? (double)e->vector_threads / (double)e->vector_insns : 0);
  if (warp_threads)
    num(o, "simt_efficiency",
        e->vector_insns ? (double)e->vector_threads / ((double)e->vector_insns * warp_threads) : 0);
  num(o, "divergent_branches", (double)e->divergent_branches);
  num(o, "max_simt_stack_depth", (double)e->max_stack_depth);
  num(o, "barriers", (double)e->barriers);
  cJSON *mix = cJSON_AddObjectToObject(o, "instruction_mix");
  for (int c = 0; c < VS_CLS_COUNT; c++)
    if (e->class_insns[c]) num(mix, vs_insn_class_name(c), (double)e->class_insns[c]);
  cJSON *mem = cJSON_AddObjectToObject(o, "memory");
  static const char *const sz[VS_NSIZES] = {"1", "2", "4", "8", "12", "16"};
  static const unsigned bytes[VS_NSIZES] = {1, 2, 4, 8, 12, 16};
  for (int sp = 0; sp < VS_NSPACES; sp++) {
    cJSON *m = cJSON_AddObjectToObject(mem, space_names[sp]);
    uint64_t lb = 0, sb = 0, ln = 0, sn = 0;
    cJSON *ls = cJSON_AddObjectToObject(m, "loads_by_size");
    cJSON *ss = cJSON_AddObjectToObject(m, "stores_by_size");
    for (int k = 0; k < VS_NSIZES; k++) {
      ln += e->loads[sp][k];
      sn += e->stores[sp][k];
      lb += e->loads[sp][k] * bytes[k];
      sb += e->stores[sp][k] * bytes[k];
      num(ls, sz[k], (double)e->loads[sp][k]);
      num(ss, sz[k], (double)e->stores[sp][k]);
    }
    num(m, "loads", (double)ln);
    num(m, "stores", (double)sn);
    num(m, "load_bytes", (double)lb);
    num(m, "store_bytes", (double)sb);
    num(m, "atomics", (double)e->atomics[sp]);
  }
  return o;
}

int vs_stats_write_json(const vs_stats *s, FILE *out, vs_error *err)
{
  cJSON *root = cJSON_CreateObject();
  cJSON_AddStringToObject(root, "format", "ventsim-stats");
  num(root, "version", VS_STATS_FORMAT_VERSION);
  vs_exec_stats tot = s->earlier.e; /* launches no longer kept one by one count too */
  uint64_t cycles = s->earlier.cycles;
  double secs = s->earlier.seconds;
  int timing = s->earlier.timing;
  cJSON *arr = cJSON_CreateArray();
  const char *partial = s->partial;
  if (!partial && s->earlier.failed) partial = "a launch did not complete";
  for (size_t i = 0; i < s->n; i++) {
    const launch_rec *r = rec(s, i);
    if (!partial && r->error) partial = "a launch did not complete";
    vs_exec_stats_add(&tot, &r->e);
    cycles += r->cycles;
    secs += r->seconds;
    timing |= r->timing != NULL;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", r->name);
    cJSON *g = cJSON_AddArrayToObject(o, "grid");
    for (int d = 0; d < 3; d++) cJSON_AddItemToArray(g, cJSON_CreateNumber(r->shape.groups[d]));
    num(o, "warp_threads", r->wave_size);
    num(o, "wg_warps", r->shape.wg_warps);
    num(o, "lds_size", r->lds_bytes);
    num(o, "pds_size", r->private_bytes);
    if (r->timing) num(o, "cycles", (double)r->cycles);
    num(o, "seconds", r->seconds);
    cJSON_AddBoolToObject(o, "completed", r->error == NULL);
    if (r->error) cJSON_AddStringToObject(o, "error", r->error);
    cJSON *e = exec_json(&r->e, r->wave_size);
    cJSON *child = e->child;
    e->child = NULL;
    /* flatten the counters into the launch object */
    while (child) {
      cJSON *next = child->next;
      child->next = child->prev = NULL;
      cJSON_AddItemToObject(o, child->string, child);
      child = next;
    }
    cJSON_Delete(e);
    if (r->timing) cJSON_AddItemReferenceToObject(o, "timing", r->timing);
    cJSON_AddItemToArray(arr, o);
  }
  cJSON_AddStringToObject(root, "mode", timing ? "timing" : "functional");
  cJSON_AddBoolToObject(root, "partial", partial != NULL);
  if (partial) cJSON_AddStringToObject(root, "partial_reason", partial);
  if (timing) num(root, "cycles", (double)cycles);
  num(root, "seconds", secs);
  cJSON_AddItemToObject(root, "totals", exec_json(&tot, 0));
  num(root, "omitted_launches", (double)s->earlier.count);
  cJSON_AddItemToObject(root, "launches", arr);
  if (s->check) cJSON_AddItemReferenceToObject(root, "check", s->check);
  char *txt = cJSON_Print(root);
  cJSON_Delete(root);
  if (!txt) return vs_error_set(err, VS_E_NOMEM, "out of memory writing statistics");
  int bad = fputs(txt, out) < 0 || fputc('\n', out) == EOF;
  cJSON_free(txt);
  if (bad) return vs_error_set(err, VS_E_IO, "error writing statistics");
  return 0;
}

void vs_stats_set_check(vs_stats *s, void *check_json)
{
  cJSON_Delete(s->check);
  s->check = check_json;
}

void vs_stats_print(const vs_stats *s, FILE *out)
{
  if (s->earlier.count)
    fprintf(out, "  (statistics: the first %" PRIu64 " launches are only in the totals)\n", s->earlier.count);
  for (size_t i = 0; i < s->n; i++) {
    const launch_rec *r = rec(s, i);
    const vs_exec_stats *e = &r->e;
    fprintf(out, "%s: %" PRIu64 " work-groups, %" PRIu64 " warp / %" PRIu64 " thread instructions",
            r->name, e->workgroups, e->warp_insns, e->thread_insns);
    if (r->timing) fprintf(out, ", %" PRIu64 " cycles", r->cycles);
    if (e->vector_insns)
      fprintf(out, ", SIMT efficiency %.1f%%",
              100.0 * (double)e->vector_threads / ((double)e->vector_insns * r->wave_size));
    fprintf(out, ", %" PRIu64 " divergent branches, %" PRIu64 " barriers\n", e->divergent_branches,
            e->barriers);
  }
}
