/* AMD HSA code-object reader (codeobj.h): libelf for the ELF64 container,
 * msgpack-c for the NT_AMDGPU_METADATA note. */
#include <gelf.h>
#include <libelf.h>
#include <msgpack.h>
#include <stdarg.h>
#include <stdio.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "isa/amdgpu/codeobj.h"

#ifndef EM_AMDGPU
#define EM_AMDGPU 224
#endif
#define ELFOSABI_AMDGPU_HSA 64
#define NT_AMDGPU_METADATA 32

/* ---- targets ---- */

static const struct { unsigned mach; const char *name; } machs[] = {
  {0x020, "gfx600"},  {0x021, "gfx601"},  {0x03a, "gfx602"},  {0x022, "gfx700"},  {0x023, "gfx701"},
  {0x024, "gfx702"},  {0x025, "gfx703"},  {0x026, "gfx704"},  {0x03b, "gfx705"},  {0x028, "gfx801"},
  {0x029, "gfx802"},  {0x02a, "gfx803"},  {0x03c, "gfx805"},  {0x02b, "gfx810"},  {0x02c, "gfx900"},
  {0x02d, "gfx902"},  {0x02e, "gfx904"},  {0x02f, "gfx906"},  {0x030, "gfx908"},  {0x031, "gfx909"},
  {0x03f, "gfx90a"},  {0x032, "gfx90c"},  {0x040, "gfx940"},  {0x04b, "gfx941"},  {0x04c, "gfx942"},
  {0x033, "gfx1010"}, {0x034, "gfx1011"}, {0x035, "gfx1012"}, {0x042, "gfx1013"}, {0x036, "gfx1030"},
  {0x037, "gfx1031"}, {0x038, "gfx1032"}, {0x039, "gfx1033"}, {0x03e, "gfx1034"}, {0x03d, "gfx1035"},
  {0x045, "gfx1036"}, {0x041, "gfx1100"}, {0x046, "gfx1101"}, {0x047, "gfx1102"}, {0x044, "gfx1103"},
  {0x043, "gfx1150"}, {0x04a, "gfx1151"}, {0x055, "gfx1152"}, {0x048, "gfx1200"}, {0x04e, "gfx1201"},
};

const char *vs_codeobj_mach_name(unsigned mach)
{
  for (size_t i = 0; i < sizeof machs / sizeof machs[0]; i++)
    if (machs[i].mach == mach) return machs[i].name;
  return NULL;
}

unsigned vs_codeobj_mach_of(const char *processor)
{
  if (!processor) return 0;
  for (size_t i = 0; i < sizeof machs / sizeof machs[0]; i++)
    if (!strcmp(machs[i].name, processor)) return machs[i].mach;
  return 0;
}

static unsigned gfx_major(const char *p)
{
  if (!p || strncmp(p, "gfx", 3)) return 0;
  size_t n = strlen(p + 3);
  /* gfx900..gfx90c: major = all but the last two characters */
  if (n < 3) return 0;
  unsigned v = 0;
  for (size_t i = 0; i + 2 < n; i++) {
    char c = p[3 + i];
    if (c < '0' || c > '9') return 0;
    v = v * 10 + (unsigned)(c - '0');
  }
  return v;
}

/* ---- kernel descriptor ---- */

