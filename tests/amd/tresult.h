/* Result directories: what one back end produced for one case.
 *   DIR/CASE/status      "ok", "skipped: REASON" or "error: MESSAGE" (first line)
 *   DIR/CASE/device      the back end and device
 *   DIR/CASE/NAME.bin    the final contents of every output buffer (raw bytes)
 *   DIR/CASE/printf.txt  what the kernels printed (cases with a printf rule) */
#ifndef TRESULT_H
#define TRESULT_H

#include <stddef.h>

#include "tcase.h"

typedef enum { TR_OK, TR_SKIPPED, TR_ERROR, TR_MISSING } tr_status;

typedef struct {
  tr_status status;
  char *message;        /* the rest of the status line */
  void **bufs;          /* per buffer of the case: contents, or NULL when not written */
  char *printf_text;
  size_t printf_len;
} tr_result;

/* Writes DIR/CASE (created as needed).  STATUS_LINE is the status file's
 * line; BUFS may be NULL (not run).  0, or -1 with ERR. */
int tr_write(const char *dir, const tc_case *c, const char *device, const char *status_line,
             void *const *bufs, const char *printf_text, size_t printf_len, char *err, size_t errlen);

/* Reads DIR/CASE.  A missing directory gives TR_MISSING; buffers of the
 * wrong size are an error.  0, or -1 with ERR. */
int tr_read(const char *dir, const tc_case *c, tr_result *r, char *err, size_t errlen);
void tr_free(const tc_case *c, tr_result *r);

/* mkdir -p */
int tr_mkdirs(const char *path);

#endif
