/* The AMD code-object reader (src/isa/amdgpu/codeobj.c) on code objects
 * compiled in the test from our own OpenCL C (tests/amd/) by the
 * compiler driver, checked against LLVM's own tools: every metadata field
 * against `llvm-readelf-19 --notes`, the target against `llvm-readelf-19
 * -h`, symbols against `llvm-readelf-19 -s`, and the kernel descriptors
 * against `llvm-objdump-19 -D -j .rodata` (its .amdhsa_* directives on gfx9;
 * on gfx11, where LLVM 19 refuses to decode the descriptor, its bytes). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/util.h"
#include "isa/amdgpu/codeobj.h"
#include "ventsim/compile.h"

#define MAXK 8
#define MAXA 64

/* ---- running LLVM tools ---- */

static char *run_tool(const char *cmd)
{
  FILE *p = popen(cmd, "r");
  if (!p) return NULL;
  vs_buf b = {0};
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) vs_buf_append(&b, buf, n, NULL);
  vs_buf_append(&b, "", 1, NULL);
  if (pclose(p) != 0) {
    vs_buf_free(&b);
    return NULL;
  }
  return (char *)b.data;
}

static int have_tools(void)
{
  char *c = run_tool("llvm-readelf-19 --version >/dev/null 2>&1 && llvm-objdump-19 --version >/dev/null 2>&1 && echo ok");
  int ok = c && strstr(c, "ok");
  free(c);
  return ok && strcmp(vs_cl_clang(), "clang-19") != 0;
}

/* ---- the YAML llvm-readelf prints for the note ---- */

typedef struct kv {
  char key[64];
  char val[512];
} kv;

typedef struct ykernel {
  kv k[64];
  int nk;
  kv a[MAXA][24];
  int na[MAXA];
  int nargs;
} ykernel;

typedef struct ynotes {
  ykernel kern[MAXK];
  int nkern;
  char target[1024];
  char printfs[8][512];
  int nprintf;
} ynotes;

static void unquote(char *v)
{
  if (!strncmp(v, "!str ", 5)) memmove(v, v + 5, strlen(v + 5) + 1); /* YAML's string tag */
  size_t n = strlen(v);
  if (n >= 2 && v[0] == '\'' && v[n - 1] == '\'') {
    size_t w = 0;
    for (size_t i = 1; i + 1 < n; i++) {
      v[w++] = v[i];
      if (v[i] == '\'' && v[i + 1] == '\'') i++;
    }
    v[w] = '\0';
  }
}

static void parse_notes(const char *text, ynotes *y)
{
  memset(y, 0, sizeof *y);
  int section = 0; /* 1 kernels, 2 printf */
  const char *p = text;
  while (*p) {
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    char line[1024];
    snprintf(line, sizeof line, "%.*s", (int)len, p);
    p += len + (e ? 1 : 0);
    int ind = 0;
    while (line[ind] == ' ') ind++;
    char *c = line + ind;
    if (ind == 0) {
      section = !strncmp(c, "amdhsa.kernels:", 15) ? 1 : !strncmp(c, "amdhsa.printf:", 14) ? 2 : 0;
      if (!strncmp(c, "amdhsa.target:", 14)) {
        char *v = c + 14;
        while (*v == ' ') v++;
        snprintf(y->target, sizeof y->target, "%s", v);
        unquote(y->target);
      }
      continue;
    }
    int item = c[0] == '-' && c[1] == ' ';
    if (item) {
      c += 2;
      ind += 2;
    }
    if (section == 2 && item) {
      snprintf(y->printfs[y->nprintf], sizeof y->printfs[0], "%s", c);
      unquote(y->printfs[y->nprintf]);
      y->nprintf++;
      continue;
    }
    if (section != 1 || c[0] != '.') continue;
    if (item && ind == 4) y->nkern++;
    ykernel *k = &y->kern[y->nkern - 1];
    if (item && ind == 8) k->nargs++;
    char *colon = strstr(c, ":");
    if (!colon) continue;
    *colon = '\0';
    char *v = colon + 1;
    while (*v == ' ') v++;
    if (ind == 4) {
      kv *x = &k->k[k->nk++];
      snprintf(x->key, sizeof x->key, "%s", c);
      snprintf(x->val, sizeof x->val, "%s", v);
      unquote(x->val);
    } else if (ind == 8) {
      int ai = k->nargs - 1;
      kv *x = &k->a[ai][k->na[ai]++];
      snprintf(x->key, sizeof x->key, "%s", c);
      snprintf(x->val, sizeof x->val, "%s", v);
      unquote(x->val);
    }
  }
}

