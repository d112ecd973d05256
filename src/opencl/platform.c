/* The platform: ICD entry points, the object registry, device
 * configuration files, platform and device queries. */
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/util.h"
#include "opencl/ocl.h"
#include "ventsim/compile.h"

pthread_mutex_t ocl_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t ocl_cond = PTHREAD_COND_INITIALIZER;
struct _cl_platform_id ocl_platform = {&ocl_dispatch};
cl_device_id *ocl_devices;
unsigned ocl_ndevices;

#define OCL_VERSION_STR "OpenCL 3.0 ventsim " VENTSIM_VERSION
#define OCL_PLATFORM_EXTENSIONS "cl_khr_icd"

/* ---- the registry: an open-addressing hash set of live objects ---- */

typedef struct reg_slot {
  const void *p;   /* NULL: empty, (void*)1: deleted */
  int type;
} reg_slot;
static reg_slot *reg;
static size_t reg_cap, reg_used, reg_live;

static size_t reg_hash(const void *p)
{
  uintptr_t v = (uintptr_t)p;
  v ^= v >> 17;
  v *= 0xed5ad4bbu;
  v ^= v >> 11;
  return (size_t)v;
}

static int reg_grow(void)
{
  size_t nc = reg_cap ? reg_cap * 2 : 1024;
  while (reg_live * 2 >= nc) nc *= 2;
  reg_slot *n = calloc(nc, sizeof *n);
  if (!n) return -1;
  for (size_t i = 0; i < reg_cap; i++)
    if (reg[i].p && reg[i].p != (void *)1) {
      size_t h = reg_hash(reg[i].p) & (nc - 1);
      while (n[h].p) h = (h + 1) & (nc - 1);
      n[h] = reg[i];
    }
  free(reg);
  reg = n;
  reg_cap = nc;
  reg_used = reg_live;
  return 0;
}

int ocl_reg_add(void *obj, int type)
{
  if ((reg_used + 1) * 4 >= reg_cap * 3 && reg_grow()) return -1;
  size_t h = reg_hash(obj) & (reg_cap - 1);
  while (reg[h].p && reg[h].p != (void *)1) h = (h + 1) & (reg_cap - 1);
  if (!reg[h].p) reg_used++;
  reg[h].p = obj;
  reg[h].type = type;
  reg_live++;
  return 0;
}

static reg_slot *reg_find(const void *obj)
{
  if (!obj || !reg_cap) return NULL;
  size_t h = reg_hash(obj) & (reg_cap - 1);
  while (reg[h].p) {
    if (reg[h].p == obj) return &reg[h];
    h = (h + 1) & (reg_cap - 1);
  }
  return NULL;
}

void ocl_reg_del(void *obj)
{
  reg_slot *s = reg_find(obj);
  if (s) {
    s->p = (void *)1;
    reg_live--;
  }
}

int ocl_reg_type(const void *obj)
{
  reg_slot *s = reg_find(obj);
  return s ? s->type : OT_NONE;
}

/* ---- helpers ---- */

cl_int ocl_info(const void *src, size_t n, size_t size, void *value, size_t *ret)
{
  if (value) {
    if (size < n) return CL_INVALID_VALUE;
    if (n) memcpy(value, src, n);
  }
  if (ret) *ret = n;
  return CL_SUCCESS;
}

cl_int ocl_info_str(const char *s, size_t size, void *value, size_t *ret)
{
  return ocl_info(s, strlen(s) + 1, size, value, ret);
}

int ocl_props_copy(const void *in, void **out, size_t *n)
{
  *out = NULL;
  *n = 0;
  if (!in) return 0;
  const uint64_t *p = in;
  size_t k = 0;
  while (p[k]) k += 2;
  k++;
  uint64_t *c = malloc(k * sizeof *c);
  if (!c) return -1;
  memcpy(c, p, k * sizeof *c);
  *out = c;
  *n = k;
  return 0;
}

cl_ulong ocl_now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (cl_ulong)ts.tv_sec * 1000000000ull + (cl_ulong)ts.tv_nsec;
}

/* ---- device configuration files ---- */

