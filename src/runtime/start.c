/* The driver API: launches (vt_start and the launch helper's rt_start),
 * waiting for them, the list of finished launches and vt_dump_perf. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runtime/rt.h"
#include "ventsim/check.h"
#include "ventsim/launch.h"

_Static_assert(sizeof(vt_meta_data) == 12 * 8, "the launch record: eleven fields, twelve 64-bit words");

static void record_perf(rt_dev *d, const char *name, const vs_ventus_record *l, const vs_run_result *r,
                        int failed)
{
  rt_perf *p = &d->perf[d->nlaunches % RT_PERF_KEEP];
  memset(p, 0, sizeof *p);
  snprintf(p->name, sizeof p->name, "%s", name ? name : "?");
  memcpy(p->grid, l->grid, sizeof p->grid);
  p->wf = l->warp_threads;
  p->wg = l->wg_warps;
  p->warp_insns = r->warp_insns;
  p->thread_insns = r->thread_insns;
  p->cycles = r->cycles;
  p->seconds = r->seconds;
  p->failed = failed;
  d->nlaunches++;
  d->nfailed += failed != 0;
  d->tot_warp += r->warp_insns;
  d->tot_thread += r->thread_insns;
  d->tot_cycles += r->cycles;
  d->tot_seconds += r->seconds;
}

static int push_finished(rt_dev *d, int id, vs_error *err)
{
  if (d->nfinished == d->capfinished) {
    size_t nc = d->capfinished ? d->capfinished * 2 : 16;
    if (nc > (1u << 20)) { /* nobody collects them: forget the oldest */
      memmove(d->finished, d->finished + 1, (d->nfinished - 1) * sizeof *d->finished);
      d->nfinished--;
    } else {
      int *nf = vs_realloc(d->finished, nc * sizeof *nf, err);
      if (!nf) return -1;
      d->finished = nf;
      d->capfinished = nc;
    }
  }
  d->finished[d->nfinished++] = id;
  return 0;
}

/* The run options of the device's settings (threads, limits, trace,
 * statistics, checker, timeline, timing model); *tstate is released with
 * rt_timing_release after the run. */
static int run_options(rt_dev *d, vs_run_options *opt, void **tstate, const char *fn)
{
  vs_error err = {0};
  memset(opt, 0, sizeof *opt);
  opt->threads = d->trace ? 1 : d->cfg.host_threads;
  opt->max_instructions = d->cfg.max_instructions;
  opt->trace = d->trace;
  opt->stats = d->stats;
  if (d->checker) vs_checker_run_options(d->checker, opt);
  if (d->timeline) {
    if (d->cfg.mode != RT_MODE_TIMING)
      return rt_fail(fn, "setting timeline (VENTSIM_TIMELINE) needs mode timing (VENTSIM_MODE=timing)");
    opt->observer = vs_timeline_observer(d->timeline);
  }
  *tstate = NULL;
  if (rt_timing_prepare(&d->cfg, opt, tstate, &err)) return rt_fail(fn, "%s", err.msg);
  return 0;
}

