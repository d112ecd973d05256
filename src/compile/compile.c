/* OpenCL C -> HSA code object with clang-19 (spec amd-hsa.md 1.1 and 1.3):
 * build options, the one-step and the four-step (printf) pipelines, and the
 * compile cache. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>

#include "compile/compile_int.h"

const char *const vs_cl_amd_features[] = {
  "__opencl_c_int64", "__opencl_c_fp64", "__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_order_seq_cst",
  "__opencl_c_atomic_scope_device", "__opencl_c_atomic_scope_all_devices", "__opencl_c_generic_address_space",
  "__opencl_c_program_scope_global_variables", "__opencl_c_subgroups", NULL};

#define CC_CACHE_FORMAT "ventsim-compile-cache 1"

/* ---- build options ---- */

typedef struct cc_opts {
  cc_argv front;        /* options for the compile step */
  int opt_level;        /* 0..3, 's' */
  unsigned cl_std;
  int uniform_wg;
  int daz, unsafe, finite, crsqrt;
} cc_opts;

/* Splits an options string into words (' and " quote, \ escapes) */
static int split_words(const char *s, cc_argv *out, vs_error *err)
{
  char w[4096];
  while (s && *s) {
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') s++;
    if (!*s) break;
    size_t n = 0;
    char q = 0;
    while (*s && (q || !(*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))) {
      char c = *s++;
      if (q && c == q) { q = 0; continue; }
      if (!q && (c == '"' || c == '\'')) { q = c; continue; }
      if (c == '\\' && *s && q != '\'') c = *s++;
      if (n + 1 >= sizeof w) return vs_error_set(err, VS_E_USAGE, "build option longer than %zu characters", sizeof w);
      w[n++] = c;
    }
    if (q) return vs_error_set(err, VS_E_USAGE, "unterminated quote in the build options");
    w[n] = '\0';
    if (cc_argv_add(out, w, err)) return -1;
  }
  return 0;
}

/* -cl-* flags clang takes as they are */
static const char *const cl_flags[] = {
  "-cl-single-precision-constant", "-cl-denorms-are-zero", "-cl-fp32-correctly-rounded-divide-sqrt",
  "-cl-opt-disable", "-cl-mad-enable", "-cl-no-signed-zeros", "-cl-unsafe-math-optimizations",
  "-cl-finite-math-only", "-cl-fast-relaxed-math", "-cl-uniform-work-group-size", "-cl-kernel-arg-info",
  "-cl-no-subgroup-ifp", "-cl-strict-aliasing",
};

static int word_ok(const char *w)
{
  for (const char *p = w; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-' ||
          *p == '_' || *p == '=' || *p == ',' || *p == '+' || *p == '.'))
      return 0;
  return 1;
}

