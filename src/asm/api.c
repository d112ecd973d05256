/* Entry points of the assembler for one target (asm/target.h); the public
 * ones that take an ISA name (ventsim/asm.h) resolve it in src/sim. */
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"
#include "common/outfile.h"

void vs_asm_options_init(vs_asm_options *opt)
{
  memset(opt, 0, sizeof *opt);
}

static void destroy(vs_asm *as)
{
  if (as->tgt && as->tgt->destroy && as->tst) as->tgt->destroy(as->tst);
  for (size_t f = 0; f < as->nfiles; f++) {
    vs_symtab_free(&as->files[f].syms);
    free(as->files[f].nl);
  }
  free(as->files);
  for (size_t i = 0; i < as->nsecs; i++) vs_buf_free(&as->secs[i].data);
  free(as->secs);
  free(as->fix);
  free(as->fix_addr);
  free(as->fix_order);
  for (size_t o = 0; o < as->nosecs; o++) free(as->osecs[o].data);
  free(as->osecs);
  vs_symtab_free(&as->globals);
  vs_arena_free(&as->arena);
}

int vs_asm_run(const vs_asm_target *tgt, const vs_asm_source *srcs, size_t n,
               const vs_asm_options *opt, uint8_t **elf, size_t *elf_len, vs_error *err)
{
  vs_asm_options defaults;
  if (!opt) {
    vs_asm_options_init(&defaults);
    opt = &defaults;
  }
  *elf = NULL;
  *elf_len = 0;
  vs_error_clear(err);
  if (opt->has_text_addr && (opt->text_addr & 3))
    return vs_error_set(err, VS_E_USAGE, "text address 0x%x is not 4-byte aligned", opt->text_addr);

  vs_asm as;
  memset(&as, 0, sizeof as);
  as.tgt = tgt;
  as.diag = opt->diag;
  as.err = err;
  as.max_errors = opt->max_errors ? opt->max_errors : VS_ASM_MAX_ERRORS;
  if (tgt->create && !(as.tst = tgt->create(&as))) {
    destroy(&as);
    return vs_error_set(err, VS_E_NOMEM, "out of memory");
  }

  char *start_text = NULL;
  if (!opt->no_start_files) {
    if (opt->start_file) {
      size_t len;
      vs_error e = {0};
      if (vs_read_file(opt->start_file, VS_MAX_INPUT_FILE, &start_text, &len, &e)) {
        if (as.diag) fprintf(as.diag, "ventsim as: %s\n", e.msg);
        destroy(&as);
        if (err) *err = e;
        return -1;
      }
      vs_assemble_one(&as, opt->start_file, start_text, len);
    } else if (tgt->start_code) {
      vs_assemble_one(&as, "<start.s>", tgt->start_code, strlen(tgt->start_code));
    }
  }
  for (size_t i = 0; i < n && !as.stop; i++)
    vs_assemble_one(&as, srcs[i].name ? srcs[i].name : "<input>", srcs[i].text, srcs[i].len);
  int rc = -1;
  if (!as.nerrors && vs_link(&as, opt->has_text_addr ? opt->text_addr : tgt->default_text_addr) == 0 &&
      !as.nerrors && vs_write_output(&as, elf, elf_len) == 0 && !as.nerrors)
    rc = 0;
  if (rc && err && err->code == VS_E_OK) vs_error_set(err, VS_E_FORMAT, "assembly failed");
  if (rc) { free(*elf); *elf = NULL; *elf_len = 0; }
  free(start_text);
  destroy(&as);
  return rc;
}

int vs_asm_run_files(const vs_asm_target *tgt, const char *const *paths, size_t n,
                     const char *out_path, const vs_asm_options *opt, vs_error *err)
{
  vs_error local;
  if (!err) err = &local;
  vs_error_clear(err);
  vs_asm_source *srcs = calloc(n ? n : 1, sizeof *srcs);
  char **texts = calloc(n ? n : 1, sizeof *texts);
  int rc = -1;
  if (!srcs || !texts) { vs_error_set(err, VS_E_NOMEM, "out of memory"); goto out; }
  for (size_t i = 0; i < n; i++) {
    size_t len;
    if (vs_read_file(paths[i], VS_MAX_INPUT_FILE, &texts[i], &len, err)) {
      if (opt && opt->diag) fprintf(opt->diag, "ventsim as: %s\n", err->msg);
      goto out;
    }
    srcs[i].name = paths[i];
    srcs[i].text = texts[i];
    srcs[i].len = len;
  }
  uint8_t *elf;
  size_t len;
  if (vs_asm_run(tgt, srcs, n, opt, &elf, &len, err)) goto out;
  rc = vs_write_file(out_path, elf, len, VS_OUT_EXEC, err);
  if (rc && opt && opt->diag) fprintf(opt->diag, "ventsim as: %s\n", err->msg);
  free(elf);
out:
  if (texts)
    for (size_t i = 0; i < n; i++) free(texts[i]);
  free(texts);
  free(srcs);
  return rc;
}