static const char *get(const kv *list, int n, const char *key)
{
  for (int i = 0; i < n; i++)
    if (!strcmp(list[i].key, key)) return list[i].val;
  return NULL;
}

static void expect_u(const kv *l, int n, const char *key, uint64_t ours, const char *kname)
{
  const char *v = get(l, n, key);
  if (!v) {
    if (ours != 0) fail_msg("%s: %s: llvm-readelf has none, the reader says %llu", kname, key, (unsigned long long)ours);
    return;
  }
  if (strtoull(v, NULL, 0) != ours)
    fail_msg("%s: %s: llvm-readelf says %s, the reader %llu", kname, key, v, (unsigned long long)ours);
}

static void expect_b(const kv *l, int n, const char *key, int ours, const char *kname)
{
  const char *v = get(l, n, key);
  int theirs = v && !strcmp(v, "true");
  if (theirs != (ours != 0)) fail_msg("%s: %s: llvm-readelf says %s, the reader %d", kname, key, v ? v : "(none)", ours);
}

static void expect_s(const kv *l, int n, const char *key, const char *ours, const char *kname)
{
  const char *v = get(l, n, key);
  if (!v && !ours) return;
  if (!v || !ours || strcmp(v, ours))
    fail_msg("%s: %s: llvm-readelf says '%s', the reader '%s'", kname, key, v ? v : "(none)", ours ? ours : "(none)");
}

static const char *const as_names[] = {"", "private", "global", "constant", "local", "generic", "region"};

static void check_notes(const vs_codeobj *co, const char *path)
{
  char cmd[4200];
  snprintf(cmd, sizeof cmd, "llvm-readelf-19 --notes '%s'", path);
  char *text = run_tool(cmd);
  assert_non_null(text);
  ynotes *y = calloc(1, sizeof *y);
  assert_non_null(y);
  parse_notes(text, y);
  free(text);
  assert_string_equal(y->target, co->target);
  assert_int_equal(y->nkern, (int)co->nkernels);
  for (int i = 0; i < y->nkern; i++) {
    const ykernel *yk = &y->kern[i];
    const vs_co_kernel *k = &co->kernels[i];
    const char *n = k->name;
    expect_s(yk->k, yk->nk, ".name", k->name, n);
    expect_s(yk->k, yk->nk, ".symbol", k->symbol, n);
    expect_s(yk->k, yk->nk, ".language", k->language, n);
    expect_u(yk->k, yk->nk, ".kernarg_segment_size", k->kernarg_segment_size, n);
    expect_u(yk->k, yk->nk, ".kernarg_segment_align", k->kernarg_segment_align, n);
    expect_u(yk->k, yk->nk, ".group_segment_fixed_size", k->group_segment_fixed_size, n);
    expect_u(yk->k, yk->nk, ".private_segment_fixed_size", k->private_segment_fixed_size, n);
    expect_u(yk->k, yk->nk, ".sgpr_count", k->sgpr_count, n);
    expect_u(yk->k, yk->nk, ".vgpr_count", k->vgpr_count, n);
    expect_u(yk->k, yk->nk, ".sgpr_spill_count", k->sgpr_spill_count, n);
    expect_u(yk->k, yk->nk, ".vgpr_spill_count", k->vgpr_spill_count, n);
    expect_u(yk->k, yk->nk, ".wavefront_size", k->wavefront_size, n);
    expect_u(yk->k, yk->nk, ".max_flat_workgroup_size", k->max_flat_workgroup_size, n);
    expect_b(yk->k, yk->nk, ".uses_dynamic_stack", k->uses_dynamic_stack, n);
    assert_int_equal(yk->nargs, (int)k->nargs);
    for (int a = 0; a < yk->nargs; a++) {
      const kv *l = yk->a[a];
      int m = yk->na[a];
      const vs_co_arg *g = &k->args[a];
      expect_u(l, m, ".offset", g->offset, n);
      expect_u(l, m, ".size", g->size, n);
      expect_u(l, m, ".pointee_align", g->pointee_align, n);
      expect_s(l, m, ".value_kind", g->value_kind, n);
      expect_s(l, m, ".type_name", g->type_name, n);
      expect_s(l, m, ".name", g->name, n);
      expect_s(l, m, ".address_space", g->address_space ? as_names[g->address_space] : NULL, n);
      expect_b(l, m, ".is_const", g->is_const, n);
      expect_b(l, m, ".is_restrict", g->is_restrict, n);
      expect_b(l, m, ".is_volatile", g->is_volatile, n);
      const char *acc = get(l, m, ".access");
      if (!acc) acc = get(l, m, ".actual_access");
      if ((acc == NULL) != (g->access == NULL) || (acc && strcmp(acc, g->access)))
        fail_msg("%s: argument %d access: llvm-readelf '%s', reader '%s'", n, a, acc ? acc : "", g->access ? g->access : "");
    }
  }
  assert_int_equal(y->nprintf, (int)co->nprintfs);
  for (int i = 0; i < y->nprintf; i++) {
    /* rebuild ID:N:S...:FORMAT from the parsed entry */
    const vs_co_printf *p = &co->printfs[i];
    char re[1024];
    int o = snprintf(re, sizeof re, "%u:%u", p->id, p->nargs);
    for (uint32_t k = 0; k < p->nargs; k++) o += snprintf(re + o, sizeof re - (size_t)o, ":%u", p->arg_sizes[k]);
    snprintf(re + o, sizeof re - (size_t)o, ":%s", p->format);
    /* llvm-readelf shows the entry as LLVM wrote it, C-escaped ("\72" for
     * ':', "\n"); the reader's format is the text itself */
    char want[1024];
    size_t w = 0;
    for (const char *c = y->printfs[i]; *c && w + 1 < sizeof want; c++) {
      if (*c != '\\' || !c[1]) { want[w++] = *c; continue; }
      c++;
      if (*c >= '0' && *c <= '7') {
        int v = 0;
        for (int d = 0; d < 3 && *c >= '0' && *c <= '7'; d++) v = v * 8 + (*c++ - '0');
        c--;
        want[w++] = (char)v;
      } else {
        want[w++] = *c == 'n' ? '\n' : *c == 't' ? '\t' : *c;
      }
    }
    want[w] = 0;
    assert_string_equal(want, re);
  }
  free(y);
}