static uint32_t rd32(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p)
{
  return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

#define BITS(v, lo, hi) (((v) >> (lo)) & ((1u << ((hi) - (lo) + 1)) - 1u))

void vs_codeobj_decode_kd(const uint8_t kd[64], vs_co_kd *o)
{
  memset(o, 0, sizeof *o);
  o->group_segment_fixed_size = rd32(kd + 0x00);
  o->private_segment_fixed_size = rd32(kd + 0x04);
  o->kernarg_size = rd32(kd + 0x08);
  o->kernel_code_entry_byte_offset = (int64_t)rd64(kd + 0x10);
  o->rsrc3 = rd32(kd + 0x2c);
  o->rsrc1 = rd32(kd + 0x30);
  o->rsrc2 = rd32(kd + 0x34);
  o->code_properties = (uint16_t)(kd[0x38] | kd[0x39] << 8);
  o->kernarg_preload = (uint16_t)(kd[0x3a] | kd[0x3b] << 8);
  uint32_t r1 = o->rsrc1, r2 = o->rsrc2, cp = o->code_properties;
  o->granulated_vgprs = BITS(r1, 0, 5);
  o->granulated_sgprs = BITS(r1, 6, 9);
  o->float_round_mode_32 = BITS(r1, 12, 13);
  o->float_round_mode_16_64 = BITS(r1, 14, 15);
  o->float_denorm_mode_32 = BITS(r1, 16, 17);
  o->float_denorm_mode_16_64 = BITS(r1, 18, 19);
  o->dx10_clamp = BITS(r1, 21, 21);
  o->ieee_mode = BITS(r1, 23, 23);
  o->fp16_overflow = BITS(r1, 26, 26);
  o->wgp_mode = BITS(r1, 29, 29);
  o->mem_ordered = BITS(r1, 30, 30);
  o->fwd_progress = BITS(r1, 31, 31);
  o->enable_private_segment = BITS(r2, 0, 0);
  o->user_sgpr_count = BITS(r2, 1, 5);
  o->enable_trap_handler = BITS(r2, 6, 6);
  for (int i = 0; i < 3; i++) o->enable_wg_id[i] = (int)BITS(r2, 7 + i, 7 + i);
  o->enable_wg_info = BITS(r2, 10, 10);
  o->enable_vgpr_workitem_id = BITS(r2, 11, 12);
  o->lds_size_field = BITS(r2, 15, 23);
  o->exception_enables = BITS(r2, 24, 30);
  o->user_sgpr_private_segment_buffer = BITS(cp, 0, 0);
  o->user_sgpr_dispatch_ptr = BITS(cp, 1, 1);
  o->user_sgpr_queue_ptr = BITS(cp, 2, 2);
  o->user_sgpr_kernarg_segment_ptr = BITS(cp, 3, 3);
  o->user_sgpr_dispatch_id = BITS(cp, 4, 4);
  o->user_sgpr_flat_scratch_init = BITS(cp, 5, 5);
  o->user_sgpr_private_segment_size = BITS(cp, 6, 6);
  o->wavefront_size32 = BITS(cp, 10, 10);
  o->uses_dynamic_stack = BITS(cp, 11, 11);
}

/* ---- owned storage ---- */

static void *own(vs_codeobj *co, void *p, vs_error *err)
{
  if (!p) return NULL;
  if (co->nowned == co->capowned) {
    size_t nc = co->capowned ? co->capowned * 2 : 64;
    void **n = vs_realloc(co->owned, nc * sizeof *n, err);
    if (!n) {
      free(p);
      return NULL;
    }
    co->owned = n;
    co->capowned = nc;
  }
  co->owned[co->nowned++] = p;
  return p;
}

static char *own_str(vs_codeobj *co, const char *s, size_t n, vs_error *err)
{
  char *p = vs_malloc(n + 1, err);
  if (!p) return NULL;
  memcpy(p, s, n);
  p[n] = '\0';
  return own(co, p, err);
}

void vs_codeobj_free(vs_codeobj *co)
{
  if (!co) return;
  for (size_t i = 0; i < co->nowned; i++) free(co->owned[i]);
  free(co->owned);
  free(co->file);
  free(co);
}

/* ---- metadata ---- */

typedef struct mp_ctx {
  vs_codeobj *co;
  const char *name;
  vs_error *err;
} mp_ctx;

static int mp_fail(mp_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int mp_fail(mp_ctx *c, const char *fmt, ...)
{
  char m[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m, sizeof m, fmt, ap);
  va_end(ap);
  return vs_error_set(c->err, VS_E_FORMAT, "%s: NT_AMDGPU_METADATA note: %s", c->name, m);
}

static int key_is(const msgpack_object *k, const char *s)
{
  size_t n = strlen(s);
  return k->type == MSGPACK_OBJECT_STR && k->via.str.size == n && !memcmp(k->via.str.ptr, s, n);
}

static int get_u32(const msgpack_object *v, uint32_t *out)
{
  if (v->type != MSGPACK_OBJECT_POSITIVE_INTEGER || v->via.u64 > UINT32_MAX) return -1;
  *out = (uint32_t)v->via.u64;
  return 0;
}

static int get_bool(const msgpack_object *v, int *out)
{
  if (v->type == MSGPACK_OBJECT_POSITIVE_INTEGER && v->via.u64 <= 1) { /* .workgroup_processor_mode: 1 */
    *out = (int)v->via.u64;
    return 0;
  }
  if (v->type != MSGPACK_OBJECT_BOOLEAN) return -1;
  *out = v->via.boolean;
  return 0;
}

static int get_str(mp_ctx *c, const msgpack_object *v, const char **out)
{
  if (v->type != MSGPACK_OBJECT_STR) return -1;
  *out = own_str(c->co, v->via.str.ptr, v->via.str.size, c->err);
  return *out ? 0 : -2;
}

static int get_u32_array(const msgpack_object *v, uint32_t *out, uint32_t n)
{
  if (v->type != MSGPACK_OBJECT_ARRAY || v->via.array.size != n) return -1;
  for (uint32_t i = 0; i < n; i++)
    if (get_u32(&v->via.array.ptr[i], &out[i])) return -1;
  return 0;
}

static const struct { const char *s; vs_co_value_kind k; } kinds[] = {
  {"by_value", VS_CO_ARG_BY_VALUE}, {"global_buffer", VS_CO_ARG_GLOBAL_BUFFER},
  {"dynamic_shared_pointer", VS_CO_ARG_DYNAMIC_SHARED_POINTER}, {"sampler", VS_CO_ARG_SAMPLER},
  {"image", VS_CO_ARG_IMAGE}, {"pipe", VS_CO_ARG_PIPE}, {"queue", VS_CO_ARG_QUEUE},
};

static const struct { const char *s; vs_co_addr_space a; } spaces[] = {
  {"private", VS_CO_AS_PRIVATE}, {"global", VS_CO_AS_GLOBAL}, {"constant", VS_CO_AS_CONSTANT},
  {"local", VS_CO_AS_LOCAL}, {"generic", VS_CO_AS_GENERIC}, {"region", VS_CO_AS_REGION},
};

/* A failed getter: -2 is out of memory (already reported), -1 a bad type */
#define MP_TRY(call, what)                                                         \
  do {                                                                             \
    int r_ = (call);                                                               \
    if (r_ == -2) return -1;                                                       \
    if (r_) return mp_fail(c, "kernel '%s': %s has the wrong type", kn, what); \
  } while (0)

static int parse_arg(mp_ctx *c, const msgpack_object *m, vs_co_arg *a, const char *kn)
{
  if (m->type != MSGPACK_OBJECT_MAP) return mp_fail(c, "kernel '%s': an entry of .args is not a map", kn);
  int have_off = 0, have_size = 0;
  for (uint32_t i = 0; i < m->via.map.size; i++) {
    const msgpack_object *k = &m->via.map.ptr[i].key, *v = &m->via.map.ptr[i].val;
    if (key_is(k, ".name")) MP_TRY(get_str(c, v, &a->name), ".name");
    else if (key_is(k, ".type_name")) MP_TRY(get_str(c, v, &a->type_name), ".type_name");
    else if (key_is(k, ".offset")) { MP_TRY(get_u32(v, &a->offset), ".offset"); have_off = 1; }
    else if (key_is(k, ".size")) { MP_TRY(get_u32(v, &a->size), ".size"); have_size = 1; }
    else if (key_is(k, ".pointee_align")) MP_TRY(get_u32(v, &a->pointee_align), ".pointee_align");
    else if (key_is(k, ".is_const")) MP_TRY(get_bool(v, &a->is_const), ".is_const");
    else if (key_is(k, ".is_restrict")) MP_TRY(get_bool(v, &a->is_restrict), ".is_restrict");
    else if (key_is(k, ".is_volatile")) MP_TRY(get_bool(v, &a->is_volatile), ".is_volatile");
    else if (key_is(k, ".is_pipe")) MP_TRY(get_bool(v, &a->is_pipe), ".is_pipe");
    else if (key_is(k, ".access") || (key_is(k, ".actual_access") && !a->access))
      MP_TRY(get_str(c, v, &a->access), ".access");
    else if (key_is(k, ".value_kind")) {
      MP_TRY(get_str(c, v, &a->value_kind), ".value_kind");
      a->kind = VS_CO_ARG_OTHER;
      if (!strncmp(a->value_kind, "hidden_", 7)) a->kind = VS_CO_ARG_HIDDEN;
      for (size_t j = 0; j < sizeof kinds / sizeof kinds[0]; j++)
        if (!strcmp(a->value_kind, kinds[j].s)) a->kind = kinds[j].k;
    } else if (key_is(k, ".address_space")) {
      const char *s = NULL;
      MP_TRY(get_str(c, v, &s), ".address_space");
      for (size_t j = 0; j < sizeof spaces / sizeof spaces[0]; j++)
        if (!strcmp(s, spaces[j].s)) a->address_space = spaces[j].a;
      if (a->address_space == VS_CO_AS_NONE)
        return mp_fail(c, "kernel '%s': unknown .address_space '%s'", kn, s);
    }
  }
  if (!a->value_kind || !have_off || !have_size)
    return mp_fail(c, "kernel '%s': an argument lacks .value_kind, .offset or .size", kn);
  return 0;
}

static int parse_kernel(mp_ctx *c, const msgpack_object *m, vs_co_kernel *k)
{
  const char *kn = "?";
  if (m->type != MSGPACK_OBJECT_MAP) return mp_fail(c, "an entry of amdhsa.kernels is not a map");
  /* the name first, for messages */
  for (uint32_t i = 0; i < m->via.map.size; i++)
    if (key_is(&m->via.map.ptr[i].key, ".name")) MP_TRY(get_str(c, &m->via.map.ptr[i].val, &k->name), ".name");
  if (!k->name) return mp_fail(c, "a kernel has no .name");
  kn = k->name;
  const msgpack_object *args = NULL;
  for (uint32_t i = 0; i < m->via.map.size; i++) {
    const msgpack_object *key = &m->via.map.ptr[i].key, *v = &m->via.map.ptr[i].val;
    if (key_is(key, ".symbol")) MP_TRY(get_str(c, v, &k->symbol), ".symbol");
    else if (key_is(key, ".language")) MP_TRY(get_str(c, v, &k->language), ".language");
    else if (key_is(key, ".language_version")) MP_TRY(get_u32_array(v, k->language_version, 2), ".language_version");
    else if (key_is(key, ".kernarg_segment_size")) MP_TRY(get_u32(v, &k->kernarg_segment_size), ".kernarg_segment_size");
    else if (key_is(key, ".kernarg_segment_align")) MP_TRY(get_u32(v, &k->kernarg_segment_align), ".kernarg_segment_align");
    else if (key_is(key, ".group_segment_fixed_size")) MP_TRY(get_u32(v, &k->group_segment_fixed_size), ".group_segment_fixed_size");
    else if (key_is(key, ".private_segment_fixed_size")) MP_TRY(get_u32(v, &k->private_segment_fixed_size), ".private_segment_fixed_size");
    else if (key_is(key, ".sgpr_count")) MP_TRY(get_u32(v, &k->sgpr_count), ".sgpr_count");
    else if (key_is(key, ".vgpr_count")) MP_TRY(get_u32(v, &k->vgpr_count), ".vgpr_count");
    else if (key_is(key, ".sgpr_spill_count")) MP_TRY(get_u32(v, &k->sgpr_spill_count), ".sgpr_spill_count");
    else if (key_is(key, ".vgpr_spill_count")) MP_TRY(get_u32(v, &k->vgpr_spill_count), ".vgpr_spill_count");
    else if (key_is(key, ".wavefront_size")) MP_TRY(get_u32(v, &k->wavefront_size), ".wavefront_size");
    else if (key_is(key, ".max_flat_workgroup_size")) MP_TRY(get_u32(v, &k->max_flat_workgroup_size), ".max_flat_workgroup_size");
    else if (key_is(key, ".reqd_workgroup_size")) MP_TRY(get_u32_array(v, k->reqd_workgroup_size, 3), ".reqd_workgroup_size");
    else if (key_is(key, ".workgroup_size_hint")) MP_TRY(get_u32_array(v, k->workgroup_size_hint, 3), ".workgroup_size_hint");
    else if (key_is(key, ".vec_type_hint")) MP_TRY(get_str(c, v, &k->vec_type_hint), ".vec_type_hint");
    else if (key_is(key, ".uses_dynamic_stack")) MP_TRY(get_bool(v, &k->uses_dynamic_stack), ".uses_dynamic_stack");
    else if (key_is(key, ".workgroup_processor_mode")) MP_TRY(get_bool(v, &k->workgroup_processor_mode), ".workgroup_processor_mode");
    else if (key_is(key, ".args")) {
      if (v->type != MSGPACK_OBJECT_ARRAY) return mp_fail(c, "kernel '%s': .args is not an array", kn);
      args = v;
    }
  }
  if (!k->symbol) return mp_fail(c, "kernel '%s' has no .symbol", kn);
  if (!k->wavefront_size) return mp_fail(c, "kernel '%s' has no .wavefront_size", kn);
  if (k->wavefront_size != 32 && k->wavefront_size != 64)
    return mp_fail(c, "kernel '%s': .wavefront_size is not 32 or 64", kn);
  if (!k->max_flat_workgroup_size) return mp_fail(c, "kernel '%s' has no .max_flat_workgroup_size", kn);
  if (args && args->via.array.size) {
    k->nargs = args->via.array.size;
    k->args = own(c->co, vs_calloc(k->nargs, sizeof *k->args, c->err), c->err);
    if (!k->args) return -1;
    k->nexplicit = k->nargs;
    for (size_t i = 0; i < k->nargs; i++) {
      if (parse_arg(c, &args->via.array.ptr[i], &k->args[i], kn)) return -1;
      if (k->args[i].kind == VS_CO_ARG_HIDDEN && k->nexplicit == k->nargs) k->nexplicit = i;
      if ((uint64_t)k->args[i].offset + k->args[i].size > k->kernarg_segment_size)
        return mp_fail(c, "kernel '%s': an argument lies outside .kernarg_segment_size", kn);
    }
  }
  return 0;
}

/* LLVM writes the format of an amdhsa.printf entry C-escaped: ':' (the
 * field separator) as "\72", a newline as "\n" and so on.  Undone in
 * place (the text only gets shorter). */
static void unescape_c(char *s)
{
  char *o = s;
  while (*s) {
    if (*s != '\\' || !s[1]) {
      *o++ = *s++;
      continue;
    }
    s++;
    static const char from[] = "ntrabfv\\\"'?", to[] = "\n\t\r\a\b\f\v\\\"'?";
    const char *k = strchr(from, *s);
    if (*s >= '0' && *s <= '7') {
      unsigned v = 0;
      for (int i = 0; i < 3 && *s >= '0' && *s <= '7'; i++) v = v * 8 + (unsigned)(*s++ - '0');
      *o++ = (char)v;
    } else if (*s == 'x' && isxdigit((unsigned char)s[1])) {
      unsigned v = 0;
      for (s++; isxdigit((unsigned char)*s); s++) v = v * 16 + (unsigned)(isdigit((unsigned char)*s) ? *s - '0' : (*s | 32) - 'a' + 10);
      *o++ = (char)v;
    } else if (k) {
      *o++ = to[k - from];
      s++;
    } else { /* an unknown escape stays as it was */
      *o++ = '\\';
      *o++ = *s++;
    }
  }
  *o = 0;
}

static int parse_printf(mp_ctx *c, const msgpack_object *v, vs_co_printf *p)
{
  if (v->type != MSGPACK_OBJECT_STR) return mp_fail(c, "an amdhsa.printf entry is not a string");
  const char *s = own_str(c->co, v->via.str.ptr, v->via.str.size, c->err);
  if (!s) return -1;
  /* ID:N:S0:...:S(N-1):FORMAT; the format may contain ':' */
  const char *q = s;
  uint64_t f[2];
  for (int i = 0; i < 2; i++) {
    char *e = NULL;
    if (*q < '0' || *q > '9') return mp_fail(c, "malformed amdhsa.printf entry '%s'", s);
    f[i] = strtoull(q, &e, 10);
    if (*e != ':' || f[i] > UINT32_MAX) return mp_fail(c, "malformed amdhsa.printf entry '%s'", s);
    q = e + 1;
  }
  p->id = (uint32_t)f[0];
  p->nargs = (uint32_t)f[1];
  if (p->nargs > 4096) return mp_fail(c, "amdhsa.printf entry '%s' has too many arguments", s);
  if (p->nargs) {
    p->arg_sizes = own(c->co, vs_calloc(p->nargs, sizeof *p->arg_sizes, c->err), c->err);
    if (!p->arg_sizes) return -1;
  }
  for (uint32_t i = 0; i < p->nargs; i++) {
    char *e = NULL;
    if (*q < '0' || *q > '9') return mp_fail(c, "malformed amdhsa.printf entry '%s'", s);
    unsigned long long sz = strtoull(q, &e, 10);
    if (*e != ':' || sz == 0 || sz > 1024) return mp_fail(c, "malformed amdhsa.printf entry '%s'", s);
    p->arg_sizes[i] = (uint32_t)sz;
    q = e + 1;
  }
  unescape_c((char *)(uintptr_t)q); /* our own copy of the string */
  p->format = q;
  return 0;
}

/* Walks one msgpack object without building it: every length and element
 * count must fit in the bytes that remain.  msgpack-c would otherwise try to
 * allocate what a corrupt count claims (gigabytes) before noticing. */
static int msgpack_sane(const uint8_t *p, size_t len)
{
  size_t pos = 0;
  uint64_t pending = 1;
  while (pending) {
    if (pos >= len) return 0;
    uint8_t t = p[pos++];
    uint64_t skip = 0, items = 0;
    size_t hdr = 0;
    if (t == 0xc1) return 0; /* never used */
    if (t <= 0x7f || t >= 0xe0 || t == 0xc0 || t == 0xc2 || t == 0xc3) { /* fixint, nil, bool */
    } else if (t >= 0x80 && t <= 0x8f) items = 2u * (t & 15u);
    else if (t >= 0x90 && t <= 0x9f) items = t & 15u;
    else if (t >= 0xa0 && t <= 0xbf) skip = t & 31u;
    else if (t == 0xcc || t == 0xd0) skip = 1;
    else if (t == 0xcd || t == 0xd1) skip = 2;
    else if (t == 0xce || t == 0xd2 || t == 0xca) skip = 4;
    else if (t == 0xcf || t == 0xd3 || t == 0xcb) skip = 8;
    else if (t >= 0xd4 && t <= 0xd8) skip = 1 + (1u << (t - 0xd4)); /* fixext: type + data */
    else {
      hdr = (t == 0xc4 || t == 0xc7 || t == 0xd9) ? 1 : (t == 0xc5 || t == 0xc8 || t == 0xda || t == 0xdc || t == 0xde) ? 2 : 4;
      if (len - pos < hdr) return 0;
      uint64_t n = 0;
      for (size_t i = 0; i < hdr; i++) n = n << 8 | p[pos + i];
      pos += hdr;
      if (t == 0xdc || t == 0xdd) items = n;
      else if (t == 0xde || t == 0xdf) items = 2 * n;
      else skip = n + ((t >= 0xc7 && t <= 0xc9) ? 1 : 0); /* ext: + its type byte */
    }
    if (skip > len - pos || items > len - pos) return 0;
    pos += (size_t)skip;
    pending += items;
    pending--;
  }
  return 1;
}

static int parse_metadata(vs_codeobj *co, const char *desc, size_t len, const char *name, vs_error *err)
{
  mp_ctx c = {co, name, err};
  msgpack_unpacked u;
  msgpack_unpacked_init(&u);
  size_t off = 0;
  int rc = 0;
  if (!msgpack_sane((const uint8_t *)desc, len) || msgpack_unpack_next(&u, desc, len, &off) != MSGPACK_UNPACK_SUCCESS) {
    rc = mp_fail(&c, "the payload is not valid msgpack");
    goto out;
  }
  const msgpack_object *root = &u.data;
  if (root->type != MSGPACK_OBJECT_MAP) {
    rc = mp_fail(&c, "the payload is not a map");
    goto out;
  }
  const msgpack_object *kernels = NULL, *printfs = NULL;
  int have_version = 0;
  for (uint32_t i = 0; i < root->via.map.size && rc == 0; i++) {
    const msgpack_object *k = &root->via.map.ptr[i].key, *v = &root->via.map.ptr[i].val;
    if (key_is(k, "amdhsa.kernels")) kernels = v;
    else if (key_is(k, "amdhsa.printf")) printfs = v;
    else if (key_is(k, "amdhsa.target")) {
      int r = get_str(&c, v, &co->target);
      if (r) rc = r == -2 ? -1 : mp_fail(&c, "amdhsa.target is not a string");
    } else if (key_is(k, "amdhsa.version")) {
      if (get_u32_array(v, co->version, 2)) rc = mp_fail(&c, "amdhsa.version is not two integers");
      have_version = 1;
    }
  }
  if (rc) goto out;
  if (!have_version || !kernels) {
    rc = mp_fail(&c, "amdhsa.version or amdhsa.kernels is missing (not a code object of version 3 or later)");
    goto out;
  }
  if (kernels->type != MSGPACK_OBJECT_ARRAY) {
    rc = mp_fail(&c, "amdhsa.kernels is not an array");
    goto out;
  }
  if (kernels->via.array.size) {
    co->nkernels = kernels->via.array.size;
    co->kernels = own(co, vs_calloc(co->nkernels, sizeof *co->kernels, err), err);
    if (!co->kernels) {
      rc = -1;
      goto out;
    }
    for (size_t i = 0; i < co->nkernels && rc == 0; i++) rc = parse_kernel(&c, &kernels->via.array.ptr[i], &co->kernels[i]);
  }
  if (rc == 0 && printfs) {
    if (printfs->type != MSGPACK_OBJECT_ARRAY) {
      rc = mp_fail(&c, "amdhsa.printf is not an array");
    } else if (printfs->via.array.size) {
      co->nprintfs = printfs->via.array.size;
      co->printfs = own(co, vs_calloc(co->nprintfs, sizeof *co->printfs, err), err);
      if (!co->printfs) rc = -1;
      for (size_t i = 0; i < co->nprintfs && rc == 0; i++) rc = parse_printf(&c, &printfs->via.array.ptr[i], &co->printfs[i]);
    }
  }
out:
  msgpack_unpacked_destroy(&u);
  return rc;
}

/* ---- ELF ---- */

static int fail(Elf *elf, vs_codeobj *co, vs_error *err, const char *name, const char *what)
{
  if (err) vs_error_set(err, VS_E_FORMAT, "%s: %s", name, what);
  if (elf) elf_end(elf);
  vs_codeobj_free(co);
  return -1;
}

static int in_file(const vs_codeobj *co, uint64_t off, uint64_t size)
{
  return off <= co->file_len && size <= co->file_len - off;
}

/* The virtual address range [a, a+n) within one PT_LOAD segment's file bytes */
static const uint8_t *at_vaddr(const vs_codeobj *co, uint64_t a, uint64_t n)
{
  for (size_t i = 0; i < co->nsegments; i++) {
    const vs_co_segment *s = &co->segments[i];
    if (a >= s->vaddr && a - s->vaddr <= s->filesz && n <= s->filesz - (a - s->vaddr)) return s->data + (a - s->vaddr);
  }
  return NULL;
}

static int read_symbols(Elf *elf, vs_codeobj *co, Elf_Scn *scn, const GElf_Shdr *sh, vs_error *err)
{
  Elf_Data *d = elf_getdata(scn, NULL);
  if (!d || sh->sh_entsize == 0) return -1;
  size_t n = sh->sh_size / sh->sh_entsize;
  if (n == 0) return 0;
  co->symbols = own(co, vs_calloc(n, sizeof *co->symbols, err), err);
  if (!co->symbols) return -2;
  for (size_t i = 0; i < n; i++) {
    GElf_Sym s;
    if (!gelf_getsym(d, (int)i, &s)) return -1;
    const char *nm = elf_strptr(elf, sh->sh_link, s.st_name);
    if (!nm) return -1;
    vs_co_symbol *o = &co->symbols[co->nsymbols++];
    if (!(o->name = own_str(co, nm, strlen(nm), err))) return -2;
    o->value = s.st_value;
    o->size = s.st_size;
    o->type = (uint8_t)GELF_ST_TYPE(s.st_info);
    o->bind = (uint8_t)GELF_ST_BIND(s.st_info);
    o->shndx = s.st_shndx;
  }
  return 0;
}

int vs_codeobj_read(const void *data, size_t len, const char *name, vs_codeobj **out, vs_error *err)
{
  *out = NULL;
  if (!name) name = "code object";
  if (!data) return vs_error_set(err, VS_E_USAGE, "%s: no data", name);
  if (elf_version(EV_CURRENT) == EV_NONE) return vs_error_set(err, VS_E_FORMAT, "%s: libelf initialisation failed", name);
  vs_codeobj *co = vs_calloc(1, sizeof *co, err);
  if (!co) return -1;
  if (!(co->file = vs_malloc(len ? len : 1, err))) {
    free(co);
    return -1;
  }
  memcpy(co->file, data, len);
  co->file_len = len;
  const uint8_t *f = co->file;
  if (len < EI_NIDENT || memcmp(f, ELFMAG, SELFMAG) != 0) return fail(NULL, co, err, name, "not an ELF file");
  if (f[EI_CLASS] != ELFCLASS64) return fail(NULL, co, err, name, "not a 64-bit ELF file (AMD code objects are ELF64)");
  if (f[EI_DATA] != ELFDATA2LSB) return fail(NULL, co, err, name, "not a little-endian ELF file");
  if (f[EI_OSABI] != ELFOSABI_AMDGPU_HSA)
    return fail(NULL, co, err, name, "EI_OSABI is not 64 (ELFOSABI_AMDGPU_HSA): not an HSA code object");
  co->abi_version = f[EI_ABIVERSION];
  if (co->abi_version < 2 || co->abi_version > 4)
    return fail(NULL, co, err, name, "unsupported EI_ABIVERSION (code object versions 4, 5 and 6 are read)");
  co->code_object_version = co->abi_version + 2;

  Elf *elf = elf_memory((char *)co->file, len);
  if (!elf || elf_kind(elf) != ELF_K_ELF) return fail(elf, co, err, name, "malformed ELF file");
  GElf_Ehdr eh;
  if (!gelf_getehdr(elf, &eh)) return fail(elf, co, err, name, "malformed ELF header");
  if (eh.e_machine != EM_AMDGPU) return fail(elf, co, err, name, "e_machine is not EM_AMDGPU (224)");
  if (eh.e_phoff % 8 || eh.e_shoff % 8) return fail(elf, co, err, name, "header tables are not 8-byte aligned");
  co->e_flags = (uint32_t)eh.e_flags;
  co->mach = co->e_flags & 0xffu;
  co->xnack = (co->e_flags >> 8) & 3u;
  co->sramecc = (co->e_flags >> 10) & 3u;
  co->processor = vs_codeobj_mach_name(co->mach);
  if (!co->processor) {
    char m[96];
    snprintf(m, sizeof m, "unknown EF_AMDGPU_MACH 0x%02x in e_flags 0x%x", co->mach, co->e_flags);
    return fail(elf, co, err, name, m);
  }
  co->gfx_major = gfx_major(co->processor);

  /* segments */
  size_t nph = 0;
  if (elf_getphdrnum(elf, &nph) != 0) return fail(elf, co, err, name, "malformed program headers");
  if (nph) {
    co->segments = own(co, vs_calloc(nph, sizeof *co->segments, err), err);
    if (!co->segments) return fail(elf, co, NULL, name, "");
  }
  for (size_t i = 0; i < nph; i++) {
    GElf_Phdr ph;
    if (!gelf_getphdr(elf, (int)i, &ph)) return fail(elf, co, err, name, "malformed program header");
    if (ph.p_type != PT_LOAD) continue;
    if (!in_file(co, ph.p_offset, ph.p_filesz) || ph.p_filesz > ph.p_memsz)
      return fail(elf, co, err, name, "a PT_LOAD segment lies outside the file");
    if (ph.p_vaddr > (1ull << 40) || ph.p_memsz > (1ull << 32))
      return fail(elf, co, err, name, "a PT_LOAD segment is too large or too high (limit: 4 GiB below 2^40)");
    vs_co_segment *s = &co->segments[co->nsegments++];
    s->vaddr = ph.p_vaddr;
    s->filesz = ph.p_filesz;
    s->memsz = ph.p_memsz;
    s->flags = ph.p_flags;
    s->data = co->file + ph.p_offset;
    if (s->vaddr + s->memsz > co->image_size) co->image_size = s->vaddr + s->memsz;
  }
  if (co->nsegments == 0) return fail(elf, co, err, name, "no PT_LOAD segment");

  /* sections: symbols and the metadata note */
  size_t shstrndx = 0;
  if (elf_getshdrstrndx(elf, &shstrndx) != 0) return fail(elf, co, err, name, "malformed section headers");
  Elf_Scn *symtab = NULL, *dynsym = NULL;
  GElf_Shdr symsh, dynsh;
  int have_note = 0;
  for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) return fail(elf, co, err, name, "malformed section header");
    if (sh.sh_type != SHT_NOBITS && !in_file(co, sh.sh_offset, sh.sh_size))
      return fail(elf, co, err, name, "a section lies outside the file");
    if (sh.sh_type == SHT_SYMTAB) { symtab = scn; symsh = sh; }
    if (sh.sh_type == SHT_DYNSYM) { dynsym = scn; dynsh = sh; }
    if (sh.sh_type != SHT_NOTE) continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    if (!d) return fail(elf, co, err, name, "unreadable note section");
    size_t off = 0, noff, doff;
    GElf_Nhdr nh;
    while ((off = gelf_getnote(d, off, &nh, &noff, &doff)) > 0) {
      if (nh.n_type != NT_AMDGPU_METADATA || nh.n_namesz != 7 ||
          memcmp((const char *)d->d_buf + noff, "AMDGPU", 7) != 0)
        continue;
      if (have_note) return fail(elf, co, err, name, "more than one NT_AMDGPU_METADATA note");
      have_note = 1;
      if (parse_metadata(co, (const char *)d->d_buf + doff, nh.n_descsz, name, err)) return fail(elf, co, NULL, name, "");
    }
  }
  if (!have_note) return fail(elf, co, err, name, "no NT_AMDGPU_METADATA note (owner \"AMDGPU\", type 32)");
  if (symtab || dynsym) {
    int r = read_symbols(elf, co, symtab ? symtab : dynsym, symtab ? &symsh : &dynsh, err);
    if (r == -2) return fail(elf, co, NULL, name, "");
    if (r) return fail(elf, co, err, name, "malformed symbol table");
  }
  elf_end(elf);

  /* kernel descriptors */
  for (size_t i = 0; i < co->nkernels; i++) {
    vs_co_kernel *k = &co->kernels[i];
    const vs_co_symbol *kd = vs_codeobj_symbol(co, k->symbol);
    char m[VS_ERRMSG_MAX / 2];
    if (!kd || kd->shndx == 0) {
      snprintf(m, sizeof m, "kernel '%s': no symbol '%s' for its kernel descriptor", k->name, k->symbol);
      return fail(NULL, co, err, name, m);
    }
    const uint8_t *b = at_vaddr(co, kd->value, 64);
    if (!b || kd->value % 64) {
      snprintf(m, sizeof m, "kernel '%s': the descriptor %s at 0x%llx is not 64 aligned bytes of a loaded segment",
               k->name, k->symbol, (unsigned long long)kd->value);
      return fail(NULL, co, err, name, m);
    }
    k->kd_addr = kd->value;
    vs_codeobj_decode_kd(b, &k->kd);
    k->entry = kd->value + (uint64_t)k->kd.kernel_code_entry_byte_offset;
    if (!at_vaddr(co, k->entry, 4)) {
      snprintf(m, sizeof m, "kernel '%s': its entry 0x%llx (descriptor + 0x%llx) is outside the loaded segments",
               k->name, (unsigned long long)k->entry, (unsigned long long)k->kd.kernel_code_entry_byte_offset);
      return fail(NULL, co, err, name, m);
    }
    const vs_co_symbol *fs = vs_codeobj_symbol(co, k->name);
    if (fs && fs->value == k->entry) k->code_size = fs->size;
  }
  *out = co;
  return 0;
}

