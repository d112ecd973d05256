/* Kernels: creation, arguments, queries. */
#include <stdlib.h>
#include <string.h>

#include "opencl/ocl.h"

static const ocl_kernel_info *find_info(ocl_bprog *b, const char *name)
{
  if (!b) return NULL;
  for (size_t i = 0; i < b->nkernels; i++)
    if (!strcmp(b->kernels[i].name, name)) return &b->kernels[i];
  return NULL;
}

/* lock held */
static cl_kernel make_kernel(cl_program p, const char *name, cl_int *e)
{
  cl_context c = p->ctx;
  cl_kernel k = calloc(1, sizeof *k);
  if (!k || !(k->info = calloc(c->ndevices, sizeof *k->info)) || !(k->name = strdup(name))) goto oom;
  for (cl_uint i = 0; i < c->ndevices; i++) {
    k->info[i] = find_info(p->per[i].bprog, name);
    if (k->info[i] && !k->ref) k->ref = k->info[i];
  }
  if (!k->ref) {
    free(k->info);
    free(k->name);
    free(k);
    *e = CL_INVALID_KERNEL_NAME;
    return NULL;
  }
  k->nargs = k->ref->args_known ? k->ref->nargs : 0;
  k->capargs = k->nargs ? k->nargs : 8;
  if (!(k->args = calloc(k->capargs, sizeof *k->args)) || ocl_reg_add(k, OT_KERNEL)) goto oom;
  k->dispatch = &ocl_dispatch;
  k->refs = 1;
  k->prog = p;
  p->refs++;
  p->kernels_attached++;
  return k;
oom:
  if (k) {
    free(k->info);
    free(k->name);
    free(k->args);
  }
  free(k);
  *e = CL_OUT_OF_HOST_MEMORY;
  return NULL;
}

static int built(cl_program p)
{
  for (cl_uint i = 0; i < p->ctx->ndevices; i++)
    if (p->per[i].bprog) return 1;
  return 0;
}

cl_kernel CL_API_CALL vcl_CreateKernel(cl_program p, const char *name, cl_int *rc)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_SUCCESS;
  cl_kernel k = NULL;
  if (ocl_reg_type(p) != OT_PROGRAM) e = CL_INVALID_PROGRAM;
  else if (!built(p)) e = CL_INVALID_PROGRAM_EXECUTABLE;
  else if (!name) e = CL_INVALID_VALUE;
  else k = make_kernel(p, name, &e);
  pthread_mutex_unlock(&ocl_lock);
  if (rc) *rc = e;
  return k;
}