static int parse_size(const char *v, uint64_t *out)
{
  char *e = NULL;
  unsigned long long n = strtoull(v, &e, 0);
  if (e == v) return -1;
  uint64_t m = 1;
  if (*e == 'K' || *e == 'k') m = 1ull << 10, e++;
  else if (*e == 'M' || *e == 'm') m = 1ull << 20, e++;
  else if (*e == 'G' || *e == 'g') m = 1ull << 30, e++;
  if (*e) return -1;
  *out = (uint64_t)n * m;
  return 0;
}

typedef struct conf_ctx {
  ocl_devconf *c;
  char bad[256];
} conf_ctx;

static int conf_handler(void *user, const char *section, const char *key, const char *value)
{
  conf_ctx *x = user;
  ocl_devconf *c = x->c;
  uint64_t n = 0;
  int num = parse_size(value, &n) == 0;
  if (strcmp(section, "device")) {
    snprintf(x->bad, sizeof x->bad, "unknown section [%s]", section);
    return 0;
  }
#define STR(k, f) if (!strcmp(key, k)) { snprintf(c->f, sizeof c->f, "%s", value); return 1; }
#define NUM(k, f) if (!strcmp(key, k)) { if (!num) goto bad; c->f = n; return 1; }
  STR("name", name) STR("target", target) STR("backend", backend) STR("vendor", vendor) STR("simulates", board)
  STR("timing_config", timing_config) STR("mode", mode)
  if (!strcmp(key, "extensions")) { /* may continue on indented lines */
    size_t l = strlen(c->extensions);
    snprintf(c->extensions + l, sizeof c->extensions - l, "%s%s", l ? " " : "", value);
    return 1;
  }
  NUM("compute_units", compute_units) NUM("clock_mhz", clock_mhz) NUM("global_mem", global_mem)
  NUM("max_alloc", max_alloc) NUM("local_mem", local_mem) NUM("constant_mem", constant_mem)
  NUM("wavefront", wavefront) NUM("max_work_group_size", max_wg_size) NUM("vendor_id", vendor_id)
  NUM("wave64", wave64) NUM("fp64", fp64) NUM("fp16", fp16)
  if (!strcmp(key, "transfer_gbps")) {
    char *e;
    c->transfer_gbps = strtod(value, &e);
    if (*e || c->transfer_gbps <= 0) goto bad;
    return 1;
  }
#undef STR
#undef NUM
  snprintf(x->bad, sizeof x->bad, "unknown key '%s'", key);
  return 0;
bad:
  snprintf(x->bad, sizeof x->bad, "%s = %s: not a valid value", key, value);
  return 0;
}

/* Numbers that a timing configuration holds win over the device file's */
static int timing_handler(void *user, const char *section, const char *key, const char *value)
{
  ocl_devconf *c = user;
  uint64_t n;
  if (parse_size(value, &n)) return 1;
  if (!strcmp(section, "gpu") && !strcmp(key, "num_sms") && n) c->compute_units = (uint32_t)n;
  if (!strcmp(section, "gpu") && !strcmp(key, "clock_mhz") && n) c->clock_mhz = (uint32_t)n;
  return 1;
}

