/* The AMD front ends as the core sees them: the ISAs gfx900, gfx906 and gfx1100
 * (frontend.c) and the launch hooks of the dispatcher (dispatch.c). */
#ifndef VS_ISA_AMDGPU_FRONTEND_H
#define VS_ISA_AMDGPU_FRONTEND_H

#include "core/isa.h"
#include "core/launch.h"

extern const vs_isa vs_isa_gfx900;
extern const vs_isa vs_isa_gfx906;
extern const vs_isa vs_isa_gfx1100; /* wave32 and wave64 (vs_isa.decoder_for) */

/* dispatch.c */
int amd_launch_begin(vs_launch_ctx *c, vs_error *err);
void amd_launch_end(vs_launch_ctx *c);
void amd_wg_start(const vs_launch_ctx *c, vs_wg *wg);
void amd_warp_start(const vs_launch_ctx *c, vs_warp *w);
long amd_private_owner(const vs_launch_ctx *c, const vs_wg *wg, vs_addr addr);

/* Register operands by role (the timing model's, the commit log's and the
 * checker's view): does the operand of this role write / read it? */
struct amd_row;
int amd_role_is_dst(const struct amd_row *r, unsigned role);
int amd_role_is_src(const struct amd_row *r, unsigned role);

#endif
