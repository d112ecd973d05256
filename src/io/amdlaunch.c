/* Captured AMD launches: the NAME_N.amdlaunch/ directory
 * (ventsim/amdlaunch.h, docs/amdgpu-exec.md "Launch capture"). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <nettle/sha2.h>

#include "common/outfile.h"
#include "common/util.h"
#include "ventsim/amdgpu.h"
#include "ventsim/amdlaunch.h"

#define MAX_PATH 4096

/* The targets a launch may name (ventsim/amdgpu.h's names; this layer does
 * not link the front end) */
static amd_target target_of(const char *name)
{
  static const struct { const char *name; amd_target t; } known[] = {
    {"gfx900", AMD_GFX900}, {"gfx906", AMD_GFX906}, {"gfx1100", AMD_GFX1100}, {"gfx1100w64", AMD_GFX1100_W64},
  };
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (!strcmp(name, known[i].name)) return known[i].t;
  return AMD_TARGET_NONE;
}

static void sha256(const uint8_t *p, size_t n, uint8_t out[32])
{
  struct sha256_ctx c;
  sha256_init(&c);
  sha256_update(&c, n, p);
  sha256_digest(&c, 32, out);
}

static void hex(char *out, const uint8_t *p, size_t n)
{
  static const char d[] = "0123456789abcdef";
  for (size_t i = 0; i < n; i++) {
    out[2 * i] = d[p[i] >> 4];
    out[2 * i + 1] = d[p[i] & 15];
  }
  out[2 * n] = '\0';
}

static int unhex(const char *s, uint8_t *out, size_t n)
{
  if (strlen(s) != 2 * n) return -1;
  for (size_t i = 0; i < 2 * n; i++) {
    char c = s[i];
    int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (v < 0) return -1;
    if (i % 2) out[i / 2] |= (uint8_t)v;
    else out[i / 2] = (uint8_t)(v << 4);
  }
  return 0;
}

/* ---- writing ---- */

static cJSON *addr_str(vs_addr a)
{
  char b[32];
  snprintf(b, sizeof b, "0x%" PRIx64, a);
  return cJSON_CreateString(b);
}

static cJSON *u64_array(const uint64_t *v, unsigned n)
{
  cJSON *a = cJSON_CreateArray();
  for (unsigned i = 0; a && i < n; i++) cJSON_AddItemToArray(a, cJSON_CreateNumber((double)v[i]));
  return a;
}

static int write_at(const char *dir, const char *file, const void *data, size_t len, vs_error *err)
{
  char path[MAX_PATH];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  return vs_write_file(path, data, len, 0, err);
}

