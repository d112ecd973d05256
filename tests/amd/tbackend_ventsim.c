/* The ventsim back end of the case runner: runs a case's launches on the
 * precompiled code object (--co-dir/--target/--level) through ventsim's C
 * API (ventsim/launch.h), on a device of the code object's target. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tbackend.h"
#include "ventsim/driver.h"
#include "ventsim/launch.h"

typedef struct {
  char device[64];
  char desc[96];
} vst;

static void *vs_open(const char *device, char *err, size_t errlen)
{
  (void)err;
  (void)errlen;
  vst *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  snprintf(s->device, sizeof s->device, "%s", device ? device : "");
  snprintf(s->desc, sizeof s->desc, "ventsim %s", device && *device ? device : "(the code object's target)");
  vt_ventsim_set(NULL, "quiet", "1");
  return s;
}

static const char *vs_describe(void *st) { return ((vst *)st)->desc; }

static int vs_supports(void *st, unsigned bit)
{
  (void)st;
  (void)bit;
  return 1; /* gfx9 has fp16, fp64, subgroups, 64-bit atomics, non-uniform groups, printf */
}

static int vs_run(void *st, tb_job *job, char *err, size_t errlen)
{
  (void)st;
  const tc_case *c = job->c;
  if (!job->co_path) {
    snprintf(err, errlen, "the ventsim back end runs code objects: give --co-dir, --target and --level");
    return -1;
  }
  int rc = -1;
  vs_addr *addr = calloc(c->nbufs ? c->nbufs : 1, sizeof *addr);
  FILE *pr = tmpfile();
  vs_program *p = vs_program_load(NULL, job->co_path);
  if (!addr || !pr || !p) {
    snprintf(err, errlen, "%s", p ? "out of memory" : vt_last_error());
    goto out;
  }
  vt_ventsim_set_print_stream(vs_program_device(p), pr);
  for (size_t i = 0; i < c->nbufs; i++) {
    size_t bytes = c->bufs[i].count * tc_type_size(c->bufs[i].type);
    if (!(addr[i] = vs_buffer_new(p, bytes ? bytes : 1, job->bufs[i]))) {
      snprintf(err, errlen, "buffer '%s': %s", c->bufs[i].name, vt_last_error());
      goto out;
    }
  }
  for (size_t li = 0; li < c->nlaunches; li++) {
    const tc_launch *l = &c->launches[li];
    vs_kernel *k = vs_kernel_get(p, l->kernel);
    if (!k) {
      snprintf(err, errlen, "%s", vt_last_error());
      goto out;
    }
    for (unsigned it = 0; it < l->repeat; it++) {
      for (size_t a = 0; a < l->nargs; a++) {
        const tc_arg *ar = &l->args[a];
        int32_t iv;
        int e = 0;
        switch (ar->kind) {
        case TC_ARG_BUFFER: e = vs_kernel_set_arg_buffer(k, (unsigned)a, addr[ar->buf]); break;
        case TC_ARG_SCALAR: e = vs_kernel_set_arg(k, (unsigned)a, ar->size, ar->bytes); break;
        case TC_ARG_LOCAL: e = vs_kernel_set_arg_local(k, (unsigned)a, (uint32_t)ar->size); break;
        case TC_ARG_ITER:
          iv = (int32_t)((int64_t)it + ar->iter_add);
          e = vs_kernel_set_arg_i32(k, (unsigned)a, iv);
          break;
        }
        if (e) {
          snprintf(err, errlen, "launch %zu ('%s'), argument %zu: %s", li, l->kernel, a, vt_last_error());
          goto out;
        }
      }
      vs_launch_opts o;
      memset(&o, 0, sizeof o);
      for (int d = 0; d < 3; d++) o.global_offset[d] = l->offset[d];
      if (vs_kernel_launch(k, l->dims, l->global, l->local_null ? NULL : l->local, &o)) {
        snprintf(err, errlen, "launch %zu ('%s'): %s", li, l->kernel, vt_last_error());
        goto out;
      }
    }
  }
  for (size_t i = 0; i < c->nbufs; i++) {
    size_t bytes = c->bufs[i].count * tc_type_size(c->bufs[i].type);
    if (bytes && vs_buffer_read(p, addr[i], job->bufs[i], bytes)) {
      snprintf(err, errlen, "reading '%s': %s", c->bufs[i].name, vt_last_error());
      goto out;
    }
  }
  fflush(pr);
  long n = ftell(pr);
  if (n > 0 && (job->printf_text = malloc((size_t)n + 1))) {
    rewind(pr);
    size_t r = fread(job->printf_text, 1, (size_t)n, pr);
    job->printf_text[r] = 0;
    job->printf_len = r;
  }
  rc = 0;
out:
  vs_program_free(p);
  if (pr) fclose(pr);
  free(addr);
  return rc;
}

static void vs_close(void *st) { free(st); }

const tb_backend tb_backend_ventsim = {
  "ventsim", "ignored: the device is the code object's target (--target)",
  vs_open, vs_describe, vs_supports, vs_run, vs_close,
};
