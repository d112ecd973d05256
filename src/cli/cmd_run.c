/* ventsim run: run launches in the Ventus exchange format on one device. */
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/progress.h"
#include "common/outfile.h"
#include "common/util.h"
#include "debug/gdb_server.h"
#include "ventsim/launch.h"
#include "ventsim/sim.h"
#include "ventsim/stats.h"
#include "ventsim/testcase.h"
#include "ventsim/timeline.h"
#include "ventsim/timing.h"

static const char usage[] =
  "usage: ventsim run [options] K1.metadata [K2.metadata ...]\n"
  "\n"
  "Runs kernel launches given in the Ventus exchange format (a .metadata file\n"
  "with its .data file beside it) one after another on one memory image, as\n"
  "multi-kernel programs (BFS, Gaussian elimination, ...) need.  Every run ends\n"
  "with a one-line summary on stderr.\n"
  "\n"
  "options:\n"
  "  --dump FILE            after the last launch, write every buffer's first\n"
  "                         buffer_size bytes as 'ADDR WORD' lines ('-' = stdout)\n"
  "  -j, --threads N        run independent work-groups on N host threads\n"
  "  --max-instructions N   stop a launch after N warp instructions (kernel error;\n"
  "                         0 = no limit, the default)\n"
  "  --stats FILE           statistics of every launch and in total as JSON\n"
  "                         (docs/stats-format.md; '-' = stdout)\n"
  "  --trace FILE           commit log in the reference ISA simulator's format\n"
  "                         (needs -j 1; '-' = stdout)\n"
  "  --interleave N         warps of a work-group take turns of N instructions\n"
  "                         (1 = the reference simulator's order); default: a warp\n"
  "                         runs until it blocks at a barrier or ends\n"
  "  --mem-limit BYTES      host memory the device may allocate (default 4 GiB)\n"
  "  --gdb PORT             serve gdb's remote protocol on 127.0.0.1:PORT (0: a free\n"
  "                         port, printed on stderr) and wait for gdb-multiarch to\n"
  "                         'target remote' it; warps are threads (docs/debugging.md);\n"
  "                         functional mode with -j 1 only\n"
  "  --timing               run on the cycle-level timing model (docs/timing-model.md)\n"
  "  --config FILE|NAME     timing configuration: an INI file, or a name from\n"
  "                         share/ventsim/configs (ventus-chisel, ventus-verilog);\n"
  "                         implies --timing\n"
  "  --set KEY=VALUE        set one timing parameter (repeatable; 'ventsim config\n"
  "                         --dump' lists them); implies --timing\n"
  "  --max-cycles N         stop a timing launch after N cycles (kernel error;\n"
  "                         0 = no limit, the default)\n"
  "  --timeline FILE        timeline of the timing run as Chrome Trace Event JSON\n"
  "                         for ui.perfetto.dev or chrome://tracing, 1 cycle = 1 us\n"
  "                         (docs/timeline.md); implies --timing\n"
  "  --timeline-window START:END  only cycles START..END (START: or :END too)\n"
  "  --timeline-max-events N  stop writing the timeline after N events\n"
  "                         (default 1000000, 0 = no limit)\n"
  "  -q, --quiet            no summary line\n"
  "  -h, --help             this help\n"
  "\n"
  "Kernels that print (docs/print-buffer.md) print to stdout, or to stderr when\n"
  "one of the output files is '-' (one at most).  When a run stops early (a\n"
  "kernel error, a limit, a launch that cannot be loaded, SIGINT or SIGTERM),\n"
  "--stats and --timeline are still completed and marked \"partial\"; after a\n"
  "signal the process then ends by that signal.\n"
  "\n"
  "exit status: 0 success, 1 kernel error or bad input, 2 usage error,\n"
  "130/143 stopped by SIGINT/SIGTERM\n";

static int parse_range(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
  if (vs_parse_u64(s, out) || *out < min || *out > max) {
    vs_cli_error("run", "%s: '%s' is not a number in %" PRIu64 "..%" PRIu64, opt, s, min, max);
    return -1;
  }
  return 0;
}

static int parse_count(const char *opt, const char *s, uint64_t max, uint64_t *out)
{
  return parse_range(opt, s, 0, max, out);
}