static int start_locked(rt_dev *d, const vt_meta_data *md, uint64_t task, const char *save_dir,
                        const char *kname, vs_run_result *res_out, const char *fn)
{
  if (rt_check_task(d, task, fn)) return -1;
  if (strcmp(vs_device_isa(d->dev), "ventus"))
    return rt_fail(fn, "a %s device runs AMD code objects through the launch helper (vs_program_load), "
                   "not vt_start", vs_device_isa(d->dev));
  if (!d->has_program)
    return rt_fail(fn, "no program has been uploaded (call vt_upload_kernel_file first)");
  if (!vs_device_mapped(d->dev, RT_KERNEL_BASE, 4))
    return rt_fail(fn, "the program [0x%08" PRIx64 ", 0x%08" PRIx64 ") does not contain the start address 0x80000000",
                   d->prog_lo, d->prog_hi);
  /* the record */
  const uint64_t *f = (const uint64_t *)(const void *)md;
  static const char *const names[11] = {"kernel_id", "kernel_size[0]", "kernel_size[1]", "kernel_size[2]",
                                        "wf_size", "wg_size", "metaDataBaseAddr", "ldsSize", "pdsSize",
                                        "sgprUsage", "vgprUsage"};
  for (int i = 0; i < 11; i++)
    if (f[i] > UINT32_MAX)
      return rt_fail(fn, "%s = 0x%" PRIx64 " does not fit in 32 bits", names[i], f[i]);
  if (md->pdsBaseAddr > UINT32_MAX)
    return rt_fail(fn, "pdsBaseAddr = 0x%" PRIx64 " does not fit in 32 bits", md->pdsBaseAddr);
  for (int i = 0; i < 3; i++)
    if (md->kernel_size[i] == 0) return rt_fail(fn, "kernel_size[%d] is 0 (at least 1 work-group per dimension)", i);
  uint64_t nwg = md->kernel_size[0] * md->kernel_size[1];
  if (nwg > VS_MAX_WORKGROUPS || nwg * md->kernel_size[2] > VS_MAX_WORKGROUPS)
    return rt_fail(fn, "%" PRIu64 " x %" PRIu64 " x %" PRIu64 " work-groups is more than the limit of %u", md->kernel_size[0],
                   md->kernel_size[1], md->kernel_size[2], VS_MAX_WORKGROUPS);
  nwg *= md->kernel_size[2];
  if (md->wf_size < 1 || md->wf_size > d->cfg.warp_threads)
    return rt_fail(fn, "wf_size %" PRIu64 " is outside 1..%u (threads per warp, VT_CAPS_MAX_THREADS; "
                       "setting warp-threads)", md->wf_size, d->cfg.warp_threads);
  if (md->wg_size < 1 || md->wg_size > d->cfg.warps)
    return rt_fail(fn, "wg_size %" PRIu64 " is outside 1..%u (warps per work-group, VT_CAPS_MAX_WARPS; "
                       "setting warps)", md->wg_size, d->cfg.warps);
  if (md->ldsSize > d->cfg.local_mem)
    return rt_fail(fn, "ldsSize %" PRIu64 " is more than the %u bytes of local memory per work-group "
                       "(VT_CAPS_LOCAL_MEM_SIZE; setting local-mem)", md->ldsSize, d->cfg.local_mem);
  if (rt_check_range(d, md->metaDataBaseAddr, KNL_SIZE, fn, "kernel metadata buffer (metaDataBaseAddr)") == -1)
    return -1;
  uint32_t knl[KNL_SIZE / 4];
  vs_error err = {0};
  if (vs_device_read(d->dev, md->metaDataBaseAddr, knl, sizeof knl, &err))
    return rt_fail(fn, "%s", err.msg);
  /* private memory: inside one buffer, or clear of everything (then the
   * engine maps it for the launch) */
  uint64_t priv = md->pdsSize * md->wf_size * md->wg_size * nwg;
  if (md->pdsSize && priv / md->pdsSize != md->wf_size * md->wg_size * nwg)
    return rt_fail(fn, "private memory size overflows");
  if (priv) {
    if (md->pdsBaseAddr + priv > RT_ADDR_END)
      return rt_fail(fn, "private memory (pdsSize %" PRIu64 " x %" PRIu64 " threads = %" PRIu64 " bytes at 0x%08" PRIx64
                         ") runs past the end of the address space", md->pdsSize,
                     md->wf_size * md->wg_size * nwg, priv, md->pdsBaseAddr);
    ssize_t i = rt_alloc_at(d, md->pdsBaseAddr);
    int inside = i >= 0 && md->pdsBaseAddr + priv <= d->allocs[i].base + d->allocs[i].size;
    if (!inside && vs_device_mapped(d->dev, md->pdsBaseAddr, 1))
      return rt_fail(fn, "private memory [0x%08" PRIx64 ", 0x%08" PRIx64 ") = pdsSize %" PRIu64 " x %" PRIu64
                         " threads does not fit the buffer at 0x%08" PRIx64, md->pdsBaseAddr, md->pdsBaseAddr + priv,
                     md->pdsSize, md->wf_size * md->wg_size * nwg, md->pdsBaseAddr);
  }
  /* print buffer */
  vs_print_buffer pctx = {knl[KNL_PRINT_ADDR / 4], knl[KNL_PRINT_SIZE / 4], 0, d->print_out ? d->print_out : stdout};
  int printing = pctx.addr != 0 && pctx.size != 0;
  if (printing) {
    if (pctx.size < 8)
      return rt_fail(fn, "the print buffer (KNL_PRINT_SIZE) of %u bytes is too small (at least 8)", pctx.size);
    if (rt_check_range(d, pctx.addr, pctx.size, fn, "print buffer (KNL_PRINT_ADDR/KNL_PRINT_SIZE)") == -1) return -1;
  }
  /* the launch */
  char namebuf[64];
  if (!kname) kname = rt_symbol_at(d, knl[KNL_ENTRY / 4]);
  if (!kname) {
    snprintf(namebuf, sizeof namebuf, "kernel");
    kname = namebuf;
  }
  vs_ventus_record rec;
  memset(&rec, 0, sizeof rec);
  rec.start_pc = RT_KERNEL_BASE;
  for (int i = 0; i < 3; i++) rec.grid[i] = (uint32_t)md->kernel_size[i];
  rec.warp_threads = (uint32_t)md->wf_size;
  rec.wg_warps = (uint32_t)md->wg_size;
  rec.knl_addr = md->metaDataBaseAddr;
  rec.lds_size = (uint32_t)md->ldsSize;
  rec.pds_size = (uint32_t)md->pdsSize;
  rec.pds_base = md->pdsBaseAddr;
  rec.sgpr_usage = (uint32_t)md->sgprUsage;
  rec.vgpr_usage = (uint32_t)md->vgprUsage;
  vs_ventus_abi abi;
  vs_launch l;
  if (vs_ventus_launch(&rec, kname, &abi, &l, &err)) return rt_fail(fn, "%s", err.msg);

  vs_run_options opt;
  void *tstate = NULL;
  if (run_options(d, &opt, &tstate, fn)) return -1;
  if (printing) {
    opt.on_print = vs_print_hook;
    opt.on_print_ctx = &pctx;
  }

  const char *dir = save_dir ? save_dir : d->cfg.save_dir;
  if (dir && rt_save_launch(d, dir, kname, &rec, md->kernel_id, &err)) {
    rt_timing_release(tstate);
    return rt_fail(fn, "saving the launch: %s", err.msg);
  }

  vs_run_result res;
  memset(&res, 0, sizeof res);
  int rc = vs_device_run(d->dev, &l, &opt, &res, &err);
  rt_timing_release(tstate);
  vs_error perr = {0};
  if (printing) {
    if (vs_print_drain(d->dev, pctx.addr, pctx.size, &pctx.cursor, 1, pctx.out, &perr)) {
      if (rc == 0) {
        err = perr;
        rc = -1;
      }
    } else {
      rt_mark_dirty(d, pctx.addr, pctx.cursor); /* the drain cleared that much */
    }
  }
  if (d->trace) fflush(d->trace);
  record_perf(d, kname, &rec, &res, rc != 0);
  if (res_out) *res_out = res;
  if (rc) return rt_fail(fn, "%s", err.msg);
  if (push_finished(d, VT_FINISHED_ID(task, md->kernel_id), &err)) return rt_fail(fn, "%s", err.msg);
  return 0;
}

