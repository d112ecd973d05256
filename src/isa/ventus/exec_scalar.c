/* Semantics of the scalar instructions: RV32I, M, Zicsr and zfinx (single
 * precision float on the x registers).  They run once per warp. */
#include <stdio.h>

#include "fp/fphost.h"
#include "fp/softfloat.h"
#include "isa/ventus/vexec.h"

#define XS1 (VTU_X(w)[VTU_F(d)->rs1])
#define XS2 (VTU_X(w)[VTU_F(d)->rs2])
#define XS3 (VTU_X(w)[VTU_F(d)->rs3])
#define IMM ((uint32_t)VTU_F(d)->imm)

#define ALU(ID, EXPR)                                                          \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                                 \
  {                                                                            \
    vtu_xw(w, VTU_F(d)->rd, (EXPR));                                                   \
    return vtu_next(w, d);                                                      \
  }

/* ---- RV32I ---- */
ALU(LUI, IMM << 12)
ALU(AUIPC, VTU_IPC(w, d) + (IMM << 12))
ALU(ADDI, XS1 + IMM)
ALU(SLTI, (int32_t)XS1 < VTU_F(d)->imm)
ALU(SLTIU, XS1 < IMM)
ALU(XORI, XS1 ^ IMM)
ALU(ORI, XS1 | IMM)
ALU(ANDI, XS1 & IMM)
ALU(SLLI, XS1 << (IMM & 31))
ALU(SRLI, XS1 >> (IMM & 31))
ALU(SRAI, (uint32_t)((int32_t)XS1 >> (IMM & 31)))
ALU(ADD, XS1 + XS2)
ALU(SUB, XS1 - XS2)
ALU(SLL, XS1 << (XS2 & 31))
ALU(SLT, (int32_t)XS1 < (int32_t)XS2)
ALU(SLTU, XS1 < XS2)
ALU(XOR, XS1 ^ XS2)
ALU(SRL, XS1 >> (XS2 & 31))
ALU(SRA, (uint32_t)((int32_t)XS1 >> (XS2 & 31)))
ALU(OR, XS1 | XS2)
ALU(AND, XS1 & XS2)

int vtu_x_JAL(vs_warp *w, const vs_dinsn *d)
{
  uint32_t ret = VTU_NPC(w, d);
  w->pc = VTU_IPC(w, d) + IMM;
  vtu_xw(w, VTU_F(d)->rd, ret);
  return VS_EV_NONE;
}

int vtu_x_JALR(vs_warp *w, const vs_dinsn *d)
{
  uint32_t ret = VTU_NPC(w, d);
  w->pc = (XS1 + IMM) & ~1u;
  vtu_xw(w, VTU_F(d)->rd, ret);
  return VS_EV_NONE;
}

#define BRANCH(ID, COND)                                                       \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                                 \
  {                                                                            \
    if (COND) w->pc = VTU_IPC(w, d) + IMM;                                      \
    else w->pc += d->len;                                                      \
    return VS_EV_NONE;                                                         \
  }
BRANCH(BEQ, XS1 == XS2)
BRANCH(BNE, XS1 != XS2)
BRANCH(BLT, (int32_t)XS1 < (int32_t)XS2)
BRANCH(BGE, (int32_t)XS1 >= (int32_t)XS2)
BRANCH(BLTU, XS1 < XS2)
BRANCH(BGEU, XS1 >= XS2)

#define LOAD(ID, SIZE, SIGN)                                                   \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                                 \
  {                                                                            \
    uint32_t v = 0;                                                            \
    int f = vtu_load(w, XS1 + IMM, SIZE, SIGN, &v, 0);                          \
    if (f) return f;                                                           \
    vtu_xw(w, VTU_F(d)->rd, v);                                                        \
    return vtu_next(w, d);                                                      \
  }
#define STORE(ID, SIZE)                                                        \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                                 \
  {                                                                            \
    int f = vtu_store(w, XS1 + IMM, SIZE, XS2, 0);                              \
    return f ? f : vtu_next(w, d);                                              \
  }
LOAD(LB, 1, 1)
LOAD(LH, 2, 1)
LOAD(LW, 4, 0)
LOAD(LBU, 1, 0)
LOAD(LHU, 2, 0)
LOAD(FLW, 4, 0)
STORE(SB, 1)
STORE(SH, 2)
STORE(SW, 4)
STORE(FSW, 4)

