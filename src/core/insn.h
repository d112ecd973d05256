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
 * instruction mix.  ISA-neutral.  X(id, name, properties): the properties
 * (VS_CP_*) are the one place that says what a class is -- code asks
 * vs_cls_is(cls, VS_CP_...) instead of testing ranges of classes.  New
 * classes go at the end (the statistics list them in this order). */
#define VS_CP_VECTOR   0x01u /* acts per thread (lane): counted in SIMT efficiency   */
#define VS_CP_MEM      0x02u /* accesses memory: goes to the load/store unit          */
#define VS_CP_STORE    0x04u /* writes memory (stores, atomics)                       */
#define VS_CP_SMEM     0x08u /* scalar memory: counts in LGKMcnt (seed 000)           */
#define VS_CP_CTRL     0x10u /* may change control flow: fetch redirects after it     */
#define VS_CP_FLOAT    0x20u /* floating point: may raise exception flags             */
#define VS_CP_LDS      0x40u /* local memory (LDS / DS): counts in LGKMcnt            */

#define VS_INSN_CLASSES(X)                                                                  \
  X(SALU,     "scalar-alu",    0)                                                           \
  X(SMUL,     "scalar-mul",    0)                                                           \
  X(SDIV,     "scalar-div",    0)                                                           \
  X(SFPU,     "scalar-fpu",    VS_CP_FLOAT)                                                 \
  X(SFDIV,    "scalar-fdiv",   VS_CP_FLOAT)                                                 \
  X(BRANCH,   "branch",        VS_CP_CTRL)                                                  \
  X(CSR,      "csr",           0)                                                           \
  X(SLOAD,    "scalar-load",   VS_CP_MEM | VS_CP_SMEM)                                      \
  X(SSTORE,   "scalar-store",  VS_CP_MEM | VS_CP_SMEM | VS_CP_STORE)                        \
  X(SAMO,     "scalar-atomic", VS_CP_MEM | VS_CP_SMEM | VS_CP_STORE)                        \
  X(FENCE,    "fence",         0)                                                           \
  X(VALU,     "vector-alu",    VS_CP_VECTOR)                                                \
  X(VMUL,     "vector-mul",    VS_CP_VECTOR)                                                \
  X(VDIV,     "vector-div",    VS_CP_VECTOR)                                                \
  X(VFPU,     "vector-fpu",    VS_CP_VECTOR | VS_CP_FLOAT)                                  \
  X(VFMA,     "vector-fma",    VS_CP_VECTOR | VS_CP_FLOAT)                                  \
  X(VSFU,     "vector-sfu",    VS_CP_VECTOR | VS_CP_FLOAT)                                  \
  X(VLOAD,    "vector-load",   VS_CP_VECTOR | VS_CP_MEM)                                    \
  X(VSTORE,   "vector-store",  VS_CP_VECTOR | VS_CP_MEM | VS_CP_STORE)                      \
  X(VAMO,     "vector-atomic", VS_CP_VECTOR | VS_CP_MEM | VS_CP_STORE)                      \
  X(VCFG,     "vector-config", 0)                                                           \
  X(SIMT,     "simt-control",  VS_CP_VECTOR | VS_CP_CTRL)                                   \
  X(BARRIER,  "barrier",       0)                                                           \
  X(ENDPRG,   "end",           VS_CP_CTRL)                                                  \
  X(PREFIX,   "prefix",        0)                                                           \
  X(TENSOR,   "tensor",        VS_CP_VECTOR | VS_CP_FLOAT)                                  \
  X(ILLEGAL,  "illegal",       0)                                                           \
  X(LDS,      "lds",           VS_CP_VECTOR | VS_CP_MEM | VS_CP_LDS)     /* AMD DS */       \
  X(SMEM,     "scalar-memory", VS_CP_MEM | VS_CP_SMEM)                   /* AMD SMEM */     \
  X(WAITCNT,  "wait-counter",  0)                                        /* s_waitcnt */    \
  X(EXPORT,   "export",        0)                                        /* AMD exp */      \
  X(MESSAGE,  "message",       0)                                        /* s_sendmsg */

enum vs_insn_class {
#define X(id, name, props) VS_CLS_##id,
  VS_INSN_CLASSES(X)
#undef X
  VS_CLS_COUNT
};

extern const uint8_t vs_class_props[VS_CLS_COUNT];

/* 1 if class cls has any of the properties in prop (VS_CP_*) */
static inline int vs_cls_is(int cls, unsigned prop)
{
  return cls >= 0 && cls < VS_CLS_COUNT && (vs_class_props[cls] & prop) != 0;
}

const char *vs_insn_class_name(int cls);

/* One decoded instruction: an ISA-neutral header the core reads (the
 * semantics, the encoding words, length, row id and class) and a payload
 * only the front end interprets (its operand fields: Ventus overlays
 * vtu_fields, src/isa/ventus/ventus.h).  Instructions are 4, 8 or 12
 * bytes; the decoded page of the core keeps one slot per 4-byte word,
 * keyed by the instruction's start address.  The payload fills the slot
 * to 128 bytes: the slot of a pc is then found with a shift (the fetch
 * fast path), and the header and the first 40 bytes of payload share a
 * cache line. */
#define VS_DINSN_WORDS   3u   /* longest instruction: 12 bytes        */
#define VS_DINSN_PAYLOAD 104u /* bytes of front-end operand fields    */

typedef struct vs_dinsn {
  vs_exec_fn exec;              /* semantics                                  */
  uint32_t w[VS_DINSN_WORDS];   /* the words from its address on (len / 4)    */
  uint16_t op;                  /* front-end row id                           */
  uint8_t len;                  /* bytes covered: 4, 8 or 12                  */
  uint8_t cls;                  /* VS_CLS_* instruction class                 */
  _Alignas(8) unsigned char payload[VS_DINSN_PAYLOAD];
} vs_dinsn;
_Static_assert(sizeof(vs_dinsn) == 128, "a decoded slot is 128 bytes");

#endif