/* Every failure of a start -- a check, a missing program, a kernel error --
 * is reported once more by the next vt_ready_wait (docs/runtime.md). */
static int remember_failure(rt_dev *d, const char *fn)
{
  const char *msg = vt_last_error();
  size_t fl = strlen(fn);
  if (!strncmp(msg, fn, fl) && !strncmp(msg + fl, ": ", 2)) msg += fl + 2;
  char *m = vs_strdup(msg, NULL);
  free(d->pending_msg);
  d->pending_msg = m;
  d->pending_fail = 1;
  return -1;
}

int rt_start(vt_device_h h, const vt_meta_data *md, uint64_t task, const char *save_dir, const char *kname,
             vs_run_result *res)
{
  static const char fn[] = "vt_start";
  rt_dev *d = rt_enter(h, fn);
  if (!d) return -1;
  int rc = md ? start_locked(d, md, task, save_dir, kname, res, fn) : rt_fail(fn, "metaData is NULL");
  return rt_leave(d, rc ? remember_failure(d, fn) : 0);
}

int rt_run_launch(vt_device_h h, const vs_launch *l, vs_run_result *res_out)
{
  static const char fn[] = "vs_kernel_launch";
  rt_dev *d = rt_enter(h, fn);
  if (!d) return -1;
  vs_run_options opt;
  void *tstate = NULL;
  if (run_options(d, &opt, &tstate, fn)) return rt_leave(d, -1);
  vs_run_result res;
  memset(&res, 0, sizeof res);
  vs_error err = {0};
  int rc = vs_device_run(d->dev, l, &opt, &res, &err);
  rt_timing_release(tstate);
  if (d->trace) fflush(d->trace);
  vs_ventus_record rec; /* the counters' view of the launch */
  memset(&rec, 0, sizeof rec);
  for (unsigned i = 0; i < 3; i++)
    rec.grid[i] = (uint32_t)(i < l->dims ? (l->global[i] + l->local[i] - 1) / l->local[i] : 1);
  rec.warp_threads = l->wave_size;
  rec.wg_warps = (uint32_t)(((uint64_t)l->local[0] * l->local[1] * l->local[2] + l->wave_size - 1) / l->wave_size);
  record_perf(d, l->name, &rec, &res, rc != 0);
  if (res_out) *res_out = res;
  return rt_leave(d, rc ? rt_fail(fn, "%s", err.msg) : 0);
}

