/* Vector memory: the first FLAT, GLOBAL and MUBUF rows (dword loads and
 * stores; docs/amdgpu-exec.md) and the address paths every memory row
 * shares (AMD "Vega" ISA reference, chapters 8 and 9; spec amd-hsa.md
 * 2.6):
 *   global   64-bit addresses, any alignment;
 *   FLAT     routed by aperture: the shared aperture to the work-group's
 *            LDS, the private aperture to scratch (swizzled as the
 *            hardware does, from the wave's FLAT_SCRATCH base), the rest
 *            to global memory;
 *   MUBUF    through the buffer resource (V#) in four SGPRs: base, stride,
 *            swizzle (element size, index stride), ADD_TID, NUM_RECORDS
 *            range checking (out of range: loads read 0, stores are
 *            dropped).  The dispatcher's scratch V# is one.
 * Offsets are modifier fields of the instruction words (amd_insn.w). */
#include <inttypes.h>

#include "isa/amdgpu/exec.h"
#include "ventsim/stats.h"

#define OP(k) (&amd_i(d)->f.op[k])

/* ---- one lane's access at a resolved device address (inlined: it is the
 * inner loop of every memory row) ---- */
static inline __attribute__((always_inline)) int access(vs_warp *w, vs_addr a, void *buf, unsigned size, int store, unsigned lane, int space)
{
  int mf = store ? vs_mem_store(w->mem, a, buf, size) : vs_mem_load(w->mem, a, buf, size);
  if (mf) return vs_warp_memfault(w, mf, a, size, store);
  vs_memrec_add(w, a, buf, size, lane, store, space);
  return 0;
}

/* LDS: offset in the work-group's allocation; out of range (the ISA's
 * LDS_SIZE check): loads read 0, stores are dropped */
int amd_lds_access(vs_warp *w, uint64_t off, void *buf, unsigned size, int store, unsigned lane)
{
  const vs_wg *wg = w->wg;
  if (off + size > wg->lds_bytes) {
    if (!store) memset(buf, 0, size);
    /* recorded (not performed) so that the checker's bounds check sees it */
    vs_memrec_add(w, wg->lds_base + off, buf, size, lane, store, VS_SPACE_LOCAL);
    return 0;
  }
  return access(w, wg->lds_base + off, buf, size, store, lane, VS_SPACE_LOCAL);
}

/* Scratch of `lane` at private offset p from the wave's base: dword
 * elements interleaved by lane (element size 4, index stride 64) */
static int scratch_access(vs_warp *w, vs_addr base, uint64_t p, uint8_t *buf, unsigned size, int store,
                          unsigned lane)
{
  while (size) {
    unsigned in = 4 - (unsigned)(p & 3), n = size < in ? size : in;
    vs_addr a = base + (p >> 2) * 256 + lane * 4u + (p & 3);
    int rc = access(w, a, buf, n, store, lane, VS_SPACE_PRIVATE);
    if (rc) return rc;
    p += n;
    buf += n;
    size -= n;
  }
  return 0;
}

/* A flat address: an aperture or global memory */
int amd_flat_access(vs_warp *w, uint64_t addr, void *buf, unsigned size, int store, unsigned lane)
{
  uint64_t hi = addr >> 32;
  if (__builtin_expect(hi == VS_AMD_SHARED_APERTURE >> 32, 0))
    return amd_lds_access(w, (uint32_t)addr, buf, size, store, lane);
  if (__builtin_expect(hi == VS_AMD_PRIVATE_APERTURE >> 32, 0)) {
    vs_addr base = amd_scratch_base(w);
    return scratch_access(w, base, (uint32_t)addr, buf, size, store, lane);
  }
  return access(w, addr, buf, size, store, lane, VS_SPACE_GLOBAL);
}

/* ---- FLAT and GLOBAL: vdst/data, vaddr, saddr (GLOBAL; kind NONE: off) ---- */
typedef enum { SZ_U8, SZ_I8, SZ_U16, SZ_I16, SZ_B32 } ext_kind;

static uint32_t extend(uint32_t v, ext_kind k)
{
  switch (k) {
  case SZ_U8: return v & 0xff;
  case SZ_I8: return (uint32_t)(int32_t)(int8_t)v;
  case SZ_U16: return v & 0xffff;
  case SZ_I16: return (uint32_t)(int32_t)(int16_t)v;
  default: return v;
  }
}

/* d16: 0 a whole dword, D16_LO / D16_HI the 16-bit half of the VGPR a
 * short/byte load writes (the other half kept) or a store reads */
enum { D16_NO = 0, D16_LO = 1, D16_HI = 2 };

static inline uint32_t d16_merge(uint32_t old, uint32_t v, int d16)
{
  return d16 == D16_HI ? (old & 0xffffu) | v << 16 : (old & 0xffff0000u) | (v & 0xffffu);
}

/* seg: the FLAT, GLOBAL or SCRATCH form (vaddr, saddr, offset differ) */
enum { SEG_FLAT, SEG_GLOBAL, SEG_SCRATCH };

