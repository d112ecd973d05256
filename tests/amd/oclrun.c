/* oclrun: runs cases of the AMD corpus on one back end and writes a result
 * directory per case (tresult.h):
 *     oclrun --backend opencl|host [--device SEL] [--cl-std CLx.y]
 *            [--amd-dir DIR] [--co-dir DIR --target T --level L]
 *            --out DIR CASE.json...
 * Exit status: 0 when every case ran or was skipped (a feature the device
 * lacks, or no host reference), 1 when a case failed to run, 2 on bad
 * usage or a bad case file. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tbackend.h"
#include "tcase.h"
#include "tresult.h"

static const tb_backend *const backends[] = {&tb_backend_opencl, &tb_backend_host, &tb_backend_ventsim};

static const char *const req_names[] = {"fp16", "fp64", "subgroups", "int64_atomics",
                                        "non_uniform_work_groups", "printf"};

static void usage(FILE *f)
{
  fprintf(f,
          "usage: oclrun --backend opencl|host [--device SEL] [--cl-std CLx.y] [--amd-dir DIR]\n"
          "              [--co-dir DIR --target T --level L] --out DIR CASE.json...\n"
          "Runs each case and writes DIR/CASE/{status,device,BUFFER.bin,printf.txt}.\n"
          "  --backend   opencl: an OpenCL platform through the ICD loader; host: the C references\n"
          "  --device    opencl: PLATFORM[:DEVICE] name substrings (default: the first device)\n"
          "  --cl-std    OpenCL C version for clBuildProgram (default: the device's highest)\n"
          "  --amd-dir   the directory with kernels/ and builds.txt (default: CASE/../..)\n"
          "  --co-dir    code objects <co-dir>/<target>/<level>/<build>.hsaco (back ends that use them)\n");
}

/* snprintf that reports truncation: 0, or -1 */
static int pathf(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int pathf(char *buf, size_t n, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(buf, n, fmt, ap);
  va_end(ap);
  return r < 0 || (size_t)r >= n ? -1 : 0;
}

/* the directory part of PATH ("." if none) */
static void dirname_of(const char *path, char *out, size_t n)
{
  const char *s = strrchr(path, '/');
  if (!s) snprintf(out, n, ".");
  else if (s == path) snprintf(out, n, "/");
  else snprintf(out, n, "%.*s", (int)(s - path), path);
}

int main(int argc, char **argv)
{
  const char *bname = NULL, *device = NULL, *cl_std = NULL, *amd_dir = NULL, *co_dir = NULL,
             *target = NULL, *level = NULL, *out = NULL;
  int first = argc;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char **dst = NULL;
    if (strcmp(a, "--backend") == 0) dst = &bname;
    else if (strcmp(a, "--device") == 0) dst = &device;
    else if (strcmp(a, "--cl-std") == 0) dst = &cl_std;
    else if (strcmp(a, "--amd-dir") == 0) dst = &amd_dir;
    else if (strcmp(a, "--co-dir") == 0) dst = &co_dir;
    else if (strcmp(a, "--target") == 0) dst = &target;
    else if (strcmp(a, "--level") == 0) dst = &level;
    else if (strcmp(a, "--out") == 0) dst = &out;
    else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      usage(stdout);
      return 0;
    } else if (a[0] == '-') {
      fprintf(stderr, "oclrun: unknown option '%s'\n", a);
      usage(stderr);
      return 2;
    } else {
      first = i;
      break;
    }
    if (i + 1 >= argc) {
      fprintf(stderr, "oclrun: %s needs a value\n", a);
      return 2;
    }
    *dst = argv[++i];
  }
  if (!bname || !out || first >= argc) {
    usage(stderr);
    return 2;
  }
  const tb_backend *be = NULL;
  for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
    if (strcmp(backends[i]->name, bname) == 0) be = backends[i];
  if (!be) {
    fprintf(stderr, "oclrun: unknown back end '%s' (opencl, host, ventsim)\n", bname);
    return 2;
  }
  if (co_dir && (!target || !level)) {
    fprintf(stderr, "oclrun: --co-dir needs --target and --level\n");
    return 2;
  }
  char err[16384];
  void *st = be->open(device, err, sizeof err);
  if (!st) {
    fprintf(stderr, "oclrun: %s\n", err);
    return 1;
  }
  int status = 0;
  for (int ci = first; ci < argc; ci++) {
    tc_case c;
    if (tc_case_load(argv[ci], &c, err, sizeof err)) {
      fprintf(stderr, "oclrun: %s\n", err);
      status = 2;
      continue;
    }
    char case_dir[4096], adir[4096], line[16384 + 64];
    tc_build b;
    void **bufs = NULL;
    tb_job job;
    memset(&job, 0, sizeof job);
    memset(&b, 0, sizeof b);
    int ran = 0;
    dirname_of(c.path, case_dir, sizeof case_dir);
    if (pathf(adir, sizeof adir, "%s%s", amd_dir ? amd_dir : case_dir, amd_dir ? "" : "/..")) {
      snprintf(line, sizeof line, "error: path too long");
      goto report;
    }
    if (tc_build_find(adir, c.build, &b, err, sizeof err)) {
      snprintf(line, sizeof line, "error: %s", err);
      goto report;
    }
    /* features the device lacks */
    line[0] = 0;
    for (unsigned k = 0; k < sizeof req_names / sizeof req_names[0]; k++)
      if ((c.requires & (1u << k)) && !be->supports(st, 1u << k)) {
        size_t l = strlen(line);
        snprintf(line + l, sizeof line - l, "%s%s", l ? ", " : "skipped: the device lacks ", req_names[k]);
      }
    if (line[0]) goto report_build;
    bufs = calloc(c.nbufs ? c.nbufs : 1, sizeof *bufs);
    int oom = !bufs;
    for (size_t i = 0; !oom && i < c.nbufs; i++) {
      bufs[i] = malloc(c.bufs[i].count * tc_type_size(c.bufs[i].type));
      if (!bufs[i]) oom = 1;
      else tc_generate(&c.bufs[i], bufs[i]);
    }
    if (oom) {
      snprintf(line, sizeof line, "error: out of memory for the buffers");
      goto report_build;
    }
    char src[4096], inc[4096], co[4096];
    if (pathf(src, sizeof src, "%s/kernels/%s", adir, b.source) || pathf(inc, sizeof inc, "%s/kernels", adir) ||
        (co_dir && pathf(co, sizeof co, "%s/%s/%s/%s.hsaco", co_dir, target, level, b.name))) {
      snprintf(line, sizeof line, "error: path too long");
      goto report_build;
    }
    job.c = &c;
    job.build = &b;
    job.source_path = src;
    job.include_dir = inc;
    job.cl_std = cl_std;
    job.co_path = co_dir ? co : NULL;
    job.bufs = bufs;
    err[0] = 0;
    int r = be->run(st, &job, err, sizeof err);
    if (r == 0) {
      snprintf(line, sizeof line, "ok");
      ran = 1;
    } else if (strncmp(err, "skipped: ", 9) == 0) {
      snprintf(line, sizeof line, "%s", err);
    } else {
      snprintf(line, sizeof line, "error: %s", err);
    }
  report_build:
    tc_build_free(&b);
  report:;
    /* the status file holds one line: newlines of build logs become ' | ' */
    char flat[sizeof line];
    size_t k = 0;
    for (const char *p = line; *p && k + 4 < sizeof flat; p++) {
      if (*p == '\n') {
        if (p[1]) flat[k++] = ' ', flat[k++] = '|', flat[k++] = ' ';
      } else {
        flat[k++] = *p;
      }
    }
    flat[k] = 0;
    char desc[600];
    snprintf(desc, sizeof desc, "%s: %s\n", be->name, be->describe(st));
    if (tr_write(out, &c, desc, flat, ran ? bufs : NULL, job.printf_text, job.printf_len, err, sizeof err)) {
      fprintf(stderr, "oclrun: %s\n", err);
      status = status ? status : 1;
    }
    printf("%-28s %s\n", c.name, ran ? "ok" : line);
    if (!ran && strncmp(line, "skipped", 7) != 0 && !status) status = 1;
    free(job.printf_text);
    if (bufs)
      for (size_t i = 0; i < c.nbufs; i++) free(bufs[i]);
    free(bufs);
    tc_case_free(&c);
  }
  be->close(st);
  return status;
}