/* e_flags from llvm-readelf -h ("Flags: 0x12C, gfx900, xnack") */
static void check_header(const vs_codeobj *co, const char *path, const char *mcpu)
{
  char cmd[4200];
  snprintf(cmd, sizeof cmd, "llvm-readelf-19 -h '%s'", path);
  char *text = run_tool(cmd);
  assert_non_null(text);
  const char *f = strstr(text, "Flags:");
  assert_non_null(f);
  f += 6;
  unsigned long flags = strtoul(f, NULL, 16);
  assert_int_equal(flags, co->e_flags);
  assert_non_null(strstr(f, mcpu));
  assert_string_equal(co->processor, mcpu);
  const char *abi = strstr(text, "ABI Version:");
  assert_non_null(abi);
  assert_int_equal(strtoul(abi + 12, NULL, 10), co->abi_version);
  assert_int_equal(co->code_object_version, 5);
  free(text);
}

/* Symbols from llvm-readelf -s: value, size, type of NAME and NAME.kd */
static void check_symbols(const vs_codeobj *co, const char *path)
{
  char cmd[4200];
  snprintf(cmd, sizeof cmd, "llvm-readelf-19 -s '%s'", path);
  char *text = run_tool(cmd);
  assert_non_null(text);
  for (size_t i = 0; i < co->nkernels; i++) {
    const vs_co_kernel *k = &co->kernels[i];
    char want[256];
    /* "     3: 0000000000001f00   220 FUNC    GLOBAL PROTECTED   7 vadd" */
    snprintf(want, sizeof want, "%016llx %5llu FUNC    GLOBAL PROTECTED", (unsigned long long)k->entry,
             (unsigned long long)k->code_size);
    if (!strstr(text, want)) fail_msg("%s: no '%s' in llvm-readelf -s", k->name, want);
    snprintf(want, sizeof want, "%016llx    64 OBJECT  GLOBAL PROTECTED", (unsigned long long)k->kd_addr);
    if (!strstr(text, want)) fail_msg("%s: no '%s' in llvm-readelf -s", k->symbol, want);
  }
  free(text);
}

