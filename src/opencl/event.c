/* Events and the execution of commands.
 *
 * Commands run in the order they were enqueued on their queue (also on
 * out-of-order queues: in-order execution is a valid schedule), each after
 * the events of its wait list.  There is no worker thread: a command runs
 * in the thread that makes it runnable -- the enqueuing thread when its
 * dependencies are done, else the thread that completes the last one
 * (clSetUserEventStatus, or a thread waiting in clFinish/clWaitForEvents).
 * Callbacks are called without the platform lock. */
#include <stdlib.h>
#include <string.h>

#include "opencl/ocl.h"

static cl_event pending_head; /* unfinished commands, oldest first */
static cl_event pending_tail;

/* ---- device clock ---- */

void ocl_device_time(cl_device_id d, uint64_t dur_ns, cl_ulong *start, cl_ulong *end)
{
  cl_ulong now = ocl_now_ns();
  cl_ulong s = now > d->timeline_ns ? now : d->timeline_ns;
  *start = s;
  *end = s + dur_ns;
  d->timeline_ns = *end;
}

uint64_t ocl_transfer_ns(cl_device_id d, uint64_t n)
{
  double gbps = d->conf.transfer_gbps > 0 ? d->conf.transfer_gbps : 16.0;
  return (uint64_t)((double)n / gbps) + 1000; /* bytes / (GB/s) = ns, plus 1 us of latency */
}

/* ---- callbacks ---- */

typedef struct fire_list {
  ocl_evcb *cb[64];
  cl_event ev[64];
  cl_int st[64];
  int n;
} fire_list;

/* Collects the callbacks that e's status now triggers (lock held) */
static void collect(cl_event e, fire_list *f)
{
  for (ocl_evcb *cb = e->cbs; cb; cb = cb->next) {
    if (cb->done || e->status > cb->on || f->n >= 64) continue;
    cb->done = 1;
    e->refs++;
    f->cb[f->n] = cb;
    f->ev[f->n] = e;
    f->st[f->n] = e->status < 0 ? e->status : cb->on;
    f->n++;
  }
}

/* Calls them (lock NOT held) */
static void fire(fire_list *f)
{
  for (int i = 0; i < f->n; i++) f->cb[i]->fn(f->ev[i], f->st[i], f->cb[i]->user);
  if (f->n) {
    pthread_mutex_lock(&ocl_lock);
    for (int i = 0; i < f->n; i++) ocl_event_release(f->ev[i]);
    pthread_mutex_unlock(&ocl_lock);
  }
  f->n = 0;
}

/* ---- life cycle ---- */

static void unlink_pending(cl_event e)
{
  cl_event prev = NULL;
  for (cl_event p = pending_head; p; prev = p, p = p->next_pending)
    if (p == e) {
      if (prev) prev->next_pending = e->next_pending;
      else pending_head = e->next_pending;
      if (pending_tail == e) pending_tail = prev;
      e->next_pending = NULL;
      return;
    }
}

void ocl_event_release(cl_event e)
{
  if (--e->refs) return;
  ocl_reg_del(e);
  for (ocl_evcb *cb = e->cbs, *n; cb; cb = n) {
    n = cb->next;
    free(cb);
  }
  if (e->cmd) e->cmd->free(e->cmd);
  for (cl_uint i = 0; i < e->nwaits; i++) ocl_event_release(e->waits[i]);
  free(e->waits);
  if (e->after) ocl_event_release(e->after);
  cl_context c = e->ctx;
  free(e);
  ocl_context_release(c);
}

/* e is finished with status st (lock held) */
static void finish(cl_event e, cl_int st, fire_list *f)
{
  e->status = st;
  cl_command_queue q = e->q;
  if (q) {
    unlink_pending(e);
    q->pending--;
    if (e->cmd) {
      e->cmd->free(e->cmd);
      e->cmd = NULL;
    }
    for (cl_uint i = 0; i < e->nwaits; i++) ocl_event_release(e->waits[i]);
    free(e->waits);
    e->waits = NULL;
    e->nwaits = 0;
    if (e->after) {
      ocl_event_release(e->after);
      e->after = NULL;
    }
  }
  collect(e, f);
  pthread_cond_broadcast(&ocl_cond);
  if (q) {
    ocl_event_release(e);   /* the pending list's reference */
    ocl_queue_release(q);   /* the command's reference to its queue */
  }
}

