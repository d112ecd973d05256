/* Buffer commands: read, write, copy (and their rect forms), fill, map,
 * unmap, migrate. */
#include <stdlib.h>
#include <string.h>

#include "opencl/ocl.h"

typedef struct ocl_map {
  void *ptr;
  cl_map_flags flags;
  uint64_t off, size;
  struct ocl_map *next;
} ocl_map;

enum { X_READ, X_WRITE, X_COPY, X_FILL, X_READ_RECT, X_WRITE_RECT, X_COPY_RECT, X_MAP, X_UNMAP, X_MIGRATE };

typedef struct xfer {
  ocl_cmd base;
  int kind;
  int di;                     /* the queue's device in the context */
  cl_mem a, b;                /* retained: a = source / the buffer, b = destination */
  uint64_t aoff, boff, size;  /* in the stores */
  void *ptr;                  /* host memory */
  uint8_t pattern[128];
  size_t psize;
  size_t rorg_a[3], rorg_b[3], region[3]; /* rect: byte offsets of a / b / host */
  size_t apitch[2], bpitch[2];
  int writes;                 /* unmap: the mapping was writable */
  cl_mem *migrate;
  cl_uint nmigrate;
} xfer;

static void xfer_free(ocl_cmd *c)
{
  xfer *x = (xfer *)c;
  if (x->a) ocl_mem_release(x->a);
  if (x->b) ocl_mem_release(x->b);
  for (cl_uint i = 0; i < x->nmigrate; i++) ocl_mem_release(x->migrate[i]);
  free(x->migrate);
  free(x);
}

static cl_int fail_cmd(const char *what, vs_error *err)
{
  fprintf(stderr, "ventsim OpenCL: %s: %s\n", what, err->msg);
  return CL_OUT_OF_RESOURCES;
}

/* one row of a rect command */
static cl_int rect_rows(xfer *x, cl_device_id dev, uint64_t *dur)
{
  vs_error err = {0};
  size_t row = x->region[0];
  uint8_t *tmp = x->kind == X_COPY_RECT ? malloc(row ? row : 1) : NULL;
  if (x->kind == X_COPY_RECT && !tmp) return CL_OUT_OF_HOST_MEMORY;
  cl_int st = CL_SUCCESS;
  for (size_t z = 0; z < x->region[2] && st == CL_SUCCESS; z++)
    for (size_t y = 0; y < x->region[1] && st == CL_SUCCESS; y++) {
      uint64_t ao = x->aoff + x->rorg_a[0] + (x->rorg_a[1] + y) * x->apitch[0] + (x->rorg_a[2] + z) * x->apitch[1];
      uint64_t bo = x->rorg_b[0] + (x->rorg_b[1] + y) * x->bpitch[0] + (x->rorg_b[2] + z) * x->bpitch[1];
      int rc;
      if (x->kind == X_READ_RECT) rc = ocl_store_read(x->a->store, x->di, ao, (uint8_t *)x->ptr + bo, row, &err);
      else if (x->kind == X_WRITE_RECT) rc = ocl_store_write(x->a->store, x->di, ao, (uint8_t *)x->ptr + bo, row, &err);
      else rc = ocl_store_read(x->a->store, x->di, ao, tmp, row, &err) ||
                ocl_store_write(x->b->store, x->di, x->boff + bo, tmp, row, &err);
      if (rc) st = fail_cmd("rect copy", &err);
    }
  free(tmp);
  *dur = ocl_transfer_ns(dev, (uint64_t)row * x->region[1] * x->region[2]);
  return st;
}

