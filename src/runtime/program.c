/* The driver API: loading a program (ELF, flat image or .vmem) into the
 * program area [0x80000000, 0x90000000). */
#include <elf.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runtime/rt.h"
#include "ventsim/vmem.h"

#define RT_PROG_MAX (RT_ALLOC_BASE - RT_KERNEL_BASE) /* 256 MiB */

typedef struct piece {
  vs_addr addr;
  const uint8_t *data;
  uint64_t len;
} piece;

/* Replaces the program by `pieces` (bytes at addresses; the span is mapped
 * as one region "program").  Nothing changes if the new program cannot be
 * placed. */
static int install_program(rt_dev *d, const piece *pc, size_t n, vs_addr lo, vs_addr hi, vs_elf *elf,
                           const char *fn)
{
  vs_addr plo = lo & ~(vs_addr)(RT_PAGE - 1);
  vs_addr phi = rt_page_up(hi);
  if (hi > RT_ALLOC_BASE || phi > RT_ALLOC_BASE || lo < RT_KERNEL_BASE)
    return rt_fail(fn, "the program occupies [0x%08" PRIx64 ", 0x%08" PRIx64 "), outside the program area "
                       "[0x80000000, 0x90000000)", lo, hi);
  /* every page of the new span must be free, or belong to the old program */
  for (uint64_t p = plo; p < phi; p += RT_PAGE) {
    int old = d->has_program && p >= d->prog_lo && p < d->prog_hi;
    if (!old && vs_device_mapped(d->dev, p, 1))
      return rt_fail(fn, "the program at [0x%08" PRIx64 ", 0x%08" PRIx64 ") overlaps memory mapped at 0x%08" PRIx64, lo,
                     hi, p);
  }
  vs_error err = {0};
  if (d->has_program) {
    vs_device_unmap(d->dev, d->prog_lo, &err);
    d->has_program = 0;
    vs_elf_free(d->elf);
    d->elf = NULL;
  }
  if (vs_device_map(d->dev, plo, phi - plo, "program", &err)) return rt_fail(fn, "%s", err.msg);
  for (size_t i = 0; i < n; i++)
    if (pc[i].len && vs_device_write(d->dev, pc[i].addr, pc[i].data, pc[i].len, &err)) {
      vs_device_unmap(d->dev, plo, &err);
      return rt_fail(fn, "%s", err.msg);
    }
  d->has_program = 1;
  d->prog_lo = plo;
  d->prog_hi = phi;
  d->elf = elf;
  d->prog_gen++;
  d->prog_saved = 0;
  return 0;
}

static int load_elf(rt_dev *d, const uint8_t *bytes, size_t len, const char *name, const char *fn)
{
  vs_error err = {0};
  vs_elf *e = NULL;
  if (vs_elf_load_mem(bytes, len, name, &e, &err)) return rt_fail(fn, "%s", err.msg);
  if (vs_elf_expect(e, name, ELFCLASS32, EM_RISCV, "Ventus", &err)) {
    vs_elf_free(e);
    return rt_fail(fn, "%s", err.msg);
  }
  piece *pc = vs_calloc(e->nsegments ? e->nsegments : 1, sizeof *pc, &err);
  if (!pc) {
    vs_elf_free(e);
    return rt_fail(fn, "%s", err.msg);
  }
  uint64_t lo = UINT64_MAX, hi = 0;
  size_t n = 0;
  for (size_t i = 0; i < e->nsegments; i++) {
    const vs_elf_segment *s = &e->segments[i];
    if (s->memsz == 0) continue;
    uint64_t end = s->vaddr + s->memsz;
    if (s->vaddr < RT_KERNEL_BASE || end > RT_ALLOC_BASE) {
      rt_fail(fn, "%s: loadable segment [0x%08" PRIx64 ", 0x%08" PRIx64 ") is outside the program area "
                  "[0x80000000, 0x90000000)", name, s->vaddr, end);
      free(pc);
      vs_elf_free(e);
      return -1;
    }
    if (s->vaddr < lo) lo = s->vaddr;
    if (end > hi) hi = end;
    pc[n].addr = s->vaddr;
    pc[n].data = s->data;
    pc[n].len = s->filesz;
    n++;
  }
  if (n == 0) {
    free(pc);
    vs_elf_free(e);
    return rt_fail(fn, "%s: the ELF file has no loadable segment", name);
  }
  int rc = install_program(d, pc, n, lo, hi, e, fn);
  free(pc);
  if (rc) vs_elf_free(e);
  return rc;
}

static int load_flat(rt_dev *d, const uint8_t *bytes, size_t len, const char *name, const char *fn)
{
  if (len > RT_PROG_MAX)
    return rt_fail(fn, "%s: %zu bytes do not fit the program area of %u bytes", name, len, RT_PROG_MAX);
  piece pc = {RT_KERNEL_BASE, bytes, len};
  return install_program(d, &pc, 1, RT_KERNEL_BASE, (uint64_t)RT_KERNEL_BASE + len, NULL, fn);
}

