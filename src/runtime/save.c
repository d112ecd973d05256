/* Saving launches as interchange files (.metadata/.data, spec section 8)
 * so that `ventsim run` (and the other Ventus tools) can replay them.
 *
 * A save session is a directory.  Its launches are a sequence to be run in
 * order on one memory image, like the files the Ventus pocl port writes:
 * the first launch's files hold every buffer and the program; a later
 * launch's files hold only what the host changed since the previous saved
 * launch -- new buffers (and a re-uploaded program) in full, and the byte
 * ranges of older buffers the host wrote (vt_copy_to_dev) -- because the
 * kernels' own writes are reproduced by replaying the earlier launches.
 * <dir>/launches.list names the .metadata files in launch order.
 *
 * The replay never unmaps, so the session remembers which pages a replay
 * has mapped.  A buffer (or a part of it) on pages the replay has not mapped
 * yet is emitted with allocsize = its pages; a part on pages the replay
 * mapped already (e.g. the same addresses as a freed buffer) is emitted
 * with all its bytes.  Buffer sizes in the files are the sizes asked for,
 * so `ventsim run --dump` shows whole buffers -- except that the program
 * and buffers larger than RT_SAVE_FULL_MAX on fresh pages leave out their
 * trailing zero bytes (fresh memory reads as zero), which keeps private
 * memory and print buffers from filling the .data file with zeros. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "common/outfile.h"
#include "common/util.h"
#include "runtime/rt.h"
#include "ventsim/amdlaunch.h"
#include "ventsim/testcase.h"

#define RT_SAVE_FULL_MAX (64u << 10) /* larger buffers: trailing zeros left out */

void rt_save_free(rt_save *s)
{
  free(s->dir);
  free(s->mapped);
  unsigned session = s->session;
  memset(s, 0, sizeof *s);
  s->session = session;
}

/* ---- pages a replay has mapped: sorted, merged [lo, hi) pairs ---- */

static int replay_mapped(const rt_save *s, uint64_t page)
{
  for (size_t i = 0; i < s->nmapped; i++)
    if (page >= s->mapped[2 * i] && page < s->mapped[2 * i + 1]) return 1;
  return 0;
}

static int replay_add(rt_save *s, uint64_t lo, uint64_t hi, vs_error *err)
{
  if (s->nmapped == s->capmapped) {
    size_t nc = s->capmapped ? s->capmapped * 2 : 16;
    uint64_t *n = vs_realloc(s->mapped, nc * 2 * sizeof *n, err);
    if (!n) return -1;
    s->mapped = n;
    s->capmapped = nc;
  }
  size_t i = 0;
  while (i < s->nmapped && s->mapped[2 * i] < lo) i++;
  memmove(&s->mapped[2 * i + 2], &s->mapped[2 * i], (s->nmapped - i) * 2 * sizeof *s->mapped);
  s->mapped[2 * i] = lo;
  s->mapped[2 * i + 1] = hi;
  s->nmapped++;
  /* merge neighbours that touch */
  size_t w = 0;
  for (size_t r = 1; r < s->nmapped; r++) {
    if (s->mapped[2 * r] <= s->mapped[2 * w + 1]) {
      if (s->mapped[2 * r + 1] > s->mapped[2 * w + 1]) s->mapped[2 * w + 1] = s->mapped[2 * r + 1];
    } else {
      w++;
      s->mapped[2 * w] = s->mapped[2 * r];
      s->mapped[2 * w + 1] = s->mapped[2 * r + 1];
    }
  }
  s->nmapped = w + 1;
  return 0;
}

/* ---- the entries of one launch ---- */

typedef struct entries {
  vs_tc_buffer *b;
  size_t n, cap;
} entries;

static int add_entry(entries *e, vs_addr base, uint64_t size, uint64_t allocsize, vs_error *err)
{
  if (e->n == VS_TC_MAX_BUFFERS)
    return vs_error_set(err, VS_E_LIMIT, "more than %u buffers in one launch", VS_TC_MAX_BUFFERS);
  if (e->n == e->cap) {
    size_t nc = e->cap ? e->cap * 2 : 16;
    vs_tc_buffer *n = vs_realloc(e->b, nc * sizeof *n, err);
    if (!n) return -1;
    e->b = n;
    e->cap = nc;
  }
  vs_tc_buffer *t = &e->b[e->n++];
  memset(t, 0, sizeof *t);
  t->base = base;
  t->size = size;
  t->allocsize = allocsize;
  return 0;
}

/* Bytes of [addr, addr+len) up to and including the last nonzero byte */
static int trimmed_len(vs_device *dev, vs_addr addr, uint64_t len, uint64_t *out, vs_error *err)
{
  uint8_t buf[4096];
  uint64_t last = 0;
  for (uint64_t off = 0; off < len; off += sizeof buf) {
    size_t n = len - off < sizeof buf ? (size_t)(len - off) : sizeof buf;
    if (vs_device_read(dev, addr + off, buf, n, err)) return -1;
    for (size_t k = n; k-- > 0;)
      if (buf[k]) {
        last = off + k + 1;
        break;
      }
  }
  *out = (last + 3u) & ~(uint64_t)3;
  if (*out > len) *out = len;
  return 0;
}

