/* Internals of the ventsim OpenCL platform (the ICD vendor library).
 *
 * Objects start with the ICD dispatch-table pointer.  Every live object is
 * in a registry, so a handle is checked before it is used (a bad handle is
 * an error code, not a crash).  One platform lock guards all object state;
 * commands run outside it (docs/opencl.md, "Execution"). */
#ifndef VS_OPENCL_OCL_H
#define VS_OPENCL_OCL_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#define CL_USE_DEPRECATED_OPENCL_2_1_APIS
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <CL/cl_gl.h>
#include <CL/cl_icd.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#include "opencl/backend.h"

#define OCL_EXPORT __attribute__((visibility("default")))

enum ocl_type { OT_NONE, OT_DEVICE, OT_CONTEXT, OT_QUEUE, OT_MEM, OT_PROGRAM, OT_KERNEL, OT_EVENT };

extern pthread_mutex_t ocl_lock;     /* the platform lock */
extern pthread_cond_t ocl_cond;      /* broadcast when a command finishes */
extern cl_icd_dispatch ocl_dispatch;

/* ---- registry ---- */
int ocl_reg_add(void *obj, int type);     /* 0 or -1 (out of memory); lock held */
void ocl_reg_del(void *obj);              /* lock held */
int ocl_reg_type(const void *obj);        /* OT_*, OT_NONE if not live; lock held */

/* ---- devices ---- */
struct _cl_platform_id {
  cl_icd_dispatch *dispatch;
};

struct _cl_device_id {
  cl_icd_dispatch *dispatch;
  ocl_devconf conf;
  const ocl_backend *be;
  ocl_bdev *bdev;            /* opened while contexts use it */
  unsigned users;
  pthread_mutex_t exec;      /* one command at a time on the simulator */
  uint64_t timeline_ns;      /* the simulated device clock (profiling) */
  unsigned index;
};

extern struct _cl_platform_id ocl_platform;
extern cl_device_id *ocl_devices;
extern unsigned ocl_ndevices;
int ocl_init(void);                      /* once; 0 or -1 */
const char *ocl_init_error(void);
int ocl_device_use(cl_device_id d, vs_error *err);   /* opens the backend device; lock held */
void ocl_device_unuse(cl_device_id d);                /* lock held */

/* ---- contexts ---- */
typedef struct ocl_cb {
  void (CL_CALLBACK *fn)(void);  /* cast to the real type before the call */
  void *user;
  struct ocl_cb *next;
} ocl_cb;

struct _cl_context {
  cl_icd_dispatch *dispatch;
  cl_uint refs;
  cl_uint ndevices;
  cl_device_id *devices;
  cl_context_properties *props;
  size_t nprops;              /* entries including the terminating 0 */
  void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *);
  void *notify_user;
  ocl_cb *destructors;
};
int ocl_context_has(cl_context c, cl_device_id d);
void ocl_context_release(cl_context c);      /* lock held */
void ocl_notify(cl_context c, const char *msg);

/* ---- memory objects ---- */
typedef struct ocl_store {    /* the data of a buffer and its sub-buffers */
  unsigned refs;
  uint64_t size;
  uint8_t *host;              /* host copy (the user's pointer with USE_HOST_PTR) */
  int host_owned;
  int host_valid;             /* the host copy is current                  */
  uint64_t *addr;             /* per context device (0: not allocated)     */
  uint8_t *valid;             /* per context device: its copy is current   */
  cl_context ctx;
} ocl_store;

struct _cl_mem {
  cl_icd_dispatch *dispatch;
  cl_uint refs;
  cl_context ctx;
  cl_mem_flags flags;
  uint64_t size;
  uint64_t origin;            /* in the store (sub-buffers)   */
  void *host_ptr;             /* CL_MEM_HOST_PTR              */
  cl_mem parent;
  ocl_store *store;
  cl_uint maps;
  struct ocl_map *maplist;
  ocl_cb *destructors;
  cl_mem_properties *props;
  size_t nprops;
};
int ocl_dev_index(cl_context c, cl_device_id d);
/* Makes the store current on device di (allocating/migrating); no lock */
int ocl_store_on(ocl_store *s, int di, vs_error *err);
int ocl_store_host(ocl_store *s, vs_error *err);   /* makes the host copy current */
void ocl_store_written(ocl_store *s, int di);      /* device di (-1: the host) now holds the only current copy */
/* n bytes at store offset off, to/from the host through device di's view */
int ocl_store_read(ocl_store *s, int di, uint64_t off, void *dst, uint64_t n, vs_error *err);
int ocl_store_write(ocl_store *s, int di, uint64_t off, const void *src, uint64_t n, vs_error *err);
int ocl_store_host_ptr(ocl_store *s, uint8_t **p, vs_error *err); /* allocates the host copy */
void ocl_mem_release(cl_mem m);                    /* lock held */

