/* Contexts and command queues. */
#include <stdlib.h>
#include <string.h>

#include "opencl/ocl.h"

int ocl_context_has(cl_context c, cl_device_id d)
{
  return ocl_dev_index(c, d) >= 0;
}

int ocl_dev_index(cl_context c, cl_device_id d)
{
  for (cl_uint i = 0; i < c->ndevices; i++)
    if (c->devices[i] == d) return (int)i;
  return -1;
}

void ocl_notify(cl_context c, const char *msg)
{
  if (c && c->notify) c->notify(msg, NULL, 0, c->notify_user);
}

static cl_context make_context(const cl_context_properties *props, cl_uint n, const cl_device_id *devs,
                               void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *), void *user,
                               cl_int *rc)
{
  cl_int e = CL_SUCCESS;
  if (props) {
    for (size_t i = 0; props[i]; i += 2) {
      if (props[i] == CL_CONTEXT_PLATFORM) {
        if ((cl_platform_id)props[i + 1] != &ocl_platform) { e = CL_INVALID_PLATFORM; goto out; }
        for (size_t j = 0; j < i; j += 2)
          if (props[j] == CL_CONTEXT_PLATFORM) { e = CL_INVALID_PROPERTY; goto out; }
      } else if (props[i] == CL_CONTEXT_INTEROP_USER_SYNC) {
        /* accepted: synchronisation is always the user's here */
      } else {
        e = CL_INVALID_PROPERTY;
        goto out;
      }
    }
  }
  if (!devs || n == 0) { e = CL_INVALID_VALUE; goto out; }
  if (!notify && user) { e = CL_INVALID_VALUE; goto out; }
  pthread_mutex_lock(&ocl_lock);
  for (cl_uint i = 0; i < n; i++)
    if (ocl_reg_type(devs[i]) != OT_DEVICE) {
      pthread_mutex_unlock(&ocl_lock);
      e = CL_INVALID_DEVICE;
      goto out;
    }
  cl_context c = calloc(1, sizeof *c);
  cl_device_id *dl = c ? calloc(n, sizeof *dl) : NULL;
  if (!dl) {
    free(c);
    pthread_mutex_unlock(&ocl_lock);
    e = CL_OUT_OF_HOST_MEMORY;
    goto out;
  }
  c->dispatch = &ocl_dispatch;
  c->refs = 1;
  c->devices = dl;
  c->notify = notify;
  c->notify_user = user;
  for (cl_uint i = 0; i < n; i++) { /* duplicates count once */
    int dup = 0;
    for (cl_uint j = 0; j < c->ndevices; j++) dup |= dl[j] == devs[i];
    if (!dup) dl[c->ndevices++] = devs[i];
  }
  if (ocl_props_copy(props, (void **)&c->props, &c->nprops) || ocl_reg_add(c, OT_CONTEXT)) {
    free(c->props);
    free(dl);
    free(c);
    pthread_mutex_unlock(&ocl_lock);
    e = CL_OUT_OF_HOST_MEMORY;
    goto out;
  }
  for (cl_uint i = 0; i < c->ndevices; i++) {
    vs_error err = {0};
    if (ocl_device_use(c->devices[i], &err)) {
      for (cl_uint j = 0; j < i; j++) ocl_device_unuse(c->devices[j]);
      ocl_reg_del(c);
      pthread_mutex_unlock(&ocl_lock);
      char msg[VS_ERRMSG_MAX + 256];
      snprintf(msg, sizeof msg, "ventsim: device %s: %s", c->devices[i]->conf.name, err.msg);
      if (notify) notify(msg, NULL, 0, user);
      fprintf(stderr, "%s\n", msg);
      free(c->props);
      free(dl);
      free(c);
      e = CL_DEVICE_NOT_AVAILABLE;
      goto out;
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  if (rc) *rc = CL_SUCCESS;
  return c;
out:
  if (rc) *rc = e;
  return NULL;
}

cl_context CL_API_CALL vcl_CreateContext(const cl_context_properties *props, cl_uint n, const cl_device_id *devs,
                                         void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *),
                                         void *user, cl_int *rc)
{
  ocl_init();
  return make_context(props, n, devs, notify, user, rc);
}

cl_context CL_API_CALL vcl_CreateContextFromType(const cl_context_properties *props, cl_device_type type,
                                                 void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *),
                                                 void *user, cl_int *rc)
{
  ocl_init();
  cl_device_id devs[64];
  cl_uint n = 0;
  if (props) {
    for (size_t i = 0; props[i]; i += 2)
      if (props[i] == CL_CONTEXT_PLATFORM && (cl_platform_id)props[i + 1] != &ocl_platform) {
        if (rc) *rc = CL_INVALID_PLATFORM;
        return NULL;
      }
  }
  cl_int e = vcl_GetDeviceIDs(&ocl_platform, type, 64, devs, &n);
  if (e != CL_SUCCESS) {
    if (rc) *rc = e;
    return NULL;
  }
  return make_context(props, n > 64 ? 64 : n, devs, notify, user, rc);
}

