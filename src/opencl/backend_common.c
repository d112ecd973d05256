/* Helpers shared by the backends. */
#include <stdlib.h>
#include <string.h>

#include "opencl/backend.h"

void ocl_kernel_info_free(ocl_kernel_info *k)
{
  for (unsigned i = 0; i < k->nargs; i++) {
    free(k->args[i].name);
    free(k->args[i].type_name);
  }
  free(k->args);
  free(k->name);
  free(k->attributes);
}

uint32_t ocl_type_size(const char *t, uint32_t pointer_size)
{
  static const struct { const char *n; uint32_t s; } base[] = {
    {"char", 1}, {"uchar", 1}, {"unsigned char", 1}, {"bool", 1}, {"short", 2}, {"ushort", 2},
    {"unsigned short", 2}, {"half", 2}, {"int", 4}, {"uint", 4}, {"unsigned int", 4}, {"unsigned", 4},
    {"float", 4}, {"long", 8}, {"ulong", 8}, {"unsigned long", 8}, {"double", 8},
  };
  if (!t) return 0;
  if (strchr(t, '*')) return pointer_size;
  if (!strcmp(t, "size_t") || !strcmp(t, "ptrdiff_t") || !strcmp(t, "intptr_t") || !strcmp(t, "uintptr_t"))
    return pointer_size;
  for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) {
    size_t n = strlen(base[i].n);
    if (strncmp(t, base[i].n, n)) continue;
    if (!t[n]) return base[i].s;
    char *e = NULL;
    unsigned long v = strtoul(t + n, &e, 10);
    if (*e || !(v == 2 || v == 3 || v == 4 || v == 8 || v == 16)) continue;
    return base[i].s * (uint32_t)(v == 3 ? 4 : v);
  }
  return 0;
}
