/* Internals of the OpenCL C compiler driver (include/ventsim/compile.h):
 * tools and processes (toolchain.c), the device-library directory
 * (devlibs.c), option parsing and the compile pipelines (compile.c), the
 * cache (cache.c). */
#ifndef VS_COMPILE_INT_H
#define VS_COMPILE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "common/util.h"
#include "ventsim/compile.h"

/* snprintf without the compiler's truncation warnings: paths and messages
 * that do not fit are cut (and then simply not found) */
int cc_pathf(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A NULL-terminated argument vector that owns its strings */
typedef struct cc_argv {
  char **v;
  size_t n, cap;
} cc_argv;
int cc_argv_add(cc_argv *a, const char *s, vs_error *err);
int cc_argv_addf(cc_argv *a, vs_error *err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void cc_argv_free(cc_argv *a);

/* The LLVM tools of the pipeline */
enum { CC_CLANG, CC_OPT, CC_LLVM_LINK, CC_LLD, CC_LLVM_AS, CC_NTOOLS };
/* Path (or PATH name) of a tool; NULL if it cannot be found (err says
 * which and where it was looked for). */
const char *cc_tool(int tool, vs_error *err);

/* Runs argv (argv[0] a path or a PATH name), stdout and stderr appended to
 * log; returns the exit status (0 = success), or -1 if it could not run
 * (err set).  With verbose, the command line is printed on stderr first. */
int cc_run(const cc_argv *argv, vs_buf *log, int verbose, vs_error *err);

/* A fresh private temporary directory (malloc'ed path) and its removal
 * (with everything in it) */
char *cc_tempdir(vs_error *err);
void cc_rmdir(const char *dir);

int cc_write_file(const char *path, const void *data, size_t len, vs_error *err);

/* The cache directory (malloc'ed), or NULL when the cache is off */
char *cc_cache_dir(void);

/* The device-library directory to use for mcpu: the system one when it has
 * oclc_isa_version_NNN.bc, else a directory that links to every system file
 * and adds the generated one (spec 1.1), made under cachedir (or tmpdir when
 * there is no cache).  Malloc'ed; NULL with err set. */
char *cc_devlibs_for(const char *mcpu, const char *cachedir, const char *tmpdir, vs_buf *log, vs_error *err);
/* "900", "906", "1100", "90a" for gfx900 ...; 0 / -1 */
int cc_isa_suffix(const char *mcpu, char *out, size_t len);

/* SHA-256 of a byte string, as 64 hex digits + NUL */
typedef struct cc_hash cc_hash;
cc_hash *cc_hash_new(vs_error *err);
void cc_hash_add(cc_hash *h, const void *p, size_t n);
void cc_hash_add_str(cc_hash *h, const char *s); /* with its length, so fields cannot run together */
void cc_hash_end(cc_hash *h, char hex[65]);     /* frees h */

#endif
