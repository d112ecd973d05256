/* Disassembler: prints a decoded instruction the way LLVM's llvm-objdump
 * prints RISC-V (mnemonics, printed aliases, ABI register names, operand
 * syntax), with the Ventus mnemonics for the custom instructions.  The
 * syntax of every operand comes from the instruction table. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "isa/ventus/disasm.h"

typedef struct out { char *buf; size_t n, len; } out;

static void emit(out *o, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  size_t room = o->len < o->n ? o->n - o->len : 0;
  int k = vsnprintf(o->buf + (o->len < o->n ? o->len : o->n), room, fmt, ap);
  va_end(ap);
  if (k > 0) o->len += (size_t)k;
}

static void emit_xreg(out *o, unsigned r, const vtu_disasm_opts *opt)
{
  const char *abi = vtu_xreg_abi_name(r);
  if (abi && !(opt && opt->numeric_regs)) emit(o, "%s", abi);
  else emit(o, "x%u", r);
}

static void emit_vtype(out *o, uint32_t v, int bits)
{
  unsigned lmul = v & 7, sew = (v >> 3) & 7;
  if (lmul == 4 || sew > 3 || (v >> 8) != 0 || bits < 8) {
    emit(o, "%u", v);
    return;
  }
  emit(o, "e%u, ", 8u << sew);
  if (lmul < 4) emit(o, "m%u", 1u << lmul);
  else emit(o, "mf%u", 1u << (8 - lmul));
  emit(o, ", %s, %s", (v >> 6) & 1 ? "ta" : "tu", (v >> 7) & 1 ? "ma" : "mu");
}

static void emit_fence(out *o, int v)
{
  if (v == 0) { emit(o, "0"); return; }
  if (v & 8) emit(o, "i");
  if (v & 4) emit(o, "o");
  if (v & 2) emit(o, "r");
  if (v & 1) emit(o, "w");
}

static void emit_operand(out *o, char letter, const vs_dinsn *d, uint32_t pc,
                         const vtu_disasm_opts *opt)
{
  const vtu_operand_info *oi = vtu_operand(letter);
  int32_t v = vtu_field_get(d, letter);
  switch (oi->kind) {
  case VTU_K_XREG: emit_xreg(o, (unsigned)v, opt); break;
  case VTU_K_VREG: emit(o, "v%d", (int)v); break;
  case VTU_K_V0: emit(o, "v0"); break;
  case VTU_K_SIMM: emit(o, "%d", (int)v); break;
  case VTU_K_UIMM: case VTU_K_UPPER: emit(o, "%u", (unsigned)v); break;
  case VTU_K_CSR: {
    const char *nm = vtu_csr_name((unsigned)v, opt && opt->csr_names);
    if (nm) emit(o, "%s", nm); else emit(o, "%u", (unsigned)v);
    break;
  }
  case VTU_K_PCREL: {
    if (opt && opt->relative_targets) {
      emit(o, "%d", (int)v);
      break;
    }
    uint32_t target = pc + (uint32_t)v;
    emit(o, "0x%x", target);
    if (opt && opt->symbolize) {
      char sym[256];
      if (opt->symbolize(opt->symbolize_ctx, target, sym, sizeof sym))
        emit(o, " <%s>", sym);
    }
    break;
  }
  case VTU_K_RM: /* optional, printed with its comma when not dynamic */
    if (v != 7) emit(o, ", %s", vtu_rm_name((unsigned)v));
    break;
  case VTU_K_VM:
    if (v == 0) emit(o, ", v0.t");
    break;
  case VTU_K_FENCE: emit_fence(o, v); break;
  case VTU_K_VTYPE: emit_vtype(o, (uint32_t)v, oi->bits); break;
  }
}

static void emit_args(out *o, const char *args, const vs_dinsn *d, uint32_t pc,
                      const vtu_disasm_opts *opt)
{
  for (const char *a = args; *a; a++) {
    if (*a == ',') emit(o, ", ");
    else if (*a == '(' || *a == ')') emit(o, "%c", *a);
    else emit_operand(o, *a, d, pc, opt);
  }
}

static int alias_matches(const vtu_alias *al, const vs_dinsn *d)
{
  for (int i = 0; i < al->ncons; i++) {
    int32_t f = vtu_field_get(d, al->cons[i].field);
    int32_t want = al->cons[i].other ? vtu_field_get(d, al->cons[i].other)
                                     : al->cons[i].value;
    if (f != want) return 0;
  }
  return 1;
}

size_t vtu_disasm(const vs_dinsn *d, uint32_t pc, const vtu_disasm_opts *opt,
                 char *buf, size_t n)
{
  out o = {buf, n, 0};
  if (n) buf[0] = '\0';
  if (d->op >= VTU_NUM_INSNS) {
    emit(&o, "<unknown>");
    return o.len;
  }
  const vtu_row *r = &vtu_rows[d->op];
  const char *mn = r->mnemonic, *args = r->args;
  if (!(opt && opt->no_aliases)) {
    size_t na;
    const vtu_alias *al = vtu_aliases(&na);
    for (size_t i = 0; i < na; i++) {
      if (al[i].base == d->op && (al[i].flags & AL_PRINT) && alias_matches(&al[i], d)) {
        mn = al[i].mnemonic;
        args = al[i].args;
        break;
      }
    }
  }
  emit(&o, "%s", mn);
  if (r->flags & VTU_F_AQRL) {
    static const char *const sfx[4] = {"", ".rl", ".aq", ".aqrl"};
    emit(&o, "%s", sfx[VTU_F(d)->aux & 3]);
  }
  if (*args) {
    emit(&o, "\t");
    emit_args(&o, args, d, pc, opt);
  }
  return o.len;
}
