/* Internals of the launch helper (launch.c; its AMD part launch_amd.c). */
#ifndef VS_RUNTIME_LAUNCH_INT_H
#define VS_RUNTIME_LAUNCH_INT_H

#include <stdint.h>

#include "ventsim/elf.h"
#include "ventsim/launch.h"

#define PF_X_FLAG 1u  /* ELF segment flag: executable */
#define VS_EM_AMDGPU 224u /* e_machine of AMD GPU code objects */

typedef struct kernel_arg {
  uint8_t *data;
  uint32_t size;
  int set;
} kernel_arg;

struct vs_kernel {
  vs_program *prog;
  char *name;
  vs_addr entry;
  kernel_arg args[VS_KERNEL_MAX_ARGS];
  uint32_t lds, pds;
  uint32_t local_bytes[VS_KERNEL_MAX_ARGS]; /* AMD: __local arguments' sizes */
  const struct vs_co_kernel *co;           /* AMD: the kernel's metadata   */
  vs_kernel *next;
};

struct vs_program {
  vt_device_h dev;
  int owns_dev;
  char *name;
  uint8_t *image;
  size_t len;
  vs_elf *elf;
  uint64_t gen;                 /* device program generation of our upload */
  uint64_t print_addr;
  uint32_t print_size;
  char *save_dir;
  vs_kernel *kernels;
  struct amd_prog *amd;         /* an AMD code object (launch_amd.c), or NULL */
};


struct amd_prog;
/* The AMD part: a code object loaded onto an AMD device (gfx900, gfx906) */
int rt_amd_program_load(vs_program *p, vt_device_h dev, const void *elf, size_t len);
void rt_amd_program_free(vs_program *p);
int rt_amd_kernel_init(vs_kernel *k, const char *name);
int rt_amd_set_arg(vs_kernel *k, unsigned index, size_t size, const void *value);
int rt_amd_launch(vs_kernel *k, unsigned work_dim, const size_t *global, const size_t *local,
                  const vs_launch_opts *opt);

/* Without a local size: the largest divisors of the global sizes whose
 * product stays within max_items, dimension 0 first (launch.c). */
void rt_choose_local(const uint64_t *global, unsigned work_dim, uint64_t max_items, uint64_t *local);

#endif