static cl_int xfer_run(ocl_cmd *c, cl_event e, uint64_t *dur)
{
  xfer *x = (xfer *)c;
  vs_error err = {0};
  cl_device_id dev = e->dev;
  switch (x->kind) {
  case X_READ:
    *dur = ocl_transfer_ns(dev, x->size);
    return ocl_store_read(x->a->store, x->di, x->aoff, x->ptr, x->size, &err) ? fail_cmd("read", &err) : CL_SUCCESS;
  case X_WRITE:
    *dur = ocl_transfer_ns(dev, x->size);
    return ocl_store_write(x->a->store, x->di, x->aoff, x->ptr, x->size, &err) ? fail_cmd("write", &err) : CL_SUCCESS;
  case X_COPY: {
    *dur = ocl_transfer_ns(dev, x->size) / 4; /* on the device: a quarter of the host link's time */
    uint64_t chunk = x->size < (4u << 20) ? x->size : (4u << 20);
    uint8_t *tmp = malloc(chunk ? chunk : 1);
    if (!tmp) return CL_OUT_OF_HOST_MEMORY;
    cl_int st = CL_SUCCESS;
    for (uint64_t o = 0; o < x->size && st == CL_SUCCESS; o += chunk) {
      uint64_t n = x->size - o < chunk ? x->size - o : chunk;
      if (ocl_store_read(x->a->store, x->di, x->aoff + o, tmp, n, &err) ||
          ocl_store_write(x->b->store, x->di, x->boff + o, tmp, n, &err))
        st = fail_cmd("copy", &err);
    }
    free(tmp);
    return st;
  }
  case X_FILL: {
    *dur = ocl_transfer_ns(dev, x->size) / 4;
    uint64_t chunk = x->size < (1u << 20) ? x->size : (1u << 20);
    chunk -= chunk % x->psize;
    uint8_t *tmp = malloc(chunk ? chunk : 1);
    if (!tmp) return CL_OUT_OF_HOST_MEMORY;
    for (uint64_t o = 0; o < chunk; o += x->psize) memcpy(tmp + o, x->pattern, x->psize);
    cl_int st = CL_SUCCESS;
    for (uint64_t o = 0; o < x->size && st == CL_SUCCESS; o += chunk) {
      uint64_t n = x->size - o < chunk ? x->size - o : chunk;
      if (ocl_store_write(x->a->store, x->di, x->aoff + o, tmp, n, &err)) st = fail_cmd("fill", &err);
    }
    free(tmp);
    return st;
  }
  case X_READ_RECT: case X_WRITE_RECT: case X_COPY_RECT:
    return rect_rows(x, dev, dur);
  case X_MAP:
    *dur = ocl_transfer_ns(dev, x->size);
    return ocl_store_host(x->a->store, &err) ? fail_cmd("map", &err) : CL_SUCCESS;
  case X_UNMAP:
    *dur = x->writes ? ocl_transfer_ns(dev, x->size) : 0;
    if (x->writes) ocl_store_written(x->a->store, -1);
    return CL_SUCCESS;
  case X_MIGRATE:
    for (cl_uint i = 0; i < x->nmigrate; i++) {
      if (x->size) continue; /* CL_MIGRATE_MEM_OBJECT_HOST: nothing to do */
      if (ocl_store_on(x->migrate[i]->store, x->di, &err)) return fail_cmd("migrate", &err);
    }
    return CL_SUCCESS;
  }
  return CL_INVALID_OPERATION;
}

static xfer *new_xfer(int kind)
{
  xfer *x = calloc(1, sizeof *x);
  if (x) {
    x->base.run = xfer_run;
    x->base.free = xfer_free;
    x->kind = kind;
  }
  return x;
}

/* Validation common to buffer commands (lock held) */
static cl_int check_q_mem(cl_command_queue q, cl_mem m)
{
  if (ocl_reg_type(q) != OT_QUEUE) return CL_INVALID_COMMAND_QUEUE;
  if (ocl_reg_type(m) != OT_MEM) return CL_INVALID_MEM_OBJECT;
  if (m->ctx != q->ctx) return CL_INVALID_CONTEXT;
  return CL_SUCCESS;
}

/* Submits x; blocking: waits.  Returns the status for the API */
static cl_int submit(cl_command_queue q, cl_command_type type, xfer *x, cl_bool blocking, cl_uint n, const cl_event *w,
                     cl_event *out)
{
  cl_int rc;
  cl_event e = ocl_enqueue(q, type, &x->base, n, w, &rc);
  if (!e) return rc;
  if (blocking && ocl_wait(e) < 0) rc = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  if (out) *out = e;
  else vcl_ReleaseEvent(e);
  return rc;
}