static int load_conf(const char *spec, ocl_devconf *c, char *msg, size_t mlen)
{
  memset(c, 0, sizeof *c);
  char path[4096];
  if (strchr(spec, '/') || strstr(spec, ".ini")) {
    snprintf(path, sizeof path, "%s", spec);
  } else {
    char rel[512];
    snprintf(rel, sizeof rel, "opencl/%s.ini", spec);
    if (vs_data_file(rel, path, sizeof path)) {
      snprintf(msg, mlen, "device '%s': no configuration file %s", spec, path);
      return -1;
    }
  }
  char *text = NULL;
  size_t len = 0;
  vs_error err = {0};
  if (vs_read_file(path, 1u << 20, &text, &len, &err)) {
    snprintf(msg, mlen, "device '%s': %s", spec, err.msg);
    return -1;
  }
  /* defaults */
  c->transfer_gbps = 16.0;
  c->clock_mhz = 1000;
  c->compute_units = 1;
  c->vendor_id = 0;
  snprintf(c->path, sizeof c->path, "%s", path);
  conf_ctx x = {c, ""};
  int line = ini_parse_string(text, conf_handler, &x);
  free(text);
  if (line) {
    snprintf(msg, mlen, "%s:%d: %s", path, line, x.bad[0] ? x.bad : "syntax error");
    return -1;
  }
  if (!c->target[0] || !c->backend[0] || !c->name[0]) {
    snprintf(msg, mlen, "%s: name, target and backend are required", path);
    return -1;
  }
  if (c->timing_config[0]) {
    char tp[4096], rel[512];
    if (strchr(c->timing_config, '/')) snprintf(tp, sizeof tp, "%s", c->timing_config);
    else {
      snprintf(rel, sizeof rel, "configs/%s.ini", c->timing_config);
      if (vs_data_file(rel, tp, sizeof tp)) tp[0] = '\0'; /* not there (yet): the device file's numbers */
    }
    if (tp[0] && ini_parse(tp, timing_handler, c) < 0) {
      snprintf(msg, mlen, "%s: timing configuration %s cannot be read", path, tp);
      return -1;
    }
  }
  return 0;
}

/* ---- initialisation ---- */

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static char init_msg[1024];
static int init_rc;

#define DEFAULT_DEVICES "gfx900,gfx906,gfx1100,ventus"

static void do_init(void)
{
  const char *list = getenv("VENTSIM_OPENCL_DEVICES");
  if (!list || !*list) list = DEFAULT_DEVICES;
  char *copy = strdup(list);
  if (!copy) {
    init_rc = -1;
    return;
  }
  size_t cap = 8;
  ocl_devices = calloc(cap, sizeof *ocl_devices);
  for (char *save = NULL, *tok = strtok_r(copy, ",", &save); tok && ocl_devices; tok = strtok_r(NULL, ",", &save)) {
    while (*tok == ' ') tok++;
    if (!*tok) continue;
    cl_device_id d = calloc(1, sizeof *d);
    if (!d) break;
    d->dispatch = &ocl_dispatch;
    char msg[1024];
    vs_error err = {0};
    if (load_conf(tok, &d->conf, msg, sizeof msg)) {
      fprintf(stderr, "ventsim OpenCL: %s (device left out)\n", msg);
      snprintf(init_msg, sizeof init_msg, "%s", msg);
      free(d);
      continue;
    }
    d->be = !strcmp(d->conf.backend, "ventus") ? &ocl_backend_ventus
          : !strcmp(d->conf.backend, "amd")    ? &ocl_backend_amd : NULL;
    if (!d->be) {
      fprintf(stderr, "ventsim OpenCL: %s: unknown backend '%s' (device left out)\n", d->conf.path, d->conf.backend);
      free(d);
      continue;
    }
    if (d->be->describe && d->be->describe(&d->conf, &err)) {
      fprintf(stderr, "ventsim OpenCL: %s: %s (device left out)\n", d->conf.path, err.msg);
      free(d);
      continue;
    }
    pthread_mutex_init(&d->exec, NULL);
    if (ocl_ndevices == cap) {
      cl_device_id *n = realloc(ocl_devices, cap * 2 * sizeof *n);
      if (!n) {
        free(d);
        break;
      }
      ocl_devices = n;
      cap *= 2;
    }
    d->index = ocl_ndevices;
    ocl_devices[ocl_ndevices++] = d;
    pthread_mutex_lock(&ocl_lock);
    ocl_reg_add(d, OT_DEVICE);
    pthread_mutex_unlock(&ocl_lock);
  }
  free(copy);
}

int ocl_init(void)
{
  pthread_once(&init_once, do_init);
  return init_rc;
}

const char *ocl_init_error(void)
{
  return init_msg;
}

/* Closes the simulated devices still open when the program ends, so their
 * statistics files are written (VENTSIM_STATS). */