/* inlined into each row, so that the constant size, kind, segment and d16
 * arguments specialise its per-lane loop */
static inline __attribute__((always_inline)) int flat_xfer_d16(vs_warp *w, const vs_dinsn *d, unsigned dwords,
                                                               ext_kind k, int store, int seg, int d16)
{
  const amd_insn *I = amd_i(d);
  const amd_operand *data = store ? OP(1) : OP(0), *va = store ? OP(0) : OP(1);
  const amd_operand *sa = seg != SEG_FLAT ? OP(2) : NULL;
  int64_t off = seg != SEG_FLAT ? (int64_t)((int32_t)(I->w[0] << 19) >> 19) : (int64_t)(I->w[0] & 0xfff);
  int has_saddr = sa && sa->kind != AMD_OPK_NONE;
  uint64_t sbase = !has_saddr ? 0 : seg == SEG_SCRATCH ? amd_rs32(w, sa) : amd_rs64(w, sa);
  const uint32_t *a0 = va->kind == AMD_OPK_VGPR ? amd_vrow(w, va->val) : NULL;
  const uint32_t *a1 = seg == SEG_FLAT || (seg == SEG_GLOBAL && !has_saddr) ? amd_vrow(w, va->val + 1) : NULL;
  vs_addr scr = seg == SEG_SCRATCH ? amd_scratch_base(w) : 0;
  unsigned size = k == SZ_B32 ? 4 * dwords : (k <= SZ_I8 ? 1 : 2);
  uint32_t *rows[4];
  for (unsigned r = 0; r < dwords; r++) rows[r] = amd_vrow(w, data->val + r);
  uint64_t m = w->active;
  while (m) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    m &= m - 1;
    uint64_t addr = a1 ? ((uint64_t)a1[l] << 32 | a0[l]) : sbase + (a0 ? a0[l] : 0);
    addr += (uint64_t)off;
    uint32_t v[4] = {0, 0, 0, 0};
    if (store)
      for (unsigned r = 0; r < dwords; r++) v[r] = rows[r][l];
    if (store && d16 == D16_HI) v[0] >>= 16;
    int rc = seg == SEG_GLOBAL    ? access(w, addr, v, size, store, l, VS_SPACE_GLOBAL)
             : seg == SEG_SCRATCH ? scratch_access(w, scr, (uint32_t)addr, (uint8_t *)v, size, store, l)
                                  : amd_flat_access(w, addr, v, size, store, l);
    if (rc) return rc;
    if (!store) {
      if (k != SZ_B32) v[0] = extend(v[0], k);
      if (d16) v[0] = d16_merge(rows[0][l], v[0], d16);
      for (unsigned r = 0; r < dwords; r++) rows[r][l] = v[r];
    }
  }
  return amd_next(w, d);
}

static int flat_xfer(vs_warp *w, const vs_dinsn *d, unsigned dwords, ext_kind k, int store, int global)
{
  return flat_xfer_d16(w, d, dwords, k, store, global ? SEG_GLOBAL : SEG_FLAT, D16_NO);
}

AMDX(FLAT_LOAD_UBYTE) { return flat_xfer(w, d, 1, SZ_U8, 0, 0); }
AMDX(FLAT_LOAD_SBYTE) { return flat_xfer(w, d, 1, SZ_I8, 0, 0); }
AMDX(FLAT_LOAD_USHORT) { return flat_xfer(w, d, 1, SZ_U16, 0, 0); }
AMDX(FLAT_LOAD_SSHORT) { return flat_xfer(w, d, 1, SZ_I16, 0, 0); }
AMDX(FLAT_LOAD_DWORD) { return flat_xfer(w, d, 1, SZ_B32, 0, 0); }
AMDX(FLAT_LOAD_DWORDX2) { return flat_xfer(w, d, 2, SZ_B32, 0, 0); }
AMDX(FLAT_LOAD_DWORDX3) { return flat_xfer(w, d, 3, SZ_B32, 0, 0); }
AMDX(FLAT_LOAD_DWORDX4) { return flat_xfer(w, d, 4, SZ_B32, 0, 0); }
AMDX(FLAT_STORE_BYTE) { return flat_xfer(w, d, 1, SZ_U8, 1, 0); }
AMDX(FLAT_STORE_SHORT) { return flat_xfer(w, d, 1, SZ_U16, 1, 0); }
AMDX(FLAT_STORE_DWORD) { return flat_xfer(w, d, 1, SZ_B32, 1, 0); }
AMDX(FLAT_STORE_DWORDX2) { return flat_xfer(w, d, 2, SZ_B32, 1, 0); }
AMDX(FLAT_STORE_DWORDX3) { return flat_xfer(w, d, 3, SZ_B32, 1, 0); }
AMDX(FLAT_STORE_DWORDX4) { return flat_xfer(w, d, 4, SZ_B32, 1, 0); }
AMDX(GLOBAL_LOAD_UBYTE) { return flat_xfer(w, d, 1, SZ_U8, 0, 1); }
AMDX(GLOBAL_LOAD_SBYTE) { return flat_xfer(w, d, 1, SZ_I8, 0, 1); }
AMDX(GLOBAL_LOAD_USHORT) { return flat_xfer(w, d, 1, SZ_U16, 0, 1); }
AMDX(GLOBAL_LOAD_SSHORT) { return flat_xfer(w, d, 1, SZ_I16, 0, 1); }
AMDX(GLOBAL_LOAD_DWORD) { return flat_xfer(w, d, 1, SZ_B32, 0, 1); }
AMDX(GLOBAL_LOAD_DWORDX2) { return flat_xfer(w, d, 2, SZ_B32, 0, 1); }
AMDX(GLOBAL_LOAD_DWORDX3) { return flat_xfer(w, d, 3, SZ_B32, 0, 1); }
AMDX(GLOBAL_LOAD_DWORDX4) { return flat_xfer(w, d, 4, SZ_B32, 0, 1); }
AMDX(GLOBAL_STORE_BYTE) { return flat_xfer(w, d, 1, SZ_U8, 1, 1); }
AMDX(GLOBAL_STORE_SHORT) { return flat_xfer(w, d, 1, SZ_U16, 1, 1); }
AMDX(GLOBAL_STORE_DWORD) { return flat_xfer(w, d, 1, SZ_B32, 1, 1); }
AMDX(GLOBAL_STORE_DWORDX2) { return flat_xfer(w, d, 2, SZ_B32, 1, 1); }
AMDX(GLOBAL_STORE_DWORDX3) { return flat_xfer(w, d, 3, SZ_B32, 1, 1); }
AMDX(GLOBAL_STORE_DWORDX4) { return flat_xfer(w, d, 4, SZ_B32, 1, 1); }

