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

/* One decoded instruction.  For Ventus a register-extension prefix and the
 * instruction it applies to decode into one entry with len == 8. */
typedef struct vs_dinsn {
  vs_exec_fn exec;   /* semantics; filled in by the core's decode cache   */
  uint32_t word;     /* the instruction word                               */
  uint32_t pword;    /* the prefix word when len == 8, else 0              */
  int32_t imm;       /* immediate (sign- or zero-extended as the row says) */
  uint16_t op;       /* front-end row id                                   */
  uint16_t rd, rs1, rs2, rs3; /* register indices, extensions applied      */
  uint8_t len;       /* bytes covered (4, or 8 with a prefix)              */
  uint8_t vm;        /* vector mask bit (1 = unmasked)                     */
  uint8_t rm;        /* rounding mode field                                */
  uint8_t aux;       /* front-end specific (Ventus: aq/rl bits, prefix kind)*/
  uint8_t cls;       /* VS_CLS_* instruction class                         */
} vs_dinsn;

#endif