static int ready(cl_event e)
{
  if (e->claimed || e->status <= 0) return 0;
  if (e->after && e->after->status > 0) return 0;
  for (cl_uint i = 0; i < e->nwaits; i++)
    if (e->waits[i]->status > 0) return 0;
  return 1;
}

void ocl_pump(void)
{
  fire_list f = {0};
  pthread_mutex_lock(&ocl_lock);
  for (;;) {
    cl_event e = NULL;
    for (cl_event p = pending_head; p; p = p->next_pending)
      if (ready(p)) {
        e = p;
        break;
      }
    if (!e) break;
    e->claimed = 1;
    int dep_failed = 0;
    for (cl_uint i = 0; i < e->nwaits; i++) dep_failed |= e->waits[i]->status < 0;
    e->t_submit = ocl_now_ns();
    if (dep_failed) {
      e->t_start = e->t_end = e->t_submit;
      finish(e, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, &f);
      pthread_mutex_unlock(&ocl_lock);
      fire(&f);
      pthread_mutex_lock(&ocl_lock);
      continue;
    }
    e->status = CL_RUNNING;
    e->refs++; /* ours while it runs */
    collect(e, &f);
    ocl_cmd *cmd = e->cmd;
    cl_device_id dev = e->dev;
    pthread_mutex_unlock(&ocl_lock);
    fire(&f);
    uint64_t dur = 0;
    pthread_mutex_lock(&dev->exec);
    cl_int st = cmd ? cmd->run(cmd, e, &dur) : CL_SUCCESS;
    pthread_mutex_unlock(&dev->exec);
    pthread_mutex_lock(&ocl_lock);
    ocl_device_time(dev, dur, &e->t_start, &e->t_end);
    if (st > 0) st = CL_COMPLETE;
    if (st < 0) {
      char msg[128];
      snprintf(msg, sizeof msg, "ventsim: a command failed with status %d", st);
      pthread_mutex_unlock(&ocl_lock);
      ocl_notify(e->ctx, msg);
      pthread_mutex_lock(&ocl_lock);
    }
    finish(e, st, &f);
    ocl_event_release(e);
    pthread_mutex_unlock(&ocl_lock);
    fire(&f);
    pthread_mutex_lock(&ocl_lock);
  }
  pthread_mutex_unlock(&ocl_lock);
}

cl_int ocl_check_waitlist(cl_context ctx, cl_uint n, const cl_event *list)
{
  if ((n == 0) != (list == NULL)) return CL_INVALID_EVENT_WAIT_LIST;
  for (cl_uint i = 0; i < n; i++) {
    if (ocl_reg_type(list[i]) != OT_EVENT) return CL_INVALID_EVENT_WAIT_LIST;
    if (ctx && list[i]->ctx != ctx) return CL_INVALID_CONTEXT;
  }
  return CL_SUCCESS;
}

static cl_event new_event(cl_context ctx, cl_command_queue q, cl_command_type type)
{
  cl_event e = calloc(1, sizeof *e);
  if (!e) return NULL;
  if (ocl_reg_add(e, OT_EVENT)) {
    free(e);
    return NULL;
  }
  e->dispatch = &ocl_dispatch;
  e->refs = 1;
  e->ctx = ctx;
  ctx->refs++;
  e->q = q;
  if (q) {
    e->dev = q->dev;
    e->prof = (q->props & CL_QUEUE_PROFILING_ENABLE) != 0;
    q->refs++;
  }
  e->type = type;
  e->status = q ? CL_QUEUED : CL_SUBMITTED;
  e->t_queued = ocl_now_ns();
  return e;
}

