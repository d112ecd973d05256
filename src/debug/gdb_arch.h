/* What the gdb server needs from an ISA front end: the target description
 * (target.xml) and the register layout of a warp in the remote protocol's
 * numbering.  Ventus implements it in src/isa/ventus/gdb_regs.c. */
#ifndef VS_DEBUG_GDB_ARCH_H
#define VS_DEBUG_GDB_ARCH_H

#include <stddef.h>
#include <stdint.h>

#include "core/warp.h"

typedef struct vs_gdb_arch {
  const char *name;
  /* Registers in the remote numbering: 0 .. nregs(lanes)-1 */
  unsigned (*nregs)(unsigned lanes);
  /* Registers sent in a 'g' packet: 0 .. g_regs-1 (the others with 'p') */
  unsigned g_regs;
  /* Bytes of register n for warps described with `lanes` lanes (0: none) */
  size_t (*reg_size)(unsigned n, unsigned lanes);
  /* Register n of w in target byte order into buf (reg_size bytes); lanes
   * the warp does not have read as zero.  0, or -1 for no such register. */
  int (*reg_read)(const vs_warp *w, unsigned n, unsigned lanes, uint8_t *buf);
  int (*reg_write)(vs_warp *w, unsigned n, unsigned lanes, const uint8_t *buf);
  /* The target description (NUL-terminated, malloc'ed; NULL if out of
   * memory) for warps of `lanes` threads. */
  char *(*target_xml)(unsigned lanes);
} vs_gdb_arch;

#endif
