/* Fuzz harness: the ELF loader (ventsim/elf.h) and what reads a loaded
 * ELF: symbol lookup, the disassembly listing, and the launch helper's
 * program loader (vs_program_load_mem: segments onto a device; the
 * driver's VENTSIM_QUIET is set so that rejected programs stay silent). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "ventsim/disasm.h"
#include "ventsim/elf.h"
#include "ventsim/launch.h"

static FILE *devnull(void)
{
  static FILE *f;
  if (!f) f = fopen("/dev/null", "w");
  return f;
}

/* [p, p + n) lies in the loaded file image */
static int inside(const vs_elf *e, const uint8_t *p, uint64_t n)
{
  uintptr_t lo = (uintptr_t)e->image, a = (uintptr_t)p;
  return a >= lo && a - lo <= e->image_len && n <= e->image_len - (a - lo);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static int init;
  if (!init) {
    setenv("VENTSIM_QUIET", "1", 1);
    init = 1;
  }
  vs_elf *e = NULL;
  vs_error err;
  memset(&err, 0, sizeof err);
  if (vs_elf_load_mem(data, size, "fuzz.elf", &e, &err)) {
    if (e) abort();
    return 0;
  }
  for (size_t i = 0; i < e->nsymbols; i++)
    if (e->symbols[i].name && e->symbols[i].shndx != 0 && vs_elf_find_symbol(e, e->symbols[i].name) == NULL)
      abort(); /* a defined symbol must be found by its name */
  for (size_t i = 0; i < e->nsections; i++) {
    const vs_elf_section *s = &e->sections[i];
    if (s->data && !inside(e, s->data, s->size)) abort();
  }
  for (size_t i = 0; i < e->nsegments; i++) {
    const vs_elf_segment *s = &e->segments[i];
    if (s->filesz > s->memsz) abort();
    if (s->filesz && !inside(e, s->data, s->filesz)) abort();
  }
  vs_disasm_options o = {0};
  o.csr_names = 1;
  vs_disasm_elf(e, "fuzz.elf", devnull(), &o, &err);
  vs_elf_free(e);

  /* One driver device for all inputs (opening and closing one per input
   * would dominate the run time); each upload replaces the previous
   * program's segments. */
  static vt_device_h dev;
  if (!dev && vt_dev_open(&dev)) abort();
  vs_program *p = vs_program_load_mem(dev, data, size, "fuzz.elf");
  if (p) {
    vs_kernel_get(p, "_start");
    vs_program_free(p);
  }
  return 0;
}