int vs_amdlaunch_save(vs_device *dev, const vs_amdlaunch *l, const char *dir, vs_error *err)
{
  if (strlen(dir) > MAX_PATH - 64) return vs_error_set(err, VS_E_USAGE, "directory name too long");
  struct stat st;
  if (mkdir(dir, 0777) != 0) {
    int e = errno;
    if (e != EEXIST || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
      return vs_error_set(err, VS_E_IO, "cannot create directory %s: %s", dir, strerror(e));
    /* a launch saved there before (a program run again): replaced; its
     * buffer files beyond this launch's are removed */
    for (size_t i = l->nbuf;; i++) {
      char p[MAX_PATH];
      snprintf(p, sizeof p, "%s/buf%zu.bin", dir, i);
      if (unlink(p) != 0) break;
    }
  }
  cJSON *j = cJSON_CreateObject();
  if (!j) return vs_error_set(err, VS_E_NOMEM, "out of memory");
  char sh[65];
  uint8_t dg[32];
  sha256(l->code, l->code_len, dg);
  hex(sh, dg, 32);
  cJSON_AddStringToObject(j, "format", VS_AMDLAUNCH_FORMAT);
  cJSON_AddNumberToObject(j, "version", VS_AMDLAUNCH_VERSION);
  cJSON_AddStringToObject(j, "target", l->target);
  cJSON *co = cJSON_AddObjectToObject(j, "code_object");
  cJSON_AddStringToObject(co, "file", "code.hsaco");
  cJSON_AddStringToObject(co, "name", l->co_name ? l->co_name : "");
  cJSON_AddStringToObject(co, "sha256", sh);
  cJSON_AddItemToObject(co, "base", addr_str(l->code_base));
  cJSON_AddStringToObject(j, "kernel", l->kernel);
  cJSON_AddNumberToObject(j, "work_dim", l->work_dim);
  cJSON_AddItemToObject(j, "global", u64_array(l->global, 3));
  cJSON_AddItemToObject(j, "local", u64_array(l->local, 3));
  cJSON_AddItemToObject(j, "offset", u64_array(l->offset, 3));
  cJSON *args = cJSON_AddArrayToObject(j, "args");
  for (size_t i = 0; i < l->nargs; i++) {
    const vs_amdl_arg *a = &l->args[i];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "index", (double)i);
    if (a->kind == VS_AMDL_BUFFER) {
      cJSON_AddStringToObject(o, "kind", "buffer");
      cJSON_AddItemToObject(o, "address", addr_str(a->addr));
    } else if (a->kind == VS_AMDL_LOCAL) {
      cJSON_AddStringToObject(o, "kind", "local");
      cJSON_AddNumberToObject(o, "size", a->local_size);
    } else {
      char *h = malloc(2 * (size_t)a->size + 1);
      if (!h) {
        cJSON_Delete(o);
        cJSON_Delete(j);
        return vs_error_set(err, VS_E_NOMEM, "out of memory");
      }
      hex(h, a->bytes, a->size);
      cJSON_AddStringToObject(o, "kind", "value");
      cJSON_AddNumberToObject(o, "size", a->size);
      cJSON_AddStringToObject(o, "bytes", h);
      free(h);
    }
    cJSON_AddItemToArray(args, o);
  }
  cJSON *d = cJSON_AddObjectToObject(j, "dispatch");
  cJSON_AddItemToObject(d, "entry", addr_str(l->entry));
  cJSON_AddItemToObject(d, "kernel_descriptor", addr_str(l->kd_addr));
  cJSON_AddItemToObject(d, "kernarg", addr_str(l->kernarg_addr));
  cJSON_AddItemToObject(d, "packet", addr_str(l->packet_addr));
  cJSON_AddItemToObject(d, "queue", addr_str(l->queue_addr));
  cJSON_AddNumberToObject(d, "dispatch_id", (double)l->dispatch_id);
  cJSON_AddNumberToObject(d, "lds_bytes", l->lds_bytes);
  cJSON_AddNumberToObject(d, "dynamic_lds", l->dynamic_lds);
  cJSON_AddNumberToObject(d, "private_bytes", l->private_bytes);
  cJSON_AddNumberToObject(d, "max_flat_workgroup_size", l->max_flat_wg_size);
  cJSON_AddNumberToObject(d, "vgprs", l->vgprs);
  cJSON_AddNumberToObject(d, "sgprs", l->sgprs);
  cJSON_AddNumberToObject(d, "wave_size", l->wave_size);
  cJSON_AddItemToObject(d, "printf_buffer", addr_str(l->printf_addr));
  cJSON_AddNumberToObject(d, "printf_size", l->printf_size);
  cJSON *bufs = cJSON_AddArrayToObject(j, "buffers");
  int rc = write_at(dir, "code.hsaco", l->code, l->code_len, err);
  for (size_t i = 0; rc == 0 && i < l->nbuf; i++) {
    const vs_amdl_buffer *b = &l->buf[i];
    char file[32];
    snprintf(file, sizeof file, "buf%zu.bin", i);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "file", file);
    cJSON_AddItemToObject(o, "address", addr_str(b->base));
    cJSON_AddNumberToObject(o, "size", (double)b->size);
    cJSON_AddNumberToObject(o, "pages", (double)b->allocsize);
    cJSON_AddStringToObject(o, "role", b->role);
    cJSON_AddItemToArray(bufs, o);
    uint8_t *data = b->size ? vs_malloc(b->size, err) : NULL;
    if (b->size && !data) rc = -1;
    if (rc == 0 && b->size && vs_device_read(dev, b->base, data, b->size, err)) rc = -1;
    if (rc == 0) rc = write_at(dir, file, data, b->size, err);
    free(data);
  }
  char *text = rc == 0 ? cJSON_Print(j) : NULL;
  if (rc == 0 && !text) rc = vs_error_set(err, VS_E_NOMEM, "out of memory");
  if (rc == 0) {
    size_t n = strlen(text); /* written with a final newline */
    char *t2 = malloc(n + 2);
    if (!t2) rc = vs_error_set(err, VS_E_NOMEM, "out of memory");
    else {
      memcpy(t2, text, n);
      t2[n] = '\n';
      t2[n + 1] = '\0';
      rc = write_at(dir, "launch.json", t2, n + 1, err);
      free(t2);
    }
  }
  free(text);
  cJSON_Delete(j);
  if (rc) vs_error_prefix(err, "saving the AMD launch %s", dir);
  return rc;
}