/* Takes the mem objects of x (retained) and the device index (lock held) */
static void bind(xfer *x, cl_command_queue q, cl_mem a, cl_mem b)
{
  x->di = ocl_dev_index(q->ctx, q->dev);
  if (a) { x->a = a; a->refs++; x->aoff += a->origin; }
  if (b) { x->b = b; b->refs++; x->boff += b->origin; }
}

cl_int CL_API_CALL vcl_EnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t off, size_t size,
                                         void *ptr, cl_uint n, const cl_event *w, cl_event *ev)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = check_q_mem(q, m);
  if (e == CL_SUCCESS && (!ptr || size == 0 || off > m->size || size > m->size - off)) e = CL_INVALID_VALUE;
  if (e == CL_SUCCESS && (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) e = CL_INVALID_OPERATION;
  if (e == CL_SUCCESS) e = ocl_check_waitlist(q->ctx, n, w);
  xfer *x = e == CL_SUCCESS ? new_xfer(X_READ) : NULL;
  if (e == CL_SUCCESS && !x) e = CL_OUT_OF_HOST_MEMORY;
  if (x) {
    x->aoff = off;
    x->size = size;
    x->ptr = ptr;
    bind(x, q, m, NULL);
  }
  pthread_mutex_unlock(&ocl_lock);
  return e != CL_SUCCESS ? e : submit(q, CL_COMMAND_READ_BUFFER, x, blocking, n, w, ev);
}

cl_int CL_API_CALL vcl_EnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t off, size_t size,
                                          const void *ptr, cl_uint n, const cl_event *w, cl_event *ev)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = check_q_mem(q, m);
  if (e == CL_SUCCESS && (!ptr || size == 0 || off > m->size || size > m->size - off)) e = CL_INVALID_VALUE;
  if (e == CL_SUCCESS && (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))) e = CL_INVALID_OPERATION;
  if (e == CL_SUCCESS) e = ocl_check_waitlist(q->ctx, n, w);
  xfer *x = e == CL_SUCCESS ? new_xfer(X_WRITE) : NULL;
  if (e == CL_SUCCESS && !x) e = CL_OUT_OF_HOST_MEMORY;
  if (x) {
    x->aoff = off;
    x->size = size;
    x->ptr = (void *)ptr;
    bind(x, q, m, NULL);
  }
  pthread_mutex_unlock(&ocl_lock);
  return e != CL_SUCCESS ? e : submit(q, CL_COMMAND_WRITE_BUFFER, x, blocking, n, w, ev);
}

static int overlap(const cl_mem a, uint64_t ao, const cl_mem b, uint64_t bo, uint64_t n)
{
  if (a->store != b->store) return 0;
  uint64_t x = a->origin + ao, y = b->origin + bo;
  return x < y + n && y < x + n;
}

cl_int CL_API_CALL vcl_EnqueueCopyBuffer(cl_command_queue q, cl_mem src, cl_mem dst, size_t so, size_t dof, size_t size,
                                         cl_uint n, const cl_event *w, cl_event *ev)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = check_q_mem(q, src);
  if (e == CL_SUCCESS) e = check_q_mem(q, dst);
  if (e == CL_SUCCESS && (size == 0 || so > src->size || size > src->size - so || dof > dst->size ||
                          size > dst->size - dof))
    e = CL_INVALID_VALUE;
  if (e == CL_SUCCESS && overlap(src, so, dst, dof, size)) e = CL_MEM_COPY_OVERLAP;
  if (e == CL_SUCCESS) e = ocl_check_waitlist(q->ctx, n, w);
  xfer *x = e == CL_SUCCESS ? new_xfer(X_COPY) : NULL;
  if (e == CL_SUCCESS && !x) e = CL_OUT_OF_HOST_MEMORY;
  if (x) {
    x->aoff = so;
    x->boff = dof;
    x->size = size;
    bind(x, q, src, dst);
  }
  pthread_mutex_unlock(&ocl_lock);
  return e != CL_SUCCESS ? e : submit(q, CL_COMMAND_COPY_BUFFER, x, CL_FALSE, n, w, ev);
}

