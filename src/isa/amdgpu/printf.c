/* The records of an AMD printf buffer as text (printf.h). */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "isa/amdgpu/printf.h"

static uint64_t get(const uint8_t *b, unsigned n)
{
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++) v |= (uint64_t)b[i] << (8 * i);
  return v;
}

/* IEEE binary16 to double (exact) */
static double half_value(uint16_t h)
{
  int e = (h >> 10) & 31;
  double m = h & 1023;
  double v = e == 31 ? (m ? NAN : INFINITY) : e ? ldexp(1024 + m, e - 25) : ldexp(m, -24);
  return (h & 0x8000) ? -v : v;
}

/* One value of esz bytes at a with the conversion conv; spec holds the
 * flags, width and precision (m characters, room for 4 more); bits is the
 * length modifier's size (hh 8, h 16, hl 32, l 64; 0: none) */
static void format_value(char *buf, size_t bufsz, char *spec, size_t m, char conv, unsigned bits,
                         const uint8_t *a, unsigned esz)
{
  switch (conv) {
  case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': {
    unsigned n = esz >= 8 ? 8 : esz;
    uint64_t u = get(a, n);
    unsigned w = bits ? bits : n >= 8 ? 64 : 32; /* without a modifier: int, or long for 8 bytes */
    if (w > 8 * n) w = 8 * n;                     /* a narrower element is extended below */
    if (w < 64) u &= (UINT64_C(1) << w) - 1;
    if (conv == 'd' || conv == 'i') {
      int64_t v = (w < 64 && (u >> (w - 1)) & 1) ? (int64_t)(u | ~((UINT64_C(1) << w) - 1)) : (int64_t)u;
      memcpy(spec + m, "lld", 4);
      snprintf(buf, bufsz, spec, (long long)v);
    } else {
      spec[m] = 'l'; spec[m + 1] = 'l'; spec[m + 2] = conv; spec[m + 3] = 0;
      snprintf(buf, bufsz, spec, (unsigned long long)u);
    }
    break;
  }
  case 'c':
    spec[m] = 'c'; spec[m + 1] = 0;
    snprintf(buf, bufsz, spec, (int)(unsigned char)get(a, 1));
    break;
  case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
    double v;
    if (esz >= 8) { uint64_t u = get(a, 8); memcpy(&v, &u, 8); }
    else if (esz >= 4) { uint32_t u = (uint32_t)get(a, 4); float fv; memcpy(&fv, &u, 4); v = fv; }
    else if (esz == 2) v = half_value((uint16_t)get(a, 2));
    else { snprintf(buf, bufsz, "[ventsim: a %u-byte %%%c]", esz, conv); break; }
    spec[m] = conv; spec[m + 1] = 0;
    snprintf(buf, bufsz, spec, v);
    break;
  }
  case 'p': snprintf(buf, bufsz, "0x%" PRIx64, get(a, esz >= 8 ? 8 : 4)); break;
  default: snprintf(buf, bufsz, "[ventsim: %%%c not supported]", conv); break;
  }
}

/* One record's text: the format with the arguments of the record.  A
 * conversion is %[flags][width][.precision][vN][length]C (OpenCL C 3.0
 * 6.15.14.2); a vector's elements are printed with the same flags, width
 * and precision, separated by commas. */
static void format_record(FILE *out, const vs_co_printf *pf, const uint8_t *args, size_t len)
{
  const char *f = pf->format;
  size_t at = 0;
  unsigned k = 0;
  char spec[32], buf[512];
  while (*f) {
    if (*f != '%') { fputc(*f++, out); continue; }
    if (f[1] == '%') { fputc('%', out); f += 2; continue; }
    const char *start = f, *p = f + 1;
    p += strspn(p, "-+ #0");
    p += strspn(p, "0123456789");
    if (*p == '.') p += 1 + strspn(p + 1, "0123456789");
    size_t m = (size_t)(p - f); /* '%', flags, width, precision */
    unsigned vn = 1, bits = 0;
    if (*p == 'v') {
      vn = 0;
      for (p++; *p >= '0' && *p <= '9' && vn < 100; p++) vn = vn * 10 + (unsigned)(*p - '0');
    }
    if (p[0] == 'h' && p[1] == 'h') bits = 8, p += 2;
    else if (p[0] == 'h' && p[1] == 'l') bits = 32, p += 2;
    else if (p[0] == 'h') bits = 16, p++;
    else if (p[0] == 'l' && p[1] == 'l') bits = 64, p += 2;
    else if (*p == 'l' || *p == 'z' || *p == 'j' || *p == 't') bits = 64, p++;
    char conv = *p;
    if (!conv || m + 4 > sizeof spec || k >= pf->nargs) {
      fputs(f, out);
      return;
    }
    unsigned sz = pf->arg_sizes[k++];
    if (at + sz > len) {
      fputs("[ventsim: printf record cut short]", out);
      return;
    }
    memcpy(spec, f, m);
    spec[m] = 0;
    const uint8_t *a = args + at;
    at += sz;
    f = p + 1;
    if (conv == 's') { /* stored inline: sz bytes */
      char s[256];
      size_t l = sz < sizeof s - 1 ? sz : sizeof s - 1;
      memcpy(s, a, l);
      s[l] = 0;
      spec[m] = 's'; spec[m + 1] = 0;
      snprintf(buf, sizeof buf, spec, s);
      fputs(buf, out);
      continue;
    }
    if (vn == 1) {
      format_value(buf, sizeof buf, spec, m, conv, bits, a, sz);
      fputs(buf, out);
      continue;
    }
    /* a vector: N elements of equal size; a 3-element vector occupies the
     * size of 4 (LLVM's alloc size of <3 x T>) */
    unsigned slots = vn == 3 ? 4 : vn, esz = slots ? sz / slots : 0;
    if (!(vn == 2 || vn == 3 || vn == 4 || vn == 8 || vn == 16) || esz * slots != sz ||
        !(esz == 1 || esz == 2 || esz == 4 || esz == 8) || strchr("csp", conv)) {
      fprintf(out, "[ventsim: %%%.*s: not a vector conversion of %u bytes]", (int)(f - start - 1), start + 1, sz);
      continue;
    }
    for (unsigned e = 0; e < vn; e++) {
      format_value(buf, sizeof buf, spec, m, conv, bits, a + e * esz, esz);
      if (e) fputc(',', out);
      fputs(buf, out);
    }
  }
}

void vs_amd_printf_records(FILE *out, const vs_codeobj *co, const uint8_t *b, uint32_t used)
{
  for (size_t at = 0; at + 4 <= used;) {
    uint32_t id = (uint32_t)get(b + at, 4);
    const vs_co_printf *pf = vs_codeobj_printf(co, id);
    if (!pf) {
      fprintf(out, "[ventsim: printf buffer: record with unknown format id %u]\n", id);
      break;
    }
    size_t n = 0;
    for (uint32_t i = 0; i < pf->nargs; i++) n += pf->arg_sizes[i];
    format_record(out, pf, b + at + 4, used - at - 4 < n ? used - at - 4 : n);
    at += 4 + n;
  }
}
