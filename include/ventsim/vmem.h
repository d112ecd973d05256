/* .vmem files: hexadecimal 32-bit words, one or more per line, as written
 * for Verilog's $readmemh.  "@HEX" moves to a word index; "//" and block
 * comments are ignored.  Word k (after any @) lives at base + 4*k. */
#ifndef VENTSIM_VMEM_H
#define VENTSIM_VMEM_H

#include <stddef.h>
#include <stdint.h>

#include "ventsim/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vs_vmem {
  size_t n;
  uint32_t *index;  /* word index of each word (strictly increasing) */
  uint32_t *word;
} vs_vmem;

int vs_vmem_parse(const char *text, size_t len, const char *name, vs_vmem *out, vs_error *err);
int vs_vmem_load(const char *path, vs_vmem *out, vs_error *err);
void vs_vmem_free(vs_vmem *v);

#ifdef __cplusplus
}
#endif
#endif