int vt_start(vt_device_h hdevice, void *metaData, uint64_t taskID)
{
  return rt_start(hdevice, metaData, taskID, NULL, NULL, NULL);
}

int vt_ready_wait(vt_device_h hdevice, uint64_t timeout)
{
  static const char fn[] = "vt_ready_wait";
  (void)timeout;
  rt_dev *d = rt_enter(hdevice, fn);
  if (!d) return -1;
  if (d->pending_fail) {
    d->pending_fail = 0;
    int rc = rt_fail(fn, "a launch failed: %s", d->pending_msg ? d->pending_msg : "(no message)");
    free(d->pending_msg);
    d->pending_msg = NULL;
    return rt_leave(d, rc);
  }
  return rt_leave(d, 0);
}

int vt_finish_all_kernel(vt_device_h hdevice, vt_kernel_list *list)
{
  static const char fn[] = "vt_finish_all_kernel";
  rt_dev *d = rt_enter(hdevice, fn);
  if (!d) return -1;
  if (!list) return rt_leave(d, rt_fail(fn, "finished_kernel_list is NULL"));
  if (!list->ids && list->capacity) return rt_leave(d, rt_fail(fn, "finished_kernel_list->ids is NULL"));
  size_t n = d->nfinished < list->capacity ? d->nfinished : list->capacity;
  if (n) {
    memcpy(list->ids, d->finished, n * sizeof *list->ids);
    memmove(d->finished, d->finished + n, (d->nfinished - n) * sizeof *d->finished);
    d->nfinished -= n;
  }
  list->count = n;
  return rt_leave(d, 0);
}

int vt_dump_perf(vt_device_h device, FILE *stream)
{
  static const char fn[] = "vt_dump_perf";
  rt_dev *d = rt_enter(device, fn);
  if (!d) return -1;
  FILE *out = stream ? stream : stdout;
  fprintf(out, "ventsim: %" PRIu64 " launch%s (%" PRIu64 " failed), mode %s\n", d->nlaunches,
          d->nlaunches == 1 ? "" : "es", d->nfailed, d->cfg.mode == RT_MODE_TIMING ? "timing" : "functional");
  uint64_t first = d->nlaunches > RT_PERF_KEEP ? d->nlaunches - RT_PERF_KEEP : 0;
  if (first) fprintf(out, "  (the first %" PRIu64 " launches are only in the totals)\n", first);
  for (uint64_t k = first; k < d->nlaunches; k++) {
    const rt_perf *p = &d->perf[k % RT_PERF_KEEP];
    fprintf(out, "  #%" PRIu64 " %-20s grid %ux%ux%u, %u warps x %u threads: %" PRIu64 " warp insns, %" PRIu64
                 " thread insns, %" PRIu64 " cycles, %.6f s%s\n", k, p->name, p->grid[0], p->grid[1], p->grid[2],
            p->wg, p->wf, p->warp_insns, p->thread_insns, p->cycles, p->seconds, p->failed ? " (FAILED)" : "");
  }
  fprintf(out, "  total: %" PRIu64 " warp insns, %" PRIu64 " thread insns, %" PRIu64 " cycles, %.6f s\n",
          d->tot_warp, d->tot_thread, d->tot_cycles, d->tot_seconds);
  if (d->stats) vs_stats_print(d->stats, out);
  int bad = fflush(out) != 0 || ferror(out);
  return rt_leave(d, bad ? rt_fail(fn, "write error") : 0);
}
