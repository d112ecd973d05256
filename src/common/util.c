#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/util.h"

#ifndef VENTSIM_DATADIR_INSTALL
#define VENTSIM_DATADIR_INSTALL "/usr/local/share/ventsim"
#endif
#ifndef VENTSIM_DATADIR_BUILD
#define VENTSIM_DATADIR_BUILD "share/ventsim"
#endif
#ifndef VENTSIM_VERSION
#define VENTSIM_VERSION "?"
#endif

const char *vs_version(void)
{
  return VENTSIM_VERSION;
}

void vs_data_dirs(const char **install, const char **build)
{
  *install = VENTSIM_DATADIR_INSTALL;
  *build = VENTSIM_DATADIR_BUILD;
}

int vs_readable(const char *path)
{
  return path && *path && access(path, R_OK) == 0;
}

int vs_data_file(const char *rel, char *buf, size_t len)
{
  char dir[4096] = "";
  ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
  char *slash = n > 0 ? strrchr((dir[n] = 0, dir), '/') : NULL;
  if (slash) snprintf(slash, sizeof dir - (size_t)(slash - dir), "/../share/ventsim");
  const char *dirs[3] = {slash ? dir : NULL, VENTSIM_DATADIR_INSTALL, VENTSIM_DATADIR_BUILD};
  for (int i = 0; i < 3; i++) {
    if (!dirs[i]) continue;
    int k = snprintf(buf, len, "%s/%s", dirs[i], rel);
    if (k > 0 && (size_t)k < len && vs_readable(buf)) return 0;
  }
  snprintf(buf, len, "%s/%s", VENTSIM_DATADIR_INSTALL, rel);
  return -1;
}

int vs_read_file(const char *path, size_t max, char **data, size_t *len, vs_error *err)
{
  FILE *f = fopen(path, "rb");
  if (!f) return vs_error_set(err, VS_E_IO, "%s: %s", path, strerror(errno));
  size_t cap = 65536, n = 0;
  char *buf = malloc(cap + 1);
  if (!buf) {
    fclose(f);
    return vs_error_set(err, VS_E_NOMEM, "%s: out of memory", path);
  }
  for (;;) {
    if (n == cap) {
      if (cap >= max) {
        free(buf);
        fclose(f);
        return vs_error_set(err, VS_E_LIMIT, "%s: file is larger than the limit of %zu bytes",
                            path, max);
      }
      size_t ncap = cap * 2 > max ? max : cap * 2;
      char *nb = realloc(buf, ncap + 1);
      if (!nb) {
        free(buf);
        fclose(f);
        return vs_error_set(err, VS_E_NOMEM, "%s: out of memory", path);
      }
      buf = nb;
      cap = ncap;
    }
    size_t k = fread(buf + n, 1, cap - n, f);
    n += k;
    if (k == 0) break;
  }
  int bad = ferror(f);
  fclose(f);
  if (bad) {
    free(buf);
    return vs_error_set(err, VS_E_IO, "%s: read error", path);
  }
  buf[n] = '\0';
  *data = buf;
  *len = n;
  return 0;
}

void *vs_malloc(size_t n, vs_error *err)
{
  void *p = malloc(n ? n : 1);
  if (!p) vs_error_set(err, VS_E_NOMEM, "out of memory (%zu bytes)", n);
  return p;
}

void *vs_calloc(size_t n, size_t size, vs_error *err)
{
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p) vs_error_set(err, VS_E_NOMEM, "out of memory (%zu x %zu bytes)", n, size);
  return p;
}

void *vs_realloc(void *old, size_t n, vs_error *err)
{
  void *p = realloc(old, n ? n : 1);
  if (!p) vs_error_set(err, VS_E_NOMEM, "out of memory (%zu bytes)", n);
  return p;
}

char *vs_strdup(const char *s, vs_error *err)
{
  size_t n = strlen(s) + 1;
  char *p = vs_malloc(n, err);
  if (p) memcpy(p, s, n);
  return p;
}

int vs_parse_u64(const char *s, uint64_t *out)
{
  if (!s || !*s) return -1;
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s += 2;
    if (!*s) return -1;
  }
  uint64_t v = 0;
  for (; *s; s++) {
    int d = vs_hex_digit(*s);
    if (d < 0 || d >= base) return -1;
    if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) return -1;
    v = v * (uint64_t)base + (uint64_t)d;
  }
  *out = v;
  return 0;
}

int vs_parse_size(const char *s, uint64_t *out)
{
  char tmp[64];
  size_t n = s ? strlen(s) : 0;
  if (n == 0 || n >= sizeof tmp) return -1;
  memcpy(tmp, s, n + 1);
  unsigned shift = 0;
  char c = tmp[n - 1];
  if (c == 'k' || c == 'K') shift = 10;
  else if (c == 'm' || c == 'M') shift = 20;
  else if (c == 'g' || c == 'G') shift = 30;
  if (shift) tmp[--n] = '\0';
  uint64_t x;
  if (vs_parse_u64(tmp, &x)) return -1;
  if (shift && x > (UINT64_MAX >> shift)) return -1;
  *out = x << shift;
  return 0;
}

int vs_parse_bool(const char *s, int *out)
{
  if (!strcmp(s, "1") || !strcmp(s, "yes") || !strcmp(s, "true") || !strcmp(s, "on")) *out = 1;
  else if (!strcmp(s, "0") || !strcmp(s, "no") || !strcmp(s, "false") || !strcmp(s, "off")) *out = 0;
  else return -1;
  return 0;
}

int vs_buf_reserve(vs_buf *b, size_t extra, vs_error *err)
{
  if (b->len + extra <= b->cap) return 0;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + extra) {
    if (cap > SIZE_MAX / 2) return vs_error_set(err, VS_E_NOMEM, "buffer too large");
    cap *= 2;
  }
  uint8_t *p = vs_realloc(b->data, cap, err);
  if (!p) return -1;
  b->data = p;
  b->cap = cap;
  return 0;
}

int vs_buf_append(vs_buf *b, const void *p, size_t n, vs_error *err)
{
  if (vs_buf_reserve(b, n, err)) return -1;
  if (n) memcpy(b->data + b->len, p, n);
  b->len += n;
  return 0;
}

void vs_buf_free(vs_buf *b)
{
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

size_t vs_utf8_len(const unsigned char *p)
{
  unsigned c = p[0];
  if (c < 0x80) return 1;
  size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  if (!n) return 0;
  for (size_t k = 1; k < n; k++)
    if ((p[k] & 0xc0) != 0x80) return 0;
  if ((c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] > 0x9f) || /* overlong, surrogates */
      (c == 0xf0 && p[1] < 0x90) || (c == 0xf4 && p[1] > 0x8f))   /* overlong, > U+10FFFF */
    return 0;
  return n;
}

char *vs_utf8_clean(const char *s, vs_error *err)
{
  size_t n = strlen(s);
  char *out = vs_malloc(3 * n + 1, err); /* each bad byte becomes 3 */
  if (!out) return NULL;
  size_t o = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    size_t k = vs_utf8_len(p);
    if (k) {
      memcpy(out + o, p, k);
      o += k;
      p += k;
    } else {
      memcpy(out + o, "\xef\xbf\xbd", 3);
      o += 3;
      p++;
    }
  }
  out[o] = '\0';
  return out;
}

double vs_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
