#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ventsim/error.h"

int vs_error_set(vs_error *err, int code, const char *fmt, ...)
{
  if (!err) return -1;
  va_list ap;
  va_start(ap, fmt);
  err->code = code;
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  return -1;
}

int vs_error_prefix(vs_error *err, const char *fmt, ...)
{
  if (!err) return -1;
  char pre[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(pre, sizeof pre, fmt, ap);
  va_end(ap);
  size_t pl = strlen(pre), ol = strlen(err->msg);
  size_t room = sizeof err->msg - pl - 3; /* pl < 512, so this cannot wrap */
  if (ol > room) ol = room;
  memmove(err->msg + pl + 2, err->msg, ol);
  err->msg[pl + 2 + ol] = '\0';
  memcpy(err->msg, pre, pl);
  err->msg[pl] = ':';
  err->msg[pl + 1] = ' ';
  return -1;
}

void vs_error_clear(vs_error *err)
{
  if (!err) return;
  err->code = VS_E_OK;
  err->msg[0] = '\0';
}