/* ---- reading ---- */

void vs_amdlaunch_free(vs_amdlaunch *l)
{
  if (!l) return;
  free(l->kernel);
  free(l->co_name);
  free(l->code);
  for (size_t i = 0; i < l->nargs; i++) free(l->args[i].bytes);
  free(l->args);
  for (size_t i = 0; l->data && i < l->nbuf; i++) free(l->data[i]);
  free(l->data);
  free(l->buf);
  memset(l, 0, sizeof *l);
}

int vs_amdlaunch_is_dir(const char *path)
{
  struct stat st;
  char p[MAX_PATH];
  if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) return 0;
  snprintf(p, sizeof p, "%s/launch.json", path);
  return vs_readable(p);
}

typedef struct jctx {
  const char *file;
  vs_error *err;
} jctx;

static cJSON *need(jctx *c, const cJSON *o, const char *key, int type)
{
  cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
  if (!v || !(v->type & type)) {
    vs_error_set(c->err, VS_E_FORMAT, "%s: \"%s\" is missing or not a %s", c->file, key,
                 type == cJSON_String ? "string" : type == cJSON_Number ? "number" : type == cJSON_Array ? "list" : "object");
    return NULL;
  }
  return v;
}

static int get_u64(jctx *c, const cJSON *o, const char *key, uint64_t max, uint64_t *out)
{
  cJSON *v = need(c, o, key, cJSON_Number);
  if (!v) return -1;
  if (v->valuedouble < 0 || v->valuedouble > (double)max || v->valuedouble != (double)(uint64_t)v->valuedouble)
    return vs_error_set(c->err, VS_E_FORMAT, "%s: \"%s\" is not a whole number in 0..%" PRIu64, c->file, key, max);
  *out = (uint64_t)v->valuedouble;
  return 0;
}

static int get_u32(jctx *c, const cJSON *o, const char *key, uint32_t *out)
{
  uint64_t v = 0;
  if (get_u64(c, o, key, UINT32_MAX, &v)) return -1;
  *out = (uint32_t)v;
  return 0;
}

static int get_addr(jctx *c, const cJSON *o, const char *key, vs_addr *out)
{
  cJSON *v = need(c, o, key, cJSON_String);
  if (!v) return -1;
  if (strncmp(v->valuestring, "0x", 2) || vs_parse_u64(v->valuestring, out))
    return vs_error_set(c->err, VS_E_FORMAT, "%s: \"%s\": '%s' is not an address (0x...)", c->file, key, v->valuestring);
  return 0;
}

static int get_triple(jctx *c, const cJSON *o, const char *key, uint64_t out[3])
{
  cJSON *v = need(c, o, key, cJSON_Array);
  if (!v) return -1;
  if (cJSON_GetArraySize(v) != 3) return vs_error_set(c->err, VS_E_FORMAT, "%s: \"%s\" needs 3 numbers", c->file, key);
  for (int i = 0; i < 3; i++) {
    cJSON *x = cJSON_GetArrayItem(v, i);
    if (!cJSON_IsNumber(x) || x->valuedouble < 0 || x->valuedouble > (double)UINT32_MAX * 2 ||
        x->valuedouble != (double)(uint64_t)x->valuedouble)
      return vs_error_set(c->err, VS_E_FORMAT, "%s: \"%s\"[%d] is not a whole number", c->file, key, i);
    out[i] = (uint64_t)x->valuedouble;
  }
  return 0;
}