__attribute__((destructor)) static void ocl_fini(void)
{
  pthread_mutex_lock(&ocl_lock);
  for (unsigned i = 0; i < ocl_ndevices; i++) {
    cl_device_id d = ocl_devices[i];
    if (d->bdev) {
      d->be->close(d->bdev);
      d->bdev = NULL;
    }
  }
  pthread_mutex_unlock(&ocl_lock);
}

int ocl_device_use(cl_device_id d, vs_error *err)
{
  if (!d->bdev && d->be->open(&d->conf, &d->bdev, err)) return -1;
  d->users++;
  return 0;
}

void ocl_device_unuse(cl_device_id d)
{
  if (d->users && --d->users == 0 && d->bdev) {
    d->be->close(d->bdev);
    d->bdev = NULL;
  }
}

/* ---- platform ---- */

static int is_platform(cl_platform_id p)
{
  return p == &ocl_platform;
}

OCL_EXPORT cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint n, cl_platform_id *platforms, cl_uint *num)
{
  if ((n == 0 && platforms) || (!platforms && !num)) return CL_INVALID_VALUE;
  ocl_init();
  if (platforms) platforms[0] = &ocl_platform;
  if (num) *num = 1;
  return CL_SUCCESS;
}

cl_int CL_API_CALL vcl_GetPlatformIDs(cl_uint n, cl_platform_id *platforms, cl_uint *num)
{
  return clIcdGetPlatformIDsKHR(n, platforms, num);
}

cl_int CL_API_CALL vcl_GetPlatformInfo(cl_platform_id p, cl_platform_info param, size_t size, void *value, size_t *ret)
{
  if (p && !is_platform(p)) return CL_INVALID_PLATFORM;
  switch (param) {
  case CL_PLATFORM_PROFILE: return ocl_info_str("FULL_PROFILE", size, value, ret);
  case CL_PLATFORM_VERSION: return ocl_info_str(OCL_VERSION_STR, size, value, ret);
  case CL_PLATFORM_NAME: return ocl_info_str("ventsim", size, value, ret);
  case CL_PLATFORM_VENDOR: return ocl_info_str("ventsim", size, value, ret);
  case CL_PLATFORM_EXTENSIONS: return ocl_info_str(OCL_PLATFORM_EXTENSIONS, size, value, ret);
  case CL_PLATFORM_ICD_SUFFIX_KHR: return ocl_info_str("VENTSIM", size, value, ret);
  case CL_PLATFORM_NUMERIC_VERSION: {
    cl_version v = CL_MAKE_VERSION(3, 0, 0);
    return ocl_info(&v, sizeof v, size, value, ret);
  }
  case CL_PLATFORM_EXTENSIONS_WITH_VERSION: {
    cl_name_version nv = {CL_MAKE_VERSION(1, 0, 0), "cl_khr_icd"};
    return ocl_info(&nv, sizeof nv, size, value, ret);
  }
  case CL_PLATFORM_HOST_TIMER_RESOLUTION: {
    cl_ulong r = 0; /* clGetHostTimer is not supported */
    return ocl_info(&r, sizeof r, size, value, ret);
  }
  default: return CL_INVALID_VALUE;
  }
}

static cl_device_type dev_type(cl_device_id d)
{
  (void)d;
  return CL_DEVICE_TYPE_GPU;
}

cl_int CL_API_CALL vcl_GetDeviceIDs(cl_platform_id p, cl_device_type type, cl_uint n, cl_device_id *devs, cl_uint *num)
{
  if (p && !is_platform(p)) return CL_INVALID_PLATFORM;
  ocl_init();
  const cl_device_type known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
                               CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
  if (type != CL_DEVICE_TYPE_ALL && (type & ~known)) return CL_INVALID_DEVICE_TYPE;
  if ((n == 0 && devs) || (!devs && !num)) return CL_INVALID_VALUE;
  cl_uint k = 0;
  for (unsigned i = 0; i < ocl_ndevices; i++) {
    int match = type == CL_DEVICE_TYPE_ALL || (type & dev_type(ocl_devices[i])) ||
                ((type & CL_DEVICE_TYPE_DEFAULT) && i == 0);
    if (!match) continue;
    if (devs && k < n) devs[k] = ocl_devices[i];
    k++;
  }
  if (num) *num = k;
  return k ? CL_SUCCESS : CL_DEVICE_NOT_FOUND;
}

