/* Shared by the runtime tests: hand-encoded Ventus instructions and tiny
 * kernels, so the runtime is tested without the assembler.  Encodings are
 * the standard RISC-V ones and spec section 3.2 for the custom ones. */
#ifndef TEST_RUNTIME_UTIL_H
#define TEST_RUNTIME_UTIL_H

#include <elf.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ventsim/elfwrite.h"

/* registers */
enum { ZERO = 0, RA = 1, SP = 2, T0 = 5, T1 = 6, T2 = 7, S0 = 8, A0 = 10, A1 = 11, A2 = 12, A3 = 13, A4 = 14,
       A5 = 15, T3 = 28, T4 = 29, T5 = 30, T6 = 31 };
/* Ventus CSRs (spec section 2) */
enum { CSR_TID = 0x800, CSR_NUMW = 0x801, CSR_NUMT = 0x802, CSR_KNL = 0x803, CSR_WGID = 0x804,
       CSR_WID = 0x805, CSR_LDS = 0x806, CSR_PDS = 0x807, CSR_GDX = 0x808, CSR_GDY = 0x809,
       CSR_GDZ = 0x80a, CSR_PRINT = 0x80b };

static inline uint32_t e_i(uint32_t op, unsigned rd, unsigned f3, unsigned rs1, int32_t imm)
{
  return ((uint32_t)imm & 0xfffu) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static inline uint32_t e_s(uint32_t op, unsigned f3, unsigned rs1, unsigned rs2, int32_t imm)
{
  uint32_t u = (uint32_t)imm & 0xfffu;
  return (u >> 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (u & 31u) << 7 | op;
}
static inline uint32_t e_r(uint32_t op, unsigned f7, unsigned rd, unsigned f3, unsigned rs1, unsigned rs2)
{
  return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
#define ADDI(rd, rs, imm) e_i(0x13, rd, 0, rs, imm)
#define LI(rd, imm) ADDI(rd, ZERO, imm)
#define LUI(rd, imm20) ((uint32_t)(imm20) << 12 | (rd) << 7 | 0x37u)
#define LW(rd, imm, rs) e_i(0x03, rd, 2, rs, imm)
#define SW(rs2, imm, rs1) e_s(0x23, 2, rs1, rs2, imm)
#define ADD(rd, a, b) e_r(0x33, 0, rd, 0, a, b)
#define MUL(rd, a, b) e_r(0x33, 1, rd, 0, a, b)
#define JALR(rd, rs, imm) e_i(0x67, rd, 0, rs, imm)
#define RET JALR(ZERO, RA, 0)
#define JAL_SELF 0x0000006fu /* jal x0, 0: loops forever */
#define CSRR(rd, csr) e_i(0x73, rd, 2, 0, csr)
#define CSRW(csr, rs) e_i(0x73, 0, 1, rs, csr)
#define ENDPRG 0x0000400bu
/* vector (RVV OP-V, vm = 1) */
#define VID(vd) (0x5208a057u | (uint32_t)(vd) << 7)
#define VADD_VX(vd, vs2, rs1) (0x02004057u | (uint32_t)(vs2) << 20 | (uint32_t)(rs1) << 15 | (uint32_t)(vd) << 7)
#define VADD_VV(vd, vs2, vs1) (0x02000057u | (uint32_t)(vs2) << 20 | (uint32_t)(vs1) << 15 | (uint32_t)(vd) << 7)
#define VSUB_VV(vd, vs2, vs1) (0x0a000057u | (uint32_t)(vs2) << 20 | (uint32_t)(vs1) << 15 | (uint32_t)(vd) << 7)
#define VSLL_VI(vd, vs2, imm) (0x96003057u | (uint32_t)(vs2) << 20 | (uint32_t)(imm) << 15 | (uint32_t)(vd) << 7)
#define VMV_VX(vd, rs1) (0x5e004057u | (uint32_t)(rs1) << 15 | (uint32_t)(vd) << 7)
/* Ventus custom-3: per-thread global/local loads and stores */
#define VLW12(vd, imm, vs1) e_i(0x7b, vd, 2, vs1, imm)
#define VSW12(vs2, imm, vs1) e_s(0x7b, 6, vs1, vs2, imm)
/* A extension on vector registers: amoadd.w vd, vs2, (vs1) */
#define VAMOADD(vd, vs2, vs1) e_r(0x2f, 0, vd, 2, vs1, vs2)

/* A program under construction: words at 0x80000000, symbols. */
typedef struct tprog {
  uint32_t w[1024];
  unsigned n;
  struct { const char *name; uint32_t addr; } sym[16];
  unsigned nsym;
} tprog;

static inline uint32_t tp_here(const tprog *p) { return 0x80000000u + 4 * p->n; }
static inline void tp_emit(tprog *p, uint32_t w) { p->w[p->n++] = w; }
static inline void tp_label(tprog *p, const char *name)
{
  p->sym[p->nsym].name = name;
  p->sym[p->nsym].addr = tp_here(p);
  p->nsym++;
}

/* The start code of spec 6.4, reduced: jump to KNL_ENTRY with a0 = the
 * argument buffer, end the warp when the kernel returns. */
static inline void tp_start(tprog *p)
{
  tp_label(p, "_start");
  tp_emit(p, CSRR(T0, CSR_KNL));
  tp_emit(p, LW(T1, 0, T0));
  tp_emit(p, LW(A0, 4, T0));
  tp_emit(p, JALR(RA, T1, 0));
  tp_emit(p, ENDPRG);
}

/* t0 = global id of thread 0 of this warp in dimension x:
 * gdx * KNL_LC_SIZE_X + CSR_TID; v0 = t0 + lane = the thread's global id */
static inline void tp_gid_x(tprog *p)
{
  tp_emit(p, CSRR(T0, CSR_GDX));
  tp_emit(p, CSRR(T1, CSR_KNL));
  tp_emit(p, LW(T2, 24, T1));
  tp_emit(p, MUL(T0, T0, T2));
  tp_emit(p, CSRR(T3, CSR_TID));
  tp_emit(p, ADD(T0, T0, T3));
  tp_emit(p, VID(0));
  tp_emit(p, VADD_VX(0, 0, T0));
}

/* kernel `name`(a, b, c): c[gid] = a[gid] OP b[gid] (sub != 0: minus) */
static inline void tp_binop(tprog *p, const char *name, int sub)
{
  tp_label(p, name);
  tp_emit(p, LW(A1, 0, A0));
  tp_emit(p, LW(A2, 4, A0));
  tp_emit(p, LW(A3, 8, A0));
  tp_gid_x(p);
  tp_emit(p, VSLL_VI(1, 0, 2));
  tp_emit(p, VADD_VX(2, 1, A1));
  tp_emit(p, VLW12(3, 0, 2));
  tp_emit(p, VADD_VX(2, 1, A2));
  tp_emit(p, VLW12(4, 0, 2));
  tp_emit(p, sub ? VSUB_VV(5, 3, 4) : VADD_VV(5, 3, 4));
  tp_emit(p, VADD_VX(2, 1, A3));
  tp_emit(p, VSW12(5, 0, 2));
  tp_emit(p, RET);
}

/* ELF image of the program (one executable .text section, a .data
 * section with `data` at 0x80010000 if given, and the symbols). */
static inline uint8_t *tp_elf(const tprog *p, const void *data, uint32_t dlen, size_t *len)
{
  vs_elfw_section sec[2];
  memset(sec, 0, sizeof sec);
  sec[0].name = ".text";
  sec[0].type = SHT_PROGBITS;
  sec[0].flags = SHF_ALLOC | SHF_EXECINSTR;
  sec[0].addr = 0x80000000u;
  sec[0].size = 4 * p->n;
  sec[0].align = 4;
  sec[0].data = (const uint8_t *)p->w;
  sec[1].name = ".data";
  sec[1].type = SHT_PROGBITS;
  sec[1].flags = SHF_ALLOC | SHF_WRITE;
  sec[1].addr = 0x80010000u;
  sec[1].size = dlen;
  sec[1].align = 4;
  sec[1].data = data;
  vs_elfw_symbol sym[18];
  memset(sym, 0, sizeof sym);
  unsigned ns = 0;
  for (unsigned i = 0; i < p->nsym; i++, ns++) {
    sym[ns].name = p->sym[i].name;
    sym[ns].value = p->sym[i].addr;
    sym[ns].type = STT_FUNC;
    sym[ns].bind = STB_GLOBAL;
    sym[ns].section = 0;
  }
  if (data) {
    sym[ns].name = "data_object";
    sym[ns].value = 0x80010000u;
    sym[ns].size = dlen;
    sym[ns].type = STT_OBJECT;
    sym[ns].bind = STB_GLOBAL;
    sym[ns].section = 1;
    ns++;
  }
  vs_elfw_image img;
  memset(&img, 0, sizeof img);
  img.machine = EM_RISCV;
  img.entry = 0x80000000u;
  img.page = 4096;
  img.sections = sec;
  img.nsections = data ? 2 : 1;
  img.symbols = sym;
  img.nsymbols = ns;
  uint8_t *out = NULL;
  vs_error err;
  if (vs_elf_write_mem(&img, &out, len, &err)) return NULL;
  return out;
}

#endif