/* d16 forms: a byte or short into one half of the VGPR (the other kept;
 * bytes extended to 16 bits), or the high half stored (d16_hi stores) */
#define FLAT_D16(ID, K, ST, SEG, D16) \
  AMDX(ID) { return flat_xfer_d16(w, d, 1, K, ST, SEG, D16); }
FLAT_D16(FLAT_LOAD_UBYTE_D16, SZ_U8, 0, SEG_FLAT, D16_LO)
FLAT_D16(FLAT_LOAD_UBYTE_D16_HI, SZ_U8, 0, SEG_FLAT, D16_HI)
FLAT_D16(FLAT_LOAD_SBYTE_D16, SZ_I8, 0, SEG_FLAT, D16_LO)
FLAT_D16(FLAT_LOAD_SBYTE_D16_HI, SZ_I8, 0, SEG_FLAT, D16_HI)
FLAT_D16(FLAT_LOAD_SHORT_D16, SZ_U16, 0, SEG_FLAT, D16_LO)
FLAT_D16(FLAT_LOAD_SHORT_D16_HI, SZ_U16, 0, SEG_FLAT, D16_HI)
FLAT_D16(FLAT_STORE_BYTE_D16_HI, SZ_U8, 1, SEG_FLAT, D16_HI)
FLAT_D16(FLAT_STORE_SHORT_D16_HI, SZ_U16, 1, SEG_FLAT, D16_HI)
FLAT_D16(GLOBAL_LOAD_UBYTE_D16, SZ_U8, 0, SEG_GLOBAL, D16_LO)
FLAT_D16(GLOBAL_LOAD_UBYTE_D16_HI, SZ_U8, 0, SEG_GLOBAL, D16_HI)
FLAT_D16(GLOBAL_LOAD_SBYTE_D16, SZ_I8, 0, SEG_GLOBAL, D16_LO)
FLAT_D16(GLOBAL_LOAD_SBYTE_D16_HI, SZ_I8, 0, SEG_GLOBAL, D16_HI)
FLAT_D16(GLOBAL_LOAD_SHORT_D16, SZ_U16, 0, SEG_GLOBAL, D16_LO)
FLAT_D16(GLOBAL_LOAD_SHORT_D16_HI, SZ_U16, 0, SEG_GLOBAL, D16_HI)
FLAT_D16(GLOBAL_STORE_BYTE_D16_HI, SZ_U8, 1, SEG_GLOBAL, D16_HI)
FLAT_D16(GLOBAL_STORE_SHORT_D16_HI, SZ_U16, 1, SEG_GLOBAL, D16_HI)

/* SCRATCH (gfx9): private offset = saddr (an SGPR) or vaddr (a VGPR) +
 * the signed 13-bit offset, in the wave's swizzled scratch from
 * FLAT_SCRATCH (the layout of the private aperture) */
