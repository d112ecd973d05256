/* clEnqueueNDRangeKernel: checks, the local size when none is given, and the
 * launch command. */
#include <stdlib.h>
#include <string.h>

#include "opencl/ocl.h"

typedef struct launch_cmd {
  ocl_cmd base;
  int di;
  cl_kernel k;                /* retained */
  const ocl_kernel_info *ki;
  ocl_bprog *bprog;
  ocl_launch l;
  ocl_launch_arg *args;
  cl_mem *mems;               /* retained, per argument (NULL: none) */
  uint8_t *values;            /* copies of the by-value arguments */
} launch_cmd;

static void launch_free(ocl_cmd *c)
{
  launch_cmd *x = (launch_cmd *)c;
  for (unsigned i = 0; i < x->l.nargs; i++)
    if (x->mems[i]) ocl_mem_release(x->mems[i]);
  if (x->k) ocl_kernel_release(x->k);
  free(x->mems);
  free(x->args);
  free(x->values);
  free(x);
}

static cl_int launch_run(ocl_cmd *c, cl_event e, uint64_t *dur)
{
  launch_cmd *x = (launch_cmd *)c;
  cl_device_id d = e->dev;
  vs_error err = {0};
  for (unsigned i = 0; i < x->l.nargs; i++) {
    cl_mem m = x->mems[i];
    if (!m) continue;
    if (ocl_store_on(m->store, x->di, &err)) {
      fprintf(stderr, "ventsim OpenCL: kernel '%s': argument %u: %s\n", x->ki->name, i, err.msg);
      return CL_MEM_OBJECT_ALLOCATION_FAILURE;
    }
    x->args[i].addr = m->store->addr[x->di] + m->origin;
  }
  ocl_launch_result r;
  memset(&r, 0, sizeof r);
  int rc = d->be->launch(d->bdev, x->bprog, &x->l, &r, &err);
  /* whatever the kernel could write is now only current on this device */
  for (unsigned i = 0; i < x->l.nargs; i++)
    if (x->mems[i] && !(x->mems[i]->flags & CL_MEM_READ_ONLY)) ocl_store_written(x->mems[i]->store, x->di);
  uint32_t mhz = d->conf.clock_mhz ? d->conf.clock_mhz : 1000;
  uint64_t cycles = r.timing ? r.cycles : (r.warp_insns + d->conf.compute_units - 1) / (d->conf.compute_units ? d->conf.compute_units : 1);
  *dur = cycles * 1000 / mhz;
  if (rc) {
    if (err.code != VS_E_KERNEL && err.code != VS_E_DEADLOCK)
      fprintf(stderr, "ventsim OpenCL: kernel '%s' on %s: %s\n", x->ki->name, d->conf.name, err.msg);
    else
      fprintf(stderr, "ventsim OpenCL: kernel '%s' on %s failed; its event gets status %d (CL_OUT_OF_RESOURCES)\n",
              x->ki->name, d->conf.name, CL_OUT_OF_RESOURCES);
    return CL_OUT_OF_RESOURCES;
  }
  return CL_SUCCESS;
}

/* The work-group size when the application gives none (lock held):
 * uniform groups: the largest divisors of the global size that fit,
 * dimension 0 first, preferring multiples of the wave size; with partial
 * groups allowed: 256 (or the kernel's maximum) along dimension 0, 16 x 16,
 * 8 x 8 x 4, as GPU drivers do. */
static void choose_local(const uint64_t *g, unsigned dim, uint64_t max, uint64_t wave, int nonuniform, uint64_t *l)
{
  l[0] = l[1] = l[2] = 1;
  if (nonuniform) {
    static const uint64_t shape[3][3] = {{256, 1, 1}, {16, 16, 1}, {8, 8, 4}};
    uint64_t room = max;
    for (unsigned i = 0; i < dim; i++) {
      uint64_t s = shape[dim - 1][i];
      if (s > room) s = room;
      if (s > g[i]) s = g[i];
      l[i] = s ? s : 1;
      room /= l[i];
    }
    return;
  }
  uint64_t room = max;
  for (unsigned i = 0; i < dim; i++) {
    uint64_t best = 1, bestw = 1;
    for (uint64_t d = room < g[i] ? room : g[i]; d >= 1; d--) {
      if (g[i] % d) continue;
      if (best == 1) best = d;
      if (i == 0 && wave > 1 && d % wave == 0) {
        bestw = d;
        break;
      }
      if (i != 0 || wave <= 1) break;
    }
    l[i] = bestw > 1 ? bestw : best;
    room /= l[i];
  }
}