cl_int CL_API_CALL vcl_EnqueueFillBuffer(cl_command_queue q, cl_mem m, const void *pattern, size_t psize, size_t off,
                                         size_t size, cl_uint n, const cl_event *w, cl_event *ev)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = check_q_mem(q, m);
  int pok = psize && psize <= 128 && !(psize & (psize - 1));
  if (e == CL_SUCCESS && (!pattern || !pok || off % (pok ? psize : 1) || size % (pok ? psize : 1) || size == 0 ||
                          off > m->size || size > m->size - off))
    e = CL_INVALID_VALUE;
  if (e == CL_SUCCESS) e = ocl_check_waitlist(q->ctx, n, w);
  xfer *x = e == CL_SUCCESS ? new_xfer(X_FILL) : NULL;
  if (e == CL_SUCCESS && !x) e = CL_OUT_OF_HOST_MEMORY;
  if (x) {
    x->aoff = off;
    x->size = size;
    memcpy(x->pattern, pattern, psize);
    x->psize = psize;
    bind(x, q, m, NULL);
  }
  pthread_mutex_unlock(&ocl_lock);
  return e != CL_SUCCESS ? e : submit(q, CL_COMMAND_FILL_BUFFER, x, CL_FALSE, n, w, ev);
}

/* ---- rect ---- */

/* Validates origin/region/pitches; fills the pitches; 0 or CL_INVALID_VALUE */
static cl_int rect_geom(const size_t *org, const size_t *region, size_t *rp, size_t *sp, uint64_t limit)
{
  if (!org || !region || region[0] == 0 || region[1] == 0 || region[2] == 0) return CL_INVALID_VALUE;
  if (*rp == 0) *rp = region[0];
  else if (*rp < region[0]) return CL_INVALID_VALUE;
  if (*sp == 0) *sp = region[1] * *rp;
  else if (*sp < region[1] * *rp || *sp % *rp) return CL_INVALID_VALUE;
  uint64_t last = org[0] + (org[1] + region[1] - 1) * (uint64_t)*rp + (org[2] + region[2] - 1) * (uint64_t)*sp + region[0];
  if (limit && last > limit) return CL_INVALID_VALUE;
  return CL_SUCCESS;
}

static cl_int rect_cmd(int kind, cl_command_queue q, cl_mem a, cl_mem b, cl_bool blocking, const size_t *ao,
                       const size_t *bo, const size_t *region, size_t arp, size_t asp, size_t brp, size_t bsp, void *ptr,
                       cl_uint n, const cl_event *w, cl_event *ev)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = check_q_mem(q, a);
  if (e == CL_SUCCESS && b) e = check_q_mem(q, b);
  if (e == CL_SUCCESS && kind != X_COPY_RECT && !ptr) e = CL_INVALID_VALUE;
  if (e == CL_SUCCESS) e = rect_geom(ao, region, &arp, &asp, a->size);
  if (e == CL_SUCCESS) e = rect_geom(bo, region, &brp, &bsp, b ? b->size : 0);
  if (e == CL_SUCCESS && kind == X_COPY_RECT && a->store == b->store) {
    uint64_t a0 = a->origin + ao[0] + ao[1] * arp + ao[2] * asp, b0 = b->origin + bo[0] + bo[1] * brp + bo[2] * bsp;
    uint64_t an = (region[2] - 1) * asp + (region[1] - 1) * arp + region[0];
    uint64_t bn = (region[2] - 1) * bsp + (region[1] - 1) * brp + region[0];
    if (a0 < b0 + bn && b0 < a0 + an) e = CL_MEM_COPY_OVERLAP;
  }
  if (e == CL_SUCCESS && kind == X_READ_RECT && (a->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)))
    e = CL_INVALID_OPERATION;
  if (e == CL_SUCCESS && kind == X_WRITE_RECT && (a->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))
    e = CL_INVALID_OPERATION;
  if (e == CL_SUCCESS) e = ocl_check_waitlist(q->ctx, n, w);
  xfer *x = e == CL_SUCCESS ? new_xfer(kind) : NULL;
  if (e == CL_SUCCESS && !x) e = CL_OUT_OF_HOST_MEMORY;
  if (x) {
    memcpy(x->rorg_a, ao, sizeof x->rorg_a);
    memcpy(x->rorg_b, bo, sizeof x->rorg_b);
    memcpy(x->region, region, sizeof x->region);
    x->apitch[0] = arp;
    x->apitch[1] = asp;
    x->bpitch[0] = brp;
    x->bpitch[1] = bsp;
    x->ptr = ptr;
    bind(x, q, a, b);
  }
  pthread_mutex_unlock(&ocl_lock);
  cl_command_type t = kind == X_READ_RECT ? CL_COMMAND_READ_BUFFER_RECT
                    : kind == X_WRITE_RECT ? CL_COMMAND_WRITE_BUFFER_RECT : CL_COMMAND_COPY_BUFFER_RECT;
  return e != CL_SUCCESS ? e : submit(q, t, x, blocking, n, w, ev);
}