FLAT_D16(SCRATCH_LOAD_UBYTE, SZ_U8, 0, SEG_SCRATCH, D16_NO)
FLAT_D16(SCRATCH_LOAD_SBYTE, SZ_I8, 0, SEG_SCRATCH, D16_NO)
FLAT_D16(SCRATCH_LOAD_USHORT, SZ_U16, 0, SEG_SCRATCH, D16_NO)
FLAT_D16(SCRATCH_LOAD_SSHORT, SZ_I16, 0, SEG_SCRATCH, D16_NO)
FLAT_D16(SCRATCH_STORE_BYTE, SZ_U8, 1, SEG_SCRATCH, D16_NO)
FLAT_D16(SCRATCH_STORE_SHORT, SZ_U16, 1, SEG_SCRATCH, D16_NO)
FLAT_D16(SCRATCH_LOAD_UBYTE_D16, SZ_U8, 0, SEG_SCRATCH, D16_LO)
FLAT_D16(SCRATCH_LOAD_UBYTE_D16_HI, SZ_U8, 0, SEG_SCRATCH, D16_HI)
FLAT_D16(SCRATCH_LOAD_SBYTE_D16, SZ_I8, 0, SEG_SCRATCH, D16_LO)
FLAT_D16(SCRATCH_LOAD_SBYTE_D16_HI, SZ_I8, 0, SEG_SCRATCH, D16_HI)
FLAT_D16(SCRATCH_LOAD_SHORT_D16, SZ_U16, 0, SEG_SCRATCH, D16_LO)
FLAT_D16(SCRATCH_LOAD_SHORT_D16_HI, SZ_U16, 0, SEG_SCRATCH, D16_HI)
FLAT_D16(SCRATCH_STORE_BYTE_D16_HI, SZ_U8, 1, SEG_SCRATCH, D16_HI)
FLAT_D16(SCRATCH_STORE_SHORT_D16_HI, SZ_U16, 1, SEG_SCRATCH, D16_HI)
#define SCRATCH_DW(ID, N, ST) \
  AMDX(ID) { return flat_xfer_d16(w, d, N, SZ_B32, ST, SEG_SCRATCH, D16_NO); }
SCRATCH_DW(SCRATCH_LOAD_DWORD, 1, 0)
SCRATCH_DW(SCRATCH_LOAD_DWORDX2, 2, 0)
SCRATCH_DW(SCRATCH_LOAD_DWORDX3, 3, 0)
SCRATCH_DW(SCRATCH_LOAD_DWORDX4, 4, 0)
SCRATCH_DW(SCRATCH_STORE_DWORD, 1, 1)
SCRATCH_DW(SCRATCH_STORE_DWORDX2, 2, 1)
SCRATCH_DW(SCRATCH_STORE_DWORDX3, 3, 1)
SCRATCH_DW(SCRATCH_STORE_DWORDX4, 4, 1)

/* ---- MUBUF: vdata, vaddr (kind NONE: off), srsrc, soffset ----
 * w0: offset[11:0] offen[12] idxen[13]; V#: base[47:0], stride[61:48],
 * swizzle[63]; num_records; word3: element size [20:19], index stride
 * [22:21], ADD_TID [23]. */
void amd_vbuf_init(vs_warp *w, const vs_dinsn *d, amd_vbuf *b, const amd_operand *va, const amd_operand *srsrc,
                   const amd_operand *soff)
{
  const amd_insn *I = amd_i(d);
  const uint32_t *S = amd_S(w);
  unsigned r = amd_sidx(srsrc);
  b->base = (uint64_t)S[r] | (uint64_t)(S[r + 1] & 0xffff) << 32;
  b->stride = (S[r + 1] >> 16) & 0x3fff;
  b->nrec = S[r + 2];
  uint32_t w3 = S[r + 3];
  b->swz = (S[r + 1] >> 31) & 1;
  b->add_tid = (w3 >> 23) & 1;
  b->elem = 2u << ((w3 >> 19) & 3);
  b->istride = 8u << ((w3 >> 21) & 3);
  b->soff = amd_rs32(w, soff);
  b->ioff = I->w[0] & 0xfff;
  int offen = amd_buf_offen(I), idxen = amd_buf_idxen(I);
  b->vi = b->vo = NULL;
  if (va->kind == AMD_OPK_VGPR) {
    if (idxen) b->vi = amd_vrow(w, va->val);
    if (offen) b->vo = amd_vrow(w, va->val + (idxen ? 1u : 0u));
  }
  b->space = b->base >= VS_AMD_SCRATCH_BASE && b->base < VS_AMD_SCRATCH_BASE + (1ull << 44) ? VS_SPACE_PRIVATE
                                                                                           : VS_SPACE_GLOBAL;
}

/* 1 if the record of `size` bytes of lane l is in range (raw buffers:
 * offset; structured: index) */
int amd_vbuf_in_range(const amd_vbuf *b, unsigned l, unsigned size)
{
  uint64_t index = (b->vi ? b->vi[l] : 0) + (b->add_tid ? l : 0);
  uint64_t offset = (uint64_t)(b->vo ? b->vo[l] : 0) + b->ioff;
  return b->stride == 0 ? offset + size <= (uint64_t)b->nrec : index < b->nrec;
}

