/* Small helpers used across modules. */
#ifndef VS_COMMON_UTIL_H
#define VS_COMMON_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "ventsim/error.h"

/* Largest input file any ventsim reader accepts (bytes): a documented limit. */
#define VS_MAX_INPUT_FILE (512u << 20)

/* Reads a whole file (at most max bytes) into a NUL-terminated malloc'ed
 * buffer.  Returns 0 or -1 with *err set. */
int vs_read_file(const char *path, size_t max, char **data, size_t *len, vs_error *err);

/* 1 if the file exists and can be read */
int vs_readable(const char *path);
/* Finds a data file of ventsim (REL relative to share/ventsim, e.g.
 * "configs/ventus-verilog.ini"): beside the running executable
 * (BIN/../share/ventsim: an installation moved to another prefix), in the
 * configured install prefix, then in the source tree.  Writes the first
 * readable path into buf and returns 0; -1 (buf: the install-prefix path)
 * if there is none. */
int vs_data_file(const char *rel, char *buf, size_t len);
/* The configured install and source-tree data directories (for messages) */
void vs_data_dirs(const char **install, const char **build);

/* ventsim's version, "MAJOR.MINOR.PATCH" (CMake's project version) */
const char *vs_version(void);

/* malloc/calloc/realloc that report exhaustion through *err. */
void *vs_malloc(size_t n, vs_error *err);
void *vs_calloc(size_t n, size_t size, vs_error *err);
void *vs_realloc(void *p, size_t n, vs_error *err);
char *vs_strdup(const char *s, vs_error *err);

/* Parses an unsigned number in C syntax (decimal, 0x hex, 0 octal is NOT
 * accepted: leading zeros are decimal).  Returns 0 or -1. */
int vs_parse_u64(const char *s, uint64_t *out);

/* Like vs_parse_u64, optionally followed by K, M or G (x 1024^n) */
int vs_parse_size(const char *s, uint64_t *out);
/* 1/yes/true/on or 0/no/false/off: 0 and *out set, else -1 */
int vs_parse_bool(const char *s, int *out);

/* The value of a hexadecimal digit (either case), -1 if c is none */
static inline int vs_hex_digit(int c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Growable byte buffer */
typedef struct vs_buf {
  uint8_t *data;
  size_t len, cap;
} vs_buf;
int vs_buf_reserve(vs_buf *b, size_t extra, vs_error *err);
int vs_buf_append(vs_buf *b, const void *p, size_t n, vs_error *err);
void vs_buf_free(vs_buf *b);

/* Length (1..4) of the well-formed UTF-8 sequence at p (RFC 3629: no
 * overlong forms, surrogates or code points above U+10FFFF), or 0 if the
 * bytes there are not one.  p is NUL-terminated. */
size_t vs_utf8_len(const unsigned char *p);
/* A malloc'ed copy of s in which every byte that does not start a
 * well-formed UTF-8 sequence is U+FFFD; NULL (err set) without memory. */
char *vs_utf8_clean(const char *s, vs_error *err);

/* Seconds from a monotonic clock. */
double vs_now(void);

#endif