cl_int CL_API_CALL vcl_EnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dim, const size_t *goff,
                                            const size_t *gsize, const size_t *lsize, cl_uint n, const cl_event *w,
                                            cl_event *ev)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_SUCCESS;
  launch_cmd *x = NULL;
  if (ocl_reg_type(q) != OT_QUEUE) { e = CL_INVALID_COMMAND_QUEUE; goto out; }
  if (ocl_reg_type(k) != OT_KERNEL) { e = CL_INVALID_KERNEL; goto out; }
  if (k->prog->ctx != q->ctx) { e = CL_INVALID_CONTEXT; goto out; }
  int di = ocl_dev_index(q->ctx, q->dev);
  const ocl_kernel_info *ki = k->info[di];
  if (!ki) { e = CL_INVALID_PROGRAM_EXECUTABLE; goto out; }
  for (unsigned i = 0; i < k->nargs; i++)
    if (!k->args[i].set) { e = CL_INVALID_KERNEL_ARGS; goto out; }
  if (dim < 1 || dim > 3) { e = CL_INVALID_WORK_DIMENSION; goto out; }
  if (!gsize) { e = CL_INVALID_GLOBAL_WORK_SIZE; goto out; }
  cl_device_id d = q->dev;
  uint64_t g[3] = {1, 1, 1}, l[3] = {1, 1, 1}, o[3] = {0, 0, 0};
  int empty = 0;
  uint64_t addr_max = d->conf.backend[0] == 'v' ? UINT32_MAX : UINT64_MAX;
  for (unsigned i = 0; i < dim; i++) {
    g[i] = gsize[i];
    empty |= g[i] == 0;
    if (g[i] > addr_max) { e = CL_INVALID_GLOBAL_WORK_SIZE; goto out; }
    if (goff) {
      o[i] = goff[i];
      if (o[i] + g[i] < o[i] || o[i] + g[i] > addr_max) { e = CL_INVALID_GLOBAL_OFFSET; goto out; }
    }
  }
  const ocl_pdev *pd = &k->prog->per[di];
  int nonuniform = d->be->nonuniform && pd->cl_std >= 200 && !pd->uniform_wg;
  uint64_t kmax = ki->max_wg_size < d->conf.max_wg_size ? ki->max_wg_size : d->conf.max_wg_size;
  int reqd = ki->reqd_wg[0] != 0;
  if (lsize) {
    uint64_t prod = 1;
    for (unsigned i = 0; i < dim; i++) {
      l[i] = lsize[i];
      if (l[i] == 0) { e = CL_INVALID_WORK_GROUP_SIZE; goto out; }
      if (l[i] > d->conf.max_wg_size) { e = CL_INVALID_WORK_ITEM_SIZE; goto out; }
      prod *= l[i];
    }
    if (prod > kmax) { e = CL_INVALID_WORK_GROUP_SIZE; goto out; }
    for (unsigned i = 0; i < 3; i++)
      if (reqd && l[i] != ki->reqd_wg[i]) { e = CL_INVALID_WORK_GROUP_SIZE; goto out; }
    for (unsigned i = 0; i < dim && !empty; i++)
      if (g[i] % l[i] && !nonuniform) { e = CL_INVALID_WORK_GROUP_SIZE; goto out; }
  } else if (reqd) {
    for (unsigned i = 0; i < 3; i++) l[i] = ki->reqd_wg[i];
    for (unsigned i = 0; i < dim && !empty; i++)
      if (g[i] % l[i] && !nonuniform) { e = CL_INVALID_WORK_GROUP_SIZE; goto out; }
  } else if (!empty) {
    choose_local(g, dim, kmax, ki->pref_multiple, nonuniform, l);
  }
  /* local memory: static plus the __local arguments */
  uint64_t lds = ki->local_mem;
  for (unsigned i = 0; i < k->nargs; i++)
    if (k->args[i].kind == OCL_ARG_LOCAL) lds += (k->args[i].local_size + 15) & ~15ull;
  if (lds > d->conf.local_mem) { e = CL_OUT_OF_RESOURCES; goto out; }
  e = ocl_check_waitlist(q->ctx, n, w);
  if (e != CL_SUCCESS) goto out;
  const char *why = d->be->refuses ? d->be->refuses(&d->conf) : NULL;
  if (why && !empty) {
    fprintf(stderr, "ventsim OpenCL: clEnqueueNDRangeKernel: kernel '%s' on %s: %s (CL_INVALID_OPERATION)\n",
            ki->name, d->conf.name, why);
    e = CL_INVALID_OPERATION;
    goto out;
  }
  /* the command: a copy of the arguments as they are now */
  x = calloc(1, sizeof *x);
  size_t vbytes = 0;
  for (unsigned i = 0; i < k->nargs; i++) vbytes += k->args[i].size;
  if (!x || !(x->args = calloc(k->nargs + 1, sizeof *x->args)) || !(x->mems = calloc(k->nargs + 1, sizeof *x->mems)) ||
      !(x->values = malloc(vbytes + 1))) {
    if (x) {
      free(x->args);
      free(x->mems);
    }
    free(x);
    x = NULL;
    e = CL_OUT_OF_HOST_MEMORY;
    goto out;
  }
  x->base.run = launch_run;
  x->base.free = launch_free;
  x->di = di;
  x->k = k;
  k->refs++;
  x->ki = ki;
  x->bprog = pd->bprog;
  size_t vo = 0;
  for (unsigned i = 0; i < k->nargs; i++) {
    const ocl_argval *a = &k->args[i];
    ocl_launch_arg *la = &x->args[i];
    la->kind = a->kind;
    if (a->kind == OCL_ARG_BUFFER) {
      la->size = ki->args_known ? ki->args[i].size : 8;
      if (a->mem && ocl_reg_type(a->mem) != OT_MEM) { e = CL_INVALID_MEM_OBJECT; break; }
      if ((x->mems[i] = a->mem)) a->mem->refs++;
    } else if (a->kind == OCL_ARG_LOCAL) {
      la->local_size = a->local_size;
    } else {
      memcpy(x->values + vo, a->value, a->size);
      la->value = x->values + vo;
      la->size = a->size;
      vo += a->size;
    }
  }
  x->l.kernel = ki;
  x->l.work_dim = dim;
  memcpy(x->l.global, g, sizeof g);
  memcpy(x->l.local, l, sizeof l);
  memcpy(x->l.offset, o, sizeof o);
  x->l.args = x->args;
  x->l.nargs = k->nargs;
  if (e != CL_SUCCESS) {
    launch_free(&x->base);
    x = NULL;
    goto out;
  }
  if (empty) { /* nothing to run: a marker */
    launch_free(&x->base);
    x = NULL;
  }
