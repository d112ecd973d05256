/* ventsim compile: OpenCL C -> AMD HSA code object with clang-19 (the
 * compiler driver of include/ventsim/compile.h, shared with the OpenCL
 * platform). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "common/outfile.h"
#include "common/util.h"
#include "ventsim/compile.h"

static const char usage[] =
  "usage: ventsim compile --mcpu CPU [options] FILE.cl -o FILE.hsaco\n"
  "\n"
  "Compiles OpenCL C for an AMD GPU with the stock clang-19 and Debian's\n"
  "rocm-device-libs, exactly as docs/compile.md describes: the command line of\n"
  "spec amd-hsa.md 1.1 (code object v5), the device libraries (with the gfx11\n"
  "isa-version bitcode generated on first use), and the four-step build of\n"
  "section 1.3 when the source calls printf, so that printf works.  Results are\n"
  "cached (keyed by source, options, target, compiler and included files).\n"
  "\n"
  "options:\n"
  "  --mcpu CPU, -mcpu=CPU  target processor: gfx900, gfx906, gfx1100 (any GCN5,\n"
  "                         RDNA1-3 processor clang knows)\n"
  "  -mwavefrontsize64      wave64 on gfx10/gfx11 (gfx9 is always wave64)\n"
  "  -O0 -O1 -O2 -O3 -Os    optimisation (default -O3)\n"
  "  -cl-std=CLx.y          OpenCL C version (default CL2.0, as in the spec's\n"
  "                         command lines)\n"
  "  -D NAME[=VALUE], -I DIR, -cl-* (math flags, -cl-opt-disable,\n"
  "  -cl-kernel-arg-info ...), -w, -W...   OpenCL build options, passed on\n"
  "  --clang-option OPT     a clang target option that is not an OpenCL build\n"
  "                         option (-munsafe-fp-atomics ...); repeatable\n"
  "  -o FILE                output (default: FILE with .hsaco)\n"
  "  --no-cache             do not use the compile cache\n"
  "  --print-log            print the build log (warnings) even on success\n"
  "  -v                     print every command line that runs\n"
  "  -h, --help             this help\n"
  "\n"
  "Environment: VENTSIM_CLANG (the clang to run), VENTSIM_DEVICE_LIBS (the\n"
  "bitcode directory), VENTSIM_CACHE_DIR (cache directory, or 'off').\n"
  "Exit status: 0 built, 1 the compiler reported errors (the log is on stderr)\n"
  "or a tool is missing, 2 bad usage.\n";

static int append(char **opts, const char *a)
{
  size_t n = *opts ? strlen(*opts) : 0, m = strlen(a);
  char *s = realloc(*opts, n + m + 4);
  if (!s) return -1;
  s[n] = '\0';
  char *p = s + n;
  if (n) *p++ = ' ';
  /* quote, so spaces survive the options parser */
  *p++ = '\'';
  memcpy(p, a, m);
  p[m] = '\'';
  p[m + 1] = '\0';
  *opts = s;
  return 0;
}

static int run(int argc, char **argv)
{
  if (vs_cli_wants_help(argc, argv)) {
    fputs(usage, stdout);
    return VS_EXIT_OK;
  }
  const char *mcpu = NULL, *in = NULL, *out = NULL;
  int wave64 = 0, no_cache = 0, verbose = 0, print_log = 0, have_std = 0;
  char *opts = NULL, *clang_opts = NULL;
  int rc = VS_EXIT_USAGE;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--mcpu") || !strcmp(a, "-mcpu")) {
      if (++i >= argc) { vs_cli_error("compile", "%s needs a processor name", a); goto out; }
      mcpu = argv[i];
    } else if (!strncmp(a, "--mcpu=", 7) || !strncmp(a, "-mcpu=", 6)) {
      mcpu = strchr(a, '=') + 1;
    } else if (!strcmp(a, "-mwavefrontsize64")) {
      wave64 = 1;
    } else if (!strcmp(a, "-o")) {
      if (++i >= argc) { vs_cli_error("compile", "-o needs a file name"); goto out; }
      out = argv[i];
    } else if (!strcmp(a, "--clang-option") || !strncmp(a, "--clang-option=", 15)) {
      const char *v = a[14] == '=' ? a + 15 : ++i < argc ? argv[i] : NULL;
      if (!v) { vs_cli_error("compile", "--clang-option needs an option"); goto out; }
      if (append(&clang_opts, v)) goto oom;
    } else if (!strcmp(a, "--no-cache")) {
      no_cache = 1;
    } else if (!strcmp(a, "--print-log")) {
      print_log = 1;
    } else if (!strcmp(a, "-v")) {
      verbose = 1;
    } else if (!strcmp(a, "-D") || !strcmp(a, "-I")) {
      if (++i >= argc) { vs_cli_error("compile", "%s needs an argument", a); goto out; }
      char buf[4096];
      snprintf(buf, sizeof buf, "%s%s", a, argv[i]);
      if (append(&opts, buf)) goto oom;
    } else if (a[0] == '-' && a[1]) {
      if (!strncmp(a, "-cl-std=", 8)) have_std = 1;
      if (append(&opts, a)) goto oom;
    } else if (!in) {
      in = a;
    } else {
      vs_cli_error("compile", "more than one input file ('%s' and '%s')", in, a);
      goto out;
    }
  }
  if (!mcpu) { vs_cli_error("compile", "no target: give --mcpu gfx900|gfx906|gfx1100"); goto out; }
  if (!in) { vs_cli_error("compile", "no input file"); goto out; }
  if (!have_std && append(&opts, "-cl-std=CL2.0")) goto oom;
  vs_error err = {0};
  if (vs_cl_check_options(opts, &err)) {
    vs_cli_error("compile", "%s", err.msg);
    goto out;
  }
  rc = VS_EXIT_FAIL;
  char *src = NULL;
  size_t len = 0;
  if (vs_read_file(in, VS_MAX_INPUT_FILE, &src, &len, &err)) {
    vs_cli_error("compile", "%s", err.msg);
    goto out;
  }
  char outbuf[4096];
  if (!out) {
    const char *dot = strrchr(in, '.'), *slash = strrchr(in, '/');
    int stem = dot && (!slash || dot > slash) ? (int)(dot - in) : (int)strlen(in);
    snprintf(outbuf, sizeof outbuf, "%.*s.hsaco", stem, in);
    out = outbuf;
  }
  vs_cl_options o = {mcpu, wave64, opts, in, no_cache, verbose, clang_opts};
  vs_cl_result r;
  int c = vs_cl_compile(src, len, &o, &r, &err);
  free(src);
  if ((c || print_log || verbose) && r.log && *r.log) fputs(r.log, stderr);
  if (c) {
    if (r.status == VS_CL_BAD_OPTIONS) rc = VS_EXIT_USAGE;
    vs_cli_error("compile", "%s", err.msg);
  } else {
    /* common/outfile.h: a regular file replaced only when complete, a
     * device or FIFO written through (never removed) */
    if (vs_write_file(out, r.binary, r.len, 0, &err)) vs_cli_error("compile", "%s", err.msg);
    else rc = VS_EXIT_OK;
  }
  vs_cl_result_free(&r);
out:
  free(opts);
  free(clang_opts);
  return rc;
oom:
  vs_cli_error("compile", "out of memory");
  free(opts);
  free(clang_opts);
  return VS_EXIT_FAIL;
}

const vs_command vs_cmd_compile = {"compile", "compile OpenCL C for gfx900/gfx906/gfx1100 with clang-19", run, usage};