/* ---- programs and kernels ---- */
typedef struct ocl_pdev {     /* a program on one device */
  cl_build_status status;
  char *log;
  char *options;
  uint8_t *binary;
  size_t len;
  cl_program_binary_type btype;
  ocl_bprog *bprog;
  unsigned cl_std;            /* 0: not given (OpenCL C 1.2)  */
  int uniform_wg;
} ocl_pdev;

struct _cl_program {
  cl_icd_dispatch *dispatch;
  cl_uint refs;
  cl_context ctx;
  char *source;
  size_t source_len;
  ocl_pdev *per;              /* per context device */
  cl_uint kernels_attached;
  int from_binary, builtin;
  char *kernel_names;         /* ';'-separated, once built */
  char *hdir;                 /* clCompileProgram's headers, kept for clLinkProgram */
  size_t nkernels;
  ocl_cb *release_cbs;
};
void ocl_program_release(cl_program p);   /* lock held */
void ocl_kernel_release(cl_kernel k);     /* lock held */

typedef struct ocl_argval {
  int set;
  int kind;
  cl_mem mem;
  uint64_t local_size;
  uint8_t *value;
  uint32_t size;
} ocl_argval;

struct _cl_kernel {
  cl_icd_dispatch *dispatch;
  cl_uint refs;
  cl_program prog;
  char *name;
  const ocl_kernel_info **info;   /* per context device (NULL: not built there) */
  const ocl_kernel_info *ref;     /* the first one: arguments */
  unsigned nargs;                 /* known, or the most set so far */
  ocl_argval *args;
  unsigned capargs;
};

/* ---- queues, commands, events ---- */
typedef struct ocl_cmd ocl_cmd;

struct _cl_command_queue {
  cl_icd_dispatch *dispatch;
  cl_uint refs;
  cl_context ctx;
  cl_device_id dev;
  cl_command_queue_properties props;
  cl_queue_properties *qprops;
  size_t nqprops;
  cl_event last;              /* in-order: the most recent command         */
  cl_uint pending;            /* commands not finished                     */
  struct _cl_command_queue *next_q;
};
void ocl_queue_release(cl_command_queue q);   /* lock held */

typedef struct ocl_evcb {
  void (CL_CALLBACK *fn)(cl_event, cl_int, void *);
  void *user;
  cl_int on;                  /* CL_SUBMITTED, CL_RUNNING or CL_COMPLETE */
  int done;
  struct ocl_evcb *next;
} ocl_evcb;

struct _cl_event {
  cl_icd_dispatch *dispatch;
  cl_uint refs;
  cl_context ctx;
  cl_command_queue q;         /* NULL: user event; retained while unfinished */
  cl_device_id dev;
  int prof;                   /* the queue had CL_QUEUE_PROFILING_ENABLE */
  cl_command_type type;
  cl_int status;
  int claimed;                /* a thread runs it */
  cl_ulong t_queued, t_submit, t_start, t_end;
  ocl_evcb *cbs;
  ocl_cmd *cmd;               /* until it has run */
  cl_event *waits;            /* retained */
  cl_uint nwaits;
  cl_event after;             /* in-order predecessor (retained) or NULL */
  struct _cl_event *next_pending; /* in the list of unfinished commands */
};

/* What a command does when it runs (outside the lock).  Returns CL_SUCCESS
 * or a negative status; *dur_ns: the simulated duration. */
struct ocl_cmd {
  cl_int (*run)(ocl_cmd *c, cl_event e, uint64_t *dur_ns);
  void (*free)(ocl_cmd *c);
};

/* Validates a wait list (lock held): CL_SUCCESS or the error */
cl_int ocl_check_waitlist(cl_context ctx, cl_uint n, const cl_event *list);
/* Enqueues cmd (owned from now on) on q after the wait list; returns the
 * event (retained once for the caller if want_event) or NULL with *rc.
 * Does not take the lock; runs what can run. */
cl_event ocl_enqueue(cl_command_queue q, cl_command_type type, ocl_cmd *cmd, cl_uint nwait, const cl_event *wait,
                     cl_int *rc);
/* Waits for e to finish (no lock held); returns its status */
cl_int ocl_wait(cl_event e);
/* Runs every command that can run (no lock held) */
void ocl_pump(void);
void ocl_event_release(cl_event e);   /* lock held */
cl_ulong ocl_now_ns(void);
/* the device clock: a command of dur_ns starting no earlier than now */
void ocl_device_time(cl_device_id d, uint64_t dur_ns, cl_ulong *start, cl_ulong *end);
/* simulated duration of a transfer of n bytes */
uint64_t ocl_transfer_ns(cl_device_id d, uint64_t n);