static int parse_options(const char *options, cc_opts *o, vs_error *err)
{
  memset(o, 0, sizeof *o);
  o->opt_level = 3;
  cc_argv w = {0};
  if (split_words(options, &w, err)) goto bad;
  for (size_t i = 0; i < w.n; i++) {
    const char *a = w.v[i];
    if ((!strcmp(a, "-D") || !strcmp(a, "-I")) && i + 1 < w.n) {
      if (!*w.v[i + 1]) {
        vs_error_set(err, VS_E_USAGE, "build option %s: empty argument", a);
        goto bad;
      }
      if (cc_argv_addf(&o->front, err, "%s%s", a, w.v[i + 1])) goto bad;
      i++;
    } else if (!strcmp(a, "-D") || !strcmp(a, "-I")) {
      vs_error_set(err, VS_E_USAGE, "build option %s needs an argument", a);
      goto bad;
    } else if (!strncmp(a, "-D", 2) || !strncmp(a, "-I", 2)) {
      if (cc_argv_add(&o->front, a, err)) goto bad;
    } else if (!strncmp(a, "-cl-std=", 8)) {
      static const struct { const char *s; unsigned v; } stds[] = {
        {"CL1.0", 100}, {"CL1.1", 110}, {"CL1.2", 120}, {"CL2.0", 200}, {"CL3.0", 300},
        {"cl1.0", 100}, {"cl1.1", 110}, {"cl1.2", 120}, {"cl2.0", 200}, {"cl3.0", 300}};
      o->cl_std = 0;
      for (size_t k = 0; k < sizeof stds / sizeof stds[0]; k++)
        if (!strcmp(a + 8, stds[k].s)) o->cl_std = stds[k].v;
      if (!o->cl_std) {
        vs_error_set(err, VS_E_USAGE, "build option %s: the OpenCL C versions are CL1.0, CL1.1, CL1.2, CL2.0 and CL3.0", a);
        goto bad;
      }
      if (cc_argv_add(&o->front, a, err)) goto bad;
      if (o->cl_std >= 300) { /* the optional 3.0 features the targets have */
        /* clang's own features go to -cl-ext; opencl-c-base.h defines the
         * atomic scopes only for SPIR targets, so they are macros */
        char ext[512] = "-cl-ext=";
        for (size_t k = 0; vs_cl_amd_features[k]; k++) {
          const char *f = vs_cl_amd_features[k];
          if (strstr(f, "_atomic_scope_")) {
            if (cc_argv_addf(&o->front, err, "-D%s=1", f)) goto bad;
          } else {
            snprintf(ext + strlen(ext), sizeof ext - strlen(ext), "%s+%s", ext[8] ? "," : "", f);
          }
        }
        if (cc_argv_add(&o->front, "-Xclang", err) || cc_argv_add(&o->front, ext, err)) goto bad;
      }
    } else if (!strncmp(a, "-cl-ext=", 8) && word_ok(a)) {
      if (cc_argv_add(&o->front, a, err)) goto bad;
    } else if (!strncmp(a, "-cl-", 4)) {
      int known = 0;
      for (size_t k = 0; k < sizeof cl_flags / sizeof cl_flags[0]; k++)
        if (!strcmp(a, cl_flags[k])) known = 1;
      if (!known) {
        vs_error_set(err, VS_E_USAGE, "unknown build option %s", a);
        goto bad;
      }
      if (!strcmp(a, "-cl-opt-disable")) o->opt_level = 0;
      if (!strcmp(a, "-cl-uniform-work-group-size")) o->uniform_wg = 1;
      if (!strcmp(a, "-cl-denorms-are-zero")) o->daz = 1;
      if (!strcmp(a, "-cl-unsafe-math-optimizations")) o->unsafe = 1;
      if (!strcmp(a, "-cl-finite-math-only")) o->finite = 1;
      if (!strcmp(a, "-cl-fast-relaxed-math")) o->unsafe = o->finite = 1;
      if (!strcmp(a, "-cl-fp32-correctly-rounded-divide-sqrt")) o->crsqrt = 1;
      if (cc_argv_add(&o->front, a, err)) goto bad;
    } else if (!strcmp(a, "-w") || !strcmp(a, "-Werror") || !strcmp(a, "-g") ||
               (!strncmp(a, "-W", 2) && a[2] && word_ok(a))) {
      if (cc_argv_add(&o->front, a, err)) goto bad;
    } else if (a[0] == '-' && a[1] == 'O' && (a[2] == 's' || (a[2] >= '0' && a[2] <= '3')) && !a[3]) {
      o->opt_level = a[2] == 's' ? 's' : a[2] - '0';
    } else {
      vs_error_set(err, VS_E_USAGE, "unknown build option '%s' (OpenCL build options: -D, -I, -cl-std=, -cl-* "
                                    "flags, -w, -W..., -g, -O0..-O3)", a);
      goto bad;
    }
  }
  cc_argv_free(&w);
  return 0;
bad:
  cc_argv_free(&w);
  cc_argv_free(&o->front);
  return -1;
}

/* Clang-only options: target options (-m...), added to the compile step */
static int parse_clang_options(const char *options, cc_opts *o, vs_error *err)
{
  cc_argv w = {0};
  int rc = split_words(options, &w, err);
  for (size_t i = 0; i < w.n && !rc; i++) {
    const char *a = w.v[i];
    if (strncmp(a, "-m", 2) || !a[2] || !word_ok(a))
      rc = vs_error_set(err, VS_E_USAGE, "clang option '%s': only target options (-m...) are passed on", a);
    else
      rc = cc_argv_add(&o->front, a, err);
  }
  cc_argv_free(&w);
  return rc;
}

int vs_cl_check_options(const char *options, vs_error *err)
{
  cc_opts o;
  if (parse_options(options, &o, err)) return -1;
  cc_argv_free(&o.front);
  return 0;
}

const char *vs_cl_clang(void)
{
  vs_error err;
  const char *c = cc_tool(CC_CLANG, &err);
  return c ? c : "clang-19";
}

/* ---- printf detection ---- */

