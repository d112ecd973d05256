/* ISA-neutral view of one decoded instruction.
 *
 * Every ISA front end decodes into this container.  The core (decode cache,
 * scheduler, timing model, statistics) only looks at the generic fields and
 * the instruction class; what the fields mean is up to the front end. */
#ifndef VS_CORE_INSN_H
#define VS_CORE_INSN_H

#include <stdint.h>

struct vs_warp;
struct vs_dinsn;

/* Executes one decoded instruction for a warp: computes results, updates the
 * warp's pc and returns 0, or a non-zero vs_event (see warp.h). */
typedef int (*vs_exec_fn)(struct vs_warp *w, const struct vs_dinsn *d);

/* Instruction classes: what kind of work an instruction is.  Used by the
 * timing model to pick an execution unit and by the statistics for the
 * instruction mix.  ISA-neutral. */
#define VS_INSN_CLASSES(X)                                                    \
  X(SALU,    "scalar-alu")      X(SMUL,   "scalar-mul")                       \
  X(SDIV,    "scalar-div")      X(SFPU,   "scalar-fpu")                       \
  X(SFDIV,   "scalar-fdiv")     X(BRANCH, "branch")                           \
  X(CSR,     "csr")             X(SLOAD,  "scalar-load")                      \
  X(SSTORE,  "scalar-store")    X(SAMO,   "scalar-atomic")                    \
  X(FENCE,   "fence")           X(VALU,   "vector-alu")                       \
  X(VMUL,    "vector-mul")      X(VDIV,   "vector-div")                       \
  X(VFPU,    "vector-fpu")      X(VFMA,   "vector-fma")                       \
  X(VSFU,    "vector-sfu")      X(VLOAD,  "vector-load")                      \
  X(VSTORE,  "vector-store")    X(VAMO,   "vector-atomic")                    \
  X(VCFG,    "vector-config")   X(SIMT,   "simt-control")                     \
  X(BARRIER, "barrier")         X(ENDPRG, "end")                              \
  X(PREFIX,  "prefix")          X(TENSOR, "tensor")                           \
  X(ILLEGAL, "illegal")

enum vs_insn_class {
#define X(id, name) VS_CLS_##id,
  VS_INSN_CLASSES(X)
#undef X
  VS_CLS_COUNT
};

const char *vs_insn_class_name(int cls);

/* One decoded instruction: an ISA-neutral header the core reads (the
 * semantics, the encoding words, length, row id and class) and a payload
 * only the front end interprets (its operand fields: Ventus overlays
 * vtu_fields, src/isa/ventus/ventus.h).  Instructions are 4, 8 or 12
 * bytes; the decoded page of the core keeps one slot per 4-byte word,
 * keyed by the instruction's start address. */
#define VS_DINSN_WORDS   3u   /* longest instruction: 12 bytes        */
#define VS_DINSN_PAYLOAD 64u  /* bytes of front-end operand fields    */

typedef struct vs_dinsn {
  vs_exec_fn exec;              /* semantics                                  */
  uint32_t w[VS_DINSN_WORDS];   /* the words from its address on (len / 4)    */
  uint16_t op;                  /* front-end row id                           */
  uint8_t len;                  /* bytes covered: 4, 8 or 12                  */
  uint8_t cls;                  /* VS_CLS_* instruction class                 */
  _Alignas(8) unsigned char payload[VS_DINSN_PAYLOAD];
} vs_dinsn;

#endif
