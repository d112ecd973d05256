/* Buffers and sub-buffers, and where their data lives.
 *
 * A buffer's data (its store, shared with its sub-buffers) can be on the
 * host and on each device of the context; each copy is marked current or
 * not.  A command on a device first makes the device's copy current
 * (migrating through the host from wherever the current copy is); a
 * command that writes leaves the device's copy as the only current one. */
#include <stdlib.h>
#include <string.h>

#include "opencl/ocl.h"

static pthread_mutex_t store_lock = PTHREAD_MUTEX_INITIALIZER;

static ocl_bdev *bdev_of(ocl_store *s, int di, cl_device_id *dev)
{
  *dev = s->ctx->devices[di];
  return (*dev)->bdev;
}

static int host_alloc(ocl_store *s, vs_error *err)
{
  if (s->host) return 0;
  s->host = calloc(1, s->size ? s->size : 1);
  if (!s->host) return vs_error_set(err, VS_E_NOMEM, "out of host memory for a buffer of %llu bytes",
                                    (unsigned long long)s->size);
  s->host_owned = 1;
  return 0;
}

static int store_host_locked(ocl_store *s, vs_error *err)
{
  if (s->host_valid) return 0;
  if (host_alloc(s, err)) return -1;
  for (cl_uint j = 0; j < s->ctx->ndevices; j++)
    if (s->valid[j]) {
      cl_device_id d;
      ocl_bdev *b = bdev_of(s, (int)j, &d);
      if (d->be->mem_read(b, s->addr[j], s->host, s->size, err)) return -1;
      break;
    }
  s->host_valid = 1;
  return 0;
}

int ocl_store_host(ocl_store *s, vs_error *err)
{
  pthread_mutex_lock(&store_lock);
  int rc = store_host_locked(s, err);
  pthread_mutex_unlock(&store_lock);
  return rc;
}

int ocl_store_on(ocl_store *s, int di, vs_error *err)
{
  pthread_mutex_lock(&store_lock);
  int rc = 0;
  if (!s->valid[di]) {
    cl_device_id d;
    ocl_bdev *b = bdev_of(s, di, &d);
    if (!s->addr[di] && d->be->mem_alloc(b, s->size ? s->size : 1, &s->addr[di], err)) {
      rc = -1;
      goto out;
    }
    int any = s->host_valid;
    for (cl_uint j = 0; j < s->ctx->ndevices; j++) any |= s->valid[j];
    if (any) { /* the current copy comes through the host */
      if (store_host_locked(s, err) || d->be->mem_write(b, s->addr[di], s->host, s->size, err)) {
        rc = -1;
        goto out;
      }
    }
    s->valid[di] = 1;
  }
out:
  pthread_mutex_unlock(&store_lock);
  return rc;
}

int ocl_store_read(ocl_store *s, int di, uint64_t off, void *dst, uint64_t n, vs_error *err)
{
  pthread_mutex_lock(&store_lock);
  int rc = 0;
  cl_device_id d;
  ocl_bdev *b = bdev_of(s, di, &d);
  if (s->valid[di]) {
    rc = d->be->mem_read(b, s->addr[di] + off, dst, n, err);
  } else {
    rc = store_host_locked(s, err); /* from wherever the current copy is */
    if (rc == 0) memcpy(dst, s->host + off, n);
  }
  pthread_mutex_unlock(&store_lock);
  return rc;
}

int ocl_store_write(ocl_store *s, int di, uint64_t off, const void *src, uint64_t n, vs_error *err)
{
  if (off != 0 || n != s->size) { /* the rest of the buffer must be current there too */
    if (ocl_store_on(s, di, err)) return -1;
  }
  pthread_mutex_lock(&store_lock);
  cl_device_id d;
  ocl_bdev *b = bdev_of(s, di, &d);
  int rc = 0;
  if (!s->addr[di] && d->be->mem_alloc(b, s->size ? s->size : 1, &s->addr[di], err)) rc = -1;
  if (rc == 0) rc = d->be->mem_write(b, s->addr[di] + off, src, n, err);
  if (rc == 0) {
    for (cl_uint j = 0; j < s->ctx->ndevices; j++) s->valid[j] = (int)j == di;
    s->host_valid = 0;
  }
  pthread_mutex_unlock(&store_lock);
  return rc;
}