/* Device address of byte q of lane l's record (q inside one element) */
vs_addr amd_vbuf_addr(const amd_vbuf *b, unsigned l, unsigned q)
{
  uint64_t index = (b->vi ? b->vi[l] : 0) + (b->add_tid ? l : 0);
  uint64_t o = (uint64_t)(b->vo ? b->vo[l] : 0) + b->ioff + q;
  uint64_t a;
  if (b->swz) {
    uint64_t imsb = index / b->istride, ilsb = index % b->istride;
    a = b->base + b->soff + (imsb * b->stride + (o / b->elem) * b->elem) * b->istride + ilsb * b->elem + o % b->elem;
  } else {
    a = b->base + b->soff + o + index * b->stride;
  }
  return a & ((1ull << VS_ADDR_BITS) - 1);
}

static int mubuf_xfer_d16(vs_warp *w, const vs_dinsn *d, unsigned dwords, ext_kind k, int store, int d16)
{
  const amd_insn *I = amd_i(d);
  if (amd_buf_lds(I)) return amd_unsupported_form(w, d, "the LDS-DMA form (lds)");
  if (amd_buf_tfe(I)) return amd_unsupported_form(w, d, "tfe");
  const amd_operand *data = OP(0);
  amd_vbuf b;
  amd_vbuf_init(w, d, &b, OP(1), OP(2), OP(3));
  unsigned size = k == SZ_B32 ? 4 * dwords : (k <= SZ_I8 ? 1 : 2);
  uint32_t *rows[4];
  for (unsigned q = 0; q < dwords; q++) rows[q] = amd_vrow(w, data->val + q);
  uint64_t m = w->active;
  while (m) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    m &= m - 1;
    uint32_t v[4] = {0, 0, 0, 0};
    if (store)
      for (unsigned q = 0; q < dwords; q++) v[q] = rows[q][l];
    if (store && d16 == D16_HI) v[0] >>= 16;
    if (amd_vbuf_in_range(&b, l, size)) {
      for (unsigned q = 0; q < (k == SZ_B32 ? dwords : 1u); q++) { /* one element (dword) at a time */
        unsigned n = k == SZ_B32 ? 4 : size;
        int rc = access(w, amd_vbuf_addr(&b, l, 4 * q), &v[q], n, store, l, b.space);
        if (rc) return rc;
      }
    }
    if (!store) {
      if (k != SZ_B32) v[0] = extend(v[0], k);
      if (d16) v[0] = d16_merge(rows[0][l], v[0], d16);
      for (unsigned q = 0; q < dwords; q++) rows[q][l] = v[q];
    }
  }
  return amd_next(w, d);
}

static int mubuf_xfer(vs_warp *w, const vs_dinsn *d, unsigned dwords, ext_kind k, int store)
{
  return mubuf_xfer_d16(w, d, dwords, k, store, D16_NO);
}

AMDX(BUFFER_LOAD_UBYTE) { return mubuf_xfer(w, d, 1, SZ_U8, 0); }
AMDX(BUFFER_LOAD_SBYTE) { return mubuf_xfer(w, d, 1, SZ_I8, 0); }
AMDX(BUFFER_LOAD_USHORT) { return mubuf_xfer(w, d, 1, SZ_U16, 0); }
AMDX(BUFFER_LOAD_SSHORT) { return mubuf_xfer(w, d, 1, SZ_I16, 0); }
AMDX(BUFFER_LOAD_DWORD) { return mubuf_xfer(w, d, 1, SZ_B32, 0); }
AMDX(BUFFER_LOAD_DWORDX2) { return mubuf_xfer(w, d, 2, SZ_B32, 0); }
AMDX(BUFFER_LOAD_DWORDX3) { return mubuf_xfer(w, d, 3, SZ_B32, 0); }
AMDX(BUFFER_LOAD_DWORDX4) { return mubuf_xfer(w, d, 4, SZ_B32, 0); }
AMDX(BUFFER_STORE_BYTE) { return mubuf_xfer(w, d, 1, SZ_U8, 1); }
AMDX(BUFFER_STORE_SHORT) { return mubuf_xfer(w, d, 1, SZ_U16, 1); }
AMDX(BUFFER_STORE_DWORD) { return mubuf_xfer(w, d, 1, SZ_B32, 1); }
AMDX(BUFFER_STORE_DWORDX2) { return mubuf_xfer(w, d, 2, SZ_B32, 1); }
AMDX(BUFFER_STORE_DWORDX3) { return mubuf_xfer(w, d, 3, SZ_B32, 1); }
AMDX(BUFFER_STORE_DWORDX4) { return mubuf_xfer(w, d, 4, SZ_B32, 1); }
#define BUF_D16(ID, K, ST, D16) \
  AMDX(ID) { return mubuf_xfer_d16(w, d, 1, K, ST, D16); }
BUF_D16(BUFFER_LOAD_UBYTE_D16, SZ_U8, 0, D16_LO)
BUF_D16(BUFFER_LOAD_UBYTE_D16_HI, SZ_U8, 0, D16_HI)
BUF_D16(BUFFER_LOAD_SBYTE_D16, SZ_I8, 0, D16_LO)
BUF_D16(BUFFER_LOAD_SBYTE_D16_HI, SZ_I8, 0, D16_HI)
BUF_D16(BUFFER_LOAD_SHORT_D16, SZ_U16, 0, D16_LO)
BUF_D16(BUFFER_LOAD_SHORT_D16_HI, SZ_U16, 0, D16_HI)
BUF_D16(BUFFER_STORE_BYTE_D16_HI, SZ_U8, 1, D16_HI)
BUF_D16(BUFFER_STORE_SHORT_D16_HI, SZ_U16, 1, D16_HI)
/* memory-model instructions: every access is already visible */
AMDX(BUFFER_WBINVL1) { return amd_next(w, d); }
AMDX(BUFFER_WBINVL1_VOL) { return amd_next(w, d); }

