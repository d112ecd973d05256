/* What the Ventus front end gives the layers below it, for the ISA
 * registry (src/sim/registry.c): the ISA for the core, the assembler
 * target and the gdb view. */
#ifndef VS_ISA_VENTUS_FRONTEND_H
#define VS_ISA_VENTUS_FRONTEND_H

#include "asm/target.h"
#include "core/isa.h"
#include "debug/gdb_regmap.h"

extern const vs_isa vs_isa_ventus;                /* isa.c        */
extern const vs_asm_target vs_asm_target_ventus;  /* asm_ventus.c */
extern const vs_gdb_layout vs_gdb_layout_ventus;  /* gdb_regs.c   */

#endif