static int valid_device(cl_device_id d)
{
  ocl_init();
  for (unsigned i = 0; i < ocl_ndevices; i++)
    if (ocl_devices[i] == d) return 1;
  return 0;
}

cl_int CL_API_CALL vcl_RetainDevice(cl_device_id d)
{
  return valid_device(d) ? CL_SUCCESS : CL_INVALID_DEVICE; /* root devices: no reference count */
}

cl_int CL_API_CALL vcl_ReleaseDevice(cl_device_id d)
{
  return valid_device(d) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

cl_int CL_API_CALL vcl_CreateSubDevices(cl_device_id d, const cl_device_partition_property *props, cl_uint n,
                                        cl_device_id *out, cl_uint *num)
{
  (void)n; (void)out; (void)num;
  if (!valid_device(d)) return CL_INVALID_DEVICE;
  if (!props) return CL_INVALID_VALUE;
  /* CL_DEVICE_PARTITION_PROPERTIES is empty: no partition type is supported */
  return CL_INVALID_VALUE;
}

/* ---- device info ---- */

static int is_amd(cl_device_id d)
{
  return d->be == &ocl_backend_amd;
}

cl_int CL_API_CALL vcl_GetDeviceInfo(cl_device_id d, cl_device_info param, size_t size, void *value, size_t *ret)
{
  if (!valid_device(d)) return CL_INVALID_DEVICE;
  const ocl_devconf *c = &d->conf;
  cl_uint u = 0;
  cl_ulong ul = 0;
  size_t sz = 0;
  cl_bool b = CL_FALSE;
  char buf[2048];
#define RU(v) do { u = (cl_uint)(v); return ocl_info(&u, sizeof u, size, value, ret); } while (0)
#define RUL(v) do { ul = (cl_ulong)(v); return ocl_info(&ul, sizeof ul, size, value, ret); } while (0)
#define RSZ(v) do { sz = (size_t)(v); return ocl_info(&sz, sizeof sz, size, value, ret); } while (0)
#define RB(v) do { b = (v) ? CL_TRUE : CL_FALSE; return ocl_info(&b, sizeof b, size, value, ret); } while (0)
#define RS(v) return ocl_info_str((v), size, value, ret)
  int amd = is_amd(d);
  cl_device_fp_config fp32 = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
                             CL_FP_ROUND_TO_INF | CL_FP_FMA | (amd ? CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT : 0);
  cl_device_fp_config fp64 = c->fp64 ? (CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
                                        CL_FP_ROUND_TO_INF | CL_FP_FMA) : 0;
  switch (param) {
  case CL_DEVICE_TYPE: {
    cl_device_type t = dev_type(d);
    return ocl_info(&t, sizeof t, size, value, ret);
  }
  case CL_DEVICE_VENDOR_ID: RU(c->vendor_id);
  case CL_DEVICE_MAX_COMPUTE_UNITS: RU(c->compute_units);
  case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS: RU(3);
  case CL_DEVICE_MAX_WORK_GROUP_SIZE: RSZ(c->max_wg_size);
  case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
    size_t s[3] = {c->max_wg_size, c->max_wg_size, c->max_wg_size};
    return ocl_info(s, sizeof s, size, value, ret);
  }
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR: case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR: RU(amd ? 4 : 1);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT: RU(amd ? 2 : 1);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT: RU(1);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG: case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG: RU(1);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT: case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT: RU(1);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE: case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE: RU(c->fp64 ? 1 : 0);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF: case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF: RU(c->fp16 ? (amd ? 2 : 1) : 0);
  case CL_DEVICE_MAX_CLOCK_FREQUENCY: RU(c->clock_mhz);
  case CL_DEVICE_ADDRESS_BITS: RU(amd ? 64 : 32);
  case CL_DEVICE_MAX_READ_IMAGE_ARGS: case CL_DEVICE_MAX_WRITE_IMAGE_ARGS: case CL_DEVICE_MAX_SAMPLERS:
  case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS: RU(0);
  case CL_DEVICE_MAX_MEM_ALLOC_SIZE: RUL(c->max_alloc);
  case CL_DEVICE_IMAGE2D_MAX_WIDTH: case CL_DEVICE_IMAGE2D_MAX_HEIGHT: case CL_DEVICE_IMAGE3D_MAX_WIDTH:
  case CL_DEVICE_IMAGE3D_MAX_HEIGHT: case CL_DEVICE_IMAGE3D_MAX_DEPTH: case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
  case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE: RSZ(0);
  case CL_DEVICE_IMAGE_SUPPORT: RB(0);
  case CL_DEVICE_MAX_PARAMETER_SIZE: RSZ(1024);
  case CL_DEVICE_MEM_BASE_ADDR_ALIGN: RU(1024); /* bits: 128 bytes */
  case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE: RU(128);
  case CL_DEVICE_SINGLE_FP_CONFIG: return ocl_info(&fp32, sizeof fp32, size, value, ret);
  case CL_DEVICE_DOUBLE_FP_CONFIG: return ocl_info(&fp64, sizeof fp64, size, value, ret);
  case CL_DEVICE_HALF_FP_CONFIG: {
    cl_device_fp_config h = c->fp16 ? (CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA) : 0;
    return ocl_info(&h, sizeof h, size, value, ret);
  }
  case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE: {
    cl_device_mem_cache_type t = CL_READ_WRITE_CACHE;
    return ocl_info(&t, sizeof t, size, value, ret);
  }
  case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE: RU(amd ? 64 : 128);
  case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE: RUL(amd ? (c->compute_units * 16384ull) : 16384);
  case CL_DEVICE_GLOBAL_MEM_SIZE: RUL(c->global_mem);
  case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: RUL(c->constant_mem);
  case CL_DEVICE_MAX_CONSTANT_ARGS: RU(8);
  case CL_DEVICE_LOCAL_MEM_TYPE: {
    cl_device_local_mem_type t = CL_LOCAL;
    return ocl_info(&t, sizeof t, size, value, ret);
  }
  case CL_DEVICE_LOCAL_MEM_SIZE: RUL(c->local_mem);
  case CL_DEVICE_ERROR_CORRECTION_SUPPORT: RB(0);
  case CL_DEVICE_HOST_UNIFIED_MEMORY: RB(0);
  case CL_DEVICE_PROFILING_TIMER_RESOLUTION: RSZ(1);
  case CL_DEVICE_ENDIAN_LITTLE: RB(1);
  case CL_DEVICE_AVAILABLE: RB(1);
  case CL_DEVICE_COMPILER_AVAILABLE: case CL_DEVICE_LINKER_AVAILABLE: RB(amd);
  case CL_DEVICE_EXECUTION_CAPABILITIES: {
    cl_device_exec_capabilities e = CL_EXEC_KERNEL;
    return ocl_info(&e, sizeof e, size, value, ret);
  }
  case CL_DEVICE_QUEUE_ON_HOST_PROPERTIES: {
    cl_command_queue_properties p = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
    return ocl_info(&p, sizeof p, size, value, ret);
  }
  case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES: {
    cl_command_queue_properties p = 0;
    return ocl_info(&p, sizeof p, size, value, ret);
  }
  case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE: case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE:
  case CL_DEVICE_MAX_ON_DEVICE_QUEUES: case CL_DEVICE_MAX_ON_DEVICE_EVENTS: RU(0);
  case CL_DEVICE_NAME: RS(c->name);
  case CL_DEVICE_VENDOR: RS(c->vendor);
  case CL_DRIVER_VERSION: RS(VENTSIM_VERSION);
  case CL_DEVICE_PROFILE: RS("FULL_PROFILE");
  case CL_DEVICE_VERSION:
    snprintf(buf, sizeof buf, "OpenCL 3.0 ventsim %s %s", VENTSIM_VERSION, c->target);
    RS(buf);
  case CL_DEVICE_NUMERIC_VERSION: RU(CL_MAKE_VERSION(3, 0, 0));
  case CL_DEVICE_OPENCL_C_VERSION: RS("OpenCL C 1.2 ");
  case CL_DEVICE_EXTENSIONS: RS(c->extensions);
  case CL_DEVICE_EXTENSIONS_WITH_VERSION: {
    cl_name_version nv[32];
    size_t k = 0;
    const char *s = c->extensions;
    while (*s && k < 32) {
      while (*s == ' ') s++;
      size_t n = strcspn(s, " ");
      if (!n) break;
      memset(&nv[k], 0, sizeof nv[k]);
      snprintf(nv[k].name, sizeof nv[k].name, "%.*s", (int)n, s);
      nv[k].version = CL_MAKE_VERSION(1, 0, 0);
      k++;
      s += n;
    }
    return ocl_info(nv, k * sizeof nv[0], size, value, ret);
  }
  case CL_DEVICE_PLATFORM: {
    cl_platform_id p = &ocl_platform;
    return ocl_info(&p, sizeof p, size, value, ret);
  }
  case CL_DEVICE_PRINTF_BUFFER_SIZE: RSZ(1u << 20);
  case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC: RB(1);
  case CL_DEVICE_PARENT_DEVICE: {
    cl_device_id p = NULL;
    return ocl_info(&p, sizeof p, size, value, ret);
  }
  case CL_DEVICE_PARTITION_MAX_SUB_DEVICES: RU(0);
  case CL_DEVICE_PARTITION_PROPERTIES: case CL_DEVICE_PARTITION_TYPE: {
    cl_device_partition_property p = 0;
    return ocl_info(&p, param == CL_DEVICE_PARTITION_TYPE ? 0 : sizeof p, size, value, ret);
  }
  case CL_DEVICE_PARTITION_AFFINITY_DOMAIN: {
    cl_device_affinity_domain a = 0;
    return ocl_info(&a, sizeof a, size, value, ret);
  }
  case CL_DEVICE_REFERENCE_COUNT: RU(1);
  case CL_DEVICE_BUILT_IN_KERNELS: RS("");
  case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION: return ocl_info(NULL, 0, size, value, ret);
  case CL_DEVICE_IMAGE_PITCH_ALIGNMENT: case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT: RU(0);
  case CL_DEVICE_MAX_PIPE_ARGS: case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS: case CL_DEVICE_PIPE_MAX_PACKET_SIZE: RU(0);
  case CL_DEVICE_PIPE_SUPPORT: RB(0);
  case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE: RSZ(amd ? 65536 : 0);
  case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE: RSZ(amd ? 65536 : 0);
  case CL_DEVICE_SVM_CAPABILITIES: {
    cl_device_svm_capabilities s = 0;
    return ocl_info(&s, sizeof s, size, value, ret);
  }
  case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT: case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT: RU(0);
  case CL_DEVICE_MAX_NUM_SUB_GROUPS: RU(amd ? c->max_wg_size / c->wavefront : 0);
  case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS: RB(0);
  case CL_DEVICE_IL_VERSION: RS("");
  case CL_DEVICE_ILS_WITH_VERSION: return ocl_info(NULL, 0, size, value, ret);
  case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES: case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES: {
    cl_device_atomic_capabilities a = CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP;
    if (amd) a |= CL_DEVICE_ATOMIC_ORDER_ACQ_REL | CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_DEVICE;
    if (param == CL_DEVICE_ATOMIC_FENCE_CAPABILITIES) a |= CL_DEVICE_ATOMIC_ORDER_ACQ_REL | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM;
    return ocl_info(&a, sizeof a, size, value, ret);
  }
  case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT: RB(d->be->nonuniform);
  case CL_DEVICE_OPENCL_C_ALL_VERSIONS: {
    cl_name_version v[5];
    unsigned vers[5][2] = {{1, 0}, {1, 1}, {1, 2}, {2, 0}, {3, 0}};
    size_t k = amd ? 5 : 3;
    for (size_t i = 0; i < k; i++) {
      memset(&v[i], 0, sizeof v[i]);
      v[i].version = CL_MAKE_VERSION(vers[i][0], vers[i][1], 0);
      snprintf(v[i].name, sizeof v[i].name, "OpenCL C");
    }
    return ocl_info(v, k * sizeof v[0], size, value, ret);
  }
  case CL_DEVICE_OPENCL_C_FEATURES: {
    const char *const *f_amd = vs_cl_amd_features; /* what programs are built with */
    cl_name_version v[16];
    size_t k = 0;
    for (size_t i = 0; amd && f_amd[i] && k < 16; i++) {
      if (!c->fp64 && !strcmp(f_amd[i], "__opencl_c_fp64")) continue;
      memset(&v[k], 0, sizeof v[k]);
      v[k].version = CL_MAKE_VERSION(3, 0, 0);
      snprintf(v[k].name, sizeof v[k].name, "%s", f_amd[i]);
      k++;
    }
    return ocl_info(v, k * sizeof v[0], size, value, ret);
  }
  case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES: {
    cl_device_device_enqueue_capabilities e = 0;
    return ocl_info(&e, sizeof e, size, value, ret);
  }
  case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT: RB(0);
  case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT: RB(amd);
  case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED: RS("v0000-01-01-00");
  case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: RSZ(c->wavefront);
  default: break;
  }
#undef RU
#undef RUL
#undef RSZ
#undef RB
#undef RS
  return CL_INVALID_VALUE;
}

