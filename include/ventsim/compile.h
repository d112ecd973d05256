/* Compiling OpenCL C for AMD GPUs with the stock clang-19 (spec amd-hsa.md
 * section 1): the command lines of section 1.1, the device libraries of
 * Debian's rocm-device-libs (plus the gfx11 isa-version bitcode that
 * package lacks, generated on first use), the four-step build of section
 * 1.3 when the source calls printf, OpenCL build options (-D, -I, -cl-std,
 * -cl-* math flags ...), and a compile cache keyed by the source, the
 * options, the target and the compiler.  `ventsim compile` and the OpenCL
 * platform both use it (docs/compile.md).
 *
 * Environment:
 *   VENTSIM_CLANG        the clang to run (default: the clang-19 found at
 *                        configure time, else clang-19 on PATH); opt,
 *                        llvm-link, ld.lld and llvm-as are looked up beside
 *                        it with the same version suffix, then on PATH
 *   VENTSIM_DEVICE_LIBS  the rocm-device-libs bitcode directory
 *   VENTSIM_CACHE_DIR    cache directory (default $XDG_CACHE_HOME/ventsim or
 *                        ~/.cache/ventsim); "off" disables the cache */
#ifndef VENTSIM_COMPILE_H
#define VENTSIM_COMPILE_H

#include <stddef.h>
#include <stdint.h>

#include "ventsim/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Outcome of a compilation (vs_cl_result.status) */
enum vs_cl_status {
  VS_CL_OK = 0,
  VS_CL_BAD_OPTIONS,   /* an option that is not an OpenCL build option      */
  VS_CL_NO_COMPILER,   /* clang (or a tool of the pipeline) cannot be found */
  VS_CL_BUILD_FAILED,  /* the compiler reported errors: see the log         */
  VS_CL_ERROR          /* anything else (I/O, out of memory): see the log   */
};

typedef struct vs_cl_options {
  const char *mcpu;      /* gfx900, gfx906, gfx1100 (any gfx9/gfx10/gfx11 processor clang knows) */
  int wave64;            /* -mwavefrontsize64 (gfx10 and later)                */
  const char *options;   /* OpenCL build options (clBuildProgram), or NULL      */
  const char *name;      /* the source's name in messages (default "program.cl") */
  int no_cache;          /* do not read or write the compile cache              */
  int verbose;           /* put every command line into the log                 */
  const char *clang_options; /* clang options that are not OpenCL build options
                            (ventsim compile --clang-option): target options
                            -m... (-munsafe-fp-atomics), or NULL              */
} vs_cl_options;

typedef struct vs_cl_result {
  int status;            /* enum vs_cl_status                                   */
  uint8_t *binary;       /* the code object (malloc'ed), NULL unless VS_CL_OK   */
  size_t len;
  char *log;             /* the build log (malloc'ed, never NULL after the call) */
  int from_cache;        /* 1: the binary came from the cache                   */
  int used_printf_build; /* 1: the four-step printf build ran (or was cached)   */
  /* what the options said, for the runtime */
  unsigned cl_std;       /* 100, 110, 120, 200, 300: -cl-std (0: not given)     */
  int uniform_work_group_size; /* -cl-uniform-work-group-size given           */
} vs_cl_result;

/* Compiles src (len bytes of OpenCL C) into an HSA code object.  Returns 0
 * with r->status == VS_CL_OK, or -1 with another status and the reason in
 * r->log (and err).  r is always filled; release it with
 * vs_cl_result_free. */
int vs_cl_compile(const char *src, size_t len, const vs_cl_options *o, vs_cl_result *r, vs_error *err);
void vs_cl_result_free(vs_cl_result *r);

/* Checks an OpenCL build-options string without compiling: 0, or -1 with
 * the offending option named in err. */
int vs_cl_check_options(const char *options, vs_error *err);

/* The clang that vs_cl_compile would run (a path or a name looked up on
 * PATH), and the device-library directory ("" if none was found). */
const char *vs_cl_clang(void);
/* The optional OpenCL C 3.0 features the AMD targets support: a program
 * built with -cl-std=CL3.0 gets them (clang-19 enables none of them for
 * amdgcn by itself), and the OpenCL platform reports them
 * (CL_DEVICE_OPENCL_C_FEATURES).  NULL-terminated. */
extern const char *const vs_cl_amd_features[];
const char *vs_cl_device_libs(void);

#ifdef __cplusplus
}
#endif
#endif