static int load_vmem(rt_dev *d, const vs_vmem *v, const char *name, const char *fn)
{
  if (v->n == 0) return rt_fail(fn, "%s: the .vmem file holds no words", name);
  if ((uint64_t)v->index[v->n - 1] * 4 + 4 > RT_PROG_MAX)
    return rt_fail(fn, "%s: word index 0x%x is beyond the program area", name, v->index[v->n - 1]);
  size_t len = (size_t)v->index[v->n - 1] * 4 + 4;
  vs_error err = {0};
  uint8_t *img = vs_calloc(1, len, &err);
  if (!img) return rt_fail(fn, "%s", err.msg);
  for (size_t i = 0; i < v->n; i++)
    for (int b = 0; b < 4; b++) img[(size_t)v->index[i] * 4 + (size_t)b] = (uint8_t)(v->word[i] >> (8 * b));
  int rc = load_flat(d, img, len, name, fn);
  free(img);
  return rc;
}

static int is_elf(const void *p, size_t len)
{
  return len >= 4 && memcmp(p, "\177ELF", 4) == 0;
}

int vt_upload_kernel_bytes(vt_device_h device, const void *content, uint64_t size, int taskID)
{
  static const char fn[] = "vt_upload_kernel_bytes";
  rt_dev *d = rt_enter(device, fn);
  if (!d) return -1;
  if (!content) return rt_leave(d, rt_fail(fn, "content is NULL"));
  if (size == 0) return rt_leave(d, rt_fail(fn, "size is 0"));
  if (strcmp(vs_device_isa(d->dev), "ventus"))
    return rt_leave(d, rt_fail(fn, "a %s device loads AMD code objects with vs_program_load, not %s",
                               vs_device_isa(d->dev), fn));
  if (taskID < 0) return rt_leave(d, rt_fail(fn, "task id %d is negative", taskID));
  if (size > VS_MAX_INPUT_FILE)
    return rt_leave(d, rt_fail(fn, "%" PRIu64 " bytes is larger than the limit of %u bytes", size,
                               (unsigned)VS_MAX_INPUT_FILE));
  int rc = is_elf(content, (size_t)size) ? load_elf(d, content, (size_t)size, "program image", fn)
                                         : load_flat(d, content, (size_t)size, "program image", fn);
  return rt_leave(d, rc);
}

int vt_upload_kernel_file(vt_device_h device, const char *filename, int taskID)
{
  static const char fn[] = "vt_upload_kernel_file";
  rt_dev *d = rt_enter(device, fn);
  if (!d) return -1;
  if (!filename) return rt_leave(d, rt_fail(fn, "filename is NULL"));
  if (taskID < 0) return rt_leave(d, rt_fail(fn, "task id %d is negative", taskID));
  vs_error err = {0};
  char *data = NULL;
  size_t len = 0;
  if (vs_read_file(filename, VS_MAX_INPUT_FILE, &data, &len, &err)) return rt_leave(d, rt_fail(fn, "%s", err.msg));
  int rc;
  if (is_elf(data, len)) {
    rc = load_elf(d, (const uint8_t *)data, len, filename, fn);
  } else if (len == 0) {
    rc = rt_fail(fn, "%s: the file is empty", filename);
  } else {
    vs_vmem v;
    memset(&v, 0, sizeof v);
    if (vs_vmem_parse(data, len, filename, &v, &err))
      rc = rt_fail(fn, "%s is neither an ELF program nor a .vmem file (%s)", filename, err.msg);
    else
      rc = load_vmem(d, &v, filename, fn);
    vs_vmem_free(&v);
  }
  free(data);
  return rt_leave(d, rc);
}

int rt_program_gen(vt_device_h h, uint64_t *gen)
{
  rt_dev *d = rt_enter(h, "vs_kernel_launch");
  if (!d) return -1;
  *gen = d->has_program ? d->prog_gen : 0;
  return rt_leave(d, 0);
}

const char *rt_symbol_at(const rt_dev *d, vs_addr addr)
{
  if (!d->elf) return NULL;
  const char *best = NULL;
  int best_rank = -1;
  for (size_t i = 0; i < d->elf->nsymbols; i++) {
    const vs_elf_symbol *s = &d->elf->symbols[i];
    if (s->shndx == 0 || s->value != addr || !s->name || !*s->name) continue;
    if (s->type == 3 /* STT_SECTION */ || s->type == 4 /* STT_FILE */) continue;
    int rank = (s->type == 2 /* STT_FUNC */) * 2 + (s->bind != 0 /* not local */);
    if (rank > best_rank) {
      best = s->name;
      best_rank = rank;
    }
  }
  return best;
}
