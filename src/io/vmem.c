#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "ventsim/vmem.h"

void vs_vmem_free(vs_vmem *v)
{
  free(v->index);
  free(v->word);
  memset(v, 0, sizeof *v);
}

int vs_vmem_parse(const char *text, size_t len, const char *name, vs_vmem *out, vs_error *err)
{
  memset(out, 0, sizeof *out);
  size_t cap = 0, line = 1;
  uint64_t next = 0;      /* next word index */
  int have_any = 0;
  size_t i = 0;
  while (i < len) {
    char c = text[i];
    if (c == '\n') { line++; i++; continue; }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') { i++; continue; }
    if (c == '/' && i + 1 < len && text[i + 1] == '/') {
      while (i < len && text[i] != '\n') i++;
      continue;
    }
    if (c == '/' && i + 1 < len && text[i + 1] == '*') {
      size_t start_line = line;
      i += 2;
      while (i + 1 < len && !(text[i] == '*' && text[i + 1] == '/')) {
        if (text[i] == '\n') line++;
        i++;
      }
      if (i + 1 >= len) {
        vs_vmem_free(out);
        return vs_error_set(err, VS_E_FORMAT, "%s:%zu: unterminated comment", name, start_line);
      }
      i += 2;
      continue;
    }
    int at = 0;
    if (c == '@') { at = 1; i++; }
    uint64_t v = 0;
    size_t nd = 0;
    while (i < len && vs_hex_digit(text[i]) >= 0) {
      v = v * 16 + (uint64_t)vs_hex_digit(text[i]);
      nd++;
      i++;
      if (nd > 8) break;
    }
    if (nd == 0 || nd > 8 || (i < len && !strchr(" \t\r\n\f\v/", text[i]))) {
      vs_vmem_free(out);
      return vs_error_set(err, VS_E_FORMAT,
                          "%s:%zu: expected a hexadecimal word of at most 8 digits%s", name,
                          line, at ? " after '@'" : "");
    }
    if (at) {
      if (have_any && v < next) {
        vs_vmem_free(out);
        return vs_error_set(err, VS_E_FORMAT,
                            "%s:%zu: address @%llx goes backwards (words must be in increasing order)",
                            name, line, (unsigned long long)v);
      }
      next = v;
      continue;
    }
    if (next > 0x3fffffffu) {
      vs_vmem_free(out);
      return vs_error_set(err, VS_E_FORMAT, "%s:%zu: word index beyond the 32-bit address space",
                          name, line);
    }
    if (out->n == cap) {
      cap = cap ? cap * 2 : 1024;
      uint32_t *ni = realloc(out->index, cap * sizeof *ni);
      if (ni) out->index = ni;
      uint32_t *nw = ni ? realloc(out->word, cap * sizeof *nw) : NULL;
      if (nw) out->word = nw;
      if (!ni || !nw) {
        vs_vmem_free(out);
        return vs_error_set(err, VS_E_NOMEM, "%s: out of memory", name);
      }
    }
    out->index[out->n] = (uint32_t)next;
    out->word[out->n] = (uint32_t)v;
    out->n++;
    next++;
    have_any = 1;
  }
  return 0;
}

int vs_vmem_load(const char *path, vs_vmem *out, vs_error *err)
{
  char *data;
  size_t len;
  if (vs_read_file(path, VS_MAX_INPUT_FILE, &data, &len, err)) return -1;
  int rc = vs_vmem_parse(data, len, path, out, err);
  free(data);
  return rc;
}
