/* The assembler's public entry points (ventsim/asm.h): the ISA named in the
 * options picks the target from the registry; src/asm does the work. */
#include "asm/target.h"
#include "sim/registry.h"

static int target(const char *isa, const vs_asm_target **t, vs_error *err)
{
  const vs_isa_entry *e;
  if (vs_isa_lookup(isa, &e, err)) return -1;
  if (!e->asm_target) return vs_error_set(err, VS_E_USAGE, "ISA '%s' has no assembler", e->name);
  *t = e->asm_target;
  return 0;
}

const char *vs_asm_start_code(const char *isa)
{
  const vs_isa_entry *e = vs_isa_find(isa);
  return e && e->asm_target ? e->asm_target->start_code : NULL;
}

int vs_assemble(const vs_asm_source *srcs, size_t n, const vs_asm_options *opt, uint8_t **elf,
                size_t *elf_len, vs_error *err)
{
  const vs_asm_target *t = NULL;
  *elf = NULL;
  *elf_len = 0;
  if (target(opt ? opt->isa : NULL, &t, err)) return -1;
  return vs_asm_run(t, srcs, n, opt, elf, elf_len, err);
}

int vs_assemble_files(const char *const *paths, size_t n, const char *out_path,
                      const vs_asm_options *opt, vs_error *err)
{
  vs_error local;
  const vs_asm_target *t = NULL;
  if (target(opt ? opt->isa : NULL, &t, err ? err : &local)) return -1;
  return vs_asm_run_files(t, paths, n, out_path, opt, err);
}