cl_event ocl_enqueue(cl_command_queue q, cl_command_type type, ocl_cmd *cmd, cl_uint nwait, const cl_event *wait,
                     cl_int *rc)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int e = ocl_reg_type(q) != OT_QUEUE ? CL_INVALID_COMMAND_QUEUE : ocl_check_waitlist(q->ctx, nwait, wait);
  cl_event ev = NULL;
  if (e == CL_SUCCESS && !(ev = new_event(q->ctx, q, type))) e = CL_OUT_OF_HOST_MEMORY;
  if (e == CL_SUCCESS && nwait && !(ev->waits = malloc(nwait * sizeof *ev->waits))) {
    ocl_event_release(ev);
    ev = NULL;
    e = CL_OUT_OF_HOST_MEMORY;
  }
  if (e != CL_SUCCESS) {
    pthread_mutex_unlock(&ocl_lock);
    if (cmd) cmd->free(cmd);
    if (rc) *rc = e;
    return NULL;
  }
  for (cl_uint i = 0; i < nwait; i++) {
    ev->waits[i] = wait[i];
    wait[i]->refs++;
  }
  ev->nwaits = nwait;
  ev->cmd = cmd;
  if (q->last && q->last->status > 0) {
    ev->after = q->last;
    q->last->refs++;
  }
  if (q->last) ocl_event_release(q->last);
  q->last = ev;
  ev->refs++;     /* the queue's q->last */
  ev->refs++;     /* the pending list's, dropped when it finishes */
  q->pending++;
  if (pending_tail) pending_tail->next_pending = ev;
  else pending_head = ev;
  pending_tail = ev;
  pthread_mutex_unlock(&ocl_lock);
  ocl_pump();
  if (rc) *rc = CL_SUCCESS;
  return ev;
}

cl_int ocl_wait(cl_event e)
{
  for (;;) {
    ocl_pump();
    pthread_mutex_lock(&ocl_lock);
    if (e->status <= 0) {
      cl_int st = e->status;
      pthread_mutex_unlock(&ocl_lock);
      return st;
    }
    /* something else must finish first (another thread's command, a user event) */
    int runnable = 0;
    for (cl_event p = pending_head; p; p = p->next_pending) runnable |= ready(p);
    if (!runnable) pthread_cond_wait(&ocl_cond, &ocl_lock);
    pthread_mutex_unlock(&ocl_lock);
  }
}

/* ---- the API ---- */

cl_int CL_API_CALL vcl_RetainEvent(cl_event e)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int r = ocl_reg_type(e) == OT_EVENT ? (e->refs++, CL_SUCCESS) : CL_INVALID_EVENT;
  pthread_mutex_unlock(&ocl_lock);
  return r;
}

cl_int CL_API_CALL vcl_ReleaseEvent(cl_event e)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int r = CL_INVALID_EVENT;
  if (ocl_reg_type(e) == OT_EVENT) {
    ocl_event_release(e);
    r = CL_SUCCESS;
  }
  pthread_mutex_unlock(&ocl_lock);
  return r;
}

cl_int CL_API_CALL vcl_WaitForEvents(cl_uint n, const cl_event *list)
{
  if (n == 0 || !list) return CL_INVALID_VALUE;
  pthread_mutex_lock(&ocl_lock);
  for (cl_uint i = 0; i < n; i++) {
    if (ocl_reg_type(list[i]) != OT_EVENT) {
      pthread_mutex_unlock(&ocl_lock);
      return CL_INVALID_EVENT;
    }
    if (list[i]->ctx != list[0]->ctx) {
      pthread_mutex_unlock(&ocl_lock);
      return CL_INVALID_CONTEXT;
    }
  }
  for (cl_uint i = 0; i < n; i++) list[i]->refs++;
  pthread_mutex_unlock(&ocl_lock);
  cl_int r = CL_SUCCESS;
  for (cl_uint i = 0; i < n; i++)
    if (ocl_wait(list[i]) < 0) r = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  pthread_mutex_lock(&ocl_lock);
  for (cl_uint i = 0; i < n; i++) ocl_event_release(list[i]);
  pthread_mutex_unlock(&ocl_lock);
  return r;
}

