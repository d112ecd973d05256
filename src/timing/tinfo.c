#include <stdio.h>
#include <string.h>

#include "timing/profile.h"
#include "timing/tinfo.h"
#include "timing/units.h"

const vs_tinfo vs_tinfo_bad_pc = {.cls = VS_CLS_ILLEGAL, .flags = VS_TI_CTRL};

/* An operand in scoreboard terms; 0 if it names no register of a file */
static int to_treg(const vs_isa *isa, const unsigned *base, const vs_operand *o, vs_treg *r)
{
  if (o->file >= isa->nregfiles || o->index >= isa->regfiles[o->file].count) return 0;
  r->file = o->file;
  r->index = o->index;
  r->sb = (uint16_t)(base[o->file] + o->index);
  r->room = (uint16_t)(isa->regfiles[o->file].count - o->index);
  r->count = o->count ? o->count : 1;
  r->group = (o->flags & VS_OPF_GROUP) != 0;
  return 1;
}

unsigned vs_tinfo_nregs(const vs_isa *isa)
{
  unsigned n = 0;
  for (unsigned f = 0; f < isa->nregfiles; f++) n += isa->regfiles[f].count;
  return n;
}

void vs_tinfo_reg_name(const vs_isa *isa, unsigned sb, char *buf, size_t len)
{
  for (unsigned f = 0; f < isa->nregfiles; f++) {
    if (sb < isa->regfiles[f].count) {
      snprintf(buf, len, "%s%u", isa->regfiles[f].name, sb);
      return;
    }
    sb -= isa->regfiles[f].count;
  }
  snprintf(buf, len, "?%u", sb);
}

void vs_tinfo_make(const vs_isa *isa, const vs_tprofile *p, const vs_dinsn *d, vs_tinfo *ti)
{
  memset(ti, 0, sizeof *ti);
  vs_insn_info info;
  isa->insn_info(d, &info);
  int cls = d->cls;
  ti->cls = (uint8_t)cls;
  ti->unit = p->unit_of_class[cls];
  memcpy(ti->wait, info.wait, sizeof ti->wait);
  ti->fence = info.fence;
  ti->delay[0] = info.delay[0];
  ti->delay[1] = info.delay[1];
  ti->delay_skip = info.delay_skip;
  ti->clause_len = info.clause_len;
  ti->clause_break = info.clause_break;
  ti->cnt_also = info.cnt_also;
  unsigned x = 0, f0 = 0;
  if (vs_cls_is(cls, VS_CP_VECTOR) && !vs_cls_is(cls, VS_CP_MEM) && cls != VS_CLS_SIMT) x |= VS_TX_VALU;
  if (cls == VS_CLS_VSFU) x |= VS_TX_TRANS;
  if (cls == VS_CLS_SALU || cls == VS_CLS_SMUL || cls == VS_CLS_SDIV || cls == VS_CLS_SFPU ||
      cls == VS_CLS_SFDIV)
    x |= VS_TX_SALU;
  if (info.dual) x |= VS_TX_DUAL;
  if (info.hint) x |= VS_TX_HINT;
  if (info.hint) f0 |= VS_TI_HINT;
  ti->xf = (uint8_t)x;
  unsigned base[VS_MAX_REGFILES] = {0};
  for (unsigned f = 1; f < isa->nregfiles; f++) base[f] = base[f - 1] + isa->regfiles[f - 1].count;
  for (unsigned i = 0; i < info.nsrc && i < VS_MAX_SRC; i++)
    if (to_treg(isa, base, &info.src[i], &ti->src[ti->nsrc])) ti->nsrc++;
  for (unsigned i = 0; i < info.ndst && i < VS_MAX_DST; i++)
    if (to_treg(isa, base, &info.dst[i], &ti->dst[ti->ndst])) ti->ndst++;
  unsigned f = f0;
  if (vs_cls_is(cls, VS_CP_CTRL)) f |= VS_TI_CTRL;
  if (vs_cls_is(cls, VS_CP_MEM)) f |= VS_TI_MEM;
  if (vs_cls_is(cls, VS_CP_SMEM)) f |= VS_TI_SMEM;
  if (vs_cls_is(cls, VS_CP_STORE)) f |= VS_TI_STORE;
  if (p->port_of_class[cls]) f |= VS_TI_VPORT;
  f |= (unsigned)(p->port_of_class[cls] & VS_TI_PORT_MASK) << VS_TI_PORT_SHIFT;
  if (cls == VS_CLS_WAITCNT) f |= VS_TI_WAIT;
  if (cls == VS_CLS_FENCE) f |= VS_TI_FENCE;
  if (cls == VS_CLS_BARRIER) f |= VS_TI_BARRIER;
  if (cls == VS_CLS_ENDPRG) f |= VS_TI_END;
  int one = 1, grouped = 0;
  for (unsigned i = 0; i < ti->nsrc; i++) {
    one &= ti->src[i].count == 1;
    grouped |= ti->src[i].group;
  }
  for (unsigned i = 0; i < ti->ndst; i++) {
    one &= ti->dst[i].count == 1;
    grouped |= ti->dst[i].group;
  }
  if (one) f |= VS_TI_ONE;
  if (grouped) f |= VS_TI_GROUPED;
  ti->flags = (uint16_t)f;
}
