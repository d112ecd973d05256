/* What the platform does not support, with the error codes the
 * specification gives for that: images and samplers
 * (CL_DEVICE_IMAGE_SUPPORT is false), pipes, SVM, OpenGL sharing. */
#include "opencl/ocl.h"

static cl_int ctx_or(cl_context c, cl_int e)
{
  pthread_mutex_lock(&ocl_lock);
  int ok = ocl_reg_type(c) == OT_CONTEXT;
  pthread_mutex_unlock(&ocl_lock);
  return ok ? e : CL_INVALID_CONTEXT;
}

static cl_int q_or(cl_command_queue q, cl_int e)
{
  pthread_mutex_lock(&ocl_lock);
  int ok = ocl_reg_type(q) == OT_QUEUE;
  pthread_mutex_unlock(&ocl_lock);
  return ok ? e : CL_INVALID_COMMAND_QUEUE;
}

static cl_int mem_or(cl_mem m, cl_int e)
{
  pthread_mutex_lock(&ocl_lock);
  int ok = ocl_reg_type(m) == OT_MEM;
  pthread_mutex_unlock(&ocl_lock);
  return ok ? e : CL_INVALID_MEM_OBJECT;
}

#define SET(rc, v) do { if (rc) *(rc) = (v); } while (0)

/* ---- images: CL_INVALID_OPERATION when no device supports images ---- */
cl_mem CL_API_CALL vcl_CreateImage(cl_context c, cl_mem_flags f, const cl_image_format *fmt, const cl_image_desc *d,
                                   void *h, cl_int *rc)
{
  (void)f; (void)fmt; (void)d; (void)h;
  SET(rc, ctx_or(c, CL_INVALID_OPERATION));
  return NULL;
}
cl_mem CL_API_CALL vcl_CreateImageWithProperties(cl_context c, const cl_mem_properties *p, cl_mem_flags f,
                                                 const cl_image_format *fmt, const cl_image_desc *d, void *h, cl_int *rc)
{
  (void)p; (void)f; (void)fmt; (void)d; (void)h;
  SET(rc, ctx_or(c, CL_INVALID_OPERATION));
  return NULL;
}
cl_mem CL_API_CALL vcl_CreateImage2D(cl_context c, cl_mem_flags f, const cl_image_format *fmt, size_t w, size_t h,
                                     size_t rp, void *p, cl_int *rc)
{
  (void)f; (void)fmt; (void)w; (void)h; (void)rp; (void)p;
  SET(rc, ctx_or(c, CL_INVALID_OPERATION));
  return NULL;
}
cl_mem CL_API_CALL vcl_CreateImage3D(cl_context c, cl_mem_flags f, const cl_image_format *fmt, size_t w, size_t h,
                                     size_t dd, size_t rp, size_t sp, void *p, cl_int *rc)
{
  (void)f; (void)fmt; (void)w; (void)h; (void)dd; (void)rp; (void)sp; (void)p;
  SET(rc, ctx_or(c, CL_INVALID_OPERATION));
  return NULL;
}
cl_int CL_API_CALL vcl_GetSupportedImageFormats(cl_context c, cl_mem_flags f, cl_mem_object_type t, cl_uint n,
                                                cl_image_format *fmts, cl_uint *num)
{
  (void)t; (void)fmts;
  cl_int e = ctx_or(c, CL_SUCCESS);
  if (e == CL_SUCCESS && ((n == 0 && fmts) || f == 0)) e = f == 0 ? CL_SUCCESS : CL_INVALID_VALUE;
  if (e == CL_SUCCESS && num) *num = 0; /* none */
  return e;
}
cl_int CL_API_CALL vcl_GetImageInfo(cl_mem m, cl_image_info p, size_t s, void *v, size_t *r)
{
  (void)p; (void)s; (void)v; (void)r;
  return mem_or(m, CL_INVALID_MEM_OBJECT); /* a buffer is not an image */
}
cl_int CL_API_CALL vcl_EnqueueReadImage(cl_command_queue q, cl_mem m, cl_bool b, const size_t *o, const size_t *r,
                                        size_t rp, size_t sp, void *p, cl_uint n, const cl_event *w, cl_event *e)
{
  (void)m; (void)b; (void)o; (void)r; (void)rp; (void)sp; (void)p; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_MEM_OBJECT);
}
cl_int CL_API_CALL vcl_EnqueueWriteImage(cl_command_queue q, cl_mem m, cl_bool b, const size_t *o, const size_t *r,
                                         size_t rp, size_t sp, const void *p, cl_uint n, const cl_event *w, cl_event *e)
{
  (void)m; (void)b; (void)o; (void)r; (void)rp; (void)sp; (void)p; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_MEM_OBJECT);
}
cl_int CL_API_CALL vcl_EnqueueCopyImage(cl_command_queue q, cl_mem a, cl_mem b, const size_t *o1, const size_t *o2,
                                        const size_t *r, cl_uint n, const cl_event *w, cl_event *e)
{
  (void)a; (void)b; (void)o1; (void)o2; (void)r; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_MEM_OBJECT);
}
cl_int CL_API_CALL vcl_EnqueueCopyImageToBuffer(cl_command_queue q, cl_mem a, cl_mem b, const size_t *o,
                                                const size_t *r, size_t off, cl_uint n, const cl_event *w, cl_event *e)
{
  (void)a; (void)b; (void)o; (void)r; (void)off; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_MEM_OBJECT);
}
cl_int CL_API_CALL vcl_EnqueueCopyBufferToImage(cl_command_queue q, cl_mem a, cl_mem b, size_t off, const size_t *o,
                                                const size_t *r, cl_uint n, const cl_event *w, cl_event *e)
{
  (void)a; (void)b; (void)o; (void)r; (void)off; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_MEM_OBJECT);
}
void *CL_API_CALL vcl_EnqueueMapImage(cl_command_queue q, cl_mem m, cl_bool b, cl_map_flags f, const size_t *o,
                                      const size_t *r, size_t *rp, size_t *sp, cl_uint n, const cl_event *w,
                                      cl_event *e, cl_int *rc)
{
  (void)m; (void)b; (void)f; (void)o; (void)r; (void)rp; (void)sp; (void)n; (void)w; (void)e;
  SET(rc, q_or(q, CL_INVALID_MEM_OBJECT));
  return NULL;
}
cl_int CL_API_CALL vcl_EnqueueFillImage(cl_command_queue q, cl_mem m, const void *c, const size_t *o, const size_t *r,
                                        cl_uint n, const cl_event *w, cl_event *e)
{
  (void)m; (void)c; (void)o; (void)r; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_MEM_OBJECT);
}