cl_int CL_API_CALL vcl_GetEventInfo(cl_event e, cl_event_info param, size_t size, void *value, size_t *ret)
{
  ocl_pump(); /* the status moves on when someone asks */
  pthread_mutex_lock(&ocl_lock);
  cl_int r;
  if (ocl_reg_type(e) != OT_EVENT) r = CL_INVALID_EVENT;
  else switch (param) {
    case CL_EVENT_COMMAND_QUEUE: r = ocl_info(&e->q, sizeof e->q, size, value, ret); break;
    case CL_EVENT_CONTEXT: r = ocl_info(&e->ctx, sizeof e->ctx, size, value, ret); break;
    case CL_EVENT_COMMAND_TYPE: r = ocl_info(&e->type, sizeof e->type, size, value, ret); break;
    case CL_EVENT_COMMAND_EXECUTION_STATUS: r = ocl_info(&e->status, sizeof e->status, size, value, ret); break;
    case CL_EVENT_REFERENCE_COUNT: r = ocl_info(&e->refs, sizeof e->refs, size, value, ret); break;
    default: r = CL_INVALID_VALUE;
  }
  pthread_mutex_unlock(&ocl_lock);
  return r;
}

cl_int CL_API_CALL vcl_GetEventProfilingInfo(cl_event e, cl_profiling_info param, size_t size, void *value, size_t *ret)
{
  pthread_mutex_lock(&ocl_lock);
  cl_int r = CL_SUCCESS;
  cl_ulong t = 0;
  if (ocl_reg_type(e) != OT_EVENT) r = CL_INVALID_EVENT;
  else if (!e->dev || !e->prof || e->status != CL_COMPLETE)
    r = CL_PROFILING_INFO_NOT_AVAILABLE;
  else switch (param) {
    case CL_PROFILING_COMMAND_QUEUED: t = e->t_queued; break;
    case CL_PROFILING_COMMAND_SUBMIT: t = e->t_submit; break;
    case CL_PROFILING_COMMAND_START: t = e->t_start; break;
    case CL_PROFILING_COMMAND_END: case CL_PROFILING_COMMAND_COMPLETE: t = e->t_end; break;
    default: r = CL_INVALID_VALUE;
  }
  pthread_mutex_unlock(&ocl_lock);
  if (r != CL_SUCCESS) return r;
  return ocl_info(&t, sizeof t, size, value, ret);
}

cl_event CL_API_CALL vcl_CreateUserEvent(cl_context c, cl_int *rc)
{
  pthread_mutex_lock(&ocl_lock);
  cl_event e = NULL;
  cl_int r = CL_SUCCESS;
  if (ocl_reg_type(c) != OT_CONTEXT) r = CL_INVALID_CONTEXT;
  else if (!(e = new_event(c, NULL, CL_COMMAND_USER))) r = CL_OUT_OF_HOST_MEMORY;
  pthread_mutex_unlock(&ocl_lock);
  if (rc) *rc = r;
  return e;
}

cl_int CL_API_CALL vcl_SetUserEventStatus(cl_event e, cl_int status)
{
  fire_list f = {0};
  pthread_mutex_lock(&ocl_lock);
  cl_int r = CL_SUCCESS;
  if (ocl_reg_type(e) != OT_EVENT || e->q) r = CL_INVALID_EVENT;
  else if (status > 0) r = CL_INVALID_VALUE;
  else if (e->status <= 0) r = CL_INVALID_OPERATION;
  else {
    e->t_end = ocl_now_ns();
    finish(e, status, &f);
  }
  pthread_mutex_unlock(&ocl_lock);
  fire(&f);
  if (r == CL_SUCCESS) ocl_pump();
  return r;
}

