/* Reader of AMD HSA code objects (ELF64, EM_AMDGPU) as clang-19 writes them
 * for OpenCL C (spec amd-hsa.md sections 1.4, 2.1 and 1.3): the target from
 * e_flags, loadable segments, symbols, the NT_AMDGPU_METADATA msgpack note
 * (kernels and their arguments, printf formats) and the 64-byte kernel
 * descriptor at NAME.kd of every kernel.
 *
 * It only reads: loading the image into device memory and dispatching are
 * the AMD loader's job, which uses this module.  Everything the reader
 * returns lives as long as the vs_codeobj. */
#ifndef VS_ISA_AMDGPU_CODEOBJ_H
#define VS_ISA_AMDGPU_CODEOBJ_H

#include <stddef.h>
#include <stdint.h>

#include "ventsim/error.h"

/* Argument value kinds of the metadata (.value_kind) */
typedef enum vs_co_value_kind {
  VS_CO_ARG_BY_VALUE,
  VS_CO_ARG_GLOBAL_BUFFER,
  VS_CO_ARG_DYNAMIC_SHARED_POINTER, /* a __local T* argument: a 4-byte LDS offset */
  VS_CO_ARG_SAMPLER,
  VS_CO_ARG_IMAGE,
  VS_CO_ARG_PIPE,
  VS_CO_ARG_QUEUE,
  VS_CO_ARG_HIDDEN,                 /* every hidden_* kind; see hidden_name */
  VS_CO_ARG_OTHER
} vs_co_value_kind;

/* .address_space */
typedef enum vs_co_addr_space {
  VS_CO_AS_NONE = 0, VS_CO_AS_PRIVATE, VS_CO_AS_GLOBAL, VS_CO_AS_CONSTANT, VS_CO_AS_LOCAL,
  VS_CO_AS_GENERIC, VS_CO_AS_REGION
} vs_co_addr_space;

typedef struct vs_co_arg {
  const char *name;          /* .name (with -cl-kernel-arg-info), or NULL    */
  const char *type_name;     /* .type_name, or NULL (hidden arguments)       */
  const char *value_kind;    /* the metadata string, e.g. "hidden_grid_dims" */
  vs_co_value_kind kind;
  vs_co_addr_space address_space;
  const char *access;        /* .access / .actual_access, or NULL            */
  uint32_t offset, size;     /* in the kernarg segment                       */
  uint32_t pointee_align;    /* dynamic_shared_pointer: .pointee_align, or 0 */
  int is_const, is_restrict, is_volatile, is_pipe;
} vs_co_arg;

/* The kernel descriptor (spec 2.1), decoded */
typedef struct vs_co_kd {
  uint32_t group_segment_fixed_size;   /* 0x00 */
  uint32_t private_segment_fixed_size; /* 0x04 */
  uint32_t kernarg_size;               /* 0x08 */
  int64_t kernel_code_entry_byte_offset; /* 0x10: entry = kd address + this */
  uint32_t rsrc3, rsrc1, rsrc2;        /* 0x2C, 0x30, 0x34 */
  uint16_t code_properties;            /* 0x38 */
  uint16_t kernarg_preload;            /* 0x3A */
  /* fields of rsrc1 */
  unsigned granulated_vgprs, granulated_sgprs;
  unsigned float_round_mode_32, float_round_mode_16_64;
  unsigned float_denorm_mode_32, float_denorm_mode_16_64;
  int dx10_clamp, ieee_mode, fp16_overflow, wgp_mode, mem_ordered, fwd_progress;
  /* fields of rsrc2 */
  int enable_private_segment;
  unsigned user_sgpr_count;
  int enable_trap_handler;
  int enable_wg_id[3];
  int enable_wg_info;
  unsigned enable_vgpr_workitem_id;    /* 0 = x, 1 = xy, 2 = xyz */
  unsigned lds_size_field;             /* must be 0 in a descriptor */
  unsigned exception_enables;
  /* kernel_code_properties */
  int user_sgpr_private_segment_buffer, user_sgpr_dispatch_ptr, user_sgpr_queue_ptr,
      user_sgpr_kernarg_segment_ptr, user_sgpr_dispatch_id, user_sgpr_flat_scratch_init,
      user_sgpr_private_segment_size, wavefront_size32, uses_dynamic_stack;
} vs_co_kd;