/* ---- samplers ---- */
cl_sampler CL_API_CALL vcl_CreateSampler(cl_context c, cl_bool n, cl_addressing_mode a, cl_filter_mode f, cl_int *rc)
{
  (void)n; (void)a; (void)f;
  SET(rc, ctx_or(c, CL_INVALID_OPERATION));
  return NULL;
}
cl_sampler CL_API_CALL vcl_CreateSamplerWithProperties(cl_context c, const cl_sampler_properties *p, cl_int *rc)
{
  (void)p;
  SET(rc, ctx_or(c, CL_INVALID_OPERATION));
  return NULL;
}
cl_int CL_API_CALL vcl_RetainSampler(cl_sampler s) { (void)s; return CL_INVALID_SAMPLER; }
cl_int CL_API_CALL vcl_ReleaseSampler(cl_sampler s) { (void)s; return CL_INVALID_SAMPLER; }
cl_int CL_API_CALL vcl_GetSamplerInfo(cl_sampler s, cl_sampler_info p, size_t z, void *v, size_t *r)
{
  (void)s; (void)p; (void)z; (void)v; (void)r;
  return CL_INVALID_SAMPLER;
}

/* ---- pipes (CL_DEVICE_PIPE_SUPPORT is false) ---- */
cl_mem CL_API_CALL vcl_CreatePipe(cl_context c, cl_mem_flags f, cl_uint ps, cl_uint mp, const cl_pipe_properties *p,
                                  cl_int *rc)
{
  (void)f; (void)ps; (void)mp; (void)p;
  SET(rc, ctx_or(c, CL_INVALID_OPERATION));
  return NULL;
}
cl_int CL_API_CALL vcl_GetPipeInfo(cl_mem m, cl_pipe_info p, size_t s, void *v, size_t *r)
{
  (void)p; (void)s; (void)v; (void)r;
  return mem_or(m, CL_INVALID_MEM_OBJECT); /* no memory object is a pipe */
}