int vs_codeobj_read_file(const char *path, vs_codeobj **out, vs_error *err)
{
  char *data = NULL;
  size_t len = 0;
  *out = NULL;
  if (vs_read_file(path, VS_MAX_INPUT_FILE, &data, &len, err)) return -1;
  int rc = vs_codeobj_read(data, len, path, out, err);
  free(data);
  return rc;
}

const vs_co_kernel *vs_codeobj_kernel(const vs_codeobj *co, const char *name)
{
  if (!co || !name) return NULL;
  for (size_t i = 0; i < co->nkernels; i++)
    if (!strcmp(co->kernels[i].name, name)) return &co->kernels[i];
  return NULL;
}

const vs_co_symbol *vs_codeobj_symbol(const vs_codeobj *co, const char *name)
{
  if (!co || !name) return NULL;
  for (size_t i = 0; i < co->nsymbols; i++)
    if (co->symbols[i].shndx != 0 && !strcmp(co->symbols[i].name, name)) return &co->symbols[i];
  return NULL;
}

const vs_co_printf *vs_codeobj_printf(const vs_codeobj *co, uint32_t id)
{
  if (!co) return NULL;
  for (size_t i = 0; i < co->nprintfs; i++)
    if (co->printfs[i].id == id) return &co->printfs[i];
  return NULL;
}