typedef struct vs_co_kernel {
  const char *name;          /* .name                        */
  const char *symbol;        /* .symbol: NAME.kd             */
  const char *language;      /* "OpenCL C", or NULL          */
  uint32_t language_version[2];
  uint32_t kernarg_segment_size, kernarg_segment_align;
  uint32_t group_segment_fixed_size, private_segment_fixed_size;
  uint32_t sgpr_count, vgpr_count, sgpr_spill_count, vgpr_spill_count;
  uint32_t wavefront_size, max_flat_workgroup_size;
  uint32_t reqd_workgroup_size[3];  /* 0 0 0 if absent */
  uint32_t workgroup_size_hint[3];  /* 0 0 0 if absent */
  const char *vec_type_hint;        /* or NULL */
  int uses_dynamic_stack, workgroup_processor_mode;
  vs_co_arg *args;
  size_t nargs;
  size_t nexplicit;          /* arguments before the first hidden one */
  uint64_t kd_addr;          /* virtual address of NAME.kd                   */
  uint64_t entry;            /* virtual address of the first instruction     */
  uint64_t code_size;        /* size of the NAME function symbol (0 if none) */
  vs_co_kd kd;
} vs_co_kernel;

/* One amdhsa.printf entry: "ID:N:S0:...:S(N-1):FORMAT" */
typedef struct vs_co_printf {
  uint32_t id;
  uint32_t nargs;
  uint32_t *arg_sizes;
  const char *format;
} vs_co_printf;

typedef struct vs_co_symbol {
  const char *name;
  uint64_t value, size;
  uint8_t type, bind;      /* STT_*, STB_* */
  uint16_t shndx;
} vs_co_symbol;

typedef struct vs_co_segment {
  uint64_t vaddr, filesz, memsz;
  uint32_t flags;          /* PF_R | PF_W | PF_X */
  const uint8_t *data;     /* filesz bytes of the image */
} vs_co_segment;

typedef struct vs_codeobj {
  uint32_t e_flags;
  unsigned mach;           /* EF_AMDGPU_MACH (low byte of e_flags)        */
  const char *processor;   /* "gfx900", "gfx906", "gfx1100" ...           */
  unsigned gfx_major;      /* 9, 10, 11 ... (0: unknown)                   */
  unsigned xnack;          /* e_flags bits 8-9: 0 unsupported, 1 any, 2 off, 3 on */
  unsigned sramecc;        /* e_flags bits 10-11: same encoding            */
  unsigned abi_version;    /* EI_ABIVERSION: 2 = code object v4, 3 = v5, 4 = v6 */
  unsigned code_object_version; /* 4, 5, 6 (from the ABI version) */
  const char *target;      /* amdhsa.target, e.g. "amdgcn-amd-amdhsa--gfx900" */
  uint32_t version[2];     /* amdhsa.version */
  vs_co_segment *segments; size_t nsegments;  /* PT_LOAD only */
  vs_co_symbol *symbols;   size_t nsymbols;   /* .symtab (or .dynsym)  */
  vs_co_kernel *kernels;   size_t nkernels;
  vs_co_printf *printfs;   size_t nprintfs;
  uint64_t image_size;     /* max(vaddr + memsz) over the PT_LOAD segments */
  /* owned storage */
  uint8_t *file; size_t file_len;
  void **owned; size_t nowned, capowned;  /* strings and arrays */
} vs_codeobj;

/* Reads a code object from memory (the bytes are copied); name is used in
 * messages.  Fails with VS_E_FORMAT and a message naming the file and what
 * is wrong for anything that is not a well-formed AMDGPU HSA code object
 * of code object version 4 or later. */
int vs_codeobj_read(const void *data, size_t len, const char *name, vs_codeobj **out, vs_error *err);
int vs_codeobj_read_file(const char *path, vs_codeobj **out, vs_error *err);
void vs_codeobj_free(vs_codeobj *co);

const vs_co_kernel *vs_codeobj_kernel(const vs_codeobj *co, const char *name);
const vs_co_symbol *vs_codeobj_symbol(const vs_codeobj *co, const char *name);
const vs_co_printf *vs_codeobj_printf(const vs_codeobj *co, uint32_t id);

/* Decodes the 64 bytes of a kernel descriptor (little-endian). */
void vs_codeobj_decode_kd(const uint8_t kd[64], vs_co_kd *out);
/* Processor name for an EF_AMDGPU_MACH value, or NULL. */
const char *vs_codeobj_mach_name(unsigned mach);
/* EF_AMDGPU_MACH for a processor name ("gfx906"), or 0. */
unsigned vs_codeobj_mach_of(const char *processor);

#endif