/* ---- extension functions ---- */

/* clIcdGetPlatformIDsKHR, and the platform's own entry points by name (the
 * ICD loader asks for clGetPlatformInfo this way); no extension functions */
static void *ext_address(const char *name)
{
  if (!name) return NULL;
  if (!strcmp(name, "clIcdGetPlatformIDsKHR")) return (void *)clIcdGetPlatformIDsKHR;
  if (!strcmp(name, "clGetKernelSubGroupInfoKHR")) return (void *)vcl_GetKernelSubGroupInfo; /* cl_khr_subgroups */
#define OCL_NAMED(n) if (!strcmp(name, "cl" #n)) return (void *)vcl_##n;
  OCL_FUNCS(OCL_NAMED)
#undef OCL_NAMED
  return NULL;
}

OCL_EXPORT void *CL_API_CALL clGetExtensionFunctionAddress(const char *name)
{
  return ext_address(name);
}

void *CL_API_CALL vcl_GetExtensionFunctionAddress(const char *name)
{
  return ext_address(name);
}

OCL_EXPORT void *CL_API_CALL clGetExtensionFunctionAddressForPlatform(cl_platform_id p, const char *name)
{
  if (!is_platform(p)) return NULL;
  return ext_address(name);
}

void *CL_API_CALL vcl_GetExtensionFunctionAddressForPlatform(cl_platform_id p, const char *name)
{
  return clGetExtensionFunctionAddressForPlatform(p, name);
}

cl_int CL_API_CALL vcl_UnloadCompiler(void)
{
  return CL_SUCCESS;
}

cl_int CL_API_CALL vcl_UnloadPlatformCompiler(cl_platform_id p)
{
  return is_platform(p) ? CL_SUCCESS : CL_INVALID_PLATFORM;
}

cl_int CL_API_CALL vcl_GetDeviceAndHostTimer(cl_device_id d, cl_ulong *dev, cl_ulong *host)
{
  (void)dev; (void)host;
  if (!valid_device(d)) return CL_INVALID_DEVICE;
  return CL_INVALID_OPERATION; /* CL_PLATFORM_HOST_TIMER_RESOLUTION is 0 */
}

cl_int CL_API_CALL vcl_GetHostTimer(cl_device_id d, cl_ulong *host)
{
  (void)host;
  if (!valid_device(d)) return CL_INVALID_DEVICE;
  return CL_INVALID_OPERATION;
}

/* ---- the dispatch table ---- */

#define OCL_ENTRY(n) .cl##n = vcl_##n,
cl_icd_dispatch ocl_dispatch = {OCL_FUNCS(OCL_ENTRY) .clGetKernelSubGroupInfoKHR = vcl_GetKernelSubGroupInfo};
#undef OCL_ENTRY