static long directive(const char *block, const char *name)
{
  char key[128];
  snprintf(key, sizeof key, "\t%s ", name);
  const char *p = strstr(block, key);
  if (!p) return -1;
  return strtol(p + strlen(key), NULL, 0);
}

/* 64 bytes at addr from `llvm-readelf-19 -x .rodata` ("  0x00001480 00010000 ...") */
static int rodata_bytes(const char *path, uint64_t addr, uint8_t out[64])
{
  char cmd[4200];
  snprintf(cmd, sizeof cmd, "llvm-readelf-19 -x .rodata '%s'", path);
  char *text = run_tool(cmd);
  if (!text) return -1;
  int got = 0;
  for (char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
    char *q = l;
    while (*q == ' ') q++;
    if (strncmp(q, "0x", 2)) continue;
    char *e;
    uint64_t a = strtoull(q, &e, 16);
    q = e;
    for (int g = 0; g < 4; g++) {
      while (*q == ' ') q++;
      for (int b = 0; b < 4; b++) {
        if (!((q[0] >= '0' && q[0] <= '9') || (q[0] >= 'a' && q[0] <= 'f'))) break;
        char hx[3] = {q[0], q[1], 0};
        if (a >= addr && a < addr + 64) {
          out[a - addr] = (uint8_t)strtoul(hx, NULL, 16);
          got++;
        }
        a++;
        q += 2;
      }
    }
  }
  free(text);
  if (got != 64) print_error("rodata_bytes(%s, 0x%llx): %d bytes\n", path, (unsigned long long)addr, got);
  return got == 64 ? 0 : -1;
}

static int ndir; /* directives compared */

/* A directive LLVM printed must equal ours; targets print different sets */
static void expect_dir(const char *b, const char *name, long ours)
{
  long v = directive(b, name);
  if (v == -1) return;
  ndir++;
  if (v != ours) fail_msg("%s: llvm-objdump says %ld, the reader %ld", name, v, ours);
}

