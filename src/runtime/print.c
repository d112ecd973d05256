/* The print buffer (spec 6.5) and its text format, docs/print-buffer.md:
 *
 *   offset 0   u32 used: bytes reserved so far in the record area (kernels
 *              reserve with amoadd.w; a reservation that does not fit must
 *              not be written)
 *   offset 4   the record area, size - 4 bytes, records back to back:
 *     +0 u32 length of the whole record in bytes (multiple of 4, >= 8),
 *            written LAST: a record whose length word is still 0 is not
 *            complete yet
 *     +4 u32 kind: 1 = text (bytes from +8, up to a NUL or the end),
 *                  2 = format (+8: device address of a NUL-terminated
 *                      printf format string, +12...: 32-bit arguments)
 *
 * The drain never trusts the contents: every length is checked against the
 * buffer, strings are read with bounds, and whatever does not make sense is
 * reported in the output and skipped. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runtime/rt.h"
#include "ventsim/launch.h"

#define PR_TEXT 1u
#define PR_FORMAT 2u
#define PR_MAX_STRING 4096u   /* bytes read for a format or %s string   */
#define PR_MAX_FIELD 256u     /* largest width / precision honoured      */

static uint32_t rd32(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Reads a NUL-terminated device string of at most PR_MAX_STRING bytes into
 * out (PR_MAX_STRING + 1 bytes).  Returns 0, or -1 if not readable. */
static int read_string(vs_device *dev, uint32_t addr, char *out)
{
  size_t n = 0;
  while (n < PR_MAX_STRING) {
    uint64_t a = (uint64_t)addr + n;
    if (a >= RT_ADDR_END || !vs_device_mapped(dev, (uint32_t)a, 1)) {
      out[n] = '\0';
      return n ? 0 : -1; /* a string running into unmapped memory is cut there */
    }
    size_t chunk = RT_PAGE - (size_t)(a & (RT_PAGE - 1));
    if (chunk > PR_MAX_STRING - n) chunk = PR_MAX_STRING - n;
    vs_error err;
    if (vs_device_read(dev, (uint32_t)a, out + n, chunk, &err)) return -1;
    void *z = memchr(out + n, 0, chunk);
    if (z) return 0;
    n += chunk;
  }
  out[n] = '\0';
  return 0;
}

static void put(vs_buf *b, const char *s, size_t n)
{
  vs_error err;
  vs_buf_append(b, s, n, &err); /* out of memory: the text is cut */
}

static void putf(vs_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(vs_buf *b, const char *fmt, ...)
{
  char tmp[2 * PR_MAX_FIELD + 64];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n > 0) put(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* Formats one FORMAT record: a printf subset on 32-bit arguments. */
static void format_record(vs_device *dev, uint32_t fmt_addr, const uint32_t *args, size_t nargs, vs_buf *b)
{
  char *fmt = malloc(PR_MAX_STRING + 1), *str = malloc(PR_MAX_STRING + 1);
  if (!fmt || !str) {
    put(b, "[ventsim: print buffer: out of memory]\n", 39);
    free(fmt);
    free(str);
    return;
  }
  if (read_string(dev, fmt_addr, fmt)) {
    putf(b, "[ventsim: print buffer: format string address 0x%08x is not readable]\n", fmt_addr);
    free(fmt);
    free(str);
    return;
  }
  size_t ai = 0;
  for (const char *p = fmt; *p;) {
    if (*p != '%') {
      const char *q = strchr(p, '%');
      size_t n = q ? (size_t)(q - p) : strlen(p);
      put(b, p, n);
      p += n;
      continue;
    }
    const char *start = p++;
    if (*p == '%') {
      put(b, "%", 1);
      p++;
      continue;
    }
    char spec[32];
    size_t sn = 0;
    spec[sn++] = '%';
    while (*p && strchr("-+ #0", *p)) {
      if (sn < 8) spec[sn++] = *p;
      p++;
    }
    unsigned width = 0, prec = 0;
    int has_prec = 0;
    while (*p >= '0' && *p <= '9') {
      if (width < 100000) width = width * 10 + (unsigned)(*p - '0');
      p++;
    }
    if (*p == '.') {
      has_prec = 1;
      p++;
      while (*p >= '0' && *p <= '9') {
        if (prec < 100000) prec = prec * 10 + (unsigned)(*p - '0');
        p++;
      }
    }
    while (*p && strchr("hlLqjzt", *p)) p++; /* every argument is 32 bits */
    char conv = *p;
    if (!conv || !strchr("diuxXocsfFeEgGaAp", conv)) {
      put(b, start, (size_t)(p - start) + (conv ? 1 : 0)); /* not a conversion: as written */
      if (conv) p++;
      continue;
    }
    p++;
    if (width > PR_MAX_FIELD) width = PR_MAX_FIELD;
    if (prec > PR_MAX_FIELD) prec = PR_MAX_FIELD;
    if (width) sn += (size_t)snprintf(spec + sn, sizeof spec - sn, "%u", width);
    if (has_prec) sn += (size_t)snprintf(spec + sn, sizeof spec - sn, ".%u", prec);
    if (ai >= nargs) {
      put(b, "(missing)", 9);
      continue;
    }
    uint32_t v = args[ai++];
    switch (conv) {
    case 'd': case 'i':
      spec[sn++] = 'd'; spec[sn] = '\0';
      putf(b, spec, (int)(int32_t)v);
      break;
    case 'u': case 'x': case 'X': case 'o':
      spec[sn++] = conv; spec[sn] = '\0';
      putf(b, spec, (unsigned)v);
      break;
    case 'c':
      spec[sn++] = 'c'; spec[sn] = '\0';
      putf(b, spec, (int)(unsigned char)v);
      break;
    case 'p':
      putf(b, "0x%08x", v);
      break;
    case 's':
      if (read_string(dev, v, str)) {
        putf(b, "(bad string address 0x%08x)", v);
      } else {
        spec[sn++] = 's'; spec[sn] = '\0';
        putf(b, spec, str);
      }
      break;
    default: { /* float conversions: the argument is binary32 bits */
      float f;
      memcpy(&f, &v, 4);
      spec[sn++] = conv; spec[sn] = '\0';
      putf(b, spec, (double)f);
      break;
    }
    }
  }
  free(fmt);
  free(str);
}

int vs_print_hook(void *ctx, vs_device *dev, const vs_launch *l)
{
  (void)l;
  vs_print_buffer *p = ctx;
  vs_error err;
  return vs_print_drain(dev, p->addr, p->size, &p->cursor, 0, p->out, &err) ? -1 : 0;
}

int vs_print_drain(vs_device *dev, vs_addr addr, uint32_t size, uint32_t *cursor, int final, FILE *out,
                   vs_error *err)
{
  if (!dev || !cursor) return vs_error_set(err, VS_E_USAGE, "print buffer: no device or cursor");
  if (!out) out = stdout;
  if (size < 8) return vs_error_set(err, VS_E_USAGE, "print buffer of %u bytes is too small (at least 8)", size);
  if (addr + size > RT_ADDR_END || !vs_device_mapped(dev, addr, size))
    return vs_error_set(err, VS_E_KERNEL, "print buffer [0x%08" PRIx64 ", 0x%08" PRIx64 ") is not mapped", addr,
                        addr + size);
  uint32_t cap = size - 4, used = 0;
  uint8_t w[4];
  if (vs_device_read(dev, addr, w, 4, err)) return -1;
  used = rd32(w);
  uint32_t limit = used < cap ? used : cap;
  uint32_t pos = *cursor <= limit ? *cursor : limit;
  vs_buf text = {0};
  int malformed = 0;
  while (limit - pos >= 8) {
    uint8_t hdr[8];
    if (vs_device_read(dev, addr + 4 + pos, hdr, 8, err)) {
      vs_buf_free(&text);
      return -1;
    }
    uint32_t len = rd32(hdr), kind = rd32(hdr + 4);
    if (len == 0) break; /* reserved, not written (yet) */
    if (len % 4 || len < 8 || len > limit - pos || (kind != PR_TEXT && kind != PR_FORMAT) ||
        (kind == PR_FORMAT && len < 12)) {
      putf(&text, "[ventsim: print buffer at 0x%08" PRIx64 ": malformed record at offset %u (length %u, kind %u); "
                  "the rest of the buffer is skipped]\n", addr, pos, len, kind);
      malformed = 1;
      pos = limit;
      break;
    }
    uint8_t *rec = vs_malloc(len, err);
    if (!rec || vs_device_read(dev, addr + 4 + pos, rec, len, err)) {
      free(rec);
      vs_buf_free(&text);
      return -1;
    }
    if (kind == PR_TEXT) {
      const uint8_t *z = memchr(rec + 8, 0, len - 8);
      put(&text, (const char *)rec + 8, z ? (size_t)(z - (rec + 8)) : len - 8);
    } else {
      size_t nargs = (len - 12) / 4;
      uint32_t *args = vs_malloc((nargs ? nargs : 1) * sizeof *args, err);
      if (!args) {
        free(rec);
        vs_buf_free(&text);
        return -1;
      }
      for (size_t i = 0; i < nargs; i++) args[i] = rd32(rec + 12 + 4 * i);
      format_record(dev, rd32(rec + 8), args, nargs, &text);
      free(args);
    }
    free(rec);
    pos += len;
  }
  if (final) {
    if (!malformed && pos < limit && used <= cap) /* (when full, the tail is a dropped reservation) */
      putf(&text, "[ventsim: print buffer at 0x%08" PRIx64 ": %u bytes from offset %u were reserved but never "
                  "completed]\n", addr, limit - pos, pos);
    if (used > cap)
      putf(&text, "[ventsim: print buffer at 0x%08" PRIx64 " is full: %" PRIu64 " bytes of output were dropped "
                  "(buffer size %u)]\n", addr, (uint64_t)used - cap, size);
    /* clear the used part for the next launch */
    uint64_t clear = 4 + (uint64_t)limit;
    static const uint8_t zeros[4096];
    for (uint64_t off = 0; off < clear; off += sizeof zeros) {
      size_t n = clear - off < sizeof zeros ? (size_t)(clear - off) : sizeof zeros;
      if (vs_device_write(dev, addr + off, zeros, n, err)) {
        vs_buf_free(&text);
        return -1;
      }
    }
    *cursor = (uint32_t)clear;
  } else {
    *cursor = pos;
  }
  if (text.len) {
    fwrite(text.data, 1, text.len, out);
    fflush(out);
  }
  vs_buf_free(&text);
  return 0;
}
