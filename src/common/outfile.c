/* Writing output files safely (common/outfile.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/outfile.h"
#include "common/util.h"

#define MAX_LINKS 40 /* as the kernel's limit on a path's symbolic links */

/* Names under /proc (where /dev/stdout and /dev/fd/N lead) are the open
 * files of a process, not names in a directory: written through. */
static int under_proc(const char *p)
{
  return strncmp(p, "/proc/", 6) == 0;
}

/* The descriptor a name stands for: /dev/stdout, /dev/stderr, /dev/fd/N,
 * /proc/self/fd/N (as a shell treats them in redirections), or -1. */
static int fd_name(const char *p)
{
  if (!strcmp(p, "/dev/stdout")) return 1;
  if (!strcmp(p, "/dev/stderr")) return 2;
  const char *n = !strncmp(p, "/dev/fd/", 8) ? p + 8 : !strncmp(p, "/proc/self/fd/", 14) ? p + 14 : NULL;
  if (!n || *n < '0' || *n > '9') return -1;
  long v = 0;
  for (; *n >= '0' && *n <= '9' && v < 1000000; n++) v = v * 10 + (*n - '0');
  return *n ? -1 : (int)v;
}

/* Follows the symbolic links from path.  *target: the name at the end of
 * the chain (malloc'ed); *through: 1 if that is something to write through
 * (not a regular file and not a new name). */
static int resolve(const char *path, char **target, int *through, vs_error *err)
{
  char *cur = vs_strdup(path, err);
  if (!cur) return -1;
  for (int hops = 0;; hops++) {
    struct stat st;
    if (fd_name(cur) >= 0 || under_proc(cur)) {
      *through = 1;
      break;
    }
    if (lstat(cur, &st) != 0) {
      if (errno == ENOENT) { /* a new file (a missing directory fails later) */
        *through = 0;
        break;
      }
      int e = errno;
      free(cur);
      return vs_error_set(err, VS_E_IO, "%s: %s", path, strerror(e));
    }
    if (!S_ISLNK(st.st_mode)) {
      *through = !S_ISREG(st.st_mode);
      break;
    }
    if (hops == MAX_LINKS) {
      free(cur);
      return vs_error_set(err, VS_E_IO, "%s: %s", path, strerror(ELOOP));
    }
    size_t cap = (size_t)st.st_size + 1 > 256 ? (size_t)st.st_size + 1 : 256;
    char *link = NULL;
    ssize_t n;
    for (;;) { /* the link may change size between lstat and readlink */
      char *nl = vs_realloc(link, cap, err);
      if (!nl) {
        free(link);
        free(cur);
        return -1;
      }
      link = nl;
      n = readlink(cur, link, cap);
      if (n < 0 || (size_t)n < cap) break;
      cap *= 2;
    }
    if (n < 0) {
      int e = errno;
      free(link);
      free(cur);
      return vs_error_set(err, VS_E_IO, "%s: %s", path, strerror(e));
    }
    link[n] = '\0';
    char *next;
    const char *slash = strrchr(cur, '/');
    if (link[0] == '/' || !slash) { /* absolute, or relative to the current directory */
      next = link;
    } else {                        /* relative to the link's directory */
      size_t dl = (size_t)(slash - cur) + 1;
      next = vs_malloc(dl + (size_t)n + 1, err);
      if (next) {
        memcpy(next, cur, dl);
        memcpy(next + dl, link, (size_t)n + 1);
      }
      free(link);
    }
    free(cur);
    if (!next) return -1;
    cur = next;
  }
  *target = cur;
  return 0;
}

/* Creates a new temporary file beside target: O_EXCL, and the mode a new
 * file gets (the kernel applies the umask). */
static int create_temp(vs_outfile *o, int flags, vs_error *err)
{
  static _Atomic unsigned counter;
  const char *slash = strrchr(o->target, '/');
  size_t dl = slash ? (size_t)(slash - o->target) + 1 : 0;
  size_t cap = dl + 64;
  o->tmp = vs_malloc(cap, err);
  if (!o->tmp) return -1;
  mode_t mode = (flags & VS_OUT_EXEC) ? 0777 : 0666;
  for (int attempt = 0; attempt < 100; attempt++) {
    memcpy(o->tmp, o->target, dl);
    snprintf(o->tmp + dl, cap - dl, ".ventsim-%ld-%u.tmp", (long)getpid(), atomic_fetch_add(&counter, 1));
    int fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd >= 0) {
      o->f = fdopen(fd, "w");
      if (o->f) return 0;
      close(fd);
      unlink(o->tmp);
      break;
    }
    if (errno != EEXIST) break;
  }
  int e = errno;
  free(o->tmp);
  o->tmp = NULL;
  return vs_error_set(err, VS_E_IO, "%s: cannot create the file: %s", o->path, strerror(e));
}