static void check_kd(const vs_codeobj *co, const char *path, const char *mcpu)
{
  char cmd[4200];
  snprintf(cmd, sizeof cmd, "llvm-objdump-19 -D -j .rodata --mcpu=%s '%s'", mcpu, path);
  char *text = run_tool(cmd);
  assert_non_null(text);
  for (size_t i = 0; i < co->nkernels; i++) {
    const vs_co_kernel *k = &co->kernels[i];
    const vs_co_kd *d = &k->kd;
    char label[256];
    snprintf(label, sizeof label, "%016llx <%s>:\n", (unsigned long long)k->kd_addr, k->symbol);
    const char *at = strstr(text, label);
    if (!at) fail_msg("%s: not in the llvm-objdump listing", k->symbol);
    at += strlen(label);
    const char *end = strstr(at, "\n\n");
    char *b = strndup(at, end ? (size_t)(end - at) : strlen(at));
    assert_non_null(b);
    if (strstr(b, ".amdhsa_kernel")) {
      ndir = 0;
      expect_dir(b, ".amdhsa_group_segment_fixed_size", d->group_segment_fixed_size);
      expect_dir(b, ".amdhsa_private_segment_fixed_size", d->private_segment_fixed_size);
      expect_dir(b, ".amdhsa_kernarg_size", d->kernarg_size);
      expect_dir(b, ".amdhsa_next_free_vgpr", (d->granulated_vgprs + 1) * (d->wavefront_size32 ? 8 : 4));
      expect_dir(b, ".amdhsa_float_round_mode_32", d->float_round_mode_32);
      expect_dir(b, ".amdhsa_float_round_mode_16_64", d->float_round_mode_16_64);
      expect_dir(b, ".amdhsa_float_denorm_mode_32", d->float_denorm_mode_32);
      expect_dir(b, ".amdhsa_float_denorm_mode_16_64", d->float_denorm_mode_16_64);
      expect_dir(b, ".amdhsa_dx10_clamp", d->dx10_clamp);
      expect_dir(b, ".amdhsa_ieee_mode", d->ieee_mode);
      expect_dir(b, ".amdhsa_system_sgpr_private_segment_wavefront_offset", d->enable_private_segment);
      expect_dir(b, ".amdhsa_enable_private_segment", d->enable_private_segment);
      expect_dir(b, ".amdhsa_workgroup_processor_mode", d->wgp_mode);
      expect_dir(b, ".amdhsa_memory_ordered", d->mem_ordered);
      expect_dir(b, ".amdhsa_wavefront_size32", d->wavefront_size32);
      expect_dir(b, ".amdhsa_system_sgpr_workgroup_id_x", d->enable_wg_id[0]);
      expect_dir(b, ".amdhsa_system_sgpr_workgroup_id_y", d->enable_wg_id[1]);
      expect_dir(b, ".amdhsa_system_sgpr_workgroup_id_z", d->enable_wg_id[2]);
      expect_dir(b, ".amdhsa_system_sgpr_workgroup_info", d->enable_wg_info);
      expect_dir(b, ".amdhsa_system_vgpr_workitem_id", d->enable_vgpr_workitem_id);
      expect_dir(b, ".amdhsa_user_sgpr_private_segment_buffer", d->user_sgpr_private_segment_buffer);
      expect_dir(b, ".amdhsa_user_sgpr_dispatch_ptr", d->user_sgpr_dispatch_ptr);
      expect_dir(b, ".amdhsa_user_sgpr_queue_ptr", d->user_sgpr_queue_ptr);
      expect_dir(b, ".amdhsa_user_sgpr_kernarg_segment_ptr", d->user_sgpr_kernarg_segment_ptr);
      expect_dir(b, ".amdhsa_user_sgpr_dispatch_id", d->user_sgpr_dispatch_id);
      expect_dir(b, ".amdhsa_user_sgpr_flat_scratch_init", d->user_sgpr_flat_scratch_init);
      expect_dir(b, ".amdhsa_user_sgpr_private_segment_size", d->user_sgpr_private_segment_size);
      expect_dir(b, ".amdhsa_uses_dynamic_stack", d->uses_dynamic_stack);
      if (ndir < 22) fail_msg("%s: only %d directives compared", k->symbol, ndir);
    } else {
      /* LLVM 19 cannot decode gfx11 descriptors (and its fallback byte
       * listing repeats the first descriptor's bytes): take the bytes from
       * llvm-readelf's hex dump of .rodata and assemble the fields of spec
       * 2.1 here */
      uint8_t by[64];
      assert_int_equal(rodata_bytes(path, k->kd_addr, by), 0);
#define LE32(o) ((uint32_t)by[o] | (uint32_t)by[(o) + 1] << 8 | (uint32_t)by[(o) + 2] << 16 | (uint32_t)by[(o) + 3] << 24)
      assert_int_equal(LE32(0), d->group_segment_fixed_size);
      assert_int_equal(LE32(4), d->private_segment_fixed_size);
      assert_int_equal(LE32(8), d->kernarg_size);
      assert_int_equal(LE32(16), (uint32_t)d->kernel_code_entry_byte_offset);
      assert_int_equal(LE32(0x2c), d->rsrc3);
      assert_int_equal(LE32(0x30), d->rsrc1);
      assert_int_equal(LE32(0x34), d->rsrc2);
      assert_int_equal((uint32_t)by[0x38] | (uint32_t)by[0x39] << 8, d->code_properties);
      /* hand-decoded fields (spec 2.1) */
      assert_int_equal(d->user_sgpr_count, (LE32(0x34) >> 1) & 31);
      assert_int_equal(d->wavefront_size32, (by[0x39] >> 2) & 1);
      assert_int_equal(d->wgp_mode, (LE32(0x30) >> 29) & 1);
    }
    /* the descriptor agrees with the metadata */
    assert_int_equal(d->kernarg_size, k->kernarg_segment_size);
    assert_int_equal(d->group_segment_fixed_size, k->group_segment_fixed_size);
    assert_int_equal(d->private_segment_fixed_size, k->private_segment_fixed_size);
    assert_int_equal(d->wavefront_size32, k->wavefront_size == 32);
    free(b);
  }
  free(text);
}

/* ---- the cases ---- */

typedef struct tcase {
  const char *file, *mcpu, *options;
  int wave64;
} tcase;