/* ---- DS: addr, data0, data1 / vdst, addr; w0: offset0[7:0] offset1[15:8] ---- */
static int ds_xfer(vs_warp *w, const vs_dinsn *d, unsigned dwords, int store, int two, unsigned st64)
{
  const amd_insn *I = amd_i(d);
  if (amd_ds_gds(I)) return amd_unsupported_form(w, d, "GDS");
  const amd_operand *addr = store ? OP(0) : OP(1);
  const uint32_t *ad = amd_vrow(w, addr->val);
  unsigned off0 = I->w[0] & 0xff, off1 = (I->w[0] >> 8) & 0xff;
  unsigned esz = 4 * dwords, scale = esz * (st64 ? 64 : 1);
  unsigned nparts = two ? 2 : 1;
  uint32_t *rows[8];
  for (unsigned p = 0; p < nparts; p++)
    for (unsigned q = 0; q < dwords; q++)
      rows[p * dwords + q] = store ? amd_vrow(w, OP(1 + p)->val + q) : amd_vrow(w, OP(0)->val + p * dwords + q);
  uint64_t m = w->active;
  while (m) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    m &= m - 1;
    for (unsigned p = 0; p < nparts; p++) {
      uint64_t o = (uint64_t)ad[l] + (two ? (uint64_t)(p ? off1 : off0) * scale : (uint64_t)(off1 << 8 | off0));
      uint32_t v[4] = {0, 0, 0, 0};
      if (store)
        for (unsigned q = 0; q < dwords; q++) v[q] = rows[p * dwords + q][l];
      int rc = amd_lds_access(w, o, v, esz, store, l);
      if (rc) return rc;
      if (!store)
        for (unsigned q = 0; q < dwords; q++) rows[p * dwords + q][l] = v[q];
    }
  }
  return amd_next(w, d);
}

AMDX(DS_WRITE_B32) { return ds_xfer(w, d, 1, 1, 0, 0); }
AMDX(DS_WRITE_B64) { return ds_xfer(w, d, 2, 1, 0, 0); }
AMDX(DS_WRITE_B96) { return ds_xfer(w, d, 3, 1, 0, 0); }
AMDX(DS_WRITE_B128) { return ds_xfer(w, d, 4, 1, 0, 0); }
AMDX(DS_WRITE2_B32) { return ds_xfer(w, d, 1, 1, 1, 0); }
AMDX(DS_WRITE2ST64_B32) { return ds_xfer(w, d, 1, 1, 1, 1); }
AMDX(DS_WRITE2_B64) { return ds_xfer(w, d, 2, 1, 1, 0); }
AMDX(DS_WRITE2ST64_B64) { return ds_xfer(w, d, 2, 1, 1, 1); }
AMDX(DS_READ_B32) { return ds_xfer(w, d, 1, 0, 0, 0); }
AMDX(DS_READ_B64) { return ds_xfer(w, d, 2, 0, 0, 0); }
AMDX(DS_READ_B96) { return ds_xfer(w, d, 3, 0, 0, 0); }
AMDX(DS_READ_B128) { return ds_xfer(w, d, 4, 0, 0, 0); }
AMDX(DS_READ2_B32) { return ds_xfer(w, d, 1, 0, 1, 0); }
AMDX(DS_READ2ST64_B32) { return ds_xfer(w, d, 1, 0, 1, 1); }
AMDX(DS_READ2_B64) { return ds_xfer(w, d, 2, 0, 1, 0); }
AMDX(DS_READ2ST64_B64) { return ds_xfer(w, d, 2, 0, 1, 1); }

/* The gfx11 (RDNA3) names of these rows: the same semantics
 * (cmake/amdx_table.cmake) */