/* Emits the region [base, base+pages) whose meaningful bytes are
 * [base+dlo, base+dhi), split at the pages the replay has mapped already. */
static int emit(rt_dev *d, entries *e, vs_addr base, uint64_t pages, uint64_t dlo, uint64_t dhi, int trim,
                vs_error *err)
{
  rt_save *s = &d->save;
  uint64_t end = base + pages;
  uint64_t p = base;
  while (p < end) {
    int m = replay_mapped(s, p / RT_PAGE);
    uint64_t q = p + RT_PAGE;
    while (q < end && replay_mapped(s, q / RT_PAGE) == m) q += RT_PAGE;
    /* run [p, q) */
    uint64_t lo = base + dlo, hi = base + dhi;
    if (lo < p) lo = p;
    if (hi > q) hi = q;
    if (m) {
      if (hi > lo && add_entry(e, lo, hi - lo, hi - lo, err)) return -1;
    } else {
      uint64_t size = hi > lo ? hi - p : 0;
      /* fresh pages read as zero: only the bytes up to the last nonzero one */
      if (trim && size && trimmed_len(d->dev, p, size, &size, err)) return -1;
      if (add_entry(e, p, size, q - p, err)) return -1;
      if (replay_add(s, p / RT_PAGE, q / RT_PAGE, err)) return -1;
    }
    p = q;
  }
  return 0;
}

/* ---- the directories saved into by this process ----
 *
 * Every save into a directory, by any device of either ISA, takes its file
 * name from one count per kernel name and directory (KERNEL_N: N never
 * repeats within the process) and appends it to DIR/launches.list, which
 * the first save of the process into DIR creates empty.  So Ventus and AMD
 * launches, and the OpenCL platform's several devices, saved into one
 * directory keep distinct files and one list in launch order; a Ventus
 * sequence that starts again (another directory in between, or a failed
 * save) continues the numbering with a launch that holds everything. */
typedef struct save_dir {
  char *dir;
  struct { char *name; unsigned count; } *names;
  size_t nnames;
} save_dir;

static pthread_mutex_t dirs_lock = PTHREAD_MUTEX_INITIALIZER;
static save_dir *dirs;
static size_t ndirs;

/* dirs_lock held: the directory's record, created (with the directory and
 * an empty launches.list) by the first save into it */
static save_dir *dir_get(const char *dir, vs_error *err)
{
  for (size_t i = 0; i < ndirs; i++)
    if (!strcmp(dirs[i].dir, dir)) return &dirs[i];
  if (mkdir(dir, 0777) != 0 && errno != EEXIST)
    return vs_error_set(err, VS_E_IO, "cannot create directory %s: %s", dir, strerror(errno)), NULL;
  char path[4096];
  snprintf(path, sizeof path, "%s/launches.list", dir);
  if (vs_write_file(path, "", 0, 0, err)) return NULL;
  save_dir *n = vs_realloc(dirs, (ndirs + 1) * sizeof *n, err);
  if (!n) return NULL;
  dirs = n;
  save_dir *sd = &dirs[ndirs];
  memset(sd, 0, sizeof *sd);
  if (!(sd->dir = vs_strdup(dir, err))) return NULL;
  ndirs++;
  return sd;
}

/* dirs_lock held: the next N of the file name `name` in sd */
static int next_index(save_dir *sd, const char *name, unsigned *out, vs_error *err)
{
  for (size_t i = 0; i < sd->nnames; i++)
    if (!strcmp(sd->names[i].name, name)) {
      *out = sd->names[i].count++;
      return 0;
    }
  void *n = vs_realloc(sd->names, (sd->nnames + 1) * sizeof *sd->names, err);
  if (!n) return -1;
  sd->names = n;
  if (!(sd->names[sd->nnames].name = vs_strdup(name, err))) return -1;
  sd->names[sd->nnames].count = 1;
  sd->nnames++;
  *out = 0;
  return 0;
}

/* The file name of the next launch of kname saved into dir: KNAME_N + ext
 * (the kernel name with only [A-Za-z0-9_.-]) */
static int save_name(const char *dir, const char *kname, const char *ext, char *file, size_t flen, vs_error *err)
{
  if (strlen(dir) > 3000) return vs_error_set(err, VS_E_USAGE, "directory name too long");
  char safe[96];
  size_t n = 0;
  for (const char *c = kname; *c && n + 1 < sizeof safe; c++)
    safe[n++] = ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                 *c == '_' || *c == '.' || *c == '-') ? *c : '_';
  safe[n] = '\0';
  if (n == 0 || safe[0] == '.') snprintf(safe, sizeof safe, "kernel");
  unsigned idx;
  pthread_mutex_lock(&dirs_lock);
  save_dir *sd = dir_get(dir, err);
  int rc = sd ? next_index(sd, safe, &idx, err) : -1;
  pthread_mutex_unlock(&dirs_lock);
  if (rc) return -1;
  snprintf(file, flen, "%s_%u%s", safe, idx, ext);
  return 0;
}