static char *compile(const tcase *t, char *path, size_t plen, int *printf_build)
{
  char src_path[4096];
  snprintf(src_path, sizeof src_path, "%s/tests/amd/%s", VS_SOURCE_DIR, t->file);
  char *src = NULL;
  size_t len = 0;
  vs_error err = {0};
  if (vs_read_file(src_path, VS_MAX_INPUT_FILE, &src, &len, &err)) fail_msg("%s", err.msg);
  vs_cl_options o = {t->mcpu, t->wave64, t->options, t->file, 1, 0, NULL};
  vs_cl_result r;
  int rc = vs_cl_compile(src, len, &o, &r, &err);
  free(src);
  if (rc) fail_msg("compiling %s for %s: %s\n%s", t->file, t->mcpu, err.msg, r.log);
  *printf_build = r.used_printf_build;
  snprintf(path, plen, "%s/tests/amd_codeobj_%s_%s%s_%d.hsaco", VS_BINARY_DIR, t->file, t->mcpu, t->wave64 ? "w64" : "",
           t->options && strstr(t->options, "arg-info") ? 1 : 0);
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(r.binary, 1, r.len, f), r.len);
  fclose(f);
  char *bin = (char *)r.binary;
  r.binary = NULL;
  vs_cl_result_free(&r);
  return bin;
}

static void run_case(const tcase *t)
{
  char path[4096];
  int pb = 0;
  char *bin = compile(t, path, sizeof path, &pb);
  free(bin);
  vs_codeobj *co = NULL;
  vs_error err = {0};
  if (vs_codeobj_read_file(path, &co, &err)) fail_msg("%s", err.msg);
  check_header(co, path, t->mcpu);
  check_notes(co, path);
  check_symbols(co, path);
  check_kd(co, path, t->mcpu);
  if (!strcmp(t->file, "codeobj_printf.cl")) {
    assert_true(pb);
    assert_int_equal(co->nprintfs, 2);
    /* the strings of the source, as the printf pass records them */
    const vs_co_printf *p = vs_codeobj_printf(co, 1), *q = vs_codeobj_printf(co, 2);
    assert_non_null(p);
    assert_non_null(q);
    if (p->nargs != 4) p = q;
    assert_int_equal(p->nargs, 4);
    assert_string_equal(p->format, "gid=%d v=%d f=%.3f s=%s\n"); /* the newline itself, not LLVM's escape */
    /* hidden_printf_buffer is there (the one-step build would drop it) */
    const vs_co_kernel *k = vs_codeobj_kernel(co, "hello");
    int found = 0;
    for (size_t i = 0; i < k->nargs; i++) found |= !strcmp(k->args[i].value_kind, "hidden_printf_buffer");
    assert_true(found);
  } else {
    const vs_co_kernel *k = vs_codeobj_kernel(co, "args");
    assert_non_null(k);
    assert_int_equal(k->nexplicit, 10);
    assert_int_equal(k->args[2].kind, VS_CO_ARG_DYNAMIC_SHARED_POINTER);
    assert_int_equal(k->args[3].kind, VS_CO_ARG_BY_VALUE);
    assert_int_equal(k->args[3].size, 16); /* int + float[3] */
    assert_int_equal(k->args[8].size, 16); /* float4 */
    assert_int_equal(k->args[5].address_space, VS_CO_AS_CONSTANT);
    const vs_co_kernel *f = vs_codeobj_kernel(co, "fixed");
    assert_int_equal(f->reqd_workgroup_size[0], 64);
    assert_int_equal(f->reqd_workgroup_size[1], 1);
    assert_int_equal(f->max_flat_workgroup_size, 64);
    assert_true(f->group_segment_fixed_size >= 256);
    assert_true(vs_codeobj_kernel(co, "scratch")->private_segment_fixed_size > 0);
    assert_null(vs_codeobj_kernel(co, "nope"));
  }
  vs_codeobj_free(co);
}

static const tcase cases[] = {
  {"codeobj_args.cl", "gfx900", "-cl-std=CL2.0", 0},
  {"codeobj_args.cl", "gfx906", "-cl-std=CL2.0 -cl-kernel-arg-info", 0},
  {"codeobj_args.cl", "gfx1100", "-cl-std=CL2.0 -cl-kernel-arg-info", 0},
  {"codeobj_args.cl", "gfx1100", "-cl-std=CL3.0", 1},
  {"codeobj_printf.cl", "gfx900", "-cl-std=CL2.0", 0},
  {"codeobj_printf.cl", "gfx1100", "-cl-std=CL2.0", 0},
};

