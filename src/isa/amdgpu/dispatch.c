/* The AMD dispatcher (spec amd-hsa.md 2.1-2.6, docs/amdgpu-exec.md): checks
 * a launch's ABI block (ventsim/amd_launch.h) against its kernel
 * descriptor, maps the work-groups' LDS windows and scratch for the launch
 * and writes every wave's initial state: user SGPRs in their fixed order,
 * system SGPRs from s[USER_SGPR_COUNT], work-item ids in v0..v2 (gfx11:
 * packed in v0), EXEC and MODE, and on gfx11 the architected FLAT_SCRATCH.
 * The host has written the kernarg segment and the dispatch packet. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "isa/amdgpu/codeobj.h"
#include "isa/amdgpu/exec.h"
#include "isa/amdgpu/frontend.h"

static uint64_t round_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

int amd_launch_begin(vs_launch_ctx *c, vs_error *err)
{
  const vs_launch *l = c->l;
  const vs_amd_abi *abi = l->abi;
  const char *kn = l->name ? l->name : "kernel";
  if (!abi || l->abi_size != sizeof *abi || abi->magic != VS_AMD_ABI_MAGIC)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': an AMD launch needs a vs_amd_abi block "
                        "(ventsim/amd_launch.h)", kn);
  amd_target t = (amd_target)abi->target;
  if (t != AMD_GFX900 && t != AMD_GFX906 && t != AMD_GFX1100 && t != AMD_GFX1100_W64)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': target %s is not executed by ventsim (gfx900, gfx906, "
                        "gfx1100)", kn, amd_target_name(t));
  vs_co_kd kd;
  vs_codeobj_decode_kd(abi->kd, &kd);
  unsigned wave = amd_family(t) == 11 && kd.wavefront_size32 ? 32u : 64u;
  if (amd_family(t) == 11 && (t == AMD_GFX1100_W64) != (wave == 64))
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': the ABI block says %s but the kernel descriptor asks for "
                        "wave%u", kn, amd_target_name(t), wave);
  if (l->wave_size != wave)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': wave size %u, but the kernel runs in wave%u", kn,
                        l->wave_size, wave);
  if (abi->kd_addr + (uint64_t)kd.kernel_code_entry_byte_offset != l->entry)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': entry 0x%" PRIx64 " is not the kernel descriptor's "
                        "(0x%" PRIx64 " + 0x%" PRIx64 ")", kn, l->entry, abi->kd_addr,
                        (uint64_t)kd.kernel_code_entry_byte_offset);
  if (kd.enable_trap_handler)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': the kernel descriptor enables a trap handler "
                        "(COMPUTE_PGM_RSRC2 bit 6); ventsim has none", kn);
  if (kd.wavefront_size32 && amd_family(t) != 11)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': the kernel descriptor asks for wave32 (gfx9 is wave64)", kn);
  if (kd.user_sgpr_count > 16)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': USER_SGPR_COUNT %u is more than 16", kn, kd.user_sgpr_count);
  uint32_t maxwg = abi->max_flat_wg_size ? abi->max_flat_wg_size : 1024;
  uint64_t items = (uint64_t)l->local[0] * l->local[1] * l->local[2];
  if (items > maxwg)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': a work-group of %u x %u x %u = %" PRIu64 " work-items is "
                        "more than its max_flat_workgroup_size %u", kn, l->local[0], l->local[1], l->local[2],
                        items, maxwg);
  if (items > 1024)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': %" PRIu64 " work-items per work-group (at most 1024)", kn,
                        items);
  uint64_t lds = (uint64_t)kd.group_segment_fixed_size + abi->dynamic_lds;
  if (lds > VS_AMD_LDS_MAX || l->lds_bytes != lds)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': %" PRIu64 " bytes of LDS (%u static + %u of __local "
                        "arguments) %s", kn, lds, kd.group_segment_fixed_size, abi->dynamic_lds,
                        lds > VS_AMD_LDS_MAX ? "is more than the 65536 bytes of a work-group"
                                             : "do not match the launch's lds_bytes");
  if (l->private_bytes != kd.private_segment_fixed_size)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': private_bytes %u is not the descriptor's "
                        "PRIVATE_SEGMENT_FIXED_SIZE %u", kn, l->private_bytes, kd.private_segment_fixed_size);

  amd_launch *ls = calloc(1, sizeof *ls);
  if (!ls) return vs_error_set(err, VS_E_NOMEM, "out of memory");
  ls->abi = *abi;
  ls->lds_bytes = (uint32_t)lds;
  ls->priv_lane = (uint32_t)round_up(kd.private_segment_fixed_size, 4);
  ls->wave_scratch = (uint64_t)ls->priv_lane * 64u; /* dword-interleaved rows of 64 lanes (wave32 too) */
  ls->slot_scratch = round_up(ls->wave_scratch * c->shape.wg_warps, 4096);
  ls->mode = kd.float_round_mode_32 | kd.float_round_mode_16_64 << 2 | kd.float_denorm_mode_32 << 4 |
             kd.float_denorm_mode_16_64 << 6 | (unsigned)kd.dx10_clamp << 8 | (unsigned)kd.ieee_mode << 9 |
             (kd.exception_enables & 0x7fu) << 12 | (unsigned)kd.fp16_overflow << 23;
  c->isa_state = ls;
  if (!(ls->gws = amd_gws_new(c))) return vs_error_set(err, VS_E_NOMEM, "out of memory");
  c->lds_per_wg = lds;
  for (unsigned s = 0; s < c->nslots; s++) {
    if (lds && vs_launch_map(c, VS_AMD_LDS_BASE + (vs_addr)s * VS_AMD_LDS_MAX, round_up(lds, 4096), "AMD LDS", err))
      return -1;
    if (ls->slot_scratch &&
        vs_launch_map(c, VS_AMD_SCRATCH_BASE + (vs_addr)s * ls->slot_scratch, ls->slot_scratch, "AMD scratch", err))
      return -1;
  }
  return 0;
}

