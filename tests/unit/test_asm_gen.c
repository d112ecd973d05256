/* Random operands for every operand letter, written as assembly text. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_asm_gen.h"
#include "ventsim/elf.h"

uint64_t gen_rand(uint64_t *s)
{
  uint64_t x = *s; /* xorshift64* */
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *s = x;
  return x * 2685821657736338717ull;
}

static int32_t rnd(uint64_t *s, int32_t lo, int32_t hi)
{
  return lo + (int32_t)(gen_rand(s) % (uint64_t)((int64_t)hi - lo + 1));
}

void gen_str_add(gen_str *b, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (b->len + (size_t)n + 1 > b->cap) {
    size_t cap = (b->cap + (size_t)n + 1) * 2;
    char *ns = realloc(b->s, cap);
    if (!ns) abort();
    b->s = ns;
    b->cap = cap;
  }
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

int gen_is_standard(int op)
{
  unsigned opc = vtu_rows[op].match & 0x7f;
  return opc != 0x0b && opc != 0x2b && opc != 0x5b && opc != 0x7b;
}

int gen_gnu_freg(int op, char letter)
{
  const vtu_row *r = &vtu_rows[op];
  unsigned opc = r->match & 0x7f, f3 = (r->match >> 12) & 7;
  if (opc == 0x57 && (f3 == 1 || f3 == 5)) return 1; /* OPFVV / OPFVF scalar operand */
  if (op == VTU_FLW) return letter == 'd';
  if (op == VTU_FSW) return letter == 't';
  if (op == VTU_FMV_X_W) return letter == 's';
  if (op == VTU_FMV_W_X) return letter == 'd';
  return 0;
}

static const char *const fenceset[16] = {"0", "w", "r", "rw", "o", "ow", "or", "orw",
                                         "i", "iw", "ir", "irw", "io", "iow", "ior", "iorw"};

typedef struct w { char *p; size_t n, len; } w;
static void put(w *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(w *o, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(o->p + o->len, o->n - o->len, fmt, ap);
  va_end(ap);
  if (k > 0) o->len += (size_t)k;
  if (o->len >= o->n) o->len = o->n - 1;
}

/* The ventsim and the GNU text are written side by side. */
typedef struct w2 { w v, g; } w2;
#define PUT2(o, ...) do { put(&(o)->v, __VA_ARGS__); put(&(o)->g, __VA_ARGS__); } while (0)

static void xreg_text(w2 *o, int r, int freg, uint64_t *rng)
{
  char name[16];
  const char *abi = vtu_xreg_abi_name((unsigned)r);
  if (abi && gen_rand(rng) % 2) snprintf(name, sizeof name, "%s", abi);
  else snprintf(name, sizeof name, "x%d", r);
  put(&o->v, "%s", name);
  if (freg) put(&o->g, "f%d", r);
  else put(&o->g, "%s", name);
}

static void imm_text(w2 *o, int64_t v, uint64_t *rng)
{
  if (v >= 0 && gen_rand(rng) % 3 == 0) PUT2(o, "0x%llx", (unsigned long long)v);
  else PUT2(o, "%lld", (long long)v);
}

/* Picks the value of one letter. */
static int32_t pick(char c, const vtu_operand_info *oi, int op, int in_base, int ext_imm,
                    const gen_opts *o, uint64_t *rng)
{
  const vtu_row *r = &vtu_rows[op];
  int big_regs = !o->gnu && r->cls != VS_CLS_PREFIX;
  switch (oi->kind) {
  case VTU_K_XREG: case VTU_K_VREG:
    if (!in_base) return 0;
    if ((oi->slot == 's' || oi->slot == 'r') && ext_imm) big_regs = 0;
    return big_regs && gen_rand(rng) % 3 == 0 ? rnd(rng, 32, 255) : rnd(rng, 0, 31);
  case VTU_K_RM: {
    static const int rms[] = {0, 1, 2, 3, 4, 7, 7};
    return rms[gen_rand(rng) % 7];
  }
  case VTU_K_VM: return (int32_t)(gen_rand(rng) % 2);
  case VTU_K_FENCE: return o->gnu ? rnd(rng, 1, 15) : rnd(rng, 0, 15);
  case VTU_K_VTYPE:
    if (gen_rand(rng) % 4 == 0) return rnd(rng, oi->min, oi->max);
    {
      static const int lm[] = {0, 1, 2, 3, 5, 6, 7};
      return lm[gen_rand(rng) % 7] | rnd(rng, 0, 3) << 3 | rnd(rng, 0, 1) << 6 | rnd(rng, 0, 1) << 7;
    }
  case VTU_K_CSR: return rnd(rng, 0, 4095);
  case VTU_K_PCREL: return rnd(rng, oi->min / 2, oi->max / 2) * 2;
  case VTU_K_V0: return 0;
  default:
    if (!in_base) return 0;
    if (ext_imm && (c == 'k' || c == 'K')) {
      int32_t v;
      do v = rnd(rng, oi->ext_min, oi->ext_max); while (v >= oi->min && v <= oi->max);
      return v;
    }
    if (r->cls == VS_CLS_PREFIX && c == 'i') return rnd(rng, -2048, 2047);
    return rnd(rng, oi->min, oi->max);
  }
}

int gen_make(gen_insn *g, int op, const vtu_alias *al, uint32_t pc, const gen_opts *o, uint64_t *rng)
{
  const vtu_row *r = &vtu_rows[op];
  const char *args = al ? al->args : r->args;
  memset(g, 0, sizeof *g);
  g->op = op;
  g->al = al;
  g->d.op = (uint16_t)op;
  VTU_F(&g->d)->vm = 1;
  VTU_F(&g->d)->rm = 7;
  g->explicit_prefix = r->cls == VS_CLS_PREFIX;
  if (o->gnu && !gen_is_standard(op)) return -1;
  int has_k = strchr(args, 'k') || strchr(args, 'K');
  int ext_imm = has_k && !o->gnu && gen_rand(rng) % 3 == 0;
  if (r->flags & VTU_F_AQRL) VTU_F(&g->d)->aux = (uint8_t)(gen_rand(rng) % 4);

  /* values */
  int32_t val[16] = {0};
  int n = 0;
  for (const char *a = args; *a && n < 16; a++) {
    const vtu_operand_info *oi = vtu_operand(*a);
    if (!oi) continue;
    int in_base = strchr(r->args, *a) != NULL;
    val[n] = pick(*a, oi, op, in_base, ext_imm, o, rng);
    vtu_field_set(&g->d, *a, val[n]);
    if (oi->kind == VTU_K_V0) VTU_F(&g->d)->vm = 0;
    n++;
  }
  if (al)
    for (int i = 0; i < al->ncons; i++) {
      int32_t v = al->cons[i].other ? vtu_field_get(&g->d, al->cons[i].other) : al->cons[i].value;
      vtu_field_set(&g->d, al->cons[i].field, v);
    }
  uint32_t word, pword;
  char err[200];
  if (vtu_encode(&g->d, &word, &pword, err, sizeof err)) {
    fprintf(stderr, "gen: %s: cannot encode: %s\n", r->mnemonic, err);
    return -1;
  }
  g->len = g->explicit_prefix ? 8 : pword ? 8 : 4;
  uint32_t wpc = pc + (pword ? 4 : 0);

  /* text */
  w2 out = {{g->text, sizeof g->text, 0}, {g->gtext, sizeof g->gtext, 0}};
  static const char *const sfx[4] = {"", ".rl", ".aq", ".aqrl"};
  PUT2(&out, "%s%s", al ? al->mnemonic : r->mnemonic, (r->flags & VTU_F_AQRL) ? sfx[VTU_F(&g->d)->aux & 3] : "");
  if (*args) PUT2(&out, " ");
  n = 0;
  for (const char *a = args; *a; a++) {
    if (*a == ',') { PUT2(&out, ", "); continue; }
    if (*a == '(' || *a == ')') { PUT2(&out, "%c", *a); continue; }
    const vtu_operand_info *oi = vtu_operand(*a);
    int32_t v = val[n++];
    switch (oi->kind) {
    case VTU_K_XREG: xreg_text(&out, v, o->gnu && gen_gnu_freg(op, *a), rng); break;
    case VTU_K_VREG:
      put(&out.v, "v%d", v);
      if (r->flags & VTU_F_AQRL) put(&out.g, "x%d", v);  /* GNU: A on x registers */
      else put(&out.g, "v%d", v);
      break;
    case VTU_K_V0: PUT2(&out, "v0"); break;
    case VTU_K_RM:
      if (v != 7 || gen_rand(rng) % 3 == 0) PUT2(&out, ", %s", vtu_rm_name((unsigned)v));
      break;
    case VTU_K_VM: if (v == 0) PUT2(&out, ", v0.t"); break;
    case VTU_K_FENCE: PUT2(&out, "%s", fenceset[v & 15]); break;
    case VTU_K_CSR: {
      const char *nm = vtu_csr_name((unsigned)v, 1);
      if (nm && !o->gnu && gen_rand(rng) % 2) PUT2(&out, "%s", nm);
      else imm_text(&out, v, rng);
      break;
    }
    case VTU_K_PCREL:
      if (o->gnu) PUT2(&out, ". %c %d", v < 0 ? '-' : '+', v < 0 ? -v : v);
      else PUT2(&out, "0x%x", wpc + (uint32_t)v);
      break;
    case VTU_K_VTYPE: {
      unsigned lmul = v & 7, sew = (v >> 3) & 7, ta = (v >> 6) & 1, ma = (v >> 7) & 1;
      if ((v >> 8) || lmul == 4 || sew > 3 || gen_rand(rng) % 5 == 0) { PUT2(&out, "%d", v); break; }
      PUT2(&out, "e%u", 8u << sew);
      int omit_ma = !ma && gen_rand(rng) % 2, omit_ta = omit_ma && !ta && gen_rand(rng) % 2;
      int omit_lmul = omit_ta && lmul == 0 && gen_rand(rng) % 2;
      if (!omit_lmul) {
        if (lmul < 4) PUT2(&out, ", m%u", 1u << lmul);
        else PUT2(&out, ", mf%u", 1u << (8 - lmul));
      }
      if (!omit_ta) PUT2(&out, ", %s", ta ? "ta" : "tu");
      if (!omit_ma) PUT2(&out, ", %s", ma ? "ma" : "mu");
      break;
    }
    default: imm_text(&out, v, rng); break;
    }
  }
  if (g->explicit_prefix) PUT2(&out, "; add zero, zero, zero");
  return out.v.len + 1 >= sizeof g->text || out.g.len + 1 >= sizeof g->gtext ? -1 : 0;
}

int gen_assemble_text(const char *src, size_t srclen, uint8_t **text, size_t *len)
{
  vs_asm_source s = {"gen.s", src, srclen};
  vs_asm_options opt;
  vs_asm_options_init(&opt);
  opt.no_start_files = 1;
  opt.diag = stderr;
  uint8_t *elf;
  size_t elen;
  vs_error err;
  if (vs_assemble(&s, 1, &opt, &elf, &elen, &err)) {
    fprintf(stderr, "assembly failed: %s\n", err.msg);
    return -1;
  }
  vs_elf *e;
  if (vs_elf_load_mem(elf, elen, "gen.elf", &e, &err)) {
    free(elf);
    fprintf(stderr, "%s\n", err.msg);
    return -1;
  }
  free(elf);
  int rc = -1;
  for (size_t i = 0; i < e->nsections; i++)
    if (strcmp(e->sections[i].name, ".text") == 0 && e->sections[i].data) {
      *len = e->sections[i].size;
      *text = malloc(*len ? *len : 1);
      memcpy(*text, e->sections[i].data, *len);
      rc = 0;
    }
  vs_elf_free(e);
  return rc;
}