int ocl_store_host_ptr(ocl_store *s, uint8_t **p, vs_error *err)
{
  pthread_mutex_lock(&store_lock);
  int rc = host_alloc(s, err);
  *p = s->host;
  pthread_mutex_unlock(&store_lock);
  return rc;
}

void ocl_store_written(ocl_store *s, int di)
{
  pthread_mutex_lock(&store_lock);
  for (cl_uint j = 0; j < s->ctx->ndevices; j++) s->valid[j] = (int)j == di;
  s->host_valid = di < 0;
  pthread_mutex_unlock(&store_lock);
}

static void store_free(ocl_store *s)
{
  if (--s->refs) return;
  for (cl_uint j = 0; j < s->ctx->ndevices; j++)
    if (s->addr[j]) {
      cl_device_id d = s->ctx->devices[j];
      if (d->bdev) d->be->mem_free(d->bdev, s->addr[j]);
    }
  if (s->host_owned) free(s->host);
  free(s->addr);
  free(s->valid);
  free(s);
}

/* ---- creation ---- */

#define ACCESS_FLAGS (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY)
#define HOST_FLAGS (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)
#define PTR_FLAGS (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)

static int popcount_flags(cl_mem_flags f)
{
  int n = 0;
  for (; f; f &= f - 1) n++;
  return n;
}

static cl_int check_flags(cl_mem_flags f)
{
  if (f & ~(cl_mem_flags)(ACCESS_FLAGS | HOST_FLAGS | PTR_FLAGS | CL_MEM_KERNEL_READ_AND_WRITE)) return CL_INVALID_VALUE;
  if (popcount_flags(f & ACCESS_FLAGS) > 1 || popcount_flags(f & HOST_FLAGS) > 1) return CL_INVALID_VALUE;
  if ((f & CL_MEM_USE_HOST_PTR) && (f & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))) return CL_INVALID_VALUE;
  return CL_SUCCESS;
}

static cl_mem make_buffer(cl_context c, const cl_mem_properties *props, cl_mem_flags flags, size_t size, void *host,
                          cl_int *rc)
{
  cl_int e = CL_SUCCESS;
  cl_mem m = NULL;
  ocl_store *s = NULL;
  pthread_mutex_lock(&ocl_lock);
  if (ocl_reg_type(c) != OT_CONTEXT) { e = CL_INVALID_CONTEXT; goto out; }
  if (props && props[0] != 0) { e = CL_INVALID_PROPERTY; goto out; } /* no buffer properties are supported */
  if ((e = check_flags(flags)) != CL_SUCCESS) goto out;
  if (size == 0) { e = CL_INVALID_BUFFER_SIZE; goto out; }
  uint64_t maxa = 0;
  for (cl_uint i = 0; i < c->ndevices; i++)
    if (c->devices[i]->conf.max_alloc > maxa) maxa = c->devices[i]->conf.max_alloc;
  if (size > maxa) { e = CL_INVALID_BUFFER_SIZE; goto out; }
  if (!!host != !!(flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR))) { e = CL_INVALID_HOST_PTR; goto out; }
  m = calloc(1, sizeof *m);
  s = calloc(1, sizeof *s);
  if (!m || !s || !(s->addr = calloc(c->ndevices, sizeof *s->addr)) || !(s->valid = calloc(c->ndevices, 1))) {
    e = CL_OUT_OF_HOST_MEMORY;
    goto out;
  }
  s->refs = 1;
  s->size = size;
  s->ctx = c;
  if (flags & CL_MEM_USE_HOST_PTR) {
    s->host = host;
    s->host_valid = 1;
  } else if (flags & (CL_MEM_COPY_HOST_PTR | CL_MEM_ALLOC_HOST_PTR)) {
    vs_error err;
    if (host_alloc(s, &err)) { e = CL_OUT_OF_HOST_MEMORY; goto out; }
    if (host) memcpy(s->host, host, size);
    s->host_valid = 1;
  }
  if (ocl_props_copy(props, (void **)&m->props, &m->nprops) || ocl_reg_add(m, OT_MEM)) {
    e = CL_OUT_OF_HOST_MEMORY;
    goto out;
  }
  m->dispatch = &ocl_dispatch;
  m->refs = 1;
  m->ctx = c;
  m->flags = (flags & ACCESS_FLAGS) ? flags : (flags | CL_MEM_READ_WRITE);
  m->size = size;
  m->host_ptr = (flags & CL_MEM_USE_HOST_PTR) ? host : NULL;
  m->store = s;
  c->refs++;
  pthread_mutex_unlock(&ocl_lock);
  if (rc) *rc = CL_SUCCESS;
  return m;
