/* Finding the LLVM tools, running them, temporary directories, hashing. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <pthread.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compile/compile_int.h"
#include "common/outfile.h"

extern char **environ;

#ifndef VENTSIM_CLANG_DEFAULT
#define VENTSIM_CLANG_DEFAULT ""
#endif

int cc_pathf(char *buf, size_t len, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, len, fmt, ap);
  va_end(ap);
  return n;
}

/* ---- argument vectors ---- */

int cc_argv_add(cc_argv *a, const char *s, vs_error *err)
{
  if (a->n + 2 > a->cap) {
    size_t nc = a->cap ? a->cap * 2 : 32;
    char **v = vs_realloc(a->v, nc * sizeof *v, err);
    if (!v) return -1;
    a->v = v;
    a->cap = nc;
  }
  if (!(a->v[a->n] = vs_strdup(s, err))) return -1;
  a->n++;
  a->v[a->n] = NULL;
  return 0;
}

int cc_argv_addf(cc_argv *a, vs_error *err, const char *fmt, ...)
{
  char buf[4096];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof buf) return vs_error_set(err, VS_E_LIMIT, "command-line argument too long");
  return cc_argv_add(a, buf, err);
}

void cc_argv_free(cc_argv *a)
{
  for (size_t i = 0; i < a->n; i++) free(a->v[i]);
  free(a->v);
  a->v = NULL;
  a->n = a->cap = 0;
}

/* ---- tools ---- */

static int executable(const char *p)
{
  struct stat st;
  return p && *p && stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0;
}

/* Looks name up on PATH; writes the full path into out. */
static int on_path(const char *name, char *out, size_t len)
{
  if (strchr(name, '/')) {
    if (!executable(name)) return -1;
    cc_pathf(out, len, "%s", name);
    return 0;
  }
  const char *path = getenv("PATH");
  if (!path || !*path) path = "/usr/local/bin:/usr/bin:/bin";
  while (*path) {
    const char *e = strchr(path, ':');
    size_t n = e ? (size_t)(e - path) : strlen(path);
    char cand[4096];
    if (n && n < sizeof cand - 1 - strlen(name)) {
      cc_pathf(cand, sizeof cand, "%.*s/%s", (int)n, path, name);
      if (executable(cand)) {
        cc_pathf(out, len, "%s", cand);
        return 0;
      }
    }
    path += n + (e ? 1 : 0);
  }
  return -1;
}

static pthread_mutex_t tools_lock = PTHREAD_MUTEX_INITIALIZER;
static char tool_path[CC_NTOOLS][4096];
static char tool_key[4096]; /* VENTSIM_CLANG the paths were found for */

static const char *const tool_names[CC_NTOOLS] = {"clang", "opt", "llvm-link", "ld.lld", "llvm-as"};

static int find_clang(char *out, size_t len, char *tried, size_t tlen)
{
  const char *env = getenv("VENTSIM_CLANG");
  if (env && *env) {
    cc_pathf(tried, tlen, "VENTSIM_CLANG=%s", env);
    return on_path(env, out, len);
  }
  if (executable(VENTSIM_CLANG_DEFAULT)) {
    cc_pathf(out, len, "%s", VENTSIM_CLANG_DEFAULT);
    return 0;
  }
  cc_pathf(tried, tlen, "%s%sclang-19 on PATH", VENTSIM_CLANG_DEFAULT, *VENTSIM_CLANG_DEFAULT ? " (configured), " : "");
  return on_path("clang-19", out, len);
}

const char *cc_tool(int tool, vs_error *err)
{
  pthread_mutex_lock(&tools_lock);
  const char *env = getenv("VENTSIM_CLANG");
  if (strcmp(tool_key, env ? env : "")) { /* VENTSIM_CLANG changed: look again */
    memset(tool_path, 0, sizeof tool_path);
    cc_pathf(tool_key, sizeof tool_key, "%s", env ? env : "");
  }
  const char *res = NULL;
  char tried[4200] = "";
  if (!tool_path[CC_CLANG][0] && find_clang(tool_path[CC_CLANG], sizeof tool_path[CC_CLANG], tried, sizeof tried)) {
    tool_path[CC_CLANG][0] = '\0';
    vs_error_set(err, VS_E_CONFIG, "no OpenCL C compiler: clang not found (looked for %s; install Debian's clang-19 "
                                   "or set VENTSIM_CLANG)", tried);
    goto out;
  }
  if (tool == CC_CLANG) {
    res = tool_path[CC_CLANG];
    goto out;
  }
  if (!tool_path[tool][0]) {
    /* beside clang, with its version suffix ("clang-19" -> "opt-19"), then on PATH */
    const char *c = tool_path[CC_CLANG];
    const char *slash = strrchr(c, '/');
    const char *base = slash ? slash + 1 : c;
    const char *suffix = !strncmp(base, "clang", 5) ? base + 5 : "";
    char cand[4096];
    cc_pathf(cand, sizeof cand, "%.*s%s%s", slash ? (int)(slash - c + 1) : 0, c, tool_names[tool], suffix);
    if (executable(cand)) {
      cc_pathf(tool_path[tool], sizeof tool_path[tool], "%s", cand);
    } else {
      char nm[256];
      cc_pathf(nm, sizeof nm, "%s%s", tool_names[tool], suffix);
      if (on_path(nm, tool_path[tool], sizeof tool_path[tool]) &&
          on_path(tool_names[tool], tool_path[tool], sizeof tool_path[tool])) {
        tool_path[tool][0] = '\0';
        vs_error_set(err, VS_E_CONFIG, "%s not found beside %s nor on PATH (Debian packages llvm-19 and lld-19)",
                     nm, c);
        goto out;
      }
    }
  }
  res = tool_path[tool];
out:
  pthread_mutex_unlock(&tools_lock);
  return res;
}

