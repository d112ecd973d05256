/* Pseudo-instructions that expand to code or compute a value (the pure
 * field aliases are rows of aliases.def):
 *
 *   li rd, value      addi rd, zero, v          if v fits 12 bits signed
 *                     lui rd, hi ; addi rd, rd, lo   otherwise (lo is the
 *                     sign-extended low 12 bits, hi = (v - lo) >> 12; the
 *                     addi is dropped when lo == 0).  Any 32-bit value,
 *                     signed or unsigned.  A value known only at link time
 *                     gives lui %hi / addi %lo (always both).
 *   la / lla rd, sym  auipc rd, %pcrel_hi(sym) ; addi rd, rd, %pcrel_lo
 *   call sym          auipc ra, %pcrel_hi(sym) ; jalr ra, %pcrel_lo(ra)
 *   call rd, sym      auipc t1, %pcrel_hi(sym) ; jalr rd, %pcrel_lo(t1)
 *   tail sym          auipc t1, %pcrel_hi(sym) ; jalr zero, %pcrel_lo(t1)
 *   vmslt.vi  vd, vs2, i[, v0.t]   vmsle.vi  vd, vs2, i-1
 *   vmsge.vi  vd, vs2, i[, v0.t]   vmsgt.vi  vd, vs2, i-1
 *   vmsltu.vi vd, vs2, i[, v0.t]   vmsleu.vi vd, vs2, i-1  (i = 0: vmsne.vv vd, vs2, vs2)
 *   vmsgeu.vi vd, vs2, i[, v0.t]   vmsgtu.vi vd, vs2, i-1  (i = 0: vmseq.vv vd, vs2, vs2)
 * as GNU as expands them. */
#include <stdio.h>
#include <string.h>

#include "isa/ventus/asm_ventus.h"

static int report(vs_asm *as, const vs_perr *pe)
{
  vs_asm_error(as, pe->pos, "%s", pe->msg);
  return 1;
}

static int end(vs_asm *as, vs_lex *lx, const char *mn)
{
  if (vs_lex_peek(lx)->kind == VS_T_EOS) return 0;
  char d[64];
  vs_asm_error(as, vs_lex_pos(lx), "unexpected %s after the operands of '%s'",
               vs_tok_desc(vs_lex_peek(lx), d, sizeof d), mn);
  return -1;
}

/* Emits row op with the given fields (registers, immediate or fixup). */
static int emit(vs_asm *as, vtu_asm_state *st, int op, int rd, int rs1, int rs2, int32_t imm,
                const vtu_fx *fx, vs_pos pos, uint32_t *off)
{
  vtu_insn in;
  vtu_insn_init(&in, op);
  VTU_F(&in.d)->rd = (uint16_t)rd;
  VTU_F(&in.d)->rs1 = (uint16_t)rs1;
  VTU_F(&in.d)->rs2 = (uint16_t)rs2;
  VTU_F(&in.d)->imm = imm;
  if (fx) in.fx[in.nfx++] = *fx;
  return vtu_emit(as, st, &in, NULL, pos, off);
}

static vtu_fx fixup(char letter, int rop, vs_expr *e, vs_pos pos, int32_t aux)
{
  vtu_fx f = {letter, rop, aux, e, pos};
  return f;
}

static int p_li(vs_asm *as, vtu_asm_state *st, const char *mn, vs_lex *lx, vs_pos pos)
{
  vtu_insn in;
  vs_perr pe;
  vtu_insn_init(&in, VTU_ADDI);
  if (vtu_parse_operands(as, lx, "d,", &in, &pe)) return report(as, &pe);
  vs_pos vpos = vs_lex_pos(lx);
  vs_expr *e = vs_parse_expr(as, lx, NULL, &pe);
  if (!e) return report(as, &pe);
  if (end(as, lx, mn)) return 1;
  int rd = VTU_F(&in.d)->rd;
  vs_val v = vs_eval_now(as, e, &pe);
  if (v.kind == VS_VAL_ERROR) {
    vs_asm_error(as, vpos, "%s", pe.msg);
    return 1;
  }
  if (v.kind != VS_VAL_ABS) {
    vtu_fx hi = fixup('u', VTU_R_HI, e, vpos, 0), lo = fixup('i', VTU_R_LO, e, vpos, 0);
    if (emit(as, st, VTU_LUI, rd, 0, 0, 0, &hi, pos, NULL) == 0)
      emit(as, st, VTU_ADDI, rd, rd, 0, 0, &lo, pos, NULL);
    return 1;
  }
  if (v.v < INT32_MIN || v.v > (int64_t)UINT32_MAX) {
    vs_asm_error(as, vpos, "li: value %lld does not fit in 32 bits", (long long)v.v);
    return 1;
  }
  int32_t x = (int32_t)(uint32_t)v.v;
  if (x >= -2048 && x <= 2047) {
    emit(as, st, VTU_ADDI, rd, 0, 0, x, NULL, pos, NULL);
    return 1;
  }
  uint32_t hi = (((uint32_t)x + 0x800u) >> 12) & 0xfffffu;
  int32_t lo = (int32_t)((uint32_t)x - (hi << 12));  /* in [-2048, 2047] */
  if (emit(as, st, VTU_LUI, rd, 0, 0, (int32_t)hi, NULL, pos, NULL) == 0 && lo != 0)
    emit(as, st, VTU_ADDI, rd, rd, 0, lo, NULL, pos, NULL);
  return 1;
}

