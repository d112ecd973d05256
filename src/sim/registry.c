/* The ISA registry (sim/registry.h). */
#include <elf.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "isa/amdgpu/frontend.h"
#include "isa/ventus/frontend.h"
#include "sim/registry.h"

/* The built-in front ends */
static const vs_isa_entry ventus = {
  "ventus", "Ventus (RISC-V RV32IMA + zfinx + zve32f + SIMT extensions)",
  &vs_isa_ventus, &vs_asm_target_ventus, &vs_gdb_layout_ventus, EM_RISCV,
};

#ifndef EM_AMDGPU
#define EM_AMDGPU 224
#endif
/* AMD GCN5 and RDNA3: HSA code objects (EM_AMDGPU; the processor is in e_flags, so
 * vs_isa_for_elf finds gfx900 and the runtime picks by e_flags) */
static const vs_isa_entry gfx900 = {
  "gfx900", "AMD GCN5 Vega 10 (gfx900, wave64)", &vs_isa_gfx900, NULL, NULL, EM_AMDGPU,
};
static const vs_isa_entry gfx906 = {
  "gfx906", "AMD GCN5 Vega 20 (gfx906, wave64)", &vs_isa_gfx906, NULL, NULL, EM_AMDGPU,
};
static const vs_isa_entry gfx1100 = {
  "gfx1100", "AMD RDNA3 Navi 31 (gfx1100, wave32 and wave64)", &vs_isa_gfx1100, NULL, NULL, EM_AMDGPU,
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const vs_isa_entry *table[VS_MAX_ISAS] = {&ventus, &gfx900, &gfx906, &gfx1100};
static size_t ntable = 4;

int vs_isa_register(const vs_isa_entry *e, vs_error *err)
{
  if (!e || !e->name || !*e->name || !e->isa)
    return vs_error_set(err, VS_E_USAGE, "an ISA needs a name and a front end (vs_isa)");
  int rc = 0;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < ntable && rc == 0; i++)
    if (strcmp(table[i]->name, e->name) == 0)
      rc = vs_error_set(err, VS_E_USAGE, "an ISA called '%s' is registered already", e->name);
  if (rc == 0 && ntable == VS_MAX_ISAS)
    rc = vs_error_set(err, VS_E_LIMIT, "cannot register ISA '%s': %u ISAs are registered already",
                      e->name, VS_MAX_ISAS);
  if (rc == 0) table[ntable++] = e;
  pthread_mutex_unlock(&lock);
  return rc;
}

const vs_isa_entry *vs_isa_find(const char *name)
{
  if (!name) name = VS_DEFAULT_ISA;
  const vs_isa_entry *found = NULL;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < ntable && !found; i++)
    if (strcmp(table[i]->name, name) == 0) found = table[i];
  pthread_mutex_unlock(&lock);
  return found;
}

void vs_isa_names(char *buf, size_t len)
{
  size_t n = 0;
  if (len) buf[0] = '\0';
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < ntable && n < len; i++)
    n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", table[i]->name);
  pthread_mutex_unlock(&lock);
}

int vs_isa_lookup(const char *name, const vs_isa_entry **out, vs_error *err)
{
  *out = vs_isa_find(name);
  if (*out) return 0;
  char names[256];
  vs_isa_names(names, sizeof names);
  return vs_error_set(err, VS_E_USAGE, "unknown ISA '%s' (known: %s)", name, names);
}

const vs_isa_entry *vs_isa_for_elf(uint16_t machine)
{
  const vs_isa_entry *found = NULL;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < ntable && !found; i++)
    if (machine && table[i]->elf_machine == machine) found = table[i];
  pthread_mutex_unlock(&lock);
  return found;
}
