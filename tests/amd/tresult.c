/* Result directories (tresult.h). */
#include "tresult.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int tr_mkdirs(const char *path)
{
  char p[4096];
  size_t n = strlen(path);
  if (n == 0 || n >= sizeof p) return -1;
  memcpy(p, path, n + 1);
  for (size_t i = 1; i <= n; i++) {
    if (p[i] != '/' && p[i] != 0) continue;
    char c = p[i];
    p[i] = 0;
    if (mkdir(p, 0777) != 0 && errno != EEXIST) return -1;
    p[i] = c;
  }
  return 0;
}

static int write_file(const char *path, const void *data, size_t n, char *err, size_t errlen)
{
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  FILE *f = fopen(tmp, "wb");
  if (!f || (n && fwrite(data, 1, n, f) != n) || fclose(f) != 0 || rename(tmp, path) != 0) {
    snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
    remove(tmp);
    return -1;
  }
  return 0;
}

int tr_write(const char *dir, const tc_case *c, const char *device, const char *status_line,
             void *const *bufs, const char *printf_text, size_t printf_len, char *err, size_t errlen)
{
  char d[4096], p[4200];
  snprintf(d, sizeof d, "%s/%s", dir, c->name);
  if (tr_mkdirs(d)) {
    snprintf(err, errlen, "%s: cannot create: %s", d, strerror(errno));
    return -1;
  }
  /* a previous run's files must not survive */
  for (size_t i = 0; i < c->nbufs; i++) {
    snprintf(p, sizeof p, "%s/%s.bin", d, c->bufs[i].name);
    remove(p);
  }
  snprintf(p, sizeof p, "%s/printf.txt", d);
  remove(p);
  if (bufs) {
    for (size_t i = 0; i < c->nbufs; i++) {
      if (!c->bufs[i].output && !c->nprops) continue;
      snprintf(p, sizeof p, "%s/%s.bin", d, c->bufs[i].name);
      if (write_file(p, bufs[i], c->bufs[i].count * tc_type_size(c->bufs[i].type), err, errlen)) return -1;
    }
    if (c->printf_rule != TC_PRINTF_NONE) {
      snprintf(p, sizeof p, "%s/printf.txt", d);
      if (write_file(p, printf_text ? printf_text : "", printf_text ? printf_len : 0, err, errlen)) return -1;
    }
  }
  snprintf(p, sizeof p, "%s/device", d);
  if (write_file(p, device, strlen(device), err, errlen)) return -1;
  /* the status goes last: a directory with a status is complete */
  size_t sl = strlen(status_line);
  char *s = malloc(sl + 2);
  if (!s) return -1;
  memcpy(s, status_line, sl);
  s[sl] = '\n';
  snprintf(p, sizeof p, "%s/status", d);
  int rc = write_file(p, s, sl + 1, err, errlen);
  free(s);
  return rc;
}

static char *slurp(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  if (fseek(f, 0, SEEK_END) != 0) {
    fclose(f);
    return NULL;
  }
  long n = ftell(f);
  rewind(f);
  char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (s) {
    size_t r = fread(s, 1, (size_t)n, f);
    s[r] = 0;
    *len = r;
  }
  fclose(f);
  return s;
}

int tr_read(const char *dir, const tc_case *c, tr_result *r, char *err, size_t errlen)
{
  memset(r, 0, sizeof *r);
  char p[4200];
  snprintf(p, sizeof p, "%s/%s/status", dir, c->name);
  size_t n = 0;
  char *st = slurp(p, &n);
  if (!st) {
    r->status = TR_MISSING;
    r->message = malloc(64 + strlen(p));
    if (r->message) sprintf(r->message, "no result (%s)", p);
    return 0;
  }
  char *nl = strchr(st, '\n');
  if (nl) *nl = 0;
  if (strcmp(st, "ok") == 0) r->status = TR_OK;
  else if (strncmp(st, "skipped", 7) == 0) r->status = TR_SKIPPED;
  else r->status = TR_ERROR;
  const char *m = strchr(st, ':');
  m = m ? m + 1 + (m[1] == ' ') : "";
  r->message = malloc(strlen(m) + 1);
  if (r->message) strcpy(r->message, m);
  free(st);
  if (r->status != TR_OK) return 0;
  r->bufs = calloc(c->nbufs ? c->nbufs : 1, sizeof *r->bufs);
  if (!r->bufs) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  for (size_t i = 0; i < c->nbufs; i++) {
    if (!c->bufs[i].output && !c->nprops) continue;
    snprintf(p, sizeof p, "%s/%s/%s.bin", dir, c->name, c->bufs[i].name);
    size_t want = c->bufs[i].count * tc_type_size(c->bufs[i].type), got = 0;
    r->bufs[i] = slurp(p, &got);
    if (!r->bufs[i]) {
      snprintf(err, errlen, "%s: missing", p);
      return -1;
    }
    if (got != want) {
      snprintf(err, errlen, "%s: %zu bytes, the case says %zu", p, got, want);
      return -1;
    }
  }
  if (c->printf_rule != TC_PRINTF_NONE) {
    snprintf(p, sizeof p, "%s/%s/printf.txt", dir, c->name);
    r->printf_text = slurp(p, &r->printf_len);
    if (!r->printf_text) {
      snprintf(err, errlen, "%s: missing", p);
      return -1;
    }
  }
  return 0;
}

void tr_free(const tc_case *c, tr_result *r)
{
  if (r->bufs)
    for (size_t i = 0; i < c->nbufs; i++) free(r->bufs[i]);
  free(r->bufs);
  free(r->message);
  free(r->printf_text);
  memset(r, 0, sizeof *r);
}