void amd_launch_end(vs_launch_ctx *c)
{
  if (c->isa_state) amd_gws_free(((amd_launch *)c->isa_state)->gws);
  free(c->isa_state);
  c->isa_state = NULL;
}

void amd_wg_start(const vs_launch_ctx *c, vs_wg *wg)
{
  const amd_launch *ls = c->isa_state;
  wg->lds_base = VS_AMD_LDS_BASE + (vs_addr)wg->slot * VS_AMD_LDS_MAX;
  wg->lds_bytes = ls->lds_bytes;
  wg->private_base = VS_AMD_SCRATCH_BASE + (vs_addr)wg->slot * ls->slot_scratch;
}

/* The work-item whose scratch holds addr: scratch is swizzled by dwords
 * (the V# the dispatcher writes: element size 4, index stride 64), so
 * lane = (offset in the wave / 4) mod 64. */
long amd_private_owner(const vs_launch_ctx *c, const vs_wg *wg, vs_addr addr)
{
  const amd_launch *ls = c->isa_state;
  if (!ls || !ls->wave_scratch || addr < wg->private_base || addr - wg->private_base >= ls->slot_scratch) return -1;
  uint64_t off = addr - wg->private_base;
  uint64_t wave = off / ls->wave_scratch, lane = (off % ls->wave_scratch) / 4 % 64;
  if (lane >= c->l->wave_size) return -1;
  uint64_t item = wave * c->l->wave_size + lane;
  return item < wg->items ? (long)item : -1;
}

static void put64(uint32_t *S, unsigned *i, uint64_t v)
{
  S[(*i)++] = (uint32_t)v;
  S[(*i)++] = (uint32_t)(v >> 32);
}