/* auipc rd, %pcrel_hi(e) then `op` with the paired %pcrel_lo */
static int pcrel_pair(vs_asm *as, vtu_asm_state *st, int rd, vs_expr *e, vs_pos vpos, int op,
                      int lo_rd, vs_pos pos)
{
  uint32_t hi_off;
  vtu_fx hi = fixup('u', VTU_R_PCREL_HI, e, vpos, 0);
  if (emit(as, st, VTU_AUIPC, rd, 0, 0, 0, &hi, pos, &hi_off)) return 1;
  vtu_fx lo = fixup('i', VTU_R_PCREL_PAIR, e, vpos, (int32_t)hi_off);
  emit(as, st, op, lo_rd, rd, 0, 0, &lo, pos, NULL);
  return 1;
}

static int p_la(vs_asm *as, vtu_asm_state *st, const char *mn, vs_lex *lx, vs_pos pos)
{
  vtu_insn in;
  vs_perr pe;
  vtu_insn_init(&in, VTU_ADDI);
  if (vtu_parse_operands(as, lx, "d,", &in, &pe)) return report(as, &pe);
  vs_pos vpos = vs_lex_pos(lx);
  vs_expr *e = vs_parse_expr(as, lx, NULL, &pe);
  if (!e) return report(as, &pe);
  if (end(as, lx, mn)) return 1;
  return pcrel_pair(as, st, VTU_F(&in.d)->rd, e, vpos, VTU_ADDI, VTU_F(&in.d)->rd, pos);
}

static int p_call(vs_asm *as, vtu_asm_state *st, const char *mn, vs_lex *lx, vs_pos pos)
{
  int tail = strcmp(mn, "tail") == 0;
  int tmp = tail ? 6 : 1, link = tail ? 0 : 1;   /* tail: t1, zero; call: ra, ra */
  const vs_tok *t = vs_lex_peek(lx);
  if (!tail && t->kind == VS_T_IDENT && vs_tok_punct(vs_lex_peek2(lx), ',') &&
      vtu_parse_xreg(t->s, t->n) >= 0) {
    link = vtu_parse_xreg(t->s, t->n);   /* call rd, sym: GNU uses t1 for the auipc */
    tmp = 6;
    vs_lex_next(lx);
    vs_lex_next(lx);
  }
  vs_perr pe;
  vs_pos vpos = vs_lex_pos(lx);
  vs_expr *e = vs_parse_expr(as, lx, NULL, &pe);
  if (!e) return report(as, &pe);
  if (end(as, lx, mn)) return 1;
  return pcrel_pair(as, st, tmp, e, vpos, VTU_JALR, link, pos);
}

/* vmslt.vi and friends: the comparison with i-1 */
static int p_vcmp(vs_asm *as, vtu_asm_state *st, const char *mn, vs_lex *lx, vs_pos pos)
{
  static const struct { const char *mn; int op; int zero_op; } forms[] = {
    {"vmslt.vi", VTU_VMSLE_VI, -1}, {"vmsge.vi", VTU_VMSGT_VI, -1},
    {"vmsltu.vi", VTU_VMSLEU_VI, VTU_VMSNE_VV}, {"vmsgeu.vi", VTU_VMSGTU_VI, VTU_VMSEQ_VV}};
  int k = 0;
  while (strcmp(forms[k].mn, mn) != 0) k++;
  vtu_insn in;
  vs_perr pe;
  vtu_insn_init(&in, forms[k].op);
  if (vtu_parse_operands(as, lx, "D,T,", &in, &pe)) return report(as, &pe);
  vs_pos vpos = vs_lex_pos(lx);
  vs_expr *e = vs_parse_expr(as, lx, NULL, &pe);
  if (!e) return report(as, &pe);
  vs_val v = vs_eval_now(as, e, &pe);
  if (v.kind != VS_VAL_ABS) {
    vs_asm_error(as, vpos, "%s", v.kind == VS_VAL_ERROR ? pe.msg
                 : "the immediate must be a constant known at this point");
    return 1;
  }
  if (vtu_parse_operands(as, lx, "M", &in, &pe)) return report(as, &pe);
  if (end(as, lx, mn)) return 1;
  if (v.v == 0 && forms[k].zero_op >= 0) {   /* x <u 0 is never true, x >=u 0 always */
    in.d.op = (uint16_t)forms[k].zero_op;
    VTU_F(&in.d)->rs1 = VTU_F(&in.d)->rs2;
  } else {
    const vtu_operand_info *oi = vtu_operand('k');
    if (v.v - 1 < oi->ext_min || v.v - 1 > oi->ext_max) {
      vs_asm_error(as, vpos, "immediate %lld out of range [%d, %d]", (long long)v.v,
                   (int)oi->ext_min + 1, (int)oi->ext_max + 1);
      return 1;
    }
    VTU_F(&in.d)->imm = (int32_t)(v.v - 1);
  }
  vtu_emit(as, st, &in, NULL, pos, NULL);
  return 1;
}

int vtu_pseudo(vs_asm *as, vtu_asm_state *st, const char *mn, vs_lex *lx, vs_pos pos)
{
  static const struct {
    const char *mn;
    int (*fn)(vs_asm *, vtu_asm_state *, const char *, vs_lex *, vs_pos);
  } pseudos[] = {
    {"li", p_li}, {"la", p_la}, {"lla", p_la}, {"call", p_call}, {"tail", p_call},
    {"vmslt.vi", p_vcmp}, {"vmsge.vi", p_vcmp}, {"vmsltu.vi", p_vcmp}, {"vmsgeu.vi", p_vcmp},
  };
  for (size_t i = 0; i < sizeof pseudos / sizeof pseudos[0]; i++) {
    if (strcmp(pseudos[i].mn, mn) != 0) continue;
    vtu_prefix_before_pseudo(as, st, mn, pos);
    return pseudos[i].fn(as, st, mn, lx, pos);
  }
  return 0;
}