static void test_llvm_agrees(void **state)
{
  (void)state;
  if (!have_tools()) skip();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_case(&cases[i]);
}

/* Bad input: clear messages, no crash */
static void test_bad_input(void **state)
{
  (void)state;
  vs_codeobj *co = NULL;
  vs_error err = {0};
  assert_int_equal(vs_codeobj_read("nope", 4, "x.hsaco", &co, &err), -1);
  assert_non_null(strstr(err.msg, "x.hsaco: not an ELF file"));
  assert_null(co);
  /* a Ventus ELF32 */
  char elf32[64] = "\177ELF\001\001\001";
  assert_int_equal(vs_codeobj_read(elf32, sizeof elf32, "v.elf", &co, &err), -1);
  assert_non_null(strstr(err.msg, "64-bit"));
  if (!have_tools()) return;
  /* every truncation of a real code object fails cleanly or reads */
  tcase t = {"codeobj_args.cl", "gfx900", NULL, 0};
  char path[4096];
  int pb;
  char *bin = compile(&t, path, sizeof path, &pb);
  FILE *f = fopen(path, "rb");
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fclose(f);
  for (long n = 0; n < len; n += 7) {
    vs_error_clear(&err);
    if (vs_codeobj_read(bin, (size_t)n, "cut.hsaco", &co, &err) == 0) vs_codeobj_free(co);
    else assert_true(err.msg[0] != '\0');
  }
  /* flipped bytes in the note */
  for (long i = 0; i < len && i < 4096; i++) {
    char save = bin[i];
    bin[i] = (char)(bin[i] ^ 0x5a);
    if (vs_codeobj_read(bin, (size_t)len, "flip.hsaco", &co, &err) == 0) vs_codeobj_free(co);
    bin[i] = save;
  }
  free(bin);
}

/* The kernel-descriptor decoder on the spec's table of example values (2.1) */
static void test_kd_examples(void **state)
{
  (void)state;
  uint8_t kd[64] = {0};
  /* gfx900 vector add -O0: rsrc1 0x00AF0107, rsrc2 0x00001399, props 0x003B */
  uint32_t r1 = 0x00AF0107, r2 = 0x00001399;
  memcpy(kd + 0x30, &r1, 4);
  memcpy(kd + 0x34, &r2, 4);
  kd[0x38] = 0x3B;
  kd[0x10] = 0x00; kd[0x11] = 0x11; /* entry offset 0x1100 */
  vs_co_kd d;
  vs_codeobj_decode_kd(kd, &d);
  assert_int_equal(d.kernel_code_entry_byte_offset, 0x1100);
  assert_int_equal(d.float_denorm_mode_32, 3);
  assert_int_equal(d.float_denorm_mode_16_64, 3);
  assert_true(d.dx10_clamp && d.ieee_mode);
  assert_true(d.enable_private_segment);
  assert_int_equal(d.user_sgpr_count, 12);
  assert_true(d.enable_wg_id[0] && d.enable_wg_id[1] && d.enable_wg_id[2]);
  assert_int_equal(d.enable_vgpr_workitem_id, 2);
  assert_true(d.user_sgpr_private_segment_buffer && d.user_sgpr_dispatch_ptr && d.user_sgpr_kernarg_segment_ptr &&
              d.user_sgpr_dispatch_id && d.user_sgpr_flat_scratch_init);
  assert_false(d.user_sgpr_queue_ptr);
  /* gfx1100 vector add -O3: 0x60AF0080 / 0x0000009E / 0x0408 */
  r1 = 0x60AF0080;
  r2 = 0x9E;
  memcpy(kd + 0x30, &r1, 4);
  memcpy(kd + 0x34, &r2, 4);
  kd[0x38] = 0x08;
  kd[0x39] = 0x04;
  vs_codeobj_decode_kd(kd, &d);
  assert_int_equal(d.user_sgpr_count, 15);
  assert_true(d.wavefront_size32 && d.wgp_mode && d.mem_ordered);
  assert_true(d.user_sgpr_kernarg_segment_ptr);
  assert_false(d.user_sgpr_private_segment_buffer);
  assert_string_equal(vs_codeobj_mach_name(0x41), "gfx1100");
  assert_int_equal(vs_codeobj_mach_of("gfx906"), 0x2f);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_kd_examples),
    cmocka_unit_test(test_llvm_agrees),
    cmocka_unit_test(test_bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