out:
  pthread_mutex_unlock(&ocl_lock);
  if (e != CL_SUCCESS) return e;
  cl_event evt = ocl_enqueue(q, CL_COMMAND_NDRANGE_KERNEL, x ? &x->base : NULL, n, w, &e);
  if (!evt) return e;
  if (ev) *ev = evt;
  else vcl_ReleaseEvent(evt);
  return CL_SUCCESS;
}

cl_int CL_API_CALL vcl_EnqueueTask(cl_command_queue q, cl_kernel k, cl_uint n, const cl_event *w, cl_event *ev)
{
  size_t one = 1;
  cl_int e = vcl_EnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, n, w, ev);
  if (e == CL_SUCCESS && ev) {
    pthread_mutex_lock(&ocl_lock);
    (*ev)->type = CL_COMMAND_TASK;
    pthread_mutex_unlock(&ocl_lock);
  }
  return e;
}

cl_int CL_API_CALL vcl_EnqueueNativeKernel(cl_command_queue q, void (CL_CALLBACK *fn)(void *), void *args, size_t cb,
                                           cl_uint nmem, const cl_mem *mems, const void **locs, cl_uint n,
                                           const cl_event *w, cl_event *ev)
{
  (void)fn; (void)args; (void)cb; (void)nmem; (void)mems; (void)locs; (void)n; (void)w; (void)ev;
  pthread_mutex_lock(&ocl_lock);
  /* CL_DEVICE_EXECUTION_CAPABILITIES has no CL_EXEC_NATIVE_KERNEL */
  cl_int e = ocl_reg_type(q) != OT_QUEUE ? CL_INVALID_COMMAND_QUEUE : CL_INVALID_OPERATION;
  pthread_mutex_unlock(&ocl_lock);
  return e;
}