cl_int CL_API_CALL vcl_SetEventCallback(cl_event e, cl_int type, void (CL_CALLBACK *fn)(cl_event, cl_int, void *),
                                        void *user)
{
  fire_list f = {0};
  pthread_mutex_lock(&ocl_lock);
  cl_int r = CL_SUCCESS;
  if (ocl_reg_type(e) != OT_EVENT) r = CL_INVALID_EVENT;
  else if (!fn || (type != CL_COMPLETE && type != CL_SUBMITTED && type != CL_RUNNING)) r = CL_INVALID_VALUE;
  else {
    ocl_evcb *cb = calloc(1, sizeof *cb);
    if (!cb) r = CL_OUT_OF_HOST_MEMORY;
    else {
      cb->fn = fn;
      cb->user = user;
      cb->on = type;
      /* appended, so callbacks run in the order they were set */
      ocl_evcb **pp = &e->cbs;
      while (*pp) pp = &(*pp)->next;
      *pp = cb;
      collect(e, &f); /* already there: call it now */
    }
  }
  pthread_mutex_unlock(&ocl_lock);
  fire(&f);
  return r;
}

/* ---- markers, barriers, flush, finish ---- */

static cl_int marker(cl_command_queue q, cl_command_type type, cl_uint n, const cl_event *w, cl_event *out)
{
  cl_int rc;
  cl_event e = ocl_enqueue(q, type, NULL, n, w, &rc);
  if (!e) return rc;
  if (out) *out = e;
  else vcl_ReleaseEvent(e);
  return CL_SUCCESS;
}

cl_int CL_API_CALL vcl_EnqueueMarkerWithWaitList(cl_command_queue q, cl_uint n, const cl_event *w, cl_event *e)
{
  return marker(q, CL_COMMAND_MARKER, n, w, e);
}

cl_int CL_API_CALL vcl_EnqueueBarrierWithWaitList(cl_command_queue q, cl_uint n, const cl_event *w, cl_event *e)
{
  return marker(q, CL_COMMAND_BARRIER, n, w, e);
}

cl_int CL_API_CALL vcl_EnqueueMarker(cl_command_queue q, cl_event *e)
{
  if (!e) {
    pthread_mutex_lock(&ocl_lock);
    int ok = ocl_reg_type(q) == OT_QUEUE;
    pthread_mutex_unlock(&ocl_lock);
    return ok ? CL_INVALID_VALUE : CL_INVALID_COMMAND_QUEUE;
  }
  return marker(q, CL_COMMAND_MARKER, 0, NULL, e);
}

cl_int CL_API_CALL vcl_EnqueueBarrier(cl_command_queue q)
{
  return marker(q, CL_COMMAND_BARRIER, 0, NULL, NULL);
}

cl_int CL_API_CALL vcl_EnqueueWaitForEvents(cl_command_queue q, cl_uint n, const cl_event *w)
{
  if (n == 0 || !w) {
    pthread_mutex_lock(&ocl_lock);
    int ok = ocl_reg_type(q) == OT_QUEUE;
    pthread_mutex_unlock(&ocl_lock);
    return ok ? CL_INVALID_VALUE : CL_INVALID_COMMAND_QUEUE;
  }
  cl_int r = marker(q, CL_COMMAND_BARRIER, n, w, NULL);
  return r == CL_INVALID_EVENT_WAIT_LIST ? CL_INVALID_EVENT : r;
}

cl_int CL_API_CALL vcl_Flush(cl_command_queue q)
{
  pthread_mutex_lock(&ocl_lock);
  int ok = ocl_reg_type(q) == OT_QUEUE;
  pthread_mutex_unlock(&ocl_lock);
  if (!ok) return CL_INVALID_COMMAND_QUEUE;
  ocl_pump();
  return CL_SUCCESS;
}

cl_int CL_API_CALL vcl_Finish(cl_command_queue q)
{
  pthread_mutex_lock(&ocl_lock);
  if (ocl_reg_type(q) != OT_QUEUE) {
    pthread_mutex_unlock(&ocl_lock);
    return CL_INVALID_COMMAND_QUEUE;
  }
  cl_event last = q->last;
  if (last) last->refs++;
  pthread_mutex_unlock(&ocl_lock);
  if (last) { /* commands run in queue order: the last one finishes last */
    ocl_wait(last);
    pthread_mutex_lock(&ocl_lock);
    ocl_event_release(last);
    pthread_mutex_unlock(&ocl_lock);
  }
  return CL_SUCCESS;
}