out:
  pthread_mutex_unlock(&ocl_lock);
  if (m) free(m->props);
  free(m);
  if (s) {
    if (s->host_owned) free(s->host);
    free(s->addr);
    free(s->valid);
    free(s);
  }
  if (rc) *rc = e;
  return NULL;
}

cl_mem CL_API_CALL vcl_CreateBuffer(cl_context c, cl_mem_flags flags, size_t size, void *host, cl_int *rc)
{
  return make_buffer(c, NULL, flags, size, host, rc);
}

cl_mem CL_API_CALL vcl_CreateBufferWithProperties(cl_context c, const cl_mem_properties *props, cl_mem_flags flags,
                                                  size_t size, void *host, cl_int *rc)
{
  return make_buffer(c, props, flags, size, host, rc);
}

cl_mem CL_API_CALL vcl_CreateSubBuffer(cl_mem p, cl_mem_flags flags, cl_buffer_create_type type, const void *info,
                                       cl_int *rc)
{
  cl_int e = CL_SUCCESS;
  cl_mem m = NULL;
  pthread_mutex_lock(&ocl_lock);
  if (ocl_reg_type(p) != OT_MEM || p->parent) { e = CL_INVALID_MEM_OBJECT; goto out; }
  if ((e = check_flags(flags)) != CL_SUCCESS) goto out;
  if (flags & PTR_FLAGS) { e = CL_INVALID_VALUE; goto out; }
  /* access: inherited, and no more than the parent's */
  if ((p->flags & CL_MEM_WRITE_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) { e = CL_INVALID_VALUE; goto out; }
  if ((p->flags & CL_MEM_READ_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY))) { e = CL_INVALID_VALUE; goto out; }
  if ((p->flags & CL_MEM_HOST_WRITE_ONLY) && (flags & CL_MEM_HOST_READ_ONLY)) { e = CL_INVALID_VALUE; goto out; }
  if ((p->flags & CL_MEM_HOST_READ_ONLY) && (flags & CL_MEM_HOST_WRITE_ONLY)) { e = CL_INVALID_VALUE; goto out; }
  if ((p->flags & CL_MEM_HOST_NO_ACCESS) && (flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY))) {
    e = CL_INVALID_VALUE;
    goto out;
  }
  if (type != CL_BUFFER_CREATE_TYPE_REGION || !info) { e = CL_INVALID_VALUE; goto out; }
  const cl_buffer_region *r = info;
  if (r->size == 0) { e = CL_INVALID_BUFFER_SIZE; goto out; }
  if (r->origin > p->size || r->size > p->size - r->origin) { e = CL_INVALID_VALUE; goto out; }
  int aligned = 0; /* to CL_DEVICE_MEM_BASE_ADDR_ALIGN (1024 bits) of some device of the context */
  for (cl_uint i = 0; i < p->ctx->ndevices; i++) aligned |= r->origin % 128 == 0;
  if (!aligned) { e = CL_MISALIGNED_SUB_BUFFER_OFFSET; goto out; }
  m = calloc(1, sizeof *m);
  if (!m || ocl_reg_add(m, OT_MEM)) {
    free(m);
    m = NULL;
    e = CL_OUT_OF_HOST_MEMORY;
    goto out;
  }
  m->dispatch = &ocl_dispatch;
  m->refs = 1;
  m->ctx = p->ctx;
  if (!(flags & ACCESS_FLAGS)) flags |= p->flags & ACCESS_FLAGS;
  if (!(flags & HOST_FLAGS)) flags |= p->flags & HOST_FLAGS;
  flags |= p->flags & PTR_FLAGS;
  m->flags = flags;
  m->size = r->size;
  m->origin = r->origin;
  m->host_ptr = p->host_ptr ? (uint8_t *)p->host_ptr + r->origin : NULL;
  m->parent = p;
  m->store = p->store;
  p->store->refs++;
  p->refs++;
  p->ctx->refs++;