static int read_at(const char *dir, const char *file, uint8_t **data, size_t *len, vs_error *err)
{
  char path[MAX_PATH];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  char *d = NULL;
  if (vs_read_file(path, VS_MAX_INPUT_FILE, &d, len, err)) return -1;
  *data = (uint8_t *)d;
  return 0;
}

static int parse(const char *dir, cJSON *j, vs_amdlaunch *l, jctx *c)
{
  vs_error *err = c->err;
  cJSON *v;
  if (!(v = need(c, j, "format", cJSON_String))) return -1;
  if (strcmp(v->valuestring, VS_AMDLAUNCH_FORMAT))
    return vs_error_set(err, VS_E_FORMAT, "%s: format '%s' is not %s", c->file, v->valuestring, VS_AMDLAUNCH_FORMAT);
  uint64_t ver = 0;
  if (get_u64(c, j, "version", 1000, &ver)) return -1;
  if (ver != VS_AMDLAUNCH_VERSION)
    return vs_error_set(err, VS_E_FORMAT, "%s: version %" PRIu64 " (this ventsim reads version %d)", c->file, ver,
                        VS_AMDLAUNCH_VERSION);
  if (!(v = need(c, j, "target", cJSON_String))) return -1;
  if (target_of(v->valuestring) == AMD_TARGET_NONE)
    return vs_error_set(err, VS_E_FORMAT, "%s: target '%s': ventsim replays gfx900, gfx906, gfx1100 and "
                        "gfx1100w64 launches", c->file, v->valuestring);
  snprintf(l->target, sizeof l->target, "%s", v->valuestring);
  cJSON *co = need(c, j, "code_object", cJSON_Object);
  if (!co) return -1;
  if (!(v = need(c, co, "file", cJSON_String))) return -1;
  if (strchr(v->valuestring, '/'))
    return vs_error_set(err, VS_E_FORMAT, "%s: code_object.file '%s' is not a file of the directory", c->file, v->valuestring);
  if (read_at(dir, v->valuestring, &l->code, &l->code_len, err)) return -1;
  cJSON *nm = cJSON_GetObjectItemCaseSensitive(co, "name");
  if (!(l->co_name = vs_strdup(cJSON_IsString(nm) ? nm->valuestring : v->valuestring, err))) return -1;
  if (!(v = need(c, co, "sha256", cJSON_String))) return -1;
  uint8_t want[32], got[32];
  if (unhex(v->valuestring, want, 32))
    return vs_error_set(err, VS_E_FORMAT, "%s: code_object.sha256 is not 64 hex digits", c->file);
  sha256(l->code, l->code_len, got);
  if (memcmp(want, got, 32))
    return vs_error_set(err, VS_E_FORMAT, "%s: the code object's SHA-256 differs from code_object.sha256 (the file "
                        "changed)", c->file);
  memcpy(l->sha256, got, 32);
  if (get_addr(c, co, "base", &l->code_base)) return -1;
  if (!(v = need(c, j, "kernel", cJSON_String)) || !(l->kernel = vs_strdup(v->valuestring, err))) return -1;
  uint64_t wd = 0;
  if (get_u64(c, j, "work_dim", 3, &wd)) return -1;
  if (wd < 1) return vs_error_set(err, VS_E_FORMAT, "%s: work_dim is 0", c->file);
  l->work_dim = (unsigned)wd;
  if (get_triple(c, j, "global", l->global) || get_triple(c, j, "local", l->local) ||
      get_triple(c, j, "offset", l->offset))
    return -1;
  for (int i = 0; i < 3; i++)
    if (!l->global[i] || !l->local[i] || l->local[i] > 1024)
      return vs_error_set(err, VS_E_FORMAT, "%s: global/local size in dimension %d outside 1..", c->file, i);
  cJSON *args = need(c, j, "args", cJSON_Array);
  if (!args) return -1;
  int na = cJSON_GetArraySize(args);
  if (na && !(l->args = vs_calloc((size_t)na, sizeof *l->args, err))) return -1;
  for (int i = 0; i < na; i++) {
    cJSON *o = cJSON_GetArrayItem(args, i);
    vs_amdl_arg *a = &l->args[l->nargs++];
    if (!cJSON_IsObject(o) || !(v = need(c, o, "kind", cJSON_String))) {
      if (!cJSON_IsObject(o)) vs_error_set(err, VS_E_FORMAT, "%s: args[%d] is not an object", c->file, i);
      return -1;
    }
    if (!strcmp(v->valuestring, "buffer")) {
      a->kind = VS_AMDL_BUFFER;
      if (get_addr(c, o, "address", &a->addr)) return -1;
    } else if (!strcmp(v->valuestring, "local")) {
      a->kind = VS_AMDL_LOCAL;
      if (get_u32(c, o, "size", &a->local_size)) return -1;
    } else if (!strcmp(v->valuestring, "value")) {
      a->kind = VS_AMDL_VALUE;
      if (get_u32(c, o, "size", &a->size) || !(v = need(c, o, "bytes", cJSON_String))) return -1;
      if (!(a->bytes = vs_malloc(a->size ? a->size : 1, err))) return -1;
      if (unhex(v->valuestring, a->bytes, a->size))
        return vs_error_set(err, VS_E_FORMAT, "%s: args[%d].bytes is not %u bytes in hex", c->file, i, a->size);
    } else {
      return vs_error_set(err, VS_E_FORMAT, "%s: args[%d].kind '%s' is not buffer, local or value", c->file, i,
                          v->valuestring);
    }
  }
  cJSON *d = need(c, j, "dispatch", cJSON_Object);
  uint64_t did = 0;
  if (!d || get_addr(c, d, "entry", &l->entry) || get_addr(c, d, "kernel_descriptor", &l->kd_addr) ||
      get_addr(c, d, "kernarg", &l->kernarg_addr) || get_addr(c, d, "packet", &l->packet_addr) ||
      get_addr(c, d, "queue", &l->queue_addr) || get_u64(c, d, "dispatch_id", UINT64_MAX / 2, &did) ||
      get_u32(c, d, "lds_bytes", &l->lds_bytes) || get_u32(c, d, "dynamic_lds", &l->dynamic_lds) ||
      get_u32(c, d, "private_bytes", &l->private_bytes) ||
      get_u32(c, d, "max_flat_workgroup_size", &l->max_flat_wg_size) || get_u32(c, d, "vgprs", &l->vgprs) ||
      get_u32(c, d, "sgprs", &l->sgprs) || get_u32(c, d, "wave_size", &l->wave_size) ||
      get_addr(c, d, "printf_buffer", &l->printf_addr) || get_u32(c, d, "printf_size", &l->printf_size))
    return -1;
  l->dispatch_id = did;
  cJSON *bufs = need(c, j, "buffers", cJSON_Array);
  if (!bufs) return -1;
  int nb = cJSON_GetArraySize(bufs);
  if ((size_t)nb > VS_TC_MAX_BUFFERS)
    return vs_error_set(err, VS_E_LIMIT, "%s: %d buffers (at most %u)", c->file, nb, VS_TC_MAX_BUFFERS);
  if (nb && (!(l->buf = vs_calloc((size_t)nb, sizeof *l->buf, err)) ||
             !(l->data = vs_calloc((size_t)nb, sizeof *l->data, err))))
    return -1;
  for (int i = 0; i < nb; i++) {
    cJSON *o = cJSON_GetArrayItem(bufs, i);
    vs_amdl_buffer *b = &l->buf[l->nbuf++];
    if (!cJSON_IsObject(o)) return vs_error_set(err, VS_E_FORMAT, "%s: buffers[%d] is not an object", c->file, i);
    if (get_addr(c, o, "address", &b->base) || get_u64(c, o, "size", UINT64_MAX / 2, &b->size) ||
        get_u64(c, o, "pages", UINT64_MAX / 2, &b->allocsize) || !(v = need(c, o, "role", cJSON_String)))
      return -1;
    snprintf(b->role, sizeof b->role, "%s", v->valuestring);
    if (b->size > b->allocsize)
      return vs_error_set(err, VS_E_FORMAT, "%s: buffers[%d]: size %" PRIu64 " is more than its pages %" PRIu64,
                          c->file, i, b->size, b->allocsize);
    if (!(v = need(c, o, "file", cJSON_String))) return -1;
    if (strchr(v->valuestring, '/'))
      return vs_error_set(err, VS_E_FORMAT, "%s: buffers[%d].file '%s' is not a file of the directory", c->file, i,
                          v->valuestring);
    size_t len = 0;
    if (read_at(dir, v->valuestring, &l->data[i], &len, err)) return -1;
    if (len != b->size)
      return vs_error_set(err, VS_E_FORMAT, "%s: %s has %zu bytes, buffers[%d].size says %" PRIu64, c->file,
                          v->valuestring, len, i, b->size);
  }
  return 0;
}