int vs_outfile_open(vs_outfile *o, const char *path, int flags, vs_error *err)
{
  memset(o, 0, sizeof *o);
  if ((flags & VS_OUT_DASH) && strcmp(path, "-") == 0) {
    o->f = stdout;
    o->is_stdout = 1;
    return 0;
  }
  if (!*path) return vs_error_set(err, VS_E_USAGE, "an output file name is empty");
  if (!(o->path = vs_strdup(path, err))) return -1;
  int through = 1;
  if (!(flags & VS_OUT_APPEND) && resolve(path, &o->target, &through, err)) {
    vs_outfile_discard(o);
    return -1;
  }
  if (!through) {
    if (create_temp(o, flags, err)) {
      vs_outfile_discard(o);
      return -1;
    }
    return 0;
  }
  /* write through: what a shell redirection (> or >>) does; an open file
   * of ours (/dev/stdout ...) is written at its current offset */
  int n = o->target ? fd_name(o->target) : -1;
  int trunc = !(flags & VS_OUT_APPEND) && !(o->target && under_proc(o->target));
  free(o->target);
  o->target = NULL;
  int oflags = O_WRONLY | O_CREAT | O_CLOEXEC | ((flags & VS_OUT_APPEND) ? O_APPEND : trunc ? O_TRUNC : 0);
  int fd = n >= 0 ? fcntl(n, F_DUPFD_CLOEXEC, 0) : open(path, oflags, 0666);
  if (fd < 0 || !(o->f = fdopen(fd, (flags & VS_OUT_APPEND) ? "a" : "w"))) {
    int e = errno;
    if (fd >= 0) close(fd);
    vs_outfile_discard(o);
    return vs_error_set(err, VS_E_IO, "%s: %s", path, strerror(e));
  }
  return 0;
}

static void release(vs_outfile *o)
{
  free(o->path);
  free(o->target);
  free(o->tmp);
  memset(o, 0, sizeof *o);
}

int vs_outfile_commit(vs_outfile *o, vs_error *err)
{
  if (!o->f) {
    release(o);
    return 0;
  }
  const char *name = o->is_stdout ? "standard output" : o->path;
  int bad = ferror(o->f) != 0, e = EIO;
  if (o->is_stdout) {
    if (fflush(o->f) != 0 || ferror(o->f)) bad = 1;
    if (bad) e = errno ? errno : EIO;
  } else {
    errno = 0;
    if (fclose(o->f) != 0) {
      bad = 1;
      e = errno ? errno : EIO;
    }
  }
  o->f = NULL;
  if (bad) {
    vs_error_set(err, VS_E_IO, "%s: write error: %s", name, strerror(e));
    vs_outfile_discard(o);
    return -1;
  }
  if (o->tmp && rename(o->tmp, o->target) != 0) {
    e = errno;
    vs_error_set(err, VS_E_IO, "%s: cannot replace the file: %s", name, strerror(e));
    vs_outfile_discard(o);
    return -1;
  }
  free(o->tmp); /* renamed: nothing to remove */
  o->tmp = NULL;
  release(o);
  return 0;
}

void vs_outfile_discard(vs_outfile *o)
{
  if (o->f && !o->is_stdout) fclose(o->f);
  if (o->is_stdout && o->f) fflush(o->f);
  if (o->tmp) unlink(o->tmp);
  release(o);
}

int vs_write_file(const char *path, const void *data, size_t len, int flags, vs_error *err)
{
  vs_outfile o;
  if (vs_outfile_open(&o, path, flags, err)) return -1;
  if (len && fwrite(data, 1, len, o.f) != len) {
    int e = errno;
    vs_error_set(err, VS_E_IO, "%s: write error: %s", o.is_stdout ? "standard output" : path, strerror(e));
    vs_outfile_discard(&o);
    return -1;
  }
  return vs_outfile_commit(&o, err);
}