/* The print buffer named by a launch's kernel metadata (spec 6.5): drained
 * to stdout (stderr when an output file is '-') while the kernel runs and
 * at the end (docs/print-buffer.md). */
typedef struct print_state {
  uint32_t addr, size, cursor;
  FILE *out;
} print_state;

static int drain_print(void *ctx, vs_device *dev, const vs_launch *l)
{
  (void)l;
  print_state *p = ctx;
  vs_error err;
  return vs_print_drain(dev, p->addr, p->size, &p->cursor, 0, p->out, &err) ? -1 : 0;
}

/* SIGINT and SIGTERM stop the run (vs_run_options.stop); the output files
 * are completed and marked partial, then the signal ends the process.  A
 * second signal ends it at once. */
static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
  if (stop_signal) {
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  stop_signal = sig;
}

static void catch_stop_signals(int on)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on ? on_stop_signal : SIG_DFL;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

static const char *signal_name(int sig)
{
  return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal";
}

/* Output files ('-' = stdout) go through common/outfile.h: a regular file
 * is replaced only when complete, devices and FIFOs are written through. */
static FILE *open_out(vs_outfile *o, const char *path)
{
  vs_error e = {0};
  if (vs_outfile_open(o, path, VS_OUT_DASH, &e)) {
    vs_cli_error("run", "%s", e.msg);
    return NULL;
  }
  return o->f;
}

static int close_out(vs_outfile *o)
{
  vs_error e = {0};
  if (vs_outfile_commit(o, &e)) {
    vs_cli_error("run", "%s", e.msg);
    return -1;
  }
  return 0;
}

/* --gdb: listens on 127.0.0.1:PORT and waits for gdb.  The vector
 * registers get as many lanes as the largest warp of the run's launches
 * (files that do not load are reported by the run itself). */
static vs_gdb_server *gdb_start(vs_device *dev, unsigned port, int n, char **paths)
{
  unsigned lanes = 1;
  vs_error err = {0};
  for (int i = 0; i < n; i++) {
    vs_testcase tc;
    memset(&tc, 0, sizeof tc);
    if (vs_testcase_load(paths[i], &tc, &err) == 0 && tc.launch.warp_threads > lanes &&
        tc.launch.warp_threads <= VS_MAX_WARP_THREADS)
      lanes = tc.launch.warp_threads;
    vs_testcase_free(&tc);
  }
  vs_gdb_server *s = NULL;
  if (vs_gdb_server_create(&s, port, &vs_gdb_arch_ventus, lanes, dev, &err)) {
    vs_cli_error("run", "%s", err.msg);
    return NULL;
  }
  fprintf(stderr, "ventsim run: gdb server listening on 127.0.0.1:%u, waiting for gdb\n",
          vs_gdb_server_port(s));
  fflush(stderr);
  if (vs_gdb_server_accept(s, &err)) {
    vs_cli_error("run", "%s", err.msg);
    vs_gdb_server_destroy(s);
    return NULL;
  }
  return s;
}

