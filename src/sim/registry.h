/* The ISAs ventsim knows, chosen by name.  Each entry bundles what a front
 * end provides to the layers below: the ISA for the core (core/isa.h), its
 * assembler target (asm/target.h) and its view for the gdb server
 * (debug/gdb_regmap.h).  Ventus is built in; other front ends (the toy ISA of
 * the tests) register at run time.  docs/dev/isa-interface.md. */
#ifndef VS_SIM_REGISTRY_H
#define VS_SIM_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include "asm/target.h"
#include "core/isa.h"
#include "debug/gdb_regmap.h"
#include "ventsim/error.h"

#define VS_DEFAULT_ISA "ventus"
#define VS_MAX_ISAS 16u   /* registered ISAs, built-in ones included */

typedef struct vs_isa_entry {
  const char *name;                 /* what --isa and vs_device_create take */
  const char *summary;              /* one line for listings                */
  const vs_isa *isa;
  const vs_asm_target *asm_target;  /* NULL: no assembler                   */
  const vs_gdb_layout *gdb;         /* NULL: the default gdb view           */
  uint16_t elf_machine;             /* e_machine of its programs; 0: none   */
} vs_isa_entry;

/* Adds an ISA (the entry must stay valid).  A name that is taken, or a
 * full table, is an error. */
int vs_isa_register(const vs_isa_entry *e, vs_error *err);
/* The ISA called name (NULL: the default, Ventus), or NULL. */
const vs_isa_entry *vs_isa_find(const char *name);
/* Same, with an error naming the known ISAs when there is none. */
int vs_isa_lookup(const char *name, const vs_isa_entry **out, vs_error *err);
/* The ISA whose programs have ELF machine number `machine`, or NULL. */
const vs_isa_entry *vs_isa_for_elf(uint16_t machine);
/* "ventus, toy": the registered names, for messages. */
void vs_isa_names(char *buf, size_t len);

#endif