int vs_amdlaunch_load(const char *dir, vs_amdlaunch *l, vs_error *err)
{
  memset(l, 0, sizeof *l);
  char path[MAX_PATH];
  if (strlen(dir) > MAX_PATH - 64) return vs_error_set(err, VS_E_USAGE, "directory name too long");
  snprintf(path, sizeof path, "%s/launch.json", dir);
  char *text = NULL;
  size_t len = 0;
  if (vs_read_file(path, VS_MAX_INPUT_FILE, &text, &len, err)) return -1;
  cJSON *j = cJSON_ParseWithLength(text, len);
  free(text);
  if (!j) return vs_error_set(err, VS_E_FORMAT, "%s: not valid JSON", path);
  jctx c = {path, err};
  int rc = cJSON_IsObject(j) ? parse(dir, j, l, &c) : vs_error_set(err, VS_E_FORMAT, "%s: not a JSON object", path);
  cJSON_Delete(j);
  if (rc) vs_amdlaunch_free(l);
  return rc;
}

int vs_amdlaunch_install(vs_device *dev, const vs_amdlaunch *l, vs_error *err)
{
  for (size_t i = 0; i < l->nbuf; i++) {
    const vs_amdl_buffer *b = &l->buf[i];
    if (b->allocsize && !vs_device_mapped(dev, b->base, b->allocsize)) {
      char nm[64];
      snprintf(nm, sizeof nm, "%s buffer %zu (%s)", l->kernel, i, b->role);
      if (vs_device_map(dev, b->base, b->allocsize, nm, err)) return vs_error_prefix(err, "buffer %zu", i);
    }
    if (b->size && vs_device_write(dev, b->base, l->data[i], b->size, err)) return vs_error_prefix(err, "buffer %zu", i);
  }
  return 0;
}