static int run(int argc, char **argv)
{
  enum { O_DUMP = 256, O_MAXI, O_TRACE, O_INTER, O_MEML, O_STATS,
         O_TIMING, O_CONFIG, O_SET, O_MAXC };
  enum { O_TIMELINE = 400, O_TL_WINDOW, O_TL_MAXEV }; /* --timeline* */
  enum { O_GDB = 500 }; /* --gdb */
  static const struct option longopts[] = {
    {"dump", required_argument, NULL, O_DUMP},
    {"gdb", required_argument, NULL, O_GDB},
    {"stats", required_argument, NULL, O_STATS},
    {"threads", required_argument, NULL, 'j'},
    {"max-instructions", required_argument, NULL, O_MAXI},
    {"trace", required_argument, NULL, O_TRACE},
    {"interleave", required_argument, NULL, O_INTER},
    {"mem-limit", required_argument, NULL, O_MEML},
    {"timing", no_argument, NULL, O_TIMING},
    {"config", required_argument, NULL, O_CONFIG},
    {"set", required_argument, NULL, O_SET},
    {"max-cycles", required_argument, NULL, O_MAXC},
    {"timeline", required_argument, NULL, O_TIMELINE},
    {"timeline-window", required_argument, NULL, O_TL_WINDOW},
    {"timeline-max-events", required_argument, NULL, O_TL_MAXEV},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};
  const char *dump_path = NULL, *trace_path = NULL, *stats_path = NULL;
  uint64_t threads = 1, maxi = 0, inter = 0, meml = VS_DEFAULT_MEM_LIMIT;
  int quiet = 0, c;
  /* timing model (--timing, --config, --set, --max-cycles) */
  int timing = 0;
  const char *config_path = NULL;
  const char **sets = NULL;
  size_t nsets = 0;
  uint64_t maxc = 0;
  /* --timeline (docs/timeline.md) */
  const char *timeline_path = NULL;
  vs_timeline_options tlopt = {0, 0, VS_TIMELINE_DEFAULT_MAX_EVENTS};
  int tl_bounds = 0;
  uint64_t gdb_port = 0; /* --gdb */
  int use_gdb = 0;
  optind = 1;
  while ((c = getopt_long(argc, argv, "j:qh", longopts, NULL)) != -1) {
    switch (c) {
    case O_GDB: if (parse_count("--gdb", optarg, 65535, &gdb_port)) { free(sets); return VS_EXIT_USAGE; }
                use_gdb = 1;
                break;
    case O_DUMP: dump_path = optarg; break;
    case O_STATS: stats_path = optarg; break;
    case 'j': if (parse_range("-j", optarg, 1, 1024, &threads)) { free(sets); return VS_EXIT_USAGE; }
              break;
    case O_MAXI: if (parse_count("--max-instructions", optarg, UINT64_MAX / 2, &maxi)) { free(sets); return VS_EXIT_USAGE; } break;
    case O_TRACE: trace_path = optarg; break;
    case O_INTER: if (parse_count("--interleave", optarg, 1u << 30, &inter)) { free(sets); return VS_EXIT_USAGE; } break;
    case O_MEML: if (parse_count("--mem-limit", optarg, UINT64_MAX / 2, &meml)) { free(sets); return VS_EXIT_USAGE; } break;
    case O_TIMING: timing = 1; break;
    case O_CONFIG: config_path = optarg; timing = 1; break;
    case O_SET: {
      const char **ns = realloc(sets, (nsets + 1) * sizeof *sets);
      if (!ns) { vs_cli_error("run", "out of memory"); free(sets); return VS_EXIT_FAIL; }
      sets = ns;
      sets[nsets++] = optarg;
      timing = 1;
      break;
    }
    case O_MAXC: if (parse_count("--max-cycles", optarg, UINT64_MAX / 2, &maxc)) { free(sets); return VS_EXIT_USAGE; }
                 timing = 1;
                 break;
    case O_TIMELINE: timeline_path = optarg; timing = 1; break;
    case O_TL_WINDOW: {
      vs_error werr = {0};
      if (vs_timeline_parse_window(optarg, &tlopt, &werr)) {
        vs_cli_error("run", "--timeline-window: %s", werr.msg);
        free(sets);
        return VS_EXIT_USAGE;
      }
      tl_bounds = 1;
      break;
    }
    case O_TL_MAXEV: if (parse_count("--timeline-max-events", optarg, UINT64_MAX / 2, &tlopt.max_events)) { free(sets); return VS_EXIT_USAGE; }
                     tl_bounds = 1;
                     break;
    case 'q': quiet = 1; break;
    case 'h': free(sets); fputs(usage, stdout); return VS_EXIT_OK;
    default: free(sets); fputs(usage, stderr); return VS_EXIT_USAGE;
    }
  }
  if (optind >= argc) {
    vs_cli_error("run", "no launch given (see 'ventsim run --help')");
    free(sets);
    return VS_EXIT_USAGE;
  }
  if (tl_bounds && !timeline_path) {
    vs_cli_error("run", "--timeline-window and --timeline-max-events need --timeline FILE");
    free(sets);
    return VS_EXIT_USAGE;
  }
  if (use_gdb && (timing || threads > 1)) {
    vs_cli_error("run", "--gdb needs the functional simulator with one host thread (not %s)",
                 timing ? "--timing" : "-j N > 1");
    free(sets);
    return VS_EXIT_USAGE;
  }
  vs_timing_config *tcfg = NULL;
  if (timing) { /* the timing configuration: defaults, file, --set, --max-cycles */
    vs_error terr = {0};
    int bad = vs_timing_config_create(&tcfg, &terr) ||
              (config_path && vs_timing_config_load(tcfg, config_path, &terr));
    for (size_t k = 0; !bad && k < nsets; k++) bad = vs_timing_config_set(tcfg, sets[k], &terr);
    if (!bad && maxc) {
      char v[32];
      snprintf(v, sizeof v, "%" PRIu64, maxc);
      bad = vs_timing_config_set_kv(tcfg, "sim.max_cycles", v, &terr);
    }
    if (!bad) bad = vs_timing_config_check(tcfg, &terr);
    free(sets);
    sets = NULL;
    if (bad) {
      vs_cli_error("run", "%s", terr.msg);
      vs_timing_config_free(tcfg);
      return VS_EXIT_USAGE;
    }
    vs_timing_config_set_report(tcfg, quiet ? NULL : stderr);
  }
  free(sets);
  if (trace_path && threads > 1) {
    vs_cli_error("run", "--trace needs a single host thread (-j 1)");
    vs_timing_config_free(tcfg);
    return VS_EXIT_USAGE;
  }
  /* one output on stdout at most; kernels then print to stderr */
  const char *outs[] = {dump_path, stats_path, trace_path, timeline_path};
  int dashes = 0;
  for (size_t k = 0; k < sizeof outs / sizeof outs[0]; k++) dashes += outs[k] && !strcmp(outs[k], "-");
  if (dashes > 1) {
    vs_cli_error("run", "only one of --dump, --stats, --trace and --timeline can be '-' (standard output)");
    vs_timing_config_free(tcfg);
    return VS_EXIT_USAGE;
  }
  FILE *print_out = dashes ? stderr : stdout;

  vs_error err = {0};
  vs_device *dev = NULL;
  if (vs_device_create(&dev, &err) || vs_device_set_mem_limit(dev, meml, &err)) {
    vs_cli_error("run", "%s", err.msg);
    vs_device_destroy(dev);
    vs_timing_config_free(tcfg);
    return VS_EXIT_FAIL;
  }
  vs_outfile trace_out = {0}, tl_out = {0};
  FILE *trace = NULL;
  if (trace_path && !(trace = open_out(&trace_out, trace_path))) {
    vs_device_destroy(dev);
    vs_timing_config_free(tcfg);
    return VS_EXIT_FAIL;
  }
  vs_run_options opt = {0};
  opt.threads = (unsigned)threads;
  opt.max_instructions = maxi;
  opt.interleave = (int)inter;
  opt.trace = trace;
  opt.timing = tcfg;
  vs_stats *stats = NULL;
  if (stats_path && !(stats = vs_stats_create())) {
    vs_cli_error("run", "out of memory");
    vs_outfile_discard(&trace_out);
    vs_device_destroy(dev);
    vs_timing_config_free(tcfg);
    return VS_EXIT_FAIL;
  }
  opt.stats = stats;
  FILE *tlf = NULL; /* --timeline: streamed as the launches run */
  vs_timeline *tl = NULL;
  if (timeline_path) {
    if (!(tlf = open_out(&tl_out, timeline_path)) || vs_timeline_create(&tl, tlf, &tlopt, &err)) {
      if (tlf) vs_cli_error("run", "%s: %s", timeline_path, err.msg);
      vs_outfile_discard(&tl_out);
      vs_stats_free(stats);
      vs_outfile_discard(&trace_out);
      vs_device_destroy(dev);
      vs_timing_config_free(tcfg);
      return VS_EXIT_FAIL;
    }
    opt.observer = vs_timeline_observer(tl);
  }
  vs_cli_progress prog;
  vs_cli_progress_init(&prog, (unsigned)(argc - optind));
  opt.on_progress = vs_cli_progress_cb;
  opt.on_progress_ctx = &prog;
  stop_signal = 0;
  if (!use_gdb) { /* (under gdb, the signals keep ending the process) */
    catch_stop_signals(1);
    opt.stop = &stop_signal;
  }

  int status = VS_EXIT_OK;
  vs_gdb_server *gdb = NULL; /* --gdb */
  if (use_gdb && !(gdb = gdb_start(dev, (unsigned)gdb_port, argc - optind, argv + optind)))
    status = VS_EXIT_FAIL;
  opt.debug = gdb ? vs_gdb_server_hooks(gdb) : NULL;
  vs_tc_buffer *all = NULL; /* every buffer seen, for --dump */
  size_t nall = 0;
  uint64_t winsn = 0, tinsn = 0, cycles = 0;
  unsigned launches = 0;
  int stop_reported = 0; /* the debugger's end of the run was reported */
  char first_error[VS_ERRMSG_MAX] = "";
  double t0 = vs_now();
  for (int i = optind; i < argc && status == VS_EXIT_OK && !stop_signal; i++) {
    const char *slash = strrchr(argv[i], '/');
    vs_cli_progress_launch(&prog, (unsigned)(i - optind), slash ? slash + 1 : argv[i]);
    vs_testcase tc;
    memset(&tc, 0, sizeof tc);
    if (vs_testcase_load(argv[i], &tc, &err) || vs_testcase_install(dev, &tc, &err)) {
      vs_cli_error("run", "%s", err.msg);
      snprintf(first_error, sizeof first_error, "%s", err.msg);
      vs_testcase_free(&tc);
      status = VS_EXIT_FAIL;
      break;
    }
    for (size_t b = 0; b < tc.nbuf; b++) { /* remember buffers by base; the largest size wins */
      size_t k = 0;
      while (k < nall && all[k].base != tc.buf[b].base) k++;
      if (k == nall) {
        vs_tc_buffer *na = realloc(all, (nall + 1) * sizeof *all);
        if (!na) { vs_cli_error("run", "out of memory"); status = VS_EXIT_FAIL; break; }
        all = na;
        all[nall++] = tc.buf[b];
      } else if (tc.buf[b].size > all[k].size) {
        all[k] = tc.buf[b];
      }
    }
    print_state ps = {0, 0, 0, print_out};
    uint32_t pw[2] = {0, 0}; /* KNL_PRINT_ADDR, KNL_PRINT_SIZE */
    opt.on_print = NULL;
    if (vs_device_read(dev, tc.launch.knl_addr + 48, pw, sizeof pw, &err) == 0 && pw[0] && pw[1] &&
        vs_device_mapped(dev, pw[0], pw[1])) {
      ps.addr = pw[0];
      ps.size = pw[1];
      opt.on_print = drain_print;
      opt.on_print_ctx = &ps;
    }
    /* on a terminal, the timing summary printed at the end of the launch
     * waits until the progress line is cleared */
    char *report = NULL;
    size_t report_len = 0;
    FILE *rep = (tcfg && !quiet && prog.enabled) ? open_memstream(&report, &report_len) : NULL;
    if (rep) vs_timing_config_set_report(tcfg, rep);
    vs_run_result res;
    int run_failed = status == VS_EXIT_OK && vs_device_run(dev, &tc.launch, &opt, &res, &err);
    if (rep) {
      fclose(rep);
      vs_timing_config_set_report(tcfg, stderr);
      vs_cli_progress_clear(&prog);
      fwrite(report, 1, report_len, stderr);
      free(report);
    }
    if (run_failed) {
      vs_cli_progress_clear(&prog);
      const char *why = gdb ? vs_gdb_server_ended(gdb) : NULL;
      if (why && err.code == VS_E_STOPPED) { /* not a kernel error: gdb went away or killed it */
        vs_cli_error("run", "run stopped (%s): %s", why, err.msg);
        stop_reported = 1;
      } else if (stop_signal && err.code == VS_E_STOPPED) {
        vs_cli_error("run", "interrupted by %s: %s", signal_name(stop_signal), err.msg);
      } else {
        vs_cli_error("run", "%s", err.msg);
      }
      snprintf(first_error, sizeof first_error, "%s", err.msg);
      status = VS_EXIT_FAIL;
    }
    if (status == VS_EXIT_OK && opt.on_print &&
        vs_print_drain(dev, ps.addr, ps.size, &ps.cursor, 1, print_out, &err)) {
      vs_cli_error("run", "%s", err.msg);
      status = VS_EXIT_FAIL;
    }
    if (status == VS_EXIT_OK) {
      winsn += res.warp_insns;
      tinsn += res.thread_insns;
      cycles += res.cycles;
      launches++;
    }
    vs_testcase_free(&tc);
  }
  if (gdb && vs_gdb_server_ended(gdb) && !stop_reported)
    vs_cli_error("run", "run stopped: %s", vs_gdb_server_ended(gdb));
  vs_gdb_server_finish(gdb, status);
  vs_gdb_server_destroy(gdb);
  double secs = vs_now() - t0;
  vs_cli_progress_clear(&prog);
  if (stop_signal && status == VS_EXIT_OK) { /* between launches */
    vs_cli_error("run", "interrupted by %s after %u of %d launches", signal_name(stop_signal), launches,
                 argc - optind);
    status = VS_EXIT_FAIL;
  }
  /* statistics and timeline of a run that stopped early say so */
  char partial[VS_ERRMSG_MAX + 128] = "";
  if (status != VS_EXIT_OK) {
    if (stop_signal) snprintf(first_error, sizeof first_error, "interrupted by %s", signal_name(stop_signal));
    snprintf(partial, sizeof partial, "%s: %u of %d launches completed",
             *first_error ? first_error : "the run stopped", launches, argc - optind);
  }
  if (trace && close_out(&trace_out)) status = VS_EXIT_FAIL;
  if (tl) { /* completed even after a kernel error: open spans end where it stopped */
    if (*partial) vs_timeline_set_partial(tl, partial);
    if (vs_timeline_finish(tl, &err)) {
      vs_cli_error("run", "%s: %s", timeline_path, err.msg);
      status = VS_EXIT_FAIL;
    }
    if (vs_timeline_truncated(tl))
      fprintf(stderr, "ventsim run: %s: stopped after %" PRIu64 " events "
                      "(--timeline-max-events; see --timeline-window)\n",
              timeline_path, vs_timeline_events(tl));
    vs_timeline_free(tl);
    if (close_out(&tl_out)) status = VS_EXIT_FAIL;
  }
  if (status == VS_EXIT_OK && dump_path) {
    vs_outfile o;
    FILE *f = open_out(&o, dump_path);
    if (!f) {
      status = VS_EXIT_FAIL;
    } else if (vs_dump_buffers(dev, all, nall, f, &err)) {
      vs_cli_error("run", "%s: %s", dump_path, err.msg);
      vs_outfile_discard(&o);
      status = VS_EXIT_FAIL;
    } else if (close_out(&o)) {
      status = VS_EXIT_FAIL;
    }
  }
  if (stats) { /* what was gathered, also when the run stopped early */
    vs_outfile o;
    vs_error perr = {0};
    if (*partial && vs_stats_set_partial(stats, partial, &perr)) vs_cli_error("run", "%s", perr.msg);
    FILE *f = open_out(&o, stats_path);
    if (f && vs_stats_write_json(stats, f, &err)) {
      vs_cli_error("run", "%s: %s", stats_path, err.msg);
      vs_outfile_discard(&o);
      status = VS_EXIT_FAIL;
    } else if (f && close_out(&o)) {
      status = VS_EXIT_FAIL;
    } else if (!f && status == VS_EXIT_OK) {
      status = VS_EXIT_FAIL;
    }
    vs_stats_free(stats);
  }
  if (!quiet)
    fprintf(stderr,
            "ventsim: %u launch%s, %" PRIu64 " warp instructions, %" PRIu64
            " thread instructions, %.3f s, %.2f M warp instructions/s\n",
            launches, launches == 1 ? "" : "es", winsn, tinsn, secs,
            secs > 0 ? (double)winsn / secs / 1e6 : 0.0);
  if (!quiet && tcfg && status == VS_EXIT_OK)
    fprintf(stderr, "ventsim: timing: %" PRIu64 " cycles in total (%.2f M cycles/s)\n", cycles,
            secs > 0 ? (double)cycles / secs / 1e6 : 0.0);
  free(all);
  vs_device_destroy(dev);
  vs_timing_config_free(tcfg);
  if (!use_gdb) catch_stop_signals(0);
  if (stop_signal) { /* the outputs are complete: now the signal ends the process */
    fflush(NULL);
    raise(stop_signal);
  }
  return status;
}

const vs_command vs_cmd_run = {"run", "run kernel launches (.metadata/.data) on the functional or timing simulator", run, usage};