/* ---- processes ---- */

int cc_run(const cc_argv *argv, vs_buf *log, int verbose, vs_error *err)
{
  if (verbose) { /* asked for on the command line: straight to stderr */
    for (size_t i = 0; i < argv->n; i++) fprintf(stderr, "%s%s", i ? " " : "", argv->v[i]);
    fputc('\n', stderr);
  }
  char tmpl[] = "/tmp/ventsim-cc-log-XXXXXX";
  const char *td = getenv("TMPDIR");
  char path[4096];
  cc_pathf(path, sizeof path, "%s/ventsim-cc-log-XXXXXX", td && *td ? td : "/tmp");
  int fd = mkstemp(path);
  if (fd < 0) {
    cc_pathf(path, sizeof path, "%s", tmpl);
    if ((fd = mkstemp(path)) < 0) return vs_error_set(err, VS_E_IO, "cannot create a temporary file: %s", strerror(errno));
  }
  unlink(path);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fd, 1);
  posix_spawn_file_actions_adddup2(&fa, fd, 2);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  pid_t pid;
  int rc = posix_spawnp(&pid, argv->v[0], &fa, NULL, argv->v, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) {
    close(fd);
    return vs_error_set(err, VS_E_CONFIG, "cannot run %s: %s", argv->v[0], strerror(rc));
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      close(fd);
      return vs_error_set(err, VS_E_IO, "waiting for %s: %s", argv->v[0], strerror(errno));
    }
  }
  /* the output */
  if (lseek(fd, 0, SEEK_SET) == 0) {
    char buf[8192];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0)
      if (log->len < (16u << 20)) vs_buf_append(log, buf, (size_t)n, NULL);
  }
  close(fd);
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  char m[128];
  cc_pathf(m, sizeof m, "%s was killed by signal %d\n", argv->v[0], WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  vs_buf_append(log, m, strlen(m), NULL);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* ---- files and directories ---- */

char *cc_tempdir(vs_error *err)
{
  const char *td = getenv("TMPDIR");
  char path[4096];
  cc_pathf(path, sizeof path, "%s/ventsim-cc-XXXXXX", td && *td ? td : "/tmp");
  if (!mkdtemp(path)) {
    cc_pathf(path, sizeof path, "/tmp/ventsim-cc-XXXXXX");
    if (!mkdtemp(path)) {
      vs_error_set(err, VS_E_IO, "cannot create a temporary directory: %s", strerror(errno));
      return NULL;
    }
  }
  return vs_strdup(path, err);
}

void cc_rmdir(const char *dir)
{
  if (!dir) return;
  DIR *d = opendir(dir);
  if (d) {
    struct dirent *e;
    while ((e = readdir(d))) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      char p[4096];
      cc_pathf(p, sizeof p, "%s/%s", dir, e->d_name);
      struct stat st;
      if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) cc_rmdir(p);
      else unlink(p);
    }
    closedir(d);
  }
  rmdir(dir);
}

int cc_write_file(const char *path, const void *data, size_t len, vs_error *err)
{
  return vs_write_file(path, data, len, 0, err); /* common/outfile.h */
}

static int mkdirs(const char *path)
{
  char p[4096];
  cc_pathf(p, sizeof p, "%s", path);
  for (char *s = p + 1; *s; s++)
    if (*s == '/') {
      *s = '\0';
      if (mkdir(p, 0700) && errno != EEXIST) return -1;
      *s = '/';
    }
  if (mkdir(p, 0700) && errno != EEXIST) return -1;
  return 0;
}

char *cc_cache_dir(void)
{
  const char *env = getenv("VENTSIM_CACHE_DIR");
  char p[4096];
  if (env && !strcmp(env, "off")) return NULL;
  if (env && *env) {
    cc_pathf(p, sizeof p, "%s", env);
  } else {
    const char *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
    if (x && *x == '/') cc_pathf(p, sizeof p, "%s/ventsim", x);
    else if (h && *h == '/') cc_pathf(p, sizeof p, "%s/.cache/ventsim", h);
    else return NULL;
  }
  if (mkdirs(p)) return NULL; /* an unusable cache is no cache */
  return vs_strdup(p, NULL);
}

/* ---- hashing (nettle's SHA-256) ---- */

struct cc_hash {
  struct sha256_ctx c;
};

cc_hash *cc_hash_new(vs_error *err)
{
  cc_hash *h = vs_malloc(sizeof *h, err);
  if (h) sha256_init(&h->c);
  return h;
}

void cc_hash_add(cc_hash *h, const void *p, size_t n)
{
  sha256_update(&h->c, n, p);
}

void cc_hash_add_str(cc_hash *h, const char *s)
{
  uint64_t n = s ? strlen(s) : 0;
  uint8_t b[8];
  for (int i = 0; i < 8; i++) b[i] = (uint8_t)(n >> (8 * i));
  sha256_update(&h->c, sizeof b, b);
  if (n) sha256_update(&h->c, (size_t)n, (const uint8_t *)s);
}

void cc_hash_end(cc_hash *h, char hex[65])
{
  uint8_t d[SHA256_DIGEST_SIZE];
  sha256_digest(&h->c, sizeof d, d);
  for (int i = 0; i < SHA256_DIGEST_SIZE; i++) cc_pathf(hex + 2 * i, 3, "%02x", d[i]);
  free(h);
}
