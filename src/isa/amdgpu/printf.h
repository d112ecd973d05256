/* The records of an AMD printf buffer (spec amd-hsa.md 1.3: a u32 write
 * offset, a u32 size, then records of a u32 format id and the arguments)
 * as text, with the code object's formats: shared by the launch helper
 * (src/runtime/launch_amd.c) and the replay of captured launches
 * (ventsim run, src/cli/cmd_run.c). */
#ifndef VS_ISA_AMDGPU_PRINTF_H
#define VS_ISA_AMDGPU_PRINTF_H

#include <stdint.h>
#include <stdio.h>

#include "isa/amdgpu/codeobj.h"

/* Prints the records in b[0, used) (the bytes after the 8-byte header);
 * a record with an unknown format id ends the output with a note. */
void vs_amd_printf_records(FILE *out, const vs_codeobj *co, const uint8_t *b, uint32_t used);

#endif
