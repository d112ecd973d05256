/* The Ventus warp as gdb sees it (src/debug/gdb_arch.h): a riscv:rv32
 * target whose registers are those of one warp.
 *
 * Remote register numbers: 0-31 x0-x31, 32 pc, 33 + N the vector register
 * vN (N = 0 .. count-1 of the vector register file the ISA describes), each
 * a union of three vectors of `lanes` 32-bit lanes (.u32, .i32, .f32), lane
 * i being thread i of the warp.  (riscv:rv32 gdb knows x0-x31 only: the
 * regext registers x32.. are not shown.) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debug/gdb_arch.h"
#include "isa/ventus/frontend.h"
#include "isa/ventus/vexec.h"

#define NX 32u
#define REG_PC 32u
#define REG_V0 33u
#define NV ((unsigned)vs_isa_ventus.regfiles[VTU_RF_V].count)

static unsigned nregs(unsigned lanes)
{
  (void)lanes;
  return REG_V0 + NV;
}

static size_t reg_size(unsigned n, unsigned lanes)
{
  if (n <= REG_PC) return 4;
  if (n < REG_V0 + NV) return (size_t)lanes * 4;
  return 0;
}

static void put32(uint8_t *b, uint32_t v)
{
  b[0] = (uint8_t)v;
  b[1] = (uint8_t)(v >> 8);
  b[2] = (uint8_t)(v >> 16);
  b[3] = (uint8_t)(v >> 24);
}

static uint32_t get32(const uint8_t *b)
{
  return b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static int reg_read(const vs_warp *w, unsigned n, unsigned lanes, uint8_t *buf)
{
  if (n < NX) {
    put32(buf, VTU_X(w)[n]);
  } else if (n == REG_PC) {
    put32(buf, w->pc);
  } else if (n < REG_V0 + NV) {
    const uint32_t *v = VTU_V(w) + (size_t)(n - REG_V0) * w->nlanes;
    for (unsigned e = 0; e < lanes; e++) put32(buf + 4 * e, e < w->nlanes ? v[e] : 0);
  } else {
    return -1;
  }
  return 0;
}

static int reg_write(vs_warp *w, unsigned n, unsigned lanes, const uint8_t *buf)
{
  if (n < NX) {
    if (n) VTU_X(w)[n] = get32(buf); /* x0 stays zero */
  } else if (n == REG_PC) {
    w->pc = get32(buf);
  } else if (n < REG_V0 + NV) {
    uint32_t *v = VTU_V(w) + (size_t)(n - REG_V0) * w->nlanes;
    for (unsigned e = 0; e < lanes && e < w->nlanes; e++) v[e] = get32(buf + 4 * e);
  } else {
    return -1;
  }
  return 0;
}

/* Appends printf output to a growing string; 0 or -1 (out of memory) */
static int add(char **s, size_t *len, size_t *cap, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int add(char **s, size_t *len, size_t *cap, const char *fmt, ...)
{
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(*s + *len, *cap - *len, fmt, ap);
    va_end(ap);
    if (k < 0) return -1;
    if ((size_t)k < *cap - *len) {
      *len += (size_t)k;
      return 0;
    }
    size_t nc = *cap * 2 + (size_t)k;
    char *ns = realloc(*s, nc);
    if (!ns) return -1;
    *s = ns;
    *cap = nc;
  }
}

static char *target_xml(unsigned lanes)
{
  static const char *const abi[NX] = {"zero", "ra", "sp",  "gp",  "tp", "t0", "t1", "t2",
                                      "fp",   "s1", "a0",  "a1",  "a2", "a3", "a4", "a5",
                                      "a6",   "a7", "s2",  "s3",  "s4", "s5", "s6", "s7",
                                      "s8",   "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
  size_t len = 0, cap = 16384;
  char *s = malloc(cap);
  if (!s) return NULL;
  s[0] = '\0';
  int bad = add(&s, &len, &cap,
                "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
                "<target version=\"1.0\">\n<architecture>riscv:rv32</architecture>\n"
                "<feature name=\"org.gnu.gdb.riscv.cpu\">\n");
  for (unsigned r = 0; r < NX && !bad; r++) {
    const char *type = r == 1 ? "code_ptr" : r == 2 ? "data_ptr" : "int";
    bad = add(&s, &len, &cap, "<reg name=\"%s\" bitsize=\"32\" type=\"%s\" regnum=\"%u\"/>\n",
              abi[r], type, r);
  }
  if (!bad)
    bad = add(&s, &len, &cap,
              "<reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\" regnum=\"32\"/>\n</feature>\n"
              "<feature name=\"org.ventus.simt.vector\">\n"
              "<vector id=\"ventus_u32\" type=\"uint32\" count=\"%u\"/>\n"
              "<vector id=\"ventus_i32\" type=\"int32\" count=\"%u\"/>\n"
              "<vector id=\"ventus_f32\" type=\"ieee_single\" count=\"%u\"/>\n"
              "<union id=\"ventus_vreg\">\n<field name=\"u32\" type=\"ventus_u32\"/>\n"
              "<field name=\"i32\" type=\"ventus_i32\"/>\n<field name=\"f32\" type=\"ventus_f32\"/>\n"
              "</union>\n",
              lanes, lanes, lanes);
  for (unsigned r = 0; r < NV && !bad; r++)
    bad = add(&s, &len, &cap,
              "<reg name=\"v%u\" bitsize=\"%u\" type=\"ventus_vreg\" regnum=\"%u\" group=\"vector\"/>\n",
              r, lanes * 32, REG_V0 + r);
  if (!bad) bad = add(&s, &len, &cap, "</feature>\n</target>\n");
  if (bad) {
    free(s);
    return NULL;
  }
  return s;
}

const vs_gdb_arch vs_gdb_arch_ventus = {
  .name = "ventus",
  .nregs = nregs,
  .g_regs = REG_PC + 1,
  .reg_size = reg_size,
  .reg_read = reg_read,
  .reg_write = reg_write,
  .target_xml = target_xml,
};