/* ---- helpers ---- */
cl_int ocl_info(const void *src, size_t n, size_t size, void *value, size_t *ret);
cl_int ocl_info_str(const char *s, size_t size, void *value, size_t *ret);

/* a copy of a 0-terminated property list of entries of esize bytes (8 here) */
int ocl_props_copy(const void *in, void **out, size_t *n);

/* The entry points of the dispatch table (vcl_NAME implements clNAME), with
 * the prototypes of cl_icd.h's function types */
#define OCL_FUNCS(X) X(GetPlatformIDs) X(GetPlatformInfo) X(GetDeviceIDs) X(GetDeviceInfo) X(CreateContext) \
   X(CreateContextFromType) X(RetainContext) X(ReleaseContext) X(GetContextInfo) X(CreateCommandQueue) \
   X(RetainCommandQueue) X(ReleaseCommandQueue) X(GetCommandQueueInfo) X(SetCommandQueueProperty) \
   X(CreateBuffer) X(CreateImage2D) X(CreateImage3D) X(RetainMemObject) X(ReleaseMemObject) \
   X(GetSupportedImageFormats) X(GetMemObjectInfo) X(GetImageInfo) X(CreateSampler) X(RetainSampler) \
   X(ReleaseSampler) X(GetSamplerInfo) X(CreateProgramWithSource) X(CreateProgramWithBinary) X(RetainProgram) \
   X(ReleaseProgram) X(BuildProgram) X(UnloadCompiler) X(GetProgramInfo) X(GetProgramBuildInfo) \
   X(CreateKernel) X(CreateKernelsInProgram) X(RetainKernel) X(ReleaseKernel) X(SetKernelArg) X(GetKernelInfo) \
   X(GetKernelWorkGroupInfo) X(WaitForEvents) X(GetEventInfo) X(RetainEvent) X(ReleaseEvent) \
   X(GetEventProfilingInfo) X(Flush) X(Finish) X(EnqueueReadBuffer) X(EnqueueWriteBuffer) X(EnqueueCopyBuffer) \
   X(EnqueueReadImage) X(EnqueueWriteImage) X(EnqueueCopyImage) X(EnqueueCopyImageToBuffer) \
   X(EnqueueCopyBufferToImage) X(EnqueueMapBuffer) X(EnqueueMapImage) X(EnqueueUnmapMemObject) \
   X(EnqueueNDRangeKernel) X(EnqueueTask) X(EnqueueNativeKernel) X(EnqueueMarker) X(EnqueueWaitForEvents) \
   X(EnqueueBarrier) X(GetExtensionFunctionAddress) X(CreateFromGLBuffer) X(CreateFromGLTexture2D) \
   X(CreateFromGLTexture3D) X(CreateFromGLRenderbuffer) X(GetGLObjectInfo) X(GetGLTextureInfo) \
   X(EnqueueAcquireGLObjects) X(EnqueueReleaseGLObjects) X(SetEventCallback) X(CreateSubBuffer) \
   X(SetMemObjectDestructorCallback) X(CreateUserEvent) X(SetUserEventStatus) X(EnqueueReadBufferRect) \
   X(EnqueueWriteBufferRect) X(EnqueueCopyBufferRect) X(CreateSubDevices) X(RetainDevice) X(ReleaseDevice) \
   X(CreateImage) X(CreateProgramWithBuiltInKernels) X(CompileProgram) X(LinkProgram) \
   X(UnloadPlatformCompiler) X(GetKernelArgInfo) X(EnqueueFillBuffer) X(EnqueueFillImage) \
   X(EnqueueMigrateMemObjects) X(EnqueueMarkerWithWaitList) X(EnqueueBarrierWithWaitList) \
   X(GetExtensionFunctionAddressForPlatform) X(CreateFromGLTexture) X(CreateCommandQueueWithProperties) \
   X(CreatePipe) X(GetPipeInfo) X(SVMAlloc) X(SVMFree) X(EnqueueSVMFree) X(EnqueueSVMMemcpy) \
   X(EnqueueSVMMemFill) X(EnqueueSVMMap) X(EnqueueSVMUnmap) X(CreateSamplerWithProperties) \
   X(SetKernelArgSVMPointer) X(SetKernelExecInfo) X(CloneKernel) X(CreateProgramWithIL) \
   X(EnqueueSVMMigrateMem) X(GetDeviceAndHostTimer) X(GetHostTimer) X(GetKernelSubGroupInfo) \
   X(SetDefaultDeviceCommandQueue) X(SetProgramReleaseCallback) X(SetProgramSpecializationConstant) \
   X(CreateBufferWithProperties) X(CreateImageWithProperties) X(SetContextDestructorCallback)
#define OCL_DECLARE(n) extern __typeof__(*(cl_api_cl##n)0) vcl_##n;
OCL_FUNCS(OCL_DECLARE)
#undef OCL_DECLARE

#endif
