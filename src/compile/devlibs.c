/* The ROCm device libraries (spec amd-hsa.md 1.1): Debian's rocm-device-libs
 * bitcode directory, and for processors whose oclc_isa_version_NNN.bc it
 * lacks (gfx11), a directory that links to every system file and adds that
 * one-constant file, assembled with llvm-as. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compile/compile_int.h"

#ifndef VENTSIM_DEVICE_LIBS_DEFAULT
#define VENTSIM_DEVICE_LIBS_DEFAULT ""
#endif

static int has_opencl_bc(const char *dir)
{
  char p[4096];
  cc_pathf(p, sizeof p, "%s/opencl.bc", dir);
  return dir && *dir && vs_readable(p);
}

const char *vs_cl_device_libs(void)
{
  static const char *const probe[] = {
    VENTSIM_DEVICE_LIBS_DEFAULT,
    "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode", "/usr/lib/aarch64-linux-gnu/amdgcn/bitcode",
    "/usr/lib/amdgcn/bitcode", "/opt/rocm/amdgcn/bitcode",
  };
  const char *env = getenv("VENTSIM_DEVICE_LIBS");
  if (env && *env) return env;
  for (size_t i = 0; i < sizeof probe / sizeof probe[0]; i++)
    if (has_opencl_bc(probe[i])) return probe[i];
  return "";
}

int cc_isa_suffix(const char *mcpu, char *out, size_t len)
{
  if (!mcpu || strncmp(mcpu, "gfx", 3) || strlen(mcpu) < 6 || strlen(mcpu) > 8) return -1;
  for (const char *p = mcpu + 3; *p; p++)
    if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f'))) return -1;
  cc_pathf(out, len, "%s", mcpu + 3);
  return 0;
}

/* __oclc_ISA_version: major * 1000 + minor * 100 + stepping ("1100" ->
 * 11000, "906" -> 9006, "90a" -> 9010, "1030" -> 10300) */
static unsigned isa_version(const char *suffix)
{
  size_t n = strlen(suffix);
  unsigned major = 0;
  for (size_t i = 0; i + 2 < n; i++) major = major * 10 + (unsigned)(suffix[i] - '0');
  unsigned minor = (unsigned)(suffix[n - 2] - '0');
  char s = suffix[n - 1];
  unsigned step = s >= 'a' ? (unsigned)(s - 'a' + 10) : (unsigned)(s - '0');
  return major * 1000 + minor * 100 + step;
}

static const char isa_ll[] =
  "target datalayout = \"e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-"
  "p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-"
  "v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9\"\n"
  "target triple = \"amdgcn-amd-amdhsa\"\n"
  "@__oclc_ISA_version = linkonce_odr protected local_unnamed_addr addrspace(4) constant i32 %u, align 4\n";

/* Fills dir: links to every .bc of sys, plus the generated isa file */
static int populate(const char *dir, const char *sys, const char *suffix, vs_buf *log, vs_error *err)
{
  DIR *d = opendir(sys);
  if (!d) return vs_error_set(err, VS_E_CONFIG, "device libraries %s: %s", sys, strerror(errno));
  struct dirent *e;
  int rc = 0;
  while (rc == 0 && (e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 4 || strcmp(e->d_name + n - 3, ".bc")) continue;
    char from[4096], to[4096];
    cc_pathf(from, sizeof from, "%s/%s", sys, e->d_name);
    cc_pathf(to, sizeof to, "%s/%s", dir, e->d_name);
    if (symlink(from, to) && errno != EEXIST)
      rc = vs_error_set(err, VS_E_IO, "%s: %s", to, strerror(errno));
  }
  closedir(d);
  if (rc) return rc;
  char ll[4096], bc[4096], text[sizeof isa_ll + 16];
  cc_pathf(ll, sizeof ll, "%s/oclc_isa_version_%s.ll", dir, suffix);
  cc_pathf(bc, sizeof bc, "%s/oclc_isa_version_%s.bc", dir, suffix);
  cc_pathf(text, sizeof text, isa_ll, isa_version(suffix));
  if (cc_write_file(ll, text, strlen(text), err)) return -1;
  const char *as = cc_tool(CC_LLVM_AS, err);
  if (!as) return -1;
  cc_argv a = {0};
  if (cc_argv_add(&a, as, err) || cc_argv_add(&a, ll, err) || cc_argv_add(&a, "-o", err) ||
      cc_argv_add(&a, bc, err)) {
    cc_argv_free(&a);
    return -1;
  }
  int st = cc_run(&a, log, 0, err);
  cc_argv_free(&a);
  unlink(ll);
  if (st < 0) return -1;
  if (st) return vs_error_set(err, VS_E_CONFIG, "llvm-as failed on the generated %s", ll);
  return 0;
}

char *cc_devlibs_for(const char *mcpu, const char *cachedir, const char *tmpdir, vs_buf *log, vs_error *err)
{
  const char *sys = vs_cl_device_libs();
  if (!*sys) {
    vs_error_set(err, VS_E_CONFIG, "no device libraries: opencl.bc not found (install Debian's rocm-device-libs, "
                                   "or set VENTSIM_DEVICE_LIBS to its bitcode directory)");
    return NULL;
  }
  if (!has_opencl_bc(sys)) {
    vs_error_set(err, VS_E_CONFIG, "device libraries %s: no opencl.bc there", sys);
    return NULL;
  }
  char suffix[16], p[4096];
  if (cc_isa_suffix(mcpu, suffix, sizeof suffix)) {
    vs_error_set(err, VS_E_USAGE, "'%s' is not an AMD GPU processor name (gfx900, gfx906, gfx1100 ...)", mcpu);
    return NULL;
  }
  cc_pathf(p, sizeof p, "%s/oclc_isa_version_%s.bc", sys, suffix);
  if (vs_readable(p)) return vs_strdup(sys, err);

  /* a directory of our own: per system directory, under the cache */
  cc_hash *h = cc_hash_new(err);
  if (!h) return NULL;
  cc_hash_add_str(h, sys);
  char hex[65];
  cc_hash_end(h, hex);
  char dir[4096];
  if (cachedir) cc_pathf(dir, sizeof dir, "%s/devlibs-%.16s", cachedir, hex);
  else cc_pathf(dir, sizeof dir, "%s/devlibs", tmpdir);
  cc_pathf(p, sizeof p, "%s/oclc_isa_version_%s.bc", dir, suffix);
  if (vs_readable(p)) return vs_strdup(dir, err);
  /* build it beside, then move it in place (several processes may race) */
  char tmp[4096];
  cc_pathf(tmp, sizeof tmp, "%s.tmp-%ld", dir, (long)getpid());
  if (mkdir(tmp, 0700) && errno != EEXIST) {
    vs_error_set(err, VS_E_IO, "%s: %s", tmp, strerror(errno));
    return NULL;
  }
  if (populate(tmp, sys, suffix, log, err)) {
    cc_rmdir(tmp);
    return NULL;
  }
  if (rename(tmp, dir) != 0) {
    /* the directory exists (another processor's or a racing process's):
     * add our file to it */
    char from[4096];
    cc_pathf(from, sizeof from, "%s/oclc_isa_version_%s.bc", tmp, suffix);
    if (!vs_readable(p) && rename(from, p) != 0) {
      vs_error_set(err, VS_E_IO, "%s: %s", p, strerror(errno));
      cc_rmdir(tmp);
      return NULL;
    }
    cc_rmdir(tmp);
  }
  return vs_strdup(dir, err);
}