static int ident_char(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* 1 if the text calls printf (the word printf followed by '(') */
static int calls_printf(const char *s, size_t n)
{
  for (size_t i = 0; i + 6 <= n; i++) {
    if (memcmp(s + i, "printf", 6) || (i && ident_char(s[i - 1]))) continue;
    size_t j = i + 6;
    while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r')) j++;
    if (j < n && s[j] == '(') return 1;
  }
  return 0;
}

static int has_include(const char *s, size_t n)
{
  for (size_t i = 0; i + 8 <= n; i++)
    if (!memcmp(s + i, "include", 7)) return 1;
  return 0;
}

/* ---- pipelines ---- */

typedef struct cc_job {
  const vs_cl_options *o;
  cc_opts opts;
  const char *tmp;        /* temporary directory */
  const char *src_path;
  const char *devlibs;
  char isa[16];
  vs_buf *log;
  vs_error *err;
} cc_job;

static int add_target(cc_job *j, cc_argv *a)
{
  vs_error *e = j->err;
  if (cc_argv_add(a, "-target", e) || cc_argv_add(a, "amdgcn-amd-amdhsa", e) ||
      cc_argv_addf(a, e, "-mcpu=%s", j->o->mcpu) || cc_argv_add(a, "-mcode-object-version=5", e))
    return -1;
  if (j->o->wave64 && cc_argv_add(a, "-mwavefrontsize64", e)) return -1;
  return 0;
}

static int add_olevel(cc_job *j, cc_argv *a)
{
  int l = j->opts.opt_level;
  return l == 's' ? cc_argv_add(a, "-Os", j->err) : cc_argv_addf(a, j->err, "-O%d", l);
}

static int add_front(cc_job *j, cc_argv *a)
{
  for (size_t i = 0; i < j->opts.front.n; i++)
    if (cc_argv_add(a, j->opts.front.v[i], j->err)) return -1;
  return 0;
}

/* Runs a step; a non-zero exit is a build failure */
static int step(cc_job *j, cc_argv *a, const char *what, int *failed)
{
  int st = cc_run(a, j->log, j->o->verbose, j->err);
  cc_argv_free(a);
  if (st < 0) return -1;
  if (st) {
    char m[256];
    cc_pathf(m, sizeof m, "ventsim: %s failed (exit status %d)\n", what, st);
    vs_buf_append(j->log, m, strlen(m), NULL);
    *failed = 1;
  }
  return 0;
}

/* clang compiles and links in one step (spec 1.1) */
static int one_step(cc_job *j, const char *out, int *failed)
{
  cc_argv a = {0};
  const char *clang = cc_tool(CC_CLANG, j->err);
  if (!clang || cc_argv_add(&a, clang, j->err) || cc_argv_add(&a, "-x", j->err) || cc_argv_add(&a, "cl", j->err) ||
      add_target(j, &a) || cc_argv_addf(&a, j->err, "--rocm-device-lib-path=%s", j->devlibs) ||
      add_olevel(j, &a) || add_front(j, &a) || cc_argv_add(&a, j->src_path, j->err) ||
      cc_argv_add(&a, "-o", j->err) || cc_argv_add(&a, out, j->err)) {
    cc_argv_free(&a);
    return -1;
  }
  return step(j, &a, "clang", failed);
}

/* The printf build (spec 1.3): compile to bitcode, lower printf, link the
 * device libraries, compile and link */
static int printf_build(cc_job *j, const char *out, int *failed)
{
  char bc1[4096], bc2[4096], bc3[4096], obj[4096];
  cc_pathf(bc1, sizeof bc1, "%s/k.1.bc", j->tmp);
  cc_pathf(bc2, sizeof bc2, "%s/k.2.bc", j->tmp);
  cc_pathf(bc3, sizeof bc3, "%s/k.3.bc", j->tmp);
  cc_pathf(obj, sizeof obj, "%s/k.o", j->tmp);
  vs_error *e = j->err;
  const char *clang = cc_tool(CC_CLANG, e), *opt = clang ? cc_tool(CC_OPT, e) : NULL;
  const char *link = opt ? cc_tool(CC_LLVM_LINK, e) : NULL, *lld = link ? cc_tool(CC_LLD, e) : NULL;
  if (!lld) return -1;
  cc_argv a = {0};
  /* 1 */
  if (cc_argv_add(&a, clang, e) || cc_argv_add(&a, "-x", e) || cc_argv_add(&a, "cl", e) || add_target(j, &a) ||
      cc_argv_add(&a, "-nogpulib", e) || add_olevel(j, &a) || add_front(j, &a) || cc_argv_add(&a, "-emit-llvm", e) ||
      cc_argv_add(&a, "-c", e) || cc_argv_add(&a, j->src_path, e) || cc_argv_add(&a, "-o", e) || cc_argv_add(&a, bc1, e))
    goto oom;
  if (step(j, &a, "clang (step 1 of the printf build)", failed) || *failed) return *failed ? 0 : -1;
  /* 2 */
  if (cc_argv_add(&a, opt, e) || cc_argv_add(&a, "-passes=amdgpu-printf-runtime-binding", e) ||
      cc_argv_add(&a, bc1, e) || cc_argv_add(&a, "-o", e) || cc_argv_add(&a, bc2, e))
    goto oom;
  if (step(j, &a, "opt (step 2 of the printf build)", failed) || *failed) return *failed ? 0 : -1;
  /* 3 */
  const char *L = j->devlibs;
  if (cc_argv_add(&a, link, e) || cc_argv_add(&a, bc2, e) || cc_argv_add(&a, "--only-needed", e) ||
      cc_argv_addf(&a, e, "%s/opencl.bc", L) || cc_argv_addf(&a, e, "%s/ocml.bc", L) ||
      cc_argv_addf(&a, e, "%s/ockl.bc", L) || cc_argv_addf(&a, e, "%s/oclc_isa_version_%s.bc", L, j->isa) ||
      cc_argv_addf(&a, e, "%s/oclc_abi_version_500.bc", L) ||
      cc_argv_addf(&a, e, "%s/oclc_wavefrontsize64_%s.bc", L,
                   (strncmp(j->o->mcpu, "gfx1", 4) || j->o->wave64) ? "on" : "off") ||
      cc_argv_addf(&a, e, "%s/oclc_daz_opt_%s.bc", L, j->opts.daz ? "on" : "off") ||
      cc_argv_addf(&a, e, "%s/oclc_unsafe_math_%s.bc", L, j->opts.unsafe ? "on" : "off") ||
      cc_argv_addf(&a, e, "%s/oclc_finite_only_%s.bc", L, j->opts.finite ? "on" : "off") ||
      cc_argv_addf(&a, e, "%s/oclc_correctly_rounded_sqrt_%s.bc", L, j->opts.crsqrt ? "on" : "off") ||
      cc_argv_add(&a, "-o", e) || cc_argv_add(&a, bc3, e))
    goto oom;
  if (step(j, &a, "llvm-link (step 3 of the printf build)", failed) || *failed) return *failed ? 0 : -1;
  /* 4 */
  if (cc_argv_add(&a, clang, e) || add_target(j, &a) || cc_argv_add(&a, "-nogpulib", e) || add_olevel(j, &a) ||
      cc_argv_add(&a, "-c", e) || cc_argv_add(&a, bc3, e) || cc_argv_add(&a, "-o", e) || cc_argv_add(&a, obj, e))
    goto oom;
  if (step(j, &a, "clang (step 4 of the printf build)", failed) || *failed) return *failed ? 0 : -1;
  if (cc_argv_add(&a, lld, e) || cc_argv_add(&a, "-shared", e) || cc_argv_add(&a, obj, e) ||
      cc_argv_add(&a, "-o", e) || cc_argv_add(&a, out, e))
    goto oom;
  return step(j, &a, "ld.lld (step 4 of the printf build)", failed);
oom:
  cc_argv_free(&a);
  return -1;
}

/* 1 if the preprocessed source calls printf */
static int preprocessed_calls_printf(cc_job *j, int *result)
{
  char pp[4096];
  cc_pathf(pp, sizeof pp, "%s/k.i", j->tmp);
  vs_error *e = j->err;
  cc_argv a = {0};
  const char *clang = cc_tool(CC_CLANG, e);
  if (!clang || cc_argv_add(&a, clang, e) || cc_argv_add(&a, "-x", e) || cc_argv_add(&a, "cl", e) ||
      add_target(j, &a) || cc_argv_add(&a, "-nogpulib", e) || add_front(j, &a) ||
      cc_argv_add(&a, "-cl-no-stdinc", e) /* opencl-c-base.h declares printf */ || cc_argv_add(&a, "-E", e) ||
      cc_argv_add(&a, j->src_path, e) || cc_argv_add(&a, "-o", e) || cc_argv_add(&a, pp, e)) {
    cc_argv_free(&a);
    return -1;
  }
  vs_buf scratch = {0};
  int st = cc_run(&a, &scratch, 0, e);
  cc_argv_free(&a);
  vs_buf_free(&scratch);
  if (st < 0) return -1;
  *result = 0;
  if (st) return 0; /* the real compile will report the errors */
  char *text = NULL;
  size_t n = 0;
  if (vs_read_file(pp, VS_MAX_INPUT_FILE, &text, &n, e)) return -1;
  *result = calls_printf(text, n);
  free(text);
  return 0;
}

/* ---- cache ---- */

static void cache_key(const char *src, size_t len, const vs_cl_options *o, const cc_opts *opts, const char *clang,
                      const char *devlibs_sys, char hex[65])
{
  cc_hash *h = cc_hash_new(NULL);
  if (!h) {
    hex[0] = '\0';
    return;
  }
  cc_hash_add_str(h, CC_CACHE_FORMAT);
  cc_hash_add_str(h, clang);
  struct stat st;
  char info[128] = "";
  if (clang && stat(clang, &st) == 0)
    cc_pathf(info, sizeof info, "%lld %lld", (long long)st.st_size, (long long)st.st_mtime);
  cc_hash_add_str(h, info);
  cc_hash_add_str(h, devlibs_sys);
  cc_hash_add_str(h, o->mcpu);
  cc_hash_add_str(h, o->wave64 ? "w64" : "");
  char lvl[8];
  cc_pathf(lvl, sizeof lvl, "O%d", opts->opt_level);
  cc_hash_add_str(h, lvl);
  for (size_t i = 0; i < opts->front.n; i++) cc_hash_add_str(h, opts->front.v[i]);
  cc_hash_add_str(h, "source");
  cc_hash_add(h, src, len);
  cc_hash_end(h, hex);
}

/* The files a build read (clang -MD output), as "size mtime path" lines:
 * a cache entry is used only while they are unchanged. */
static int deps_text(const char *depfile, const char *src_path, vs_buf *out)
{
  char *d = NULL;
  size_t n = 0;
  if (vs_read_file(depfile, 64u << 20, &d, &n, NULL)) return -1;
  char *p = strchr(d, ':');
  p = p ? p + 1 : d + n;
  char path[4096];
  while (*p) {
    while (*p == ' ' || *p == '\n' || *p == '\t' || (*p == '\\' && p[1] == '\n')) p += *p == '\\' ? 2 : 1;
    size_t k = 0;
    while (*p && *p != ' ' && *p != '\n' && *p != '\t' && k + 1 < sizeof path) {
      if (*p == '\\' && p[1] == ' ') p++;
      else if (*p == '\\' && p[1] == '\n') break;
      path[k++] = *p++;
    }
    path[k] = '\0';
    if (!k || !strcmp(path, src_path)) continue;
    struct stat st;
    if (stat(path, &st) != 0) continue;
    char line[4200];
    int m = cc_pathf(line, sizeof line, "%lld %lld %s\n", (long long)st.st_size, (long long)st.st_mtime, path);
    vs_buf_append(out, line, (size_t)m, NULL);
  }
  free(d);
  return 0;
}

static int deps_unchanged(const char *text)
{
  const char *p = text;
  while (*p) {
    long long size, mtime;
    int used = 0;
    if (sscanf(p, "%lld %lld %n", &size, &mtime, &used) != 2) return 0;
    p += used;
    const char *e = strchr(p, '\n');
    if (!e) return 0;
    char path[4096];
    cc_pathf(path, sizeof path, "%.*s", (int)(e - p), p);
    struct stat st;
    if (stat(path, &st) != 0 || st.st_size != size || st.st_mtime != mtime) return 0;
    p = e + 1;
  }
  return 1;
}

static int cache_lookup(const char *dir, const char *key, vs_cl_result *r)
{
  char p[4096];
  char *deps = NULL, *log = NULL, *bin = NULL;
  size_t n = 0, blen = 0;
  cc_pathf(p, sizeof p, "%s/%s.deps", dir, key);
  if (vs_read_file(p, 64u << 20, &deps, &n, NULL)) return -1;
  int ok = deps_unchanged(deps);
  free(deps);
  if (!ok) return -1;
  cc_pathf(p, sizeof p, "%s/%s.hsaco", dir, key);
  if (vs_read_file(p, VS_MAX_INPUT_FILE, &bin, &blen, NULL)) return -1;
  cc_pathf(p, sizeof p, "%s/%s.log", dir, key);
  if (vs_read_file(p, 64u << 20, &log, &n, NULL)) log = vs_strdup("", NULL);
  if (!log || blen == 0) {
    free(bin);
    free(log);
    return -1;
  }
  r->binary = (uint8_t *)bin;
  r->len = blen;
  free(r->log);
  r->log = log;
  r->from_cache = 1;
  /* touch the entry: the cache can be pruned by age */
  cc_pathf(p, sizeof p, "%s/%s.hsaco", dir, key);
  utime(p, NULL);
  return 0;
}

static void cache_store_file(const char *dir, const char *key, const char *ext, const void *data, size_t len)
{
  char fin[4096]; /* written to a temporary file and renamed: readers never see a part */
  cc_pathf(fin, sizeof fin, "%s/%s.%s", dir, key, ext);
  cc_write_file(fin, data, len, NULL);
}

/* ---- the driver ---- */

/* Messages name the source as given, not its temporary copy */
static void strip_tmp(vs_buf *log, const char *tmp)
{
  char pre[4200];
  int pl = cc_pathf(pre, sizeof pre, "%s/", tmp);
  size_t w = 0;
  for (size_t i = 0; i < log->len;) {
    if (i + (size_t)pl <= log->len && !memcmp(log->data + i, pre, (size_t)pl)) {
      i += (size_t)pl;
      continue;
    }
    log->data[w++] = log->data[i++];
  }
  log->len = w;
}

static int finish(vs_cl_result *r, vs_buf *log, int status, vs_error *err)
{
  vs_buf_append(log, "", 1, NULL); /* NUL */
  free(r->log);
  r->log = log->data ? (char *)log->data : vs_strdup("", NULL);
  log->data = NULL;
  r->status = status;
  if (status == VS_CL_OK) return 0;
  if (err && !err->msg[0]) vs_error_set(err, VS_E_FORMAT, "the OpenCL C compilation failed: see the build log");
  return -1;
}

static int fail_msg(vs_cl_result *r, vs_buf *log, int status, vs_error *err)
{
  vs_buf_append(log, "ventsim: ", 9, NULL);
  vs_buf_append(log, err->msg, strlen(err->msg), NULL);
  vs_buf_append(log, "\n", 1, NULL);
  return finish(r, log, status, err);
}

void vs_cl_result_free(vs_cl_result *r)
{
  if (!r) return;
  free(r->binary);
  free(r->log);
  memset(r, 0, sizeof *r);
}

int vs_cl_compile(const char *src, size_t len, const vs_cl_options *o, vs_cl_result *r, vs_error *err)
{
  vs_error local;
  if (!err) err = &local;
  vs_error_clear(err);
  memset(r, 0, sizeof *r);
  vs_buf log = {0};
  if (!o || !o->mcpu || !src) {
    vs_error_set(err, VS_E_USAGE, "vs_cl_compile: no source or no target processor");
    return fail_msg(r, &log, VS_CL_ERROR, err);
  }
  cc_job j;
  memset(&j, 0, sizeof j);
  j.o = o;
  j.log = &log;
  j.err = err;
  if (cc_isa_suffix(o->mcpu, j.isa, sizeof j.isa) || (strlen(j.isa) == 3 ? j.isa[0] != '9' : j.isa[0] != '1')) {
    vs_error_set(err, VS_E_USAGE, "'%s' is not a GCN5 or later AMD GPU processor (gfx900, gfx906, gfx1100 ...)",
                 o->mcpu);
    return fail_msg(r, &log, VS_CL_BAD_OPTIONS, err);
  }
  if (o->wave64 && !strncmp(o->mcpu, "gfx9", 4) && strlen(o->mcpu) == 6) {
    /* gfx9 is wave64 anyway; -mwavefrontsize64 is accepted and changes nothing */
  }
  if (parse_options(o->options, &j.opts, err)) return fail_msg(r, &log, VS_CL_BAD_OPTIONS, err);
  if (parse_clang_options(o->clang_options, &j.opts, err)) {
    cc_argv_free(&j.opts.front);
    return fail_msg(r, &log, VS_CL_BAD_OPTIONS, err);
  }
  r->cl_std = j.opts.cl_std;
  r->uniform_work_group_size = j.opts.uniform_wg;
  const char *clang = cc_tool(CC_CLANG, err);
  if (!clang) {
    cc_argv_free(&j.opts.front);
    return fail_msg(r, &log, VS_CL_NO_COMPILER, err);
  }
  int status = VS_CL_ERROR;
  char *cache = o->no_cache ? NULL : cc_cache_dir();
  char *tmp = NULL, *devlibs = NULL;
  char key[65] = "", cdir[4096] = "";
  if (cache) {
    cache_key(src, len, o, &j.opts, clang, vs_cl_device_libs(), key);
    cc_pathf(cdir, sizeof cdir, "%s/amdgcn", cache);
    mkdir(cdir, 0700);
    if (key[0] && cache_lookup(cdir, key, r) == 0) {
      char p[4096];
      cc_pathf(p, sizeof p, "%s/%s.printf", cdir, key);
      r->used_printf_build = vs_readable(p);
      if (o->verbose) fprintf(stderr, "ventsim: %s for %s: from the compile cache (%s/%s)\n",
                              o->name ? o->name : "program.cl", o->mcpu, cdir, key);
      vs_buf_free(&log);
      cc_argv_free(&j.opts.front);
      free(cache);
      r->status = VS_CL_OK;
      return 0;
    }
  }
  if (!(tmp = cc_tempdir(err))) goto out;
  j.tmp = tmp;
  char src_path[4096], out_path[4096], dep_path[4096];
  const char *nm = o->name && *o->name ? o->name : "program.cl";
  const char *base = strrchr(nm, '/') ? strrchr(nm, '/') + 1 : nm;
  cc_pathf(src_path, sizeof src_path, "%s/%s", tmp, base);
  cc_pathf(out_path, sizeof out_path, "%s/k.hsaco", tmp);
  cc_pathf(dep_path, sizeof dep_path, "%s/k.d", tmp);
  j.src_path = src_path;
  if (cc_write_file(src_path, src, len, err)) goto out;
  if (!(devlibs = cc_devlibs_for(o->mcpu, cache, tmp, &log, err))) {
    status = VS_CL_NO_COMPILER;
    goto out;
  }
  j.devlibs = devlibs;
  /* the dependency list, for the cache */
  if (cc_argv_add(&j.opts.front, "-MD", err) || cc_argv_add(&j.opts.front, "-MF", err) ||
      cc_argv_add(&j.opts.front, dep_path, err))
    goto out;
  int use_printf = calls_printf(src, len);
  if (!use_printf && has_include(src, len) && preprocessed_calls_printf(&j, &use_printf)) goto out;
  int failed = 0;
  if ((use_printf ? printf_build(&j, out_path, &failed) : one_step(&j, out_path, &failed))) goto out;
  if (failed) {
    status = VS_CL_BUILD_FAILED;
    vs_error_set(err, VS_E_FORMAT, "%s: the OpenCL C compilation for %s failed (see the build log)", nm, o->mcpu);
    goto out;
  }
  char *bin = NULL;
  size_t blen = 0;
  if (vs_read_file(out_path, VS_MAX_INPUT_FILE, &bin, &blen, err)) goto out;
  r->binary = (uint8_t *)bin;
  r->len = blen;
  r->used_printf_build = use_printf;
  status = VS_CL_OK;
  strip_tmp(&log, tmp);
  if (cache && key[0]) {
    vs_buf deps = {0};
    if (deps_text(dep_path, src_path, &deps) == 0) {
      cache_store_file(cdir, key, "hsaco", bin, blen);
      cache_store_file(cdir, key, "log", log.data ? (const char *)log.data : "", log.len);
      if (use_printf) cache_store_file(cdir, key, "printf", "", 0);
      cache_store_file(cdir, key, "deps", deps.data ? (const char *)deps.data : "", deps.len); /* last: marks it complete */
    }
    vs_buf_free(&deps);
  }
out:
  if (tmp && status != VS_CL_OK) strip_tmp(&log, tmp);
  if (status != VS_CL_OK && status != VS_CL_BUILD_FAILED && err->msg[0]) {
    vs_buf_append(&log, "ventsim: ", 9, NULL);
    vs_buf_append(&log, err->msg, strlen(err->msg), NULL);
    vs_buf_append(&log, "\n", 1, NULL);
  }
  cc_argv_free(&j.opts.front);
  if (tmp) cc_rmdir(tmp);
  free(tmp);
  free(devlibs);
  free(cache);
  return finish(r, &log, status, err);
}