void amd_warp_start(const vs_launch_ctx *c, vs_warp *w)
{
  const amd_launch *ls = c->isa_state;
  const vs_amd_abi *abi = &ls->abi;
  amd_warp *a = amd_w(w);
  vs_co_kd kd;
  vs_codeobj_decode_kd(abi->kd, &kd);
  a->scc = 0;
  a->mode = ls->mode;
  a->trapsts = 0;
  a->csp = 0;
  a->vskip = 0;
  a->prio = 0;
  a->halted = 0;
  a->gws_q = a->gws_tag = 0;
  a->ls = ls;
  a->gfx11 = amd_family((amd_target)abi->target) == 11;
  a->lanes_for = ~w->active; /* lane_on[] is stale */
  memset(&a->chk, 0, sizeof a->chk);
  a->wave_offset = (uint32_t)(w->wid * ls->wave_scratch);
  vs_addr slot_scratch = amd_slot_scratch(w);
  a->scratch_base = a->gfx11 ? slot_scratch + a->wave_offset : 0; /* architected flat scratch */
  uint32_t *S = amd_S(w);
  unsigned i = 0;
  /* user SGPRs, dense from s0 in the fixed order (spec 2.2) */
  if (kd.user_sgpr_private_segment_buffer) { /* the scratch V# (ROCm's InitScratchSRD fields) */
    S[i++] = (uint32_t)slot_scratch;
    S[i++] = (uint32_t)(slot_scratch >> 32 & 0xffff) | 1u << 31; /* stride 0, SWIZZLE_ENABLE */
    S[i++] = (uint32_t)(ls->slot_scratch > UINT32_MAX ? UINT32_MAX : ls->slot_scratch); /* NUM_RECORDS */
    /* DST_SEL xyzw, DATA_FORMAT 32 (4), ELEMENT_SIZE 4 B (1), INDEX_STRIDE 64 (3), ADD_TID_ENABLE */
    S[i++] = 4u | 5u << 3 | 6u << 6 | 7u << 9 | 4u << 15 | 1u << 19 | 3u << 21 | 1u << 23;
  }
  if (kd.user_sgpr_dispatch_ptr) put64(S, &i, abi->packet_addr);
  if (kd.user_sgpr_queue_ptr) put64(S, &i, abi->queue_addr);
  if (kd.user_sgpr_kernarg_segment_ptr) put64(S, &i, abi->kernarg_addr);
  if (kd.user_sgpr_dispatch_id) put64(S, &i, abi->dispatch_id);
  if (kd.user_sgpr_flat_scratch_init) put64(S, &i, slot_scratch);
  if (kd.user_sgpr_private_segment_size) S[i++] = kd.private_segment_fixed_size;
  /* system SGPRs from s[USER_SGPR_COUNT] */
  i = kd.user_sgpr_count;
  const vs_wg *wg = w->wg;
  if (kd.enable_wg_id[0]) S[i++] = wg->gx;
  if (kd.enable_wg_id[1]) S[i++] = wg->gy;
  if (kd.enable_wg_id[2]) S[i++] = wg->gz;
  if (kd.enable_wg_info) /* first_wave[31], ordered_append_term 0, waves in the group [5:0] */
    S[i++] = (w->wid == 0 ? 1u << 31 : 0u) | (wg->nwarps & 0x3fu);
  if (kd.enable_private_segment && !a->gfx11) S[i++] = a->wave_offset; /* gfx11: FLAT_SCRATCH instead */
  /* EXEC: the lanes with work-items */
  S[AMD_S_EXEC] = (uint32_t)w->active;
  S[AMD_S_EXEC + 1] = (uint32_t)(w->active >> 32);
  /* work-item ids numbered in the work-group's own size (a partial group
   * is smaller): v0 = x, v1 = y, v2 = z on gfx9; packed in v0 on gfx11,
   * x[9:0] y[19:10] z[29:20] (a dimension not enabled reads 0) */
  uint32_t *vx = amd_vrow(w, 0), *vy = amd_vrow(w, 1), *vz = amd_vrow(w, 2);
  uint32_t sx = wg->size[0], sy = wg->size[1];
  for (unsigned l = 0; l < w->nlanes; l++) {
    uint32_t item = w->wid * w->nlanes + l;
    if (item >= wg->items) break;
    uint32_t x = item % sx, y = kd.enable_vgpr_workitem_id >= 1 ? item / sx % sy : 0;
    uint32_t z = kd.enable_vgpr_workitem_id >= 2 ? item / (sx * sy) : 0;
    if (a->gfx11) {
      vx[l] = x | y << 10 | z << 20;
    } else {
      vx[l] = x;
      if (kd.enable_vgpr_workitem_id >= 1) vy[l] = y;
      if (kd.enable_vgpr_workitem_id >= 2) vz[l] = z;
    }
  }
}