/* Memory ordering is sequential in the functional model; fence.i needs no
 * work because stores that change code drop the decoded instructions. */
int vtu_x_FENCE(vs_warp *w, const vs_dinsn *d) { return vtu_next(w, d); }
int vtu_x_FENCE_TSO(vs_warp *w, const vs_dinsn *d) { return vtu_next(w, d); }
int vtu_x_FENCE_I(vs_warp *w, const vs_dinsn *d) { return vtu_next(w, d); }

int vtu_x_ECALL(vs_warp *w, const vs_dinsn *d)
{
  (void)d;
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "ecall is not supported by Ventus");
}

int vtu_x_EBREAK(vs_warp *w, const vs_dinsn *d)
{
  (void)d;
  return vs_warp_fault(w, VS_FAULT_BREAK, 0, "ebreak (breakpoint) with no debugger attached");
}

/* ---- M ---- */
ALU(MUL, XS1 * XS2)
ALU(MULH, (uint32_t)(((int64_t)(int32_t)XS1 * (int64_t)(int32_t)XS2) >> 32))
ALU(MULHSU, (uint32_t)(((int64_t)(int32_t)XS1 * (int64_t)(uint64_t)XS2) >> 32))
ALU(MULHU, (uint32_t)(((uint64_t)XS1 * (uint64_t)XS2) >> 32))

static inline uint32_t rv_div(uint32_t a, uint32_t b)
{
  if (b == 0) return 0xffffffffu;
  if (a == 0x80000000u && b == 0xffffffffu) return a;
  return (uint32_t)((int32_t)a / (int32_t)b);
}
static inline uint32_t rv_rem(uint32_t a, uint32_t b)
{
  if (b == 0) return a;
  if (a == 0x80000000u && b == 0xffffffffu) return 0;
  return (uint32_t)((int32_t)a % (int32_t)b);
}
ALU(DIV, rv_div(XS1, XS2))
ALU(DIVU, XS2 ? XS1 / XS2 : 0xffffffffu)
ALU(REM, rv_rem(XS1, XS2))
ALU(REMU, XS2 ? XS1 % XS2 : XS1)

/* ---- Zicsr ---- */
static int csr_op(vs_warp *w, const vs_dinsn *d, uint32_t src, int op, int do_write)
{
  unsigned csr = (unsigned)VTU_F(d)->imm & 0xfff;
  uint32_t old = 0;
  int f;
  /* csrrw with rd = x0 does not read (no read side effects) */
  if (!(op == 0 && VTU_F(d)->rd == 0) && (f = vtu_csr_read(w, csr, &old))) return f;
  if (do_write) {
    uint32_t nv = op == 0 ? src : op == 1 ? old | src : old & ~src;
    if ((f = vtu_csr_write(w, csr, nv))) return f;
  }
  vtu_xw(w, VTU_F(d)->rd, old);
  vtu_next(w, d);
  /* a warp that wrote to the print buffer raises CSR_PRINT for the host */
  if (do_write && csr == VTU_CSR_PRINT && VTU(w)->ccsr[VTU_CSR_PRINT - VTU_CSR_TID]) return VS_EV_PRINT;
  return VS_EV_NONE;
}

int vtu_x_CSRRW(vs_warp *w, const vs_dinsn *d) { return csr_op(w, d, XS1, 0, 1); }
int vtu_x_CSRRS(vs_warp *w, const vs_dinsn *d) { return csr_op(w, d, XS1, 1, VTU_F(d)->rs1 != 0); }
int vtu_x_CSRRC(vs_warp *w, const vs_dinsn *d) { return csr_op(w, d, XS1, 2, VTU_F(d)->rs1 != 0); }
int vtu_x_CSRRWI(vs_warp *w, const vs_dinsn *d) { return csr_op(w, d, VTU_F(d)->rs1, 0, 1); }
int vtu_x_CSRRSI(vs_warp *w, const vs_dinsn *d) { return csr_op(w, d, VTU_F(d)->rs1, 1, VTU_F(d)->rs1 != 0); }
int vtu_x_CSRRCI(vs_warp *w, const vs_dinsn *d) { return csr_op(w, d, VTU_F(d)->rs1, 2, VTU_F(d)->rs1 != 0); }

/* ---- zfinx ---- */
static int bad_rm(vs_warp *w, unsigned rm)
{
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0,
                       "illegal instruction: reserved rounding mode %u (frm = %u)", rm, VTU(w)->frm);
}