cl_int CL_API_CALL vcl_EnqueueReadBufferRect(cl_command_queue q, cl_mem m, cl_bool blocking, const size_t *bo,
                                             const size_t *ho, const size_t *region, size_t brp, size_t bsp, size_t hrp,
                                             size_t hsp, void *ptr, cl_uint n, const cl_event *w, cl_event *ev)
{
  return rect_cmd(X_READ_RECT, q, m, NULL, blocking, bo, ho, region, brp, bsp, hrp, hsp, ptr, n, w, ev);
}

cl_int CL_API_CALL vcl_EnqueueWriteBufferRect(cl_command_queue q, cl_mem m, cl_bool blocking, const size_t *bo,
                                              const size_t *ho, const size_t *region, size_t brp, size_t bsp,
                                              size_t hrp, size_t hsp, const void *ptr, cl_uint n, const cl_event *w,
                                              cl_event *ev)
{
  return rect_cmd(X_WRITE_RECT, q, m, NULL, blocking, bo, ho, region, brp, bsp, hrp, hsp, (void *)ptr, n, w, ev);
}

cl_int CL_API_CALL vcl_EnqueueCopyBufferRect(cl_command_queue q, cl_mem src, cl_mem dst, const size_t *so,
                                             const size_t *dof, const size_t *region, size_t srp, size_t ssp,
                                             size_t drp, size_t dsp, cl_uint n, const cl_event *w, cl_event *ev)
{
  return rect_cmd(X_COPY_RECT, q, src, dst, CL_FALSE, so, dof, region, srp, ssp, drp, dsp, NULL, n, w, ev);
}

/* ---- map / unmap ---- */

void *CL_API_CALL vcl_EnqueueMapBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, cl_map_flags flags, size_t off,
                                       size_t size, cl_uint n, const cl_event *w, cl_event *ev, cl_int *rc)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = check_q_mem(q, m);
  const cl_map_flags all = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
  if (e == CL_SUCCESS && ((flags & ~all) || ((flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE)))))
    e = CL_INVALID_VALUE;
  if (e == CL_SUCCESS && (size == 0 || off > m->size || size > m->size - off)) e = CL_INVALID_VALUE;
  if (e == CL_SUCCESS && (flags & CL_MAP_READ) && (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)))
    e = CL_INVALID_OPERATION;
  if (e == CL_SUCCESS && (flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
      (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))
    e = CL_INVALID_OPERATION;
  if (e == CL_SUCCESS) e = ocl_check_waitlist(q->ctx, n, w);
  uint8_t *host = NULL;
  vs_error err = {0};
  if (e == CL_SUCCESS && ocl_store_host_ptr(m->store, &host, &err)) e = CL_MAP_FAILURE;
  xfer *x = e == CL_SUCCESS ? new_xfer(X_MAP) : NULL;
  ocl_map *mp = x ? calloc(1, sizeof *mp) : NULL;
  if (e == CL_SUCCESS && (!x || !mp)) {
    e = CL_OUT_OF_HOST_MEMORY;
    free(x);
    x = NULL;
  }
  void *ptr = NULL;
  if (x) {
    x->aoff = off;
    x->size = size;
    bind(x, q, m, NULL);
    ptr = host + m->origin + off;
    mp->ptr = ptr;
    mp->flags = flags ? flags : CL_MAP_READ | CL_MAP_WRITE; /* 0: read and write, as the 1.x wording allows */
    mp->off = off;
    mp->size = size;
    mp->next = m->maplist;
    m->maplist = mp;
    m->maps++;
  }
  pthread_mutex_unlock(&ocl_lock);
  if (e == CL_SUCCESS) e = submit(q, CL_COMMAND_MAP_BUFFER, x, blocking, n, w, ev);
  if (rc) *rc = e;
  return e == CL_SUCCESS ? ptr : NULL;
}