/* ---- SVM (CL_DEVICE_SVM_CAPABILITIES is 0) ---- */
void *CL_API_CALL vcl_SVMAlloc(cl_context c, cl_svm_mem_flags f, size_t s, cl_uint a)
{
  (void)c; (void)f; (void)s; (void)a;
  return NULL;
}
void CL_API_CALL vcl_SVMFree(cl_context c, void *p)
{
  (void)c; (void)p;
}
cl_int CL_API_CALL vcl_EnqueueSVMFree(cl_command_queue q, cl_uint np, void *ps[],
                                      void (CL_CALLBACK *fn)(cl_command_queue, cl_uint, void *[], void *), void *u,
                                      cl_uint n, const cl_event *w, cl_event *e)
{
  (void)np; (void)ps; (void)fn; (void)u; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_OPERATION);
}
cl_int CL_API_CALL vcl_EnqueueSVMMemcpy(cl_command_queue q, cl_bool b, void *d, const void *s, size_t z, cl_uint n,
                                        const cl_event *w, cl_event *e)
{
  (void)b; (void)d; (void)s; (void)z; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_OPERATION);
}
cl_int CL_API_CALL vcl_EnqueueSVMMemFill(cl_command_queue q, void *p, const void *pat, size_t ps, size_t s, cl_uint n,
                                         const cl_event *w, cl_event *e)
{
  (void)p; (void)pat; (void)ps; (void)s; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_OPERATION);
}
cl_int CL_API_CALL vcl_EnqueueSVMMap(cl_command_queue q, cl_bool b, cl_map_flags f, void *p, size_t s, cl_uint n,
                                     const cl_event *w, cl_event *e)
{
  (void)b; (void)f; (void)p; (void)s; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_OPERATION);
}
cl_int CL_API_CALL vcl_EnqueueSVMUnmap(cl_command_queue q, void *p, cl_uint n, const cl_event *w, cl_event *e)
{
  (void)p; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_OPERATION);
}
cl_int CL_API_CALL vcl_EnqueueSVMMigrateMem(cl_command_queue q, cl_uint np, const void **p, const size_t *s,
                                            cl_mem_migration_flags f, cl_uint n, const cl_event *w, cl_event *e)
{
  (void)np; (void)p; (void)s; (void)f; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_OPERATION);
}

/* ---- OpenGL sharing: no context is created from a GL context ---- */
cl_mem CL_API_CALL vcl_CreateFromGLBuffer(cl_context c, cl_mem_flags f, cl_GLuint b, cl_int *rc)
{
  (void)f; (void)b;
  SET(rc, ctx_or(c, CL_INVALID_CONTEXT));
  return NULL;
}
cl_mem CL_API_CALL vcl_CreateFromGLTexture(cl_context c, cl_mem_flags f, cl_GLenum t, cl_GLint l, cl_GLuint x,
                                           cl_int *rc)
{
  (void)f; (void)t; (void)l; (void)x;
  SET(rc, ctx_or(c, CL_INVALID_CONTEXT));
  return NULL;
}
cl_mem CL_API_CALL vcl_CreateFromGLTexture2D(cl_context c, cl_mem_flags f, cl_GLenum t, cl_GLint l, cl_GLuint x,
                                             cl_int *rc)
{
  (void)f; (void)t; (void)l; (void)x;
  SET(rc, ctx_or(c, CL_INVALID_CONTEXT));
  return NULL;
}
cl_mem CL_API_CALL vcl_CreateFromGLTexture3D(cl_context c, cl_mem_flags f, cl_GLenum t, cl_GLint l, cl_GLuint x,
                                             cl_int *rc)
{
  (void)f; (void)t; (void)l; (void)x;
  SET(rc, ctx_or(c, CL_INVALID_CONTEXT));
  return NULL;
}
cl_mem CL_API_CALL vcl_CreateFromGLRenderbuffer(cl_context c, cl_mem_flags f, cl_GLuint b, cl_int *rc)
{
  (void)f; (void)b;
  SET(rc, ctx_or(c, CL_INVALID_CONTEXT));
  return NULL;
}
cl_int CL_API_CALL vcl_GetGLObjectInfo(cl_mem m, cl_gl_object_type *t, cl_GLuint *n)
{
  (void)t; (void)n;
  return mem_or(m, CL_INVALID_GL_OBJECT);
}
cl_int CL_API_CALL vcl_GetGLTextureInfo(cl_mem m, cl_gl_texture_info p, size_t s, void *v, size_t *r)
{
  (void)p; (void)s; (void)v; (void)r;
  return mem_or(m, CL_INVALID_GL_OBJECT);
}
cl_int CL_API_CALL vcl_EnqueueAcquireGLObjects(cl_command_queue q, cl_uint nm, const cl_mem *m, cl_uint n,
                                               const cl_event *w, cl_event *e)
{
  (void)nm; (void)m; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_CONTEXT);
}
cl_int CL_API_CALL vcl_EnqueueReleaseGLObjects(cl_command_queue q, cl_uint nm, const cl_mem *m, cl_uint n,
                                               const cl_event *w, cl_event *e)
{
  (void)nm; (void)m; (void)n; (void)w; (void)e;
  return q_or(q, CL_INVALID_CONTEXT);
}
