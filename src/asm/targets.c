/* The ISA front ends the assembler knows (one line per target). */
#include <string.h>

#include "asm/target.h"

extern const vs_asm_target vs_asm_target_ventus;

static const vs_asm_target *const targets[] = {
  &vs_asm_target_ventus,
};

const vs_asm_target *vs_asm_find_target(const char *isa)
{
  if (!isa) return targets[0];
  for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
    if (strcmp(targets[i]->name, isa) == 0) return targets[i];
  return NULL;
}