cl_int CL_API_CALL vcl_CreateKernelsInProgram(cl_program p, cl_uint n, cl_kernel *out, cl_uint *num)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_SUCCESS;
  if (ocl_reg_type(p) != OT_PROGRAM) e = CL_INVALID_PROGRAM;
  else if (!built(p)) e = CL_INVALID_PROGRAM_EXECUTABLE;
  else if (out && n < p->nkernels) e = CL_INVALID_VALUE;
  if (e == CL_SUCCESS) {
    ocl_bprog *b = NULL;
    for (cl_uint i = 0; i < p->ctx->ndevices && !b; i++) b = p->per[i].bprog;
    if (out)
      for (size_t i = 0; i < b->nkernels; i++)
        if (!(out[i] = make_kernel(p, b->kernels[i].name, &e))) {
          while (i-- > 0) { /* undo */
            ocl_reg_del(out[i]);
            p->refs--;
            p->kernels_attached--;
            free(out[i]->info);
            free(out[i]->name);
            free(out[i]->args);
            free(out[i]);
          }
          break;
        }
    if (num) *num = (cl_uint)b->nkernels;
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_RetainKernel(cl_kernel k)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(k) == OT_KERNEL ? (k->refs++, CL_SUCCESS) : CL_INVALID_KERNEL;
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

void ocl_kernel_release(cl_kernel k)
{
  if (--k->refs) return;
  ocl_reg_del(k);
  for (unsigned i = 0; i < k->capargs; i++) free(k->args[i].value);
  free(k->args);
  free(k->info);
  free(k->name);
  cl_program p = k->prog;
  p->kernels_attached--;
  free(k);
  ocl_program_release(p);
}

cl_int CL_API_CALL vcl_ReleaseKernel(cl_kernel k)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_INVALID_KERNEL;
  if (ocl_reg_type(k) == OT_KERNEL) {
    ocl_kernel_release(k);
    e = CL_SUCCESS;
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_kernel CL_API_CALL vcl_CloneKernel(cl_kernel src, cl_int *rc)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_SUCCESS;
  cl_kernel k = NULL;
  if (ocl_reg_type(src) != OT_KERNEL) e = CL_INVALID_KERNEL;
  else if ((k = make_kernel(src->prog, src->name, &e))) {
    if (src->capargs > k->capargs) {
      ocl_argval *a = realloc(k->args, src->capargs * sizeof *a);
      if (a) {
        memset(a + k->capargs, 0, (src->capargs - k->capargs) * sizeof *a);
        k->args = a;
        k->capargs = src->capargs;
      }
    }
    for (unsigned i = 0; i < src->capargs && i < k->capargs; i++) {
      k->args[i] = src->args[i];
      k->args[i].value = NULL;
      if (src->args[i].value && (k->args[i].value = malloc(src->args[i].size)))
        memcpy(k->args[i].value, src->args[i].value, src->args[i].size);
    }
    k->nargs = src->nargs;
  }
  pthread_mutex_unlock(&ocl_lock);
  if (rc) *rc = e;
  return k;
}

cl_int CL_API_CALL vcl_SetKernelArg(cl_kernel k, cl_uint idx, size_t size, const void *value)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_SUCCESS;
  if (ocl_reg_type(k) != OT_KERNEL) {
    e = CL_INVALID_KERNEL;
    goto out;
  }
  const ocl_kernel_info *ki = k->ref;
  int kind;
  cl_mem mem = NULL;
  if (ki->args_known) {
    if (idx >= ki->nargs) { e = CL_INVALID_ARG_INDEX; goto out; }
    kind = ki->args[idx].kind;
  } else { /* no metadata: what the value looks like */
    if (idx >= 128) { e = CL_INVALID_ARG_INDEX; goto out; }
    if (!value && size) kind = OCL_ARG_LOCAL;
    else if (size == sizeof(cl_mem) && value && (!*(cl_mem *)value || ocl_reg_type(*(cl_mem *)value) == OT_MEM))
      kind = OCL_ARG_BUFFER;
    else kind = OCL_ARG_VALUE;
  }
  switch (kind) {
  case OCL_ARG_BUFFER:
    if (size != sizeof(cl_mem)) { e = CL_INVALID_ARG_SIZE; goto out; }
    mem = value ? *(cl_mem *)value : NULL;
    if (mem && (ocl_reg_type(mem) != OT_MEM || mem->ctx != k->prog->ctx)) { e = CL_INVALID_MEM_OBJECT; goto out; }
    break;
  case OCL_ARG_LOCAL:
    if (value) { e = CL_INVALID_ARG_VALUE; goto out; }
    if (!size) { e = CL_INVALID_ARG_SIZE; goto out; }
    break;
  case OCL_ARG_VALUE:
    if (!value) { e = CL_INVALID_ARG_VALUE; goto out; }
    if (ki->args_known ? size != ki->args[idx].size : (size == 0 || size > 1024)) { e = CL_INVALID_ARG_SIZE; goto out; }
    break;
  case OCL_ARG_SAMPLER: e = CL_INVALID_SAMPLER; goto out;
  case OCL_ARG_IMAGE: e = CL_INVALID_MEM_OBJECT; goto out;
  default: e = CL_INVALID_ARG_VALUE; goto out;
  }
  if (idx >= k->capargs) {
    unsigned nc = idx + 8;
    ocl_argval *a = realloc(k->args, nc * sizeof *a);
    if (!a) { e = CL_OUT_OF_HOST_MEMORY; goto out; }
    memset(a + k->capargs, 0, (nc - k->capargs) * sizeof *a);
    k->args = a;
    k->capargs = nc;
  }
  ocl_argval *a = &k->args[idx];
  free(a->value);
  memset(a, 0, sizeof *a);
  a->kind = kind;
  if (kind == OCL_ARG_BUFFER) a->mem = mem;
  else if (kind == OCL_ARG_LOCAL) a->local_size = size;
  else {
    if (!(a->value = malloc(size))) { e = CL_OUT_OF_HOST_MEMORY; goto out; }
    memcpy(a->value, value, size);
    a->size = (uint32_t)size;
  }
  a->set = 1;
  if (!ki->args_known && idx + 1 > k->nargs) k->nargs = idx + 1;
out:
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_GetKernelInfo(cl_kernel k, cl_kernel_info param, size_t size, void *value, size_t *ret)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e;
  if (ocl_reg_type(k) != OT_KERNEL) e = CL_INVALID_KERNEL;
  else switch (param) {
    case CL_KERNEL_FUNCTION_NAME: e = ocl_info_str(k->name, size, value, ret); break;
    case CL_KERNEL_NUM_ARGS: {
      cl_uint n = k->nargs;
      e = ocl_info(&n, sizeof n, size, value, ret);
      break;
    }
    case CL_KERNEL_REFERENCE_COUNT: e = ocl_info(&k->refs, sizeof k->refs, size, value, ret); break;
    case CL_KERNEL_CONTEXT: e = ocl_info(&k->prog->ctx, sizeof k->prog->ctx, size, value, ret); break;
    case CL_KERNEL_PROGRAM: e = ocl_info(&k->prog, sizeof k->prog, size, value, ret); break;
    case CL_KERNEL_ATTRIBUTES: e = ocl_info_str(k->ref->attributes ? k->ref->attributes : "", size, value, ret); break;
    default: e = CL_INVALID_VALUE;
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_GetKernelWorkGroupInfo(cl_kernel k, cl_device_id d, cl_kernel_work_group_info param,
                                              size_t size, void *value, size_t *ret)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_SUCCESS;
  int i = -1;
  if (ocl_reg_type(k) != OT_KERNEL) e = CL_INVALID_KERNEL;
  else if (!d && k->prog->ctx->ndevices == 1) i = 0;
  else if (!d || ocl_reg_type(d) != OT_DEVICE || (i = ocl_dev_index(k->prog->ctx, d)) < 0) e = CL_INVALID_DEVICE;
  const ocl_kernel_info *ki = e == CL_SUCCESS ? k->info[i] : NULL;
  if (e == CL_SUCCESS && !ki) e = CL_INVALID_DEVICE; /* not built for that device */
  if (e == CL_SUCCESS) {
    cl_device_id dev = k->prog->ctx->devices[i];
    size_t s;
    cl_ulong ul;
    switch (param) {
    case CL_KERNEL_WORK_GROUP_SIZE:
      s = ki->max_wg_size < dev->conf.max_wg_size ? ki->max_wg_size : dev->conf.max_wg_size;
      e = ocl_info(&s, sizeof s, size, value, ret);
      break;
    case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
      size_t r[3] = {ki->reqd_wg[0], ki->reqd_wg[1], ki->reqd_wg[2]};
      e = ocl_info(r, sizeof r, size, value, ret);
      break;
    }
    case CL_KERNEL_LOCAL_MEM_SIZE:
      ul = ki->local_mem;
      for (unsigned a = 0; a < k->capargs; a++)
        if (k->args[a].set && k->args[a].kind == OCL_ARG_LOCAL) ul += k->args[a].local_size;
      e = ocl_info(&ul, sizeof ul, size, value, ret);
      break;
    case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
      s = ki->pref_multiple;
      e = ocl_info(&s, sizeof s, size, value, ret);
      break;
    case CL_KERNEL_PRIVATE_MEM_SIZE:
      ul = ki->private_mem;
      e = ocl_info(&ul, sizeof ul, size, value, ret);
      break;
    default: e = CL_INVALID_VALUE; /* CL_KERNEL_GLOBAL_WORK_SIZE: custom devices and built-in kernels only */
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_GetKernelArgInfo(cl_kernel k, cl_uint idx, cl_kernel_arg_info param, size_t size, void *value,
                                        size_t *ret)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_SUCCESS;
  if (ocl_reg_type(k) != OT_KERNEL) e = CL_INVALID_KERNEL;
  else if (!k->ref->args_known) e = idx >= k->nargs ? CL_INVALID_ARG_INDEX : CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
  else if (idx >= k->ref->nargs) e = CL_INVALID_ARG_INDEX;
  if (e == CL_SUCCESS) {
    const ocl_arg_info *a = &k->ref->args[idx];
    cl_kernel_arg_address_qualifier aq = a->address;
    cl_kernel_arg_access_qualifier acc = CL_KERNEL_ARG_ACCESS_NONE;
    cl_kernel_arg_type_qualifier tq = a->type_qual;
    switch (param) {
    case CL_KERNEL_ARG_ADDRESS_QUALIFIER: e = ocl_info(&aq, sizeof aq, size, value, ret); break;
    case CL_KERNEL_ARG_ACCESS_QUALIFIER: e = ocl_info(&acc, sizeof acc, size, value, ret); break;
    case CL_KERNEL_ARG_TYPE_QUALIFIER: e = ocl_info(&tq, sizeof tq, size, value, ret); break;
    case CL_KERNEL_ARG_TYPE_NAME:
      e = a->type_name ? ocl_info_str(a->type_name, size, value, ret) : CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
      break;
    case CL_KERNEL_ARG_NAME: e = a->name ? ocl_info_str(a->name, size, value, ret) : CL_KERNEL_ARG_INFO_NOT_AVAILABLE; break;
    default: e = CL_INVALID_VALUE;
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

/* Sub-groups (OpenCL 2.1, cl_khr_subgroups) on the AMD devices: a
 * sub-group is a wave of the device's wavefront size, filled in work-item
 * order (the dispatcher's), so a work-group of n items has ceil(n / W)
 * sub-groups of W items, the last one partial.  The Ventus device has none
 * (CL_INVALID_OPERATION). */
cl_int CL_API_CALL vcl_GetKernelSubGroupInfo(cl_kernel k, cl_device_id d, cl_kernel_sub_group_info param, size_t isz,
                                             const void *in, size_t size, void *value, size_t *ret)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_SUCCESS;
  int i = -1;
  if (ocl_reg_type(k) != OT_KERNEL) e = CL_INVALID_KERNEL;
  else if (!d && k->prog->ctx->ndevices == 1) i = 0;
  else if (!d || ocl_reg_type(d) != OT_DEVICE || (i = ocl_dev_index(k->prog->ctx, d)) < 0) e = CL_INVALID_DEVICE;
  const ocl_kernel_info *ki = e == CL_SUCCESS ? k->info[i] : NULL;
  if (e == CL_SUCCESS && !ki) e = CL_INVALID_DEVICE; /* not built for that device */
  cl_device_id dev = e == CL_SUCCESS ? k->prog->ctx->devices[i] : NULL;
  if (e == CL_SUCCESS && dev->be != &ocl_backend_amd) e = CL_INVALID_OPERATION;
  if (e == CL_SUCCESS) {
    size_t W = dev->conf.wavefront ? dev->conf.wavefront : 64;
    size_t maxwg = ki->max_wg_size < dev->conf.max_wg_size ? ki->max_wg_size : dev->conf.max_wg_size;
    size_t items = 1, s;
    switch (param) {
    case CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE:
    case CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE:
      /* input: the local size, 1 to 3 size_t */
      if (!in || isz == 0 || isz % sizeof(size_t) || isz > 3 * sizeof(size_t)) { e = CL_INVALID_VALUE; break; }
      for (size_t j = 0; j < isz / sizeof(size_t); j++) items *= ((const size_t *)in)[j];
      if (items == 0) { e = CL_INVALID_VALUE; break; }
      s = param == CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE ? (items < W ? items : W) : (items + W - 1) / W;
      e = ocl_info(&s, sizeof s, size, value, ret);
      break;
    case CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT: {
      /* input: a sub-group count; output: a 1-3 dimensional local size
       * (x = count * W, the rest 1), or zeros when none fits */
      if (!in || isz != sizeof(size_t) || (value && (size == 0 || size % sizeof(size_t) || size > 3 * sizeof(size_t))))
        { e = CL_INVALID_VALUE; break; }
      size_t n = *(const size_t *)in, r[3] = {0, 0, 0};
      size_t dims = value ? size / sizeof(size_t) : 1;
      if (n && n <= maxwg / W) {
        r[0] = n * W;
        for (size_t j = 1; j < dims; j++) r[j] = 1;
      }
      if (ret) *ret = dims * sizeof(size_t);
      if (value) memcpy(value, r, dims * sizeof(size_t));
      break;
    }
    case CL_KERNEL_MAX_NUM_SUB_GROUPS:
      s = (maxwg + W - 1) / W;
      e = ocl_info(&s, sizeof s, size, value, ret);
      break;
    case CL_KERNEL_COMPILE_NUM_SUB_GROUPS:
      s = 0; /* no intel_reqd_sub_group_size-like attribute in the metadata */
      e = ocl_info(&s, sizeof s, size, value, ret);
      break;
    default: e = CL_INVALID_VALUE;
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_SetKernelArgSVMPointer(cl_kernel k, cl_uint idx, const void *ptr)
{
  (void)idx; (void)ptr;
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(k) != OT_KERNEL ? CL_INVALID_KERNEL : CL_INVALID_OPERATION; /* no SVM */
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_SetKernelExecInfo(cl_kernel k, cl_kernel_exec_info param, size_t size, const void *value)
{
  (void)param; (void)size; (void)value;
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(k) != OT_KERNEL ? CL_INVALID_KERNEL : CL_INVALID_OPERATION; /* no SVM */
  pthread_mutex_unlock(&ocl_lock);
  return e;
}