cl_int CL_API_CALL vcl_RetainContext(cl_context c)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(c) == OT_CONTEXT ? (c->refs++, CL_SUCCESS) : CL_INVALID_CONTEXT;
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

void ocl_context_release(cl_context c)
{
  if (--c->refs) return;
  ocl_reg_del(c);
  /* destructor callbacks: last registered first */
  for (ocl_cb *cb = c->destructors, *n; cb; cb = n) {
    n = cb->next;
    pthread_mutex_unlock(&ocl_lock);
    ((void (CL_CALLBACK *)(cl_context, void *))cb->fn)(c, cb->user);
    pthread_mutex_lock(&ocl_lock);
    free(cb);
  }
  for (cl_uint i = 0; i < c->ndevices; i++) ocl_device_unuse(c->devices[i]);
  free(c->devices);
  free(c->props);
  free(c);
}

cl_int CL_API_CALL vcl_ReleaseContext(cl_context c)
{
  pthread_mutex_lock(&ocl_lock);
  if (ocl_reg_type(c) != OT_CONTEXT) {
    pthread_mutex_unlock(&ocl_lock);
    return CL_INVALID_CONTEXT;
  }
  ocl_context_release(c);
  pthread_mutex_unlock(&ocl_lock);
  return CL_SUCCESS;
}