out:
  pthread_mutex_unlock(&ocl_lock);
  if (rc) *rc = e;
  return m;
}

cl_int CL_API_CALL vcl_RetainMemObject(cl_mem m)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(m) == OT_MEM ? (m->refs++, CL_SUCCESS) : CL_INVALID_MEM_OBJECT;
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

void ocl_mem_release(cl_mem m)
{
  if (--m->refs) return;
  ocl_reg_del(m);
  for (ocl_cb *cb = m->destructors, *n; cb; cb = n) { /* last registered first */
    n = cb->next;
    pthread_mutex_unlock(&ocl_lock);
    ((void (CL_CALLBACK *)(cl_mem, void *))cb->fn)(m, cb->user);
    pthread_mutex_lock(&ocl_lock);
    free(cb);
  }
  store_free(m->store);
  cl_mem parent = m->parent;
  cl_context c = m->ctx;
  free(m->props);
  free(m);
  if (parent) ocl_mem_release(parent);
  ocl_context_release(c);
}

cl_int CL_API_CALL vcl_ReleaseMemObject(cl_mem m)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_INVALID_MEM_OBJECT;
  if (ocl_reg_type(m) == OT_MEM) {
    ocl_mem_release(m);
    e = CL_SUCCESS;
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_SetMemObjectDestructorCallback(cl_mem m, void (CL_CALLBACK *fn)(cl_mem, void *), void *user)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_SUCCESS;
  if (ocl_reg_type(m) != OT_MEM) e = CL_INVALID_MEM_OBJECT;
  else if (!fn) e = CL_INVALID_VALUE;
  else {
    ocl_cb *cb = calloc(1, sizeof *cb);
    if (!cb) e = CL_OUT_OF_HOST_MEMORY;
    else {
      cb->fn = (void (CL_CALLBACK *)(void))fn;
      cb->user = user;
      cb->next = m->destructors;
      m->destructors = cb;
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_GetMemObjectInfo(cl_mem m, cl_mem_info param, size_t size, void *value, size_t *ret)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e;
  if (ocl_reg_type(m) != OT_MEM) {
    e = CL_INVALID_MEM_OBJECT;
  } else {
    cl_mem_object_type t = CL_MEM_OBJECT_BUFFER;
    size_t sz = m->size, off = m->origin;
    cl_bool no = CL_FALSE;
    switch (param) {
    case CL_MEM_TYPE: e = ocl_info(&t, sizeof t, size, value, ret); break;
    case CL_MEM_FLAGS: e = ocl_info(&m->flags, sizeof m->flags, size, value, ret); break;
    case CL_MEM_SIZE: e = ocl_info(&sz, sizeof sz, size, value, ret); break;
    case CL_MEM_HOST_PTR: e = ocl_info(&m->host_ptr, sizeof m->host_ptr, size, value, ret); break;
    case CL_MEM_MAP_COUNT: e = ocl_info(&m->maps, sizeof m->maps, size, value, ret); break;
    case CL_MEM_REFERENCE_COUNT: e = ocl_info(&m->refs, sizeof m->refs, size, value, ret); break;
    case CL_MEM_CONTEXT: e = ocl_info(&m->ctx, sizeof m->ctx, size, value, ret); break;
    case CL_MEM_ASSOCIATED_MEMOBJECT: e = ocl_info(&m->parent, sizeof m->parent, size, value, ret); break;
    case CL_MEM_OFFSET: e = ocl_info(&off, sizeof off, size, value, ret); break;
    case CL_MEM_USES_SVM_POINTER: e = ocl_info(&no, sizeof no, size, value, ret); break;
    case CL_MEM_PROPERTIES: e = ocl_info(m->props, m->nprops * sizeof *m->props, size, value, ret); break;
    default: e = CL_INVALID_VALUE;
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}
