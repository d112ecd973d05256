/* The register map of the gdb server: which register each number of the
 * remote protocol is, its size, how it is read and written, and the target
 * description (target.xml) -- all derived from the ISA's register files
 * (vs_isa.regfiles, core/isa.h) plus a short per-ISA layout for what is
 * not a register file (pc, special registers) and gdb's naming (feature
 * names, architecture, ABI register names).  docs/dev/isa-interface.md
 * section 6.
 *
 * Numbering: the parts of the layout in order, each part's registers
 * consecutively from 0.  A scalar file is one gdb register per element
 * (32 × words bits, "int" unless the layout names a type); a vector file is
 * one gdb register per element holding `lanes` lanes, typed as a union of
 * unsigned, signed and float vectors (<prefix>_vreg for 32-bit lanes,
 * <prefix>_vreg64 for 64-bit ones), group "vector".  A 'g' packet carries
 * the registers before the first vector one; the others are read with 'p'.
 * Without a layout (vs_isa_entry.gdb NULL) an ISA gets the default view:
 * every scalar file, pc, every vector file, in one feature
 * "org.ventsim.NAME". */
#ifndef VS_DEBUG_GDB_REGMAP_H
#define VS_DEBUG_GDB_REGMAP_H

#include <stddef.h>
#include <stdint.h>

#include "core/isa.h"
#include "core/warp.h"
#include "ventsim/error.h"

/* The largest register: 64-bit lanes of the widest warp */
#define VS_GDB_MAX_REG_BYTES (8u * VS_MAX_LANES)

/* A register that is not an element of a register file (a CSR, AMD's
 * EXEC mapped onto the active mask ...): read and written through the
 * front end's functions. */
typedef struct vs_gdb_special {
  const char *name;
  const char *type;              /* gdb type: "int", "code_ptr", "data_ptr" ... */
  const char *group;             /* NULL: none                                */
  unsigned bits;                 /* 32 or 64                                   */
  uint64_t (*get)(const vs_warp *w);
  void (*set)(vs_warp *w, uint64_t v); /* NULL: read-only (writes fail)       */
} vs_gdb_special;

enum { VS_GDB_FILE = 0, VS_GDB_PC, VS_GDB_SPECIAL };
#define VS_GDB_ZERO_FIRST 1u     /* the part's first register ignores writes (RISC-V x0) */

/* One run of registers in the numbering */
typedef struct vs_gdb_part {
  const char *feature;           /* its <feature>: consecutive parts with the same name share one */
  uint8_t kind;                  /* VS_GDB_*                                   */
  uint8_t file;                  /* VS_GDB_FILE: index into vs_isa.regfiles    */
  uint16_t first, count;         /* VS_GDB_FILE: registers first .. first+count-1 (0: to the end) */
  const char *const *names;      /* per register of the part, [0] for `first` (NULL, or
                                    NULL entries: file name + index) */
  const char *const *types;      /* per register of the part (NULL, or NULL entries: the
                                    default type) */
  unsigned flags;                /* VS_GDB_ZERO_FIRST                          */
  const vs_gdb_special *special; /* VS_GDB_SPECIAL                             */
} vs_gdb_part;

/* What an ISA tells gdb beyond its register files (vs_isa_entry.gdb) */
typedef struct vs_gdb_layout {
  const char *architecture;      /* <architecture> (NULL: none)               */
  const char *type_prefix;       /* of the vector types' ids (NULL: the ISA's name) */
  const vs_gdb_part *parts;
  unsigned nparts;
} vs_gdb_layout;

typedef struct vs_gdb_regmap vs_gdb_regmap;

/* The map for warps shown with `lanes` lanes (1..VS_MAX_LANES); layout
 * NULL: the default view.  A layout that names a file the ISA does not
 * have, registers past a file's end or a register wider than
 * VS_GDB_MAX_REG_BYTES is an error (VS_E_USAGE). */
int vs_gdb_regmap_create(vs_gdb_regmap **out, const vs_isa *isa, const vs_gdb_layout *layout,
                         unsigned lanes, vs_error *err);
void vs_gdb_regmap_free(vs_gdb_regmap *m);

unsigned vs_gdb_regmap_count(const vs_gdb_regmap *m);   /* registers       */
unsigned vs_gdb_regmap_g_regs(const vs_gdb_regmap *m);  /* in a 'g' packet */
/* Bytes of register n (0: no such register) and its name (NULL: none) */
size_t vs_gdb_regmap_size(const vs_gdb_regmap *m, unsigned n);
const char *vs_gdb_regmap_name(const vs_gdb_regmap *m, unsigned n);
/* Register n of w in target (little-endian) byte order; lanes the warp
 * does not have read as zero and are not written.  0, or -1 (no such
 * register; a write to a read-only special register).  A write to a
 * VS_GDB_ZERO_FIRST register succeeds and changes nothing. */
int vs_gdb_regmap_read(const vs_gdb_regmap *m, const vs_warp *w, unsigned n, uint8_t *buf);
int vs_gdb_regmap_write(const vs_gdb_regmap *m, vs_warp *w, unsigned n, const uint8_t *buf);
/* The target description (NUL-terminated) and its length */
const char *vs_gdb_regmap_xml(const vs_gdb_regmap *m, size_t *len);

#endif