int vs_amdlaunch_make(vs_device *dev, const vs_amdlaunch *l, vs_amd_abi *abi, vs_launch *launch, vs_error *err)
{
  memset(abi, 0, sizeof *abi);
  abi->magic = VS_AMD_ABI_MAGIC;
  abi->target = target_of(l->target);
  if (vs_device_read(dev, l->kd_addr, abi->kd, sizeof abi->kd, err))
    return vs_error_prefix(err, "the kernel descriptor at 0x%" PRIx64, l->kd_addr);
  abi->kd_addr = l->kd_addr;
  abi->kernarg_addr = l->kernarg_addr;
  abi->packet_addr = l->packet_addr;
  abi->queue_addr = l->queue_addr;
  abi->dispatch_id = l->dispatch_id;
  abi->dynamic_lds = l->dynamic_lds;
  abi->max_flat_wg_size = l->max_flat_wg_size;
  memset(launch, 0, sizeof *launch);
  launch->name = l->kernel;
  launch->entry = l->entry;
  launch->dims = l->work_dim;
  for (int i = 0; i < 3; i++) {
    launch->global[i] = l->global[i];
    launch->local[i] = (uint32_t)l->local[i];
    launch->offset[i] = l->offset[i];
  }
  launch->wave_size = l->wave_size;
  launch->lds_bytes = l->lds_bytes;
  launch->private_bytes = l->private_bytes;
  launch->vgprs = l->vgprs;
  launch->sgprs = l->sgprs;
  launch->wg_sms = vs_amd_abi_wg_sms(abi);
  launch->abi = abi;
  launch->abi_size = sizeof *abi;
  return 0;
}
