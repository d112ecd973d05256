/* The records of an AMD printf buffer as text (printf.h). */
#include <inttypes.h>
#include <string.h>

#include "isa/amdgpu/printf.h"

static uint64_t get(const uint8_t *b, unsigned n)
{
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++) v |= (uint64_t)b[i] << (8 * i);
  return v;
}

/* One record's text: the format with the arguments of the record */
static void format_record(FILE *out, const vs_co_printf *pf, const uint8_t *args, size_t len)
{
  const char *f = pf->format;
  size_t at = 0;
  unsigned k = 0;
  char spec[32], buf[512];
  while (*f) {
    if (*f != '%') { fputc(*f++, out); continue; }
    if (f[1] == '%') { fputc('%', out); f += 2; continue; }
    size_t n = strspn(f + 1, "-+ #0123456789.hlvzjt");
    char conv = f[1 + n];
    if (!conv || n + 3 > sizeof spec || k >= pf->nargs) {
      fputs(f, out);
      return;
    }
    unsigned sz = pf->arg_sizes[k++];
    if (at + sz > len) {
      fputs("[ventsim: printf record cut short]", out);
      return;
    }
    /* the flags, width and precision; length modifiers dropped (the size says) */
    size_t m = 0;
    spec[m++] = '%';
    for (size_t i = 1; i <= n; i++)
      if (!strchr("hlvzjt", f[i])) spec[m++] = f[i];
    const uint8_t *a = args + at;
    at += sz;
    switch (conv) {
    case 'd': case 'i': {
      int64_t v = sz >= 8 ? (int64_t)get(a, 8) : (int64_t)(int32_t)get(a, 4);
      memcpy(spec + m, "lld", 4);
      snprintf(buf, sizeof buf, spec, (long long)v);
      break;
    }
    case 'u': case 'x': case 'X': case 'o': case 'c': {
      uint64_t v = get(a, sz >= 8 ? 8 : 4);
      if (conv == 'c') { spec[m++] = 'c'; spec[m] = 0; snprintf(buf, sizeof buf, spec, (int)(unsigned char)v); break; }
      spec[m++] = 'l'; spec[m++] = 'l'; spec[m++] = conv; spec[m] = 0;
      snprintf(buf, sizeof buf, spec, (unsigned long long)v);
      break;
    }
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
      double v;
      if (sz >= 8) { uint64_t u = get(a, 8); memcpy(&v, &u, 8); }
      else { uint32_t u = (uint32_t)get(a, 4); float fv; memcpy(&fv, &u, 4); v = fv; }
      spec[m++] = conv; spec[m] = 0;
      snprintf(buf, sizeof buf, spec, v);
      break;
    }
    case 's': { /* stored inline: sz bytes */
      char s[256];
      size_t l = sz < sizeof s - 1 ? sz : sizeof s - 1;
      memcpy(s, a, l);
      s[l] = 0;
      spec[m++] = 's'; spec[m] = 0;
      snprintf(buf, sizeof buf, spec, s);
      break;
    }
    case 'p': snprintf(buf, sizeof buf, "0x%" PRIx64, get(a, sz >= 8 ? 8 : 4)); break;
    default: snprintf(buf, sizeof buf, "[ventsim: %%%c not supported]", conv); break;
    }
    fputs(buf, out);
    f += 2 + n;
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