cl_int CL_API_CALL vcl_GetContextInfo(cl_context c, cl_context_info param, size_t size, void *value, size_t *ret)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e;
  if (ocl_reg_type(c) != OT_CONTEXT) {
    e = CL_INVALID_CONTEXT;
  } else {
    switch (param) {
    case CL_CONTEXT_REFERENCE_COUNT: e = ocl_info(&c->refs, sizeof c->refs, size, value, ret); break;
    case CL_CONTEXT_NUM_DEVICES: e = ocl_info(&c->ndevices, sizeof c->ndevices, size, value, ret); break;
    case CL_CONTEXT_DEVICES: e = ocl_info(c->devices, c->ndevices * sizeof *c->devices, size, value, ret); break;
    case CL_CONTEXT_PROPERTIES: e = ocl_info(c->props, c->nprops * sizeof *c->props, size, value, ret); break;
    default: e = CL_INVALID_VALUE;
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_SetContextDestructorCallback(cl_context c, void (CL_CALLBACK *fn)(cl_context, void *), void *user)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_SUCCESS;
  if (ocl_reg_type(c) != OT_CONTEXT) e = CL_INVALID_CONTEXT;
  else if (!fn) e = CL_INVALID_VALUE;
  else {
    ocl_cb *cb = calloc(1, sizeof *cb);
    if (!cb) e = CL_OUT_OF_HOST_MEMORY;
    else {
      cb->fn = (void (CL_CALLBACK *)(void))fn;
      cb->user = user;
      cb->next = c->destructors;
      c->destructors = cb;
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

/* ---- command queues ---- */

static cl_command_queue make_queue(cl_context c, cl_device_id d, cl_command_queue_properties p,
                                   const cl_queue_properties *qp, cl_int *rc)
{
  cl_int e = CL_SUCCESS;
  pthread_mutex_lock(&ocl_lock);
  if (ocl_reg_type(c) != OT_CONTEXT) e = CL_INVALID_CONTEXT;
  else if (ocl_reg_type(d) != OT_DEVICE || !ocl_context_has(c, d)) e = CL_INVALID_DEVICE;
  else if (p & ~(cl_command_queue_properties)(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE |
                                              CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT))
    e = CL_INVALID_VALUE;
  else if (p & (CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT))
    e = (p & CL_QUEUE_ON_DEVICE_DEFAULT) && !(p & CL_QUEUE_ON_DEVICE) ? CL_INVALID_VALUE : CL_INVALID_QUEUE_PROPERTIES;
  cl_command_queue q = NULL;
  if (e == CL_SUCCESS) {
    q = calloc(1, sizeof *q);
    if (!q || ocl_props_copy(qp, (void **)&q->qprops, &q->nqprops) || ocl_reg_add(q, OT_QUEUE)) {
      if (q) free(q->qprops);
      free(q);
      q = NULL;
      e = CL_OUT_OF_HOST_MEMORY;
    } else {
      q->dispatch = &ocl_dispatch;
      q->refs = 1;
      q->ctx = c;
      q->dev = d;
      q->props = p;
      c->refs++;
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  if (rc) *rc = e;
  return q;
}

cl_command_queue CL_API_CALL vcl_CreateCommandQueue(cl_context c, cl_device_id d, cl_command_queue_properties p,
                                                    cl_int *rc)
{
  return make_queue(c, d, p, NULL, rc);
}

cl_command_queue CL_API_CALL vcl_CreateCommandQueueWithProperties(cl_context c, cl_device_id d,
                                                                  const cl_queue_properties *props, cl_int *rc)
{
  cl_command_queue_properties p = 0;
  if (props) {
    for (size_t i = 0; props[i]; i += 2) {
      if (props[i] == CL_QUEUE_PROPERTIES) p = props[i + 1];
      else if (props[i] == CL_QUEUE_SIZE) {
        if (rc) *rc = CL_INVALID_QUEUE_PROPERTIES; /* only for device queues, which are not supported */
        return NULL;
      } else {
        if (rc) *rc = CL_INVALID_VALUE;
        return NULL;
      }
    }
  }
  return make_queue(c, d, p, props, rc);
}

cl_int CL_API_CALL vcl_RetainCommandQueue(cl_command_queue q)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(q) == OT_QUEUE ? (q->refs++, CL_SUCCESS) : CL_INVALID_COMMAND_QUEUE;
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

void ocl_queue_release(cl_command_queue q)
{
  if (--q->refs) return;
  ocl_reg_del(q);
  if (q->last) ocl_event_release(q->last);
  ocl_context_release(q->ctx);
  free(q->qprops);
  free(q);
}

cl_int CL_API_CALL vcl_ReleaseCommandQueue(cl_command_queue q)
{
  pthread_mutex_lock(&ocl_lock);
  if (ocl_reg_type(q) != OT_QUEUE) {
    pthread_mutex_unlock(&ocl_lock);
    return CL_INVALID_COMMAND_QUEUE;
  }
  ocl_queue_release(q); /* unfinished commands hold the queue until they finish */
  pthread_mutex_unlock(&ocl_lock);
  ocl_pump();            /* an implicit flush */
  return CL_SUCCESS;
}

cl_int CL_API_CALL vcl_GetCommandQueueInfo(cl_command_queue q, cl_command_queue_info param, size_t size, void *value,
                                           size_t *ret)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e;
  if (ocl_reg_type(q) != OT_QUEUE) {
    e = CL_INVALID_COMMAND_QUEUE;
  } else {
    switch (param) {
    case CL_QUEUE_CONTEXT: e = ocl_info(&q->ctx, sizeof q->ctx, size, value, ret); break;
    case CL_QUEUE_DEVICE: e = ocl_info(&q->dev, sizeof q->dev, size, value, ret); break;
    case CL_QUEUE_REFERENCE_COUNT: e = ocl_info(&q->refs, sizeof q->refs, size, value, ret); break;
    case CL_QUEUE_PROPERTIES: e = ocl_info(&q->props, sizeof q->props, size, value, ret); break;
    case CL_QUEUE_PROPERTIES_ARRAY: e = ocl_info(q->qprops, q->nqprops * sizeof *q->qprops, size, value, ret); break;
    case CL_QUEUE_SIZE: e = CL_INVALID_COMMAND_QUEUE; break; /* not a device queue */
    case CL_QUEUE_DEVICE_DEFAULT: {
      cl_command_queue none = NULL;
      e = ocl_info(&none, sizeof none, size, value, ret);
      break;
    }
    default: e = CL_INVALID_VALUE;
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_SetCommandQueueProperty(cl_command_queue q, cl_command_queue_properties p, cl_bool enable,
                                               cl_command_queue_properties *old)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = CL_SUCCESS;
  if (ocl_reg_type(q) != OT_QUEUE) e = CL_INVALID_COMMAND_QUEUE;
  else if (p & ~(cl_command_queue_properties)(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE))
    e = CL_INVALID_VALUE;
  else {
    if (old) *old = q->props;
    if (enable) q->props |= p;
    else q->props &= ~p;
  }
  pthread_mutex_unlock(&ocl_lock);
  return e;
}

cl_int CL_API_CALL vcl_SetDefaultDeviceCommandQueue(cl_context c, cl_device_id d, cl_command_queue q)
{
  (void)d; (void)q;
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(c) != OT_CONTEXT ? CL_INVALID_CONTEXT : CL_INVALID_OPERATION; /* no device queues */
  pthread_mutex_unlock(&ocl_lock);
  return e;
}
