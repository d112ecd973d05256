/* Diagnostics of the assembler: "file:line:col: error: message" lines, the
 * error limit, and the first error kept for the caller's vs_error. */
#include <stdarg.h>
#include <stdio.h>

#include "asm/asm_int.h"

const char *vs_file_name(const vs_asm *as, uint32_t file)
{
  return file < as->nfiles ? as->files[file].name : "ventsim as";
}

static void report(vs_asm *as, vs_pos pos, const char *kind, const char *fmt, va_list ap)
{
  char msg[1024];
  vsnprintf(msg, sizeof msg, fmt, ap);
  const char *fn = vs_file_name(as, pos.file);
  if (as->diag) {
    if (pos.line) fprintf(as->diag, "%s:%u:%u: %s: %s\n", fn, pos.line, pos.col, kind, msg);
    else fprintf(as->diag, "%s: %s: %s\n", fn, kind, msg);
  }
  if (kind[0] == 'e' && as->err && as->err->code == VS_E_OK) {
    if (pos.line) vs_error_set(as->err, VS_E_FORMAT, "%s:%u:%u: %s", fn, pos.line, pos.col, msg);
    else vs_error_set(as->err, VS_E_FORMAT, "%s: %s", fn, msg);
  }
}

void vs_asm_error(vs_asm *as, vs_pos pos, const char *fmt, ...)
{
  if (as->stop) return;
  va_list ap;
  va_start(ap, fmt);
  report(as, pos, "error", fmt, ap);
  va_end(ap);
  if (++as->nerrors >= as->max_errors) {
    as->stop = 1;
    if (as->diag)
      fprintf(as->diag, "%s: too many errors (%u), stopping\n", vs_file_name(as, pos.file),
              as->nerrors);
  }
}

void vs_asm_note(vs_asm *as, vs_pos pos, const char *fmt, ...)
{
  if (as->stop) return;
  va_list ap;
  va_start(ap, fmt);
  report(as, pos, "note", fmt, ap);
  va_end(ap);
}

void vs_asm_nomem(vs_asm *as)
{
  if (as->stop) return;
  if (as->diag) fprintf(as->diag, "ventsim as: out of memory\n");
  if (as->err && as->err->code == VS_E_OK) vs_error_set(as->err, VS_E_NOMEM, "out of memory");
  as->nerrors++;
  as->stop = 1;
}

void vs_perr_set(vs_perr *pe, const vs_lex *lx, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(pe->msg, sizeof pe->msg, fmt, ap);
  va_end(ap);
  pe->pos = vs_lex_pos(lx);
  pe->tok = lx->i;
}