#define FOP2(ID, FN)                                                           \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                                 \
  {                                                                            \
    int rm = vtu_rm(w, VTU_F(d)->rm);                                                  \
    if (rm < 0) return bad_rm(w, VTU_F(d)->rm);                                       \
    unsigned fl = 0;                                                           \
    uint32_t r = FN(XS1, XS2, rm, &fl);                                        \
    vtu_fflags(w, fl);                                                       \
    vtu_xw(w, VTU_F(d)->rd, r);                                                        \
    return vtu_next(w, d);                                                      \
  }
FOP2(FADD_S, vs_f32_add)
FOP2(FSUB_S, vs_f32_sub)
FOP2(FMUL_S, vs_f32_mul)
FOP2(FDIV_S, vs_f32_div)

int vtu_x_FSQRT_S(vs_warp *w, const vs_dinsn *d)
{
  int rm = vtu_rm(w, VTU_F(d)->rm);
  if (rm < 0) return bad_rm(w, VTU_F(d)->rm);
  unsigned fl = 0;
  uint32_t r = vs_f32_sqrt(XS1, rm, &fl);
  vtu_fflags(w, fl);
  vtu_xw(w, VTU_F(d)->rd, r);
  return vtu_next(w, d);
}

#define SIGNBIT 0x80000000u
#define FMA(ID, NA, NC)                                                        \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                                 \
  {                                                                            \
    int rm = vtu_rm(w, VTU_F(d)->rm);                                                  \
    if (rm < 0) return bad_rm(w, VTU_F(d)->rm);                                       \
    unsigned fl = 0;                                                           \
    uint32_t r = vs_f32_fma(XS1 ^ (NA), XS2, XS3 ^ (NC), rm, &fl);             \
    vtu_fflags(w, fl);                                                       \
    vtu_xw(w, VTU_F(d)->rd, r);                                                        \
    return vtu_next(w, d);                                                      \
  }
FMA(FMADD_S, 0, 0)
FMA(FMSUB_S, 0, SIGNBIT)
FMA(FNMSUB_S, SIGNBIT, 0)
FMA(FNMADD_S, SIGNBIT, SIGNBIT)

ALU(FSGNJ_S, (XS1 & ~SIGNBIT) | (XS2 & SIGNBIT))
ALU(FSGNJN_S, (XS1 & ~SIGNBIT) | (~XS2 & SIGNBIT))
ALU(FSGNJX_S, XS1 ^ (XS2 & SIGNBIT))
ALU(FMV_X_W, XS1)
ALU(FMV_W_X, XS1)
ALU(FCLASS_S, vs_f32_classify(XS1))

#define FNOROUND(ID, EXPR)                                                     \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                                 \
  {                                                                            \
    unsigned fl = 0;                                                           \
    uint32_t r = (uint32_t)(EXPR);                                             \
    vtu_fflags(w, fl);                                                       \
    vtu_xw(w, VTU_F(d)->rd, r);                                                        \
    return vtu_next(w, d);                                                      \
  }
FNOROUND(FMIN_S, vs_f32_min(XS1, XS2, &fl))
FNOROUND(FMAX_S, vs_f32_max(XS1, XS2, &fl))
FNOROUND(FEQ_S, vs_f32_eq(XS1, XS2, &fl))
FNOROUND(FLT_S, vs_f32_lt(XS1, XS2, &fl))
FNOROUND(FLE_S, vs_f32_le(XS1, XS2, &fl))

#define FCVT(ID, EXPR)                                                         \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                                 \
  {                                                                            \
    int rm = vtu_rm(w, VTU_F(d)->rm);                                                  \
    if (rm < 0) return bad_rm(w, VTU_F(d)->rm);                                       \
    unsigned fl = 0;                                                           \
    uint32_t r = (uint32_t)(EXPR);                                             \
    vtu_fflags(w, fl);                                                       \
    vtu_xw(w, VTU_F(d)->rd, r);                                                        \
    return vtu_next(w, d);                                                      \
  }
FCVT(FCVT_W_S, vs_f32_to_i32(XS1, rm, &fl))
FCVT(FCVT_WU_S, vs_f32_to_u32(XS1, rm, &fl))
FCVT(FCVT_S_W, vs_i32_to_f32((int32_t)XS1, rm, &fl))
FCVT(FCVT_S_WU, vs_u32_to_f32(XS1, rm, &fl))