/* Appends file to dir/launches.list (the launches in order) */
static int list_append(const char *dir, const char *file, vs_error *err)
{
  char list[4096];
  snprintf(list, sizeof list, "%s/launches.list", dir);
  vs_outfile o;
  pthread_mutex_lock(&dirs_lock);
  int rc = vs_outfile_open(&o, list, VS_OUT_APPEND, err);
  if (rc == 0) {
    fprintf(o.f, "%s\n", file);
    rc = vs_outfile_commit(&o, err);
  }
  pthread_mutex_unlock(&dirs_lock);
  return rc;
}

/* Starts the Ventus save sequence of a device in dir: its next launch holds
 * the program and every buffer */
static int start_session(rt_save *s, const char *dir, vs_error *err)
{
  char *copy = vs_strdup(dir, err);
  if (!copy) return -1;
  rt_save_free(s);
  s->dir = copy;
  s->session++;
  if (s->session == 0) s->session = 1;
  return 0;
}

int rt_save_launch(rt_dev *d, const char *dir, const char *kname, const vs_ventus_record *l, uint64_t kernel_id,
                   vs_error *err)
{
  rt_save *s = &d->save;
  char file[160], path[4096];
  if ((!s->dir || strcmp(s->dir, dir) != 0) && start_session(s, dir, err)) return -1;
  if (save_name(dir, kname, ".metadata", file, sizeof file, err)) return -1;
  snprintf(path, sizeof path, "%s/%s", dir, file);

  entries e = {0};
  int rc = 0;
  /* everything new or changed, in address order (the program comes first) */
  if (d->has_program && d->prog_saved != s->session) {
    rc = emit(d, &e, d->prog_lo, d->prog_hi - d->prog_lo, 0, d->prog_hi - d->prog_lo, 1, err);
    d->prog_saved = s->session;
  }
  for (size_t i = 0; rc == 0 && i < d->nallocs; i++) {
    rt_alloc *a = &d->allocs[i];
    int trim = a->size > RT_SAVE_FULL_MAX;
    if (a->saved != s->session) rc = emit(d, &e, a->base, a->mapped, 0, a->size, trim, err);
    else if (a->dlo < a->dhi) rc = emit(d, &e, a->base, a->mapped, a->dlo & ~(uint64_t)3, a->dhi, trim, err);
    a->saved = s->session;
    a->dlo = a->dhi = 0;
  }
  if (rc == 0) {
    vs_testcase tc;
    memset(&tc, 0, sizeof tc);
    tc.name = (char *)kname;
    tc.rec = *l;
    tc.kernel_id = (uint32_t)kernel_id;
    tc.nbuf = e.n;
    tc.buf = e.b;
    rc = vs_testcase_save(d->dev, &tc, path, err);
  }
  free(e.b);
  if (rc) {
    /* the sequence is broken: the next save starts a new session */
    rt_save_free(s);
    return -1;
  }
  if (list_append(dir, file, err)) {
    rt_save_free(s);
    return -1;
  }
  return 0;
}
/* ---- AMD launches: a self-contained directory per launch (ventsim/amdlaunch.h) ---- */

int rt_save_amd_launch(vt_device_h h, const char *dir, vs_amdlaunch *l, const vs_addr roles[3])
{
  static const char fn[] = "vs_kernel_launch";
  static const char *const names[3] = {"code", "kernarg", "printf"};
  vs_error err = {0};
  char file[160], path[4096];
  if (save_name(dir, l->kernel, ".amdlaunch", file, sizeof file, &err))
    return rt_fail(fn, "kernel '%s': saving the launch: %s", l->kernel, err.msg);
  rt_dev *d = rt_enter(h, fn);
  if (!d) return -1;
  int rc = 0;
  if (!(l->buf = vs_calloc(d->nallocs ? d->nallocs : 1, sizeof *l->buf, &err))) rc = -1;
  for (size_t i = 0; rc == 0 && i < d->nallocs; i++) {
    vs_amdl_buffer *b = &l->buf[l->nbuf++];
    b->base = d->allocs[i].base;
    b->size = d->allocs[i].size;
    b->allocsize = d->allocs[i].mapped;
    snprintf(b->role, sizeof b->role, "buffer");
    for (int r = 0; r < 3; r++)
      if (roles[r] && roles[r] == b->base) snprintf(b->role, sizeof b->role, "%s", names[r]);
  }
  if (rc == 0) {
    snprintf(path, sizeof path, "%s/%s", dir, file);
    rc = vs_amdlaunch_save(d->dev, l, path, &err);
  }
  free(l->buf);
  l->buf = NULL;
  l->nbuf = 0;
  rc = rt_leave(d, rc);
  if (rc == 0) rc = list_append(dir, file, &err);
  return rc ? rt_fail(fn, "kernel '%s': saving the launch: %s", l->kernel, err.msg) : 0;
}