AMD11_AS(BUFFER_LOAD_B128, BUFFER_LOAD_DWORDX4);
AMD11_AS(BUFFER_LOAD_B32, BUFFER_LOAD_DWORD);
AMD11_AS(BUFFER_LOAD_B64, BUFFER_LOAD_DWORDX2);
AMD11_AS(BUFFER_LOAD_B96, BUFFER_LOAD_DWORDX3);
AMD11_AS(BUFFER_LOAD_D16_B16, BUFFER_LOAD_SHORT_D16);
AMD11_AS(BUFFER_LOAD_D16_HI_B16, BUFFER_LOAD_SHORT_D16_HI);
AMD11_AS(BUFFER_LOAD_D16_HI_I8, BUFFER_LOAD_SBYTE_D16_HI);
AMD11_AS(BUFFER_LOAD_D16_HI_U8, BUFFER_LOAD_UBYTE_D16_HI);
AMD11_AS(BUFFER_LOAD_D16_I8, BUFFER_LOAD_SBYTE_D16);
AMD11_AS(BUFFER_LOAD_D16_U8, BUFFER_LOAD_UBYTE_D16);
AMD11_AS(BUFFER_LOAD_I16, BUFFER_LOAD_SSHORT);
AMD11_AS(BUFFER_LOAD_I8, BUFFER_LOAD_SBYTE);
AMD11_AS(BUFFER_LOAD_U16, BUFFER_LOAD_USHORT);
AMD11_AS(BUFFER_LOAD_U8, BUFFER_LOAD_UBYTE);
AMD11_AS(BUFFER_STORE_B128, BUFFER_STORE_DWORDX4);
AMD11_AS(BUFFER_STORE_B16, BUFFER_STORE_SHORT);
AMD11_AS(BUFFER_STORE_B32, BUFFER_STORE_DWORD);
AMD11_AS(BUFFER_STORE_B64, BUFFER_STORE_DWORDX2);
AMD11_AS(BUFFER_STORE_B8, BUFFER_STORE_BYTE);
AMD11_AS(BUFFER_STORE_B96, BUFFER_STORE_DWORDX3);
AMD11_AS(BUFFER_STORE_D16_HI_B16, BUFFER_STORE_SHORT_D16_HI);
AMD11_AS(BUFFER_STORE_D16_HI_B8, BUFFER_STORE_BYTE_D16_HI);
AMD11_AS(DS_LOAD_2ADDR_B32, DS_READ2_B32);
AMD11_AS(DS_LOAD_2ADDR_B64, DS_READ2_B64);
AMD11_AS(DS_LOAD_2ADDR_STRIDE64_B32, DS_READ2ST64_B32);
AMD11_AS(DS_LOAD_2ADDR_STRIDE64_B64, DS_READ2ST64_B64);
AMD11_AS(DS_LOAD_B128, DS_READ_B128);
AMD11_AS(DS_LOAD_B32, DS_READ_B32);
AMD11_AS(DS_LOAD_B64, DS_READ_B64);
AMD11_AS(DS_LOAD_B96, DS_READ_B96);
AMD11_AS(DS_STORE_2ADDR_B32, DS_WRITE2_B32);
AMD11_AS(DS_STORE_2ADDR_B64, DS_WRITE2_B64);
AMD11_AS(DS_STORE_2ADDR_STRIDE64_B32, DS_WRITE2ST64_B32);
AMD11_AS(DS_STORE_2ADDR_STRIDE64_B64, DS_WRITE2ST64_B64);
AMD11_AS(DS_STORE_B128, DS_WRITE_B128);
AMD11_AS(DS_STORE_B32, DS_WRITE_B32);
AMD11_AS(DS_STORE_B64, DS_WRITE_B64);
AMD11_AS(DS_STORE_B96, DS_WRITE_B96);
AMD11_AS(FLAT_LOAD_B128, FLAT_LOAD_DWORDX4);
AMD11_AS(FLAT_LOAD_B32, FLAT_LOAD_DWORD);
AMD11_AS(FLAT_LOAD_B64, FLAT_LOAD_DWORDX2);
AMD11_AS(FLAT_LOAD_B96, FLAT_LOAD_DWORDX3);
AMD11_AS(FLAT_LOAD_D16_B16, FLAT_LOAD_SHORT_D16);
AMD11_AS(FLAT_LOAD_D16_HI_B16, FLAT_LOAD_SHORT_D16_HI);
AMD11_AS(FLAT_LOAD_D16_HI_I8, FLAT_LOAD_SBYTE_D16_HI);
AMD11_AS(FLAT_LOAD_D16_HI_U8, FLAT_LOAD_UBYTE_D16_HI);
AMD11_AS(FLAT_LOAD_D16_I8, FLAT_LOAD_SBYTE_D16);
AMD11_AS(FLAT_LOAD_D16_U8, FLAT_LOAD_UBYTE_D16);
AMD11_AS(FLAT_LOAD_I16, FLAT_LOAD_SSHORT);
AMD11_AS(FLAT_LOAD_I8, FLAT_LOAD_SBYTE);
AMD11_AS(FLAT_LOAD_U16, FLAT_LOAD_USHORT);
AMD11_AS(FLAT_LOAD_U8, FLAT_LOAD_UBYTE);
AMD11_AS(FLAT_STORE_B128, FLAT_STORE_DWORDX4);
AMD11_AS(FLAT_STORE_B16, FLAT_STORE_SHORT);
AMD11_AS(FLAT_STORE_B32, FLAT_STORE_DWORD);
AMD11_AS(FLAT_STORE_B64, FLAT_STORE_DWORDX2);
AMD11_AS(FLAT_STORE_B8, FLAT_STORE_BYTE);
AMD11_AS(FLAT_STORE_B96, FLAT_STORE_DWORDX3);
AMD11_AS(FLAT_STORE_D16_HI_B16, FLAT_STORE_SHORT_D16_HI);
AMD11_AS(FLAT_STORE_D16_HI_B8, FLAT_STORE_BYTE_D16_HI);
AMD11_AS(GLOBAL_LOAD_B128, GLOBAL_LOAD_DWORDX4);
AMD11_AS(GLOBAL_LOAD_B32, GLOBAL_LOAD_DWORD);
AMD11_AS(GLOBAL_LOAD_B64, GLOBAL_LOAD_DWORDX2);
AMD11_AS(GLOBAL_LOAD_B96, GLOBAL_LOAD_DWORDX3);
AMD11_AS(GLOBAL_LOAD_D16_B16, GLOBAL_LOAD_SHORT_D16);
AMD11_AS(GLOBAL_LOAD_D16_HI_B16, GLOBAL_LOAD_SHORT_D16_HI);
AMD11_AS(GLOBAL_LOAD_D16_HI_I8, GLOBAL_LOAD_SBYTE_D16_HI);
AMD11_AS(GLOBAL_LOAD_D16_HI_U8, GLOBAL_LOAD_UBYTE_D16_HI);
AMD11_AS(GLOBAL_LOAD_D16_I8, GLOBAL_LOAD_SBYTE_D16);
AMD11_AS(GLOBAL_LOAD_D16_U8, GLOBAL_LOAD_UBYTE_D16);
AMD11_AS(GLOBAL_LOAD_I16, GLOBAL_LOAD_SSHORT);
AMD11_AS(GLOBAL_LOAD_I8, GLOBAL_LOAD_SBYTE);
AMD11_AS(GLOBAL_LOAD_U16, GLOBAL_LOAD_USHORT);
AMD11_AS(GLOBAL_LOAD_U8, GLOBAL_LOAD_UBYTE);
AMD11_AS(GLOBAL_STORE_B128, GLOBAL_STORE_DWORDX4);
AMD11_AS(GLOBAL_STORE_B16, GLOBAL_STORE_SHORT);
AMD11_AS(GLOBAL_STORE_B32, GLOBAL_STORE_DWORD);
AMD11_AS(GLOBAL_STORE_B64, GLOBAL_STORE_DWORDX2);
AMD11_AS(GLOBAL_STORE_B8, GLOBAL_STORE_BYTE);
AMD11_AS(GLOBAL_STORE_B96, GLOBAL_STORE_DWORDX3);
AMD11_AS(GLOBAL_STORE_D16_HI_B16, GLOBAL_STORE_SHORT_D16_HI);
AMD11_AS(GLOBAL_STORE_D16_HI_B8, GLOBAL_STORE_BYTE_D16_HI);
AMD11_AS(SCRATCH_LOAD_B128, SCRATCH_LOAD_DWORDX4);
AMD11_AS(SCRATCH_LOAD_B32, SCRATCH_LOAD_DWORD);
AMD11_AS(SCRATCH_LOAD_B64, SCRATCH_LOAD_DWORDX2);
AMD11_AS(SCRATCH_LOAD_B96, SCRATCH_LOAD_DWORDX3);
AMD11_AS(SCRATCH_LOAD_D16_B16, SCRATCH_LOAD_SHORT_D16);
AMD11_AS(SCRATCH_LOAD_D16_HI_B16, SCRATCH_LOAD_SHORT_D16_HI);
AMD11_AS(SCRATCH_LOAD_D16_HI_I8, SCRATCH_LOAD_SBYTE_D16_HI);
AMD11_AS(SCRATCH_LOAD_D16_HI_U8, SCRATCH_LOAD_UBYTE_D16_HI);
AMD11_AS(SCRATCH_LOAD_D16_I8, SCRATCH_LOAD_SBYTE_D16);
AMD11_AS(SCRATCH_LOAD_D16_U8, SCRATCH_LOAD_UBYTE_D16);
AMD11_AS(SCRATCH_LOAD_I16, SCRATCH_LOAD_SSHORT);
AMD11_AS(SCRATCH_LOAD_I8, SCRATCH_LOAD_SBYTE);
AMD11_AS(SCRATCH_LOAD_U16, SCRATCH_LOAD_USHORT);
AMD11_AS(SCRATCH_LOAD_U8, SCRATCH_LOAD_UBYTE);
AMD11_AS(SCRATCH_STORE_B128, SCRATCH_STORE_DWORDX4);
AMD11_AS(SCRATCH_STORE_B16, SCRATCH_STORE_SHORT);
AMD11_AS(SCRATCH_STORE_B32, SCRATCH_STORE_DWORD);
AMD11_AS(SCRATCH_STORE_B64, SCRATCH_STORE_DWORDX2);
AMD11_AS(SCRATCH_STORE_B8, SCRATCH_STORE_BYTE);
AMD11_AS(SCRATCH_STORE_B96, SCRATCH_STORE_DWORDX3);
AMD11_AS(SCRATCH_STORE_D16_HI_B16, SCRATCH_STORE_SHORT_D16_HI);
AMD11_AS(SCRATCH_STORE_D16_HI_B8, SCRATCH_STORE_BYTE_D16_HI);
