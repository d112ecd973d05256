/* vecadd written only against the Ventus driver API (ventus.h), as software
 * for the THU-DSP-LAB driver is: upload the program, allocate buffers,
 * write the argument buffer and the 64-byte kernel metadata buffer
 * (spec 6.2) by hand, fill in the launch record and call vt_start.
 *     vecadd_driver [kernel.elf]
 * The kernel's entry address comes from the ELF symbol table (the Ventus
 * pocl port runs `nm` for the same purpose). */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ventus.h"

#ifndef KERNEL_ELF
#define KERNEL_ELF "vecadd.elf"
#endif

/* Address of symbol `name` in an ELF32 file, or 0. */
static uint32_t elf_symbol(const char *path, const char *name)
{
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  static unsigned char img[1 << 20];
  size_t n = fread(img, 1, sizeof img, f);
  fclose(f);
  const Elf32_Ehdr *eh = (const Elf32_Ehdr *)(const void *)img;
  if (n < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS32 ||
      eh->e_shoff == 0 || eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf32_Shdr) > n)
    return 0;
  const Elf32_Shdr *sh = (const Elf32_Shdr *)(const void *)(img + eh->e_shoff);
  for (unsigned i = 0; i < eh->e_shnum; i++) {
    if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum) continue;
    const Elf32_Shdr *str = &sh[sh[i].sh_link];
    if (sh[i].sh_offset + sh[i].sh_size > n || str->sh_offset + str->sh_size > n) return 0;
    const Elf32_Sym *sym = (const Elf32_Sym *)(const void *)(img + sh[i].sh_offset);
    for (size_t k = 0; k < sh[i].sh_size / sizeof *sym; k++)
      if (sym[k].st_name < str->sh_size && sym[k].st_shndx != SHN_UNDEF &&
          strncmp((const char *)img + str->sh_offset + sym[k].st_name, name, str->sh_size - sym[k].st_name) == 0)
        return sym[k].st_value;
  }
  return 0;
}

#define CHECK(call)                                                            \
  do {                                                                         \
    if ((call) != 0) {                                                         \
      printf("FAILED: %s\n", vt_last_error());                                 \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int main(int argc, char **argv)
{
  const char *elf = argc > 1 ? argv[1] : KERNEL_ELF;
  enum { N = 2048, LOCAL = 64 };
  static float a[N], b[N], c[N];
  for (int i = 0; i < N; i++) {
    a[i] = (float)i;
    b[i] = (float)(3 * i) + 0.5f;
  }
  uint32_t entry = elf_symbol(elf, "vecadd");
  if (!entry) {
    printf("FAILED: no symbol 'vecadd' in %s\n", elf);
    return 1;
  }

  vt_device_h dev = NULL;
  CHECK(vt_dev_open(&dev));
  uint64_t threads = 0;
  CHECK(vt_dev_caps(&dev, VT_CAPS_MAX_THREADS, &threads));
  CHECK(vt_upload_kernel_file(dev, elf, 0));

  uint64_t da, db, dc, dargs, dknl;
  CHECK(vt_buf_alloc(dev, sizeof a, &da, 0, 0, 0));
  CHECK(vt_buf_alloc(dev, sizeof b, &db, 0, 0, 0));
  CHECK(vt_buf_alloc(dev, sizeof c, &dc, 0, 0, 0));
  CHECK(vt_copy_to_dev(dev, da, a, sizeof a, 0, 0));
  CHECK(vt_copy_to_dev(dev, db, b, sizeof b, 0, 0));

  /* the argument buffer: one 4-byte slot per argument (buffer addresses) */
  uint32_t args[3] = {(uint32_t)da, (uint32_t)db, (uint32_t)dc};
  CHECK(vt_buf_alloc(dev, sizeof args, &dargs, 0, 0, 0));
  CHECK(vt_copy_to_dev(dev, dargs, args, sizeof args, 0, 0));

  /* the kernel metadata buffer: 16 words at CSR_KNL */
  uint32_t knl[16] = {0};
  knl[0] = entry;            /* KNL_ENTRY       */
  knl[1] = (uint32_t)dargs;  /* KNL_ARG_BASE    */
  knl[2] = 1;                /* KNL_WORK_DIM    */
  knl[3] = N;                /* KNL_GL_SIZE_X   (knl[4], knl[5]: y, z) */
  knl[4] = knl[5] = 1;
  knl[6] = LOCAL;            /* KNL_LC_SIZE_X   */
  knl[7] = knl[8] = 1;
                             /* KNL_GL_OFFSET_X/Y/Z = 0, no print buffer */
  CHECK(vt_buf_alloc(dev, sizeof knl, &dknl, 0, 0, 0));
  CHECK(vt_copy_to_dev(dev, dknl, knl, sizeof knl, 0, 0));

  /* the launch record */
  vt_meta_data md;
  memset(&md, 0, sizeof md);
  md.kernel_id = 0;
  md.kernel_size[0] = N / LOCAL; /* work-groups */
  md.kernel_size[1] = md.kernel_size[2] = 1;
  md.wf_size = threads;                          /* threads per warp */
  md.wg_size = (LOCAL + threads - 1) / threads;  /* warps per work-group */
  md.metaDataBaseAddr = dknl;
  md.ldsSize = 0;
  md.pdsSize = 0;            /* no private memory */
  md.sgprUsage = 32;
  md.vgprUsage = 32;
  md.pdsBaseAddr = 0;
  CHECK(vt_start(dev, &md, 0));
  CHECK(vt_ready_wait(dev, MAX_TIMEOUT));
  CHECK(vt_copy_from_dev(dev, dc, c, sizeof c, 0, 0));
  CHECK(vt_buf_free(dev, 0, NULL, 0, 0));
  CHECK(vt_dev_close(dev));

  int bad = 0;
  for (int i = 0; i < N; i++)
    if (c[i] != a[i] + b[i] && bad++ < 5) printf("c[%d] = %g, expected %g\n", i, (double)c[i], (double)(a[i] + b[i]));
  printf("vecadd_driver: %d elements in %d work-groups of %d, %d wrong\n", N, N / LOCAL, LOCAL, bad);
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad ? 1 : 0;
}