cl_int CL_API_CALL vcl_EnqueueUnmapMemObject(cl_command_queue q, cl_mem m, void *ptr, cl_uint n, const cl_event *w,
                                             cl_event *ev)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = check_q_mem(q, m);
  ocl_map **pp = NULL;
  if (e == CL_SUCCESS) {
    for (pp = &m->maplist; *pp && (*pp)->ptr != ptr; pp = &(*pp)->next) {}
    if (!*pp) e = CL_INVALID_VALUE;
  }
  if (e == CL_SUCCESS) e = ocl_check_waitlist(q->ctx, n, w);
  xfer *x = e == CL_SUCCESS ? new_xfer(X_UNMAP) : NULL;
  if (e == CL_SUCCESS && !x) e = CL_OUT_OF_HOST_MEMORY;
  if (x) {
    ocl_map *mp = *pp;
    *pp = mp->next;
    m->maps--;
    x->writes = (mp->flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0;
    x->size = mp->size;
    free(mp);
    bind(x, q, m, NULL);
  }
  pthread_mutex_unlock(&ocl_lock);
  return e != CL_SUCCESS ? e : submit(q, CL_COMMAND_UNMAP_MEM_OBJECT, x, CL_FALSE, n, w, ev);
}

cl_int CL_API_CALL vcl_EnqueueMigrateMemObjects(cl_command_queue q, cl_uint nm, const cl_mem *mems,
                                                cl_mem_migration_flags flags, cl_uint n, const cl_event *w, cl_event *ev)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(q) == OT_QUEUE ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
  if (e == CL_SUCCESS && (nm == 0 || !mems)) e = CL_INVALID_VALUE;
  if (e == CL_SUCCESS && (flags & ~(cl_mem_migration_flags)(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED)))
    e = CL_INVALID_VALUE;
  for (cl_uint i = 0; e == CL_SUCCESS && i < nm; i++) e = check_q_mem(q, mems[i]);
  if (e == CL_SUCCESS) e = ocl_check_waitlist(q->ctx, n, w);
  xfer *x = e == CL_SUCCESS ? new_xfer(X_MIGRATE) : NULL;
  if (x && !(x->migrate = calloc(nm, sizeof *x->migrate))) {
    free(x);
    x = NULL;
  }
  if (e == CL_SUCCESS && !x) e = CL_OUT_OF_HOST_MEMORY;
  if (x) {
    bind(x, q, NULL, NULL);
    x->size = (flags & CL_MIGRATE_MEM_OBJECT_HOST) ? 1 : 0;
    for (cl_uint i = 0; i < nm; i++) {
      x->migrate[i] = mems[i];
      mems[i]->refs++;
    }
    x->nmigrate = nm;
  }
  pthread_mutex_unlock(&ocl_lock);
  return e != CL_SUCCESS ? e : submit(q, CL_COMMAND_MIGRATE_MEM_OBJECTS, x, CL_FALSE, n, w, ev);
}
