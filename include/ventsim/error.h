/* Error reporting shared by every ventsim API. */
#ifndef VENTSIM_ERROR_H
#define VENTSIM_ERROR_H

#ifdef __cplusplus
extern "C" {
#endif

#define VS_ERRMSG_MAX 2048

/* Error categories (vs_error.code).  Functions that can fail return 0 on
 * success and -1 on failure, with the category and a message naming what
 * went wrong and where in *err. */
enum vs_errcode {
  VS_E_OK = 0,
  VS_E_USAGE,    /* bad argument or option                          */
  VS_E_IO,       /* a file could not be read or written             */
  VS_E_FORMAT,   /* malformed input file                            */
  VS_E_NOMEM,    /* out of host memory                              */
  VS_E_LIMIT,    /* a documented resource limit was exceeded        */
  VS_E_KERNEL,   /* the simulated kernel faulted (spec section 7)   */
  VS_E_DEADLOCK, /* warps wait at barriers that can never complete  */
  VS_E_CONFIG,   /* invalid or inconsistent configuration           */
  VS_E_STATE,    /* call not valid in the current state             */
  VS_E_STOPPED   /* a launch was stopped from outside: by the debugger
                    or a stop request (vs_run_options.stop), not a
                    kernel error                                    */
};

typedef struct vs_error {
  int code;
  char msg[VS_ERRMSG_MAX];
} vs_error;

/* Sets *err (if not NULL) and returns -1. */
int vs_error_set(vs_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Prefixes the existing message: "<prefix>: <old message>". Returns -1. */
int vs_error_prefix(vs_error *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void vs_error_clear(vs_error *err);

#ifdef __cplusplus
}
#endif
#endif
