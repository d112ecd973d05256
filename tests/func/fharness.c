/* See fharness.h */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "func/fharness.h"
#include "ventsim/asm.h"
#include "ventsim/elf.h"
#include "ventsim/sim.h"
#include "ventsim/ventus_launch.h"

static uint64_t rs = 0x2545f4914f6cdd1dull;
void fh_seed(uint64_t s) { rs = s ? s : 1; }
uint32_t fh_rand(void)
{
  rs ^= rs << 13;
  rs ^= rs >> 7;
  rs ^= rs << 17;
  return (uint32_t)(rs >> 16);
}

void fh_run(const fh_cfg *c, fh_result *r)
{
  memset(r, 0, sizeof *r);
  vs_asm_source src = {"kernel.s", c->src, strlen(c->src)};
  vs_asm_options ao;
  vs_asm_options_init(&ao);
  ao.no_start_files = 1;
  ao.diag = stderr;
  uint8_t *img = NULL;
  size_t len = 0;
  vs_error err = {0};
  if (vs_assemble(&src, 1, &ao, &img, &len, &err)) {
    fprintf(stderr, "kernel:\n%s\n", c->src);
    fail_msg("assembly failed: %s", err.msg);
  }
  vs_elf *elf = NULL;
  if (vs_elf_load_mem(img, len, "kernel", &elf, &err)) fail_msg("%s", err.msg);
  vs_device *dev = NULL;
  assert_int_equal(vs_device_create(&dev, NULL, &err), 0);
  for (size_t i = 0; i < elf->nsegments; i++) {
    const vs_elf_segment *s = &elf->segments[i];
    if (!s->memsz) continue;
    uint32_t base = s->vaddr & ~4095u;
    uint64_t end = ((uint64_t)s->vaddr + s->memsz + 4095) & ~(uint64_t)4095;
    if (vs_device_map(dev, base, end - base, "program", &err) ||
        vs_device_write(dev, s->vaddr, s->data, s->filesz, &err))
      fail_msg("%s", err.msg);
  }
  if (c->symbol) {
    const vs_elf_symbol *sym = vs_elf_find_symbol(elf, c->symbol);
    if (!sym) fail_msg("symbol %s not found", c->symbol);
    r->symbol_value = sym->value;
  }
  if (vs_device_map(dev, FH_MEM, FH_MEM_SIZE, "data", &err)) fail_msg("%s", err.msg);
  if (c->init && vs_device_write(dev, FH_MEM, c->init, c->init_len, &err)) fail_msg("%s", err.msg);
  vs_ventus_record l;
  memset(&l, 0, sizeof l);
  l.start_pc = elf->entry;
  for (int i = 0; i < 3; i++) l.grid[i] = c->grid[i] ? c->grid[i] : 1;
  l.warp_threads = c->threads ? c->threads : 8;
  l.wg_warps = c->warps ? c->warps : 1;
  l.knl_addr = FH_MEM;
  l.lds_size = c->lds_size;
  l.pds_size = c->pds_size;
  l.pds_base = c->pds_size ? FH_PDS : 0;
  l.sgpr_usage = l.vgpr_usage = 32;
  if (c->pds_size) {
    r->pds_len = (size_t)c->pds_size * l.warp_threads * l.wg_warps * l.grid[0] * l.grid[1] * l.grid[2];
    if (vs_device_map(dev, FH_PDS, (r->pds_len + 4095) & ~(size_t)4095, "private", &err))
      fail_msg("%s", err.msg);
    if (c->pds_init && vs_device_write(dev, FH_PDS, c->pds_init, r->pds_len, &err))
      fail_msg("%s", err.msg);
  }
  vs_run_options opt;
  memset(&opt, 0, sizeof opt);
  opt.threads = c->host_threads;
  opt.interleave = c->interleave;
  opt.max_instructions = c->max_insns ? c->max_insns : 1000000;
  vs_run_result res;
  memset(&res, 0, sizeof res);
  vs_ventus_abi abi;
  vs_launch launch;
  r->rc = vs_ventus_launch(&l, "kernel", &abi, &launch, &r->err) ||
                  vs_device_run(dev, &launch, &opt, &res, &r->err)
              ? -1
              : 0;
  r->warp_insns = res.warp_insns;
  r->mem = malloc(FH_MEM_SIZE);
  assert_non_null(r->mem);
  if (vs_device_read(dev, FH_MEM, r->mem, FH_MEM_SIZE, &err)) fail_msg("%s", err.msg);
  if (r->pds_len) {
    r->pds = malloc(r->pds_len);
    assert_non_null(r->pds);
    if (vs_device_read(dev, FH_PDS, r->pds, r->pds_len, &err)) fail_msg("%s", err.msg);
  }
  vs_device_destroy(dev);
  vs_elf_free(elf);
  free(img);
}

void fh_free(fh_result *r)
{
  free(r->mem);
  free(r->pds);
  r->mem = r->pds = NULL;
}
