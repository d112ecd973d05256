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
#include "isa/amdgpu/codeobj.h"
#include "isa/amdgpu/printf.h"
#include "sim/registry.h"
#include "ventsim/amdlaunch.h"
#include "ventsim/check.h"
#include "ventsim/launch.h"
#include "ventsim/sim.h"
#include "ventsim/stats.h"
#include "ventsim/testcase.h"
#include "ventsim/timeline.h"
#include "ventsim/timing.h"

static const char usage[] =
  "usage: ventsim run [options] K1.metadata [K2.metadata ...]\n"
  "       ventsim run [options] NAME_N.amdlaunch [...]\n"
  "\n"
  "Runs kernel launches given in the Ventus exchange format (a .metadata file\n"
  "with its .data file beside it) one after another on one memory image, as\n"
  "multi-kernel programs (BFS, Gaussian elimination, ...) need, or AMD launches\n"
  "captured by save-launches (a NAME_N.amdlaunch directory: launch.json, the\n"
  "code object and the buffers; docs/amdgpu-exec.md) on a device of their\n"
  "target (gfx900, gfx906).  Every run ends with a one-line summary on stderr.\n"
  "\n"
  "options:\n"
  "  --dump FILE            after the last launch, write every buffer's first\n"
  "                         buffer_size bytes as 'ADDR WORD' lines ('-' = stdout;\n"
  "                         AMD launches: the program's buffers, not the code,\n"
  "                         kernarg or printf buffers)\n"
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
  "  --isa NAME             the device's ISA (default ventus, or the target of the\n"
  "                         first launch when it is an AMD launch directory);\n"
  "                         .metadata launches are Ventus launches\n"
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
  "  --check[=LIST]         check the kernels as they run (docs/checker.md): LIST is\n"
  "                         checks separated by commas from bounds, races,\n"
  "                         races-same-value, uninit, barrier, hazards, waits, or\n"
  "                         'all'; default all but races-same-value.  Findings go\n"
  "                         to stderr (and into --stats); functional mode, one host\n"
  "                         thread\n"
  "  --check-limit N        print at most N distinct findings (default 100, 0 = all)\n"
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
  "3 --check found something (and nothing else failed), 130/143 stopped by\n"
  "SIGINT/SIGTERM\n";

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

/* The device ISA of an AMD launch's target: the processor's (gfx1100 runs
 * its wave32 launches and its wave64 ones, target "gfx1100w64") */
static void device_isa(const char *target, char *buf, size_t n)
{
  size_t len = strlen(target);
  if (len > 3 && !strcmp(target + len - 3, "w64")) len -= 3;
  snprintf(buf, n, "%.*s", (int)len, target);
}

/* --gdb: listens on 127.0.0.1:PORT and waits for gdb.  The vector
 * registers get as many lanes as the largest warp of the run's launches
 * (files that do not load are reported by the run itself). */
static vs_gdb_server *gdb_start(vs_device *dev, const vs_isa_entry *isa, unsigned port, int n,
                                char **paths)
{
  unsigned lanes = 1;
  vs_error err = {0};
  for (int i = 0; i < n; i++) {
    if (vs_amdlaunch_is_dir(paths[i])) { /* AMD: wave64 */
      lanes = VS_MAX_WAVE;
      continue;
    }
    vs_testcase tc;
    memset(&tc, 0, sizeof tc);
    if (vs_testcase_load(paths[i], &tc, &err) == 0 && tc.rec.warp_threads > lanes &&
        tc.rec.warp_threads <= VS_VENTUS_MAX_THREADS)
      lanes = tc.rec.warp_threads;
    vs_testcase_free(&tc);
  }
  vs_gdb_server *s = NULL;
  if (vs_gdb_server_create(&s, port, isa->isa, isa->gdb, lanes, dev, &err)) {
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

/* The command line */
typedef struct run_args {
  const char *dump_path, *trace_path, *stats_path;
  uint64_t threads, maxi, inter, meml;
  int quiet;
  /* timing model (--timing, --config, --set, --max-cycles) */
  int timing;
  const char *config_path;
  const char **sets;
  size_t nsets;
  uint64_t maxc;
  /* --timeline (docs/timeline.md) */
  const char *timeline_path;
  vs_timeline_options tlopt;
  int tl_bounds;
  uint64_t gdb_port; /* --gdb */
  int use_gdb;
  const char *isa_name;
  char isa_buf[16];  /* the target of the first (AMD) launch */
  int check;         /* --check */
  unsigned check_mask;
  uint64_t check_limit;
  char **files;      /* the launches */
  int nfiles;
} run_args;

/* Parses the options into a; 0, or -1 and *code the exit status */
static int parse_args(int argc, char **argv, run_args *a, int *code)
{
  enum { O_DUMP = 256, O_MAXI, O_TRACE, O_INTER, O_MEML, O_STATS,
         O_TIMING, O_CONFIG, O_SET, O_MAXC };
  enum { O_TIMELINE = 400, O_TL_WINDOW, O_TL_MAXEV }; /* --timeline* */
  enum { O_GDB = 500, O_ISA }; /* --gdb, --isa */
  enum { O_CHECK = 600, O_CHECK_LIMIT }; /* --check, --check-limit */
  static const struct option longopts[] = {
    {"dump", required_argument, NULL, O_DUMP},
    {"gdb", required_argument, NULL, O_GDB},
    {"isa", required_argument, NULL, O_ISA},
    {"check", optional_argument, NULL, O_CHECK},
    {"check-limit", required_argument, NULL, O_CHECK_LIMIT},
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
  *a = (run_args){.threads = 1, .meml = VS_DEFAULT_MEM_LIMIT, .check_limit = VS_CHECK_DEFAULT_LIMIT,
                  .tlopt = {0, 0, VS_TIMELINE_DEFAULT_MAX_EVENTS}};
  *code = VS_EXIT_USAGE;
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "j:qh", longopts, NULL)) != -1) {
    switch (c) {
    case O_GDB: if (parse_count("--gdb", optarg, 65535, &a->gdb_port)) return -1;
                a->use_gdb = 1;
                break;
    case O_ISA: a->isa_name = optarg; break;
    case O_CHECK: {
      vs_error cerr = {0};
      if (vs_checker_parse(optarg, &a->check_mask, &cerr)) {
        vs_cli_error("run", "--check: %s", cerr.msg);
        return -1;
      }
      a->check = 1;
      break;
    }
    case O_CHECK_LIMIT: if (parse_count("--check-limit", optarg, UINT64_MAX / 2, &a->check_limit)) return -1;
                        break;
    case O_DUMP: a->dump_path = optarg; break;
    case O_STATS: a->stats_path = optarg; break;
    case 'j': if (parse_range("-j", optarg, 1, 1024, &a->threads)) return -1;
              break;
    case O_MAXI: if (parse_count("--max-instructions", optarg, UINT64_MAX / 2, &a->maxi)) return -1; break;
    case O_TRACE: a->trace_path = optarg; break;
    case O_INTER: if (parse_count("--interleave", optarg, 1u << 30, &a->inter)) return -1; break;
    case O_MEML: if (parse_count("--mem-limit", optarg, UINT64_MAX / 2, &a->meml)) return -1; break;
    case O_TIMING: a->timing = 1; break;
    case O_CONFIG: a->config_path = optarg; a->timing = 1; break;
    case O_SET: {
      const char **ns = realloc(a->sets, (a->nsets + 1) * sizeof *a->sets);
      if (!ns) {
        vs_cli_error("run", "out of memory");
        *code = VS_EXIT_FAIL;
        return -1;
      }
      a->sets = ns;
      a->sets[a->nsets++] = optarg;
      a->timing = 1;
      break;
    }
    case O_MAXC: if (parse_count("--max-cycles", optarg, UINT64_MAX / 2, &a->maxc)) return -1;
                 a->timing = 1;
                 break;
    case O_TIMELINE: a->timeline_path = optarg; a->timing = 1; break;
    case O_TL_WINDOW: {
      vs_error werr = {0};
      if (vs_timeline_parse_window(optarg, &a->tlopt, &werr)) {
        vs_cli_error("run", "--timeline-window: %s", werr.msg);
        return -1;
      }
      a->tl_bounds = 1;
      break;
    }
    case O_TL_MAXEV: if (parse_count("--timeline-max-events", optarg, UINT64_MAX / 2, &a->tlopt.max_events)) return -1;
                     a->tl_bounds = 1;
                     break;
    case 'q': a->quiet = 1; break;
    case 'h': fputs(usage, stdout); *code = VS_EXIT_OK; return -1;
    default: fputs(usage, stderr); return -1;
    }
  }
  a->files = argv + optind;
  a->nfiles = argc - optind;
  return 0;
}

/* A run: what it set up (released by run_close) and its totals */
typedef struct run_state {
  run_args a;
  const vs_isa_entry *isa;
  vs_timing_config *tcfg;
  vs_device *dev;
  FILE *trace, *tlf;
  vs_outfile trace_out, tl_out;
  FILE *print_out;   /* kernels' printf: stdout, stderr when an output is '-' */
  vs_stats *stats;
  vs_checker *checker;
  vs_timeline *tl;
  vs_gdb_server *gdb;
  vs_cli_progress prog;
  vs_run_options opt;
  vs_tc_buffer *all; /* every buffer seen, for --dump */
  size_t nall;
  uint64_t winsn, tinsn, cycles;
  unsigned launches;
  int stop_reported;                /* the debugger's end of the run was reported */
  char first_error[VS_ERRMSG_MAX];  /* why the run stopped, for partial outputs */
} run_state;

static void run_close(run_state *r)
{
  vs_gdb_server_destroy(r->gdb);
  vs_timeline_free(r->tl);
  if (r->tlf) vs_outfile_discard(&r->tl_out);
  vs_stats_free(r->stats);
  vs_checker_free(r->checker);
  if (r->trace) vs_outfile_discard(&r->trace_out);
  free(r->all);
  vs_device_destroy(r->dev);
  vs_timing_config_free(r->tcfg);
  free(r->a.sets);
}

/* The checks of the options against each other, the ISA, the timing
 * configuration: 0 or the exit status */
static int check_args(run_state *r)
{
  run_args *a = &r->a;
  if (a->nfiles <= 0) {
    vs_cli_error("run", "no launch given (see 'ventsim run --help')");
    return VS_EXIT_USAGE;
  }
  if (a->tl_bounds && !a->timeline_path) {
    vs_cli_error("run", "--timeline-window and --timeline-max-events need --timeline FILE");
    return VS_EXIT_USAGE;
  }
  vs_error err = {0};
  if (!a->isa_name && vs_amdlaunch_is_dir(a->files[0])) { /* the device of the first AMD launch */
    vs_amdlaunch al;
    if (vs_amdlaunch_load(a->files[0], &al, &err) == 0) {
      device_isa(al.target, a->isa_buf, sizeof a->isa_buf);
      a->isa_name = a->isa_buf;
      vs_amdlaunch_free(&al);
    } else {
      err = (vs_error){0}; /* reported when the launch runs */
    }
  }
  if (vs_isa_lookup(a->isa_name, &r->isa, &err)) {
    vs_cli_error("run", "--isa: %s", err.msg);
    return VS_EXIT_USAGE;
  }
  if (a->use_gdb && (a->timing || a->threads > 1)) {
    vs_cli_error("run", "--gdb needs the functional simulator with one host thread (not %s)",
                 a->timing ? "--timing" : "-j N > 1");
    return VS_EXIT_USAGE;
  }
  if (a->timing) { /* the timing configuration: defaults, file, --set, --max-cycles */
    int bad = vs_timing_config_create(&r->tcfg, &err) ||
              (a->config_path && vs_timing_config_load(r->tcfg, a->config_path, &err));
    for (size_t k = 0; !bad && k < a->nsets; k++) bad = vs_timing_config_set(r->tcfg, a->sets[k], &err);
    if (!bad && a->maxc) {
      char v[32];
      snprintf(v, sizeof v, "%" PRIu64, a->maxc);
      bad = vs_timing_config_set_kv(r->tcfg, "sim.max_cycles", v, &err);
    }
    if (!bad) bad = vs_timing_config_check(r->tcfg, &err);
    if (bad) {
      vs_cli_error("run", "%s", err.msg);
      return VS_EXIT_USAGE;
    }
    vs_timing_config_set_report(r->tcfg, a->quiet ? NULL : stderr);
  }
  if (a->check && a->timing) {
    vs_cli_error("run", "--check needs the functional simulator (not --timing)");
    return VS_EXIT_USAGE;
  }
  if (a->trace_path && a->threads > 1) {
    vs_cli_error("run", "--trace needs a single host thread (-j 1)");
    return VS_EXIT_USAGE;
  }
  /* one output on stdout at most; kernels then print to stderr */
  const char *outs[] = {a->dump_path, a->stats_path, a->trace_path, a->timeline_path};
  int dashes = 0;
  for (size_t k = 0; k < sizeof outs / sizeof outs[0]; k++) dashes += outs[k] && !strcmp(outs[k], "-");
  if (dashes > 1) {
    vs_cli_error("run", "only one of --dump, --stats, --trace and --timeline can be '-' (standard output)");
    return VS_EXIT_USAGE;
  }
  r->print_out = dashes ? stderr : stdout;
  return 0;
}

/* The device, the output files, the run options (all but the debugger):
 * 0 or the exit status */
static int run_open(run_state *r)
{
  run_args *a = &r->a;
  vs_error err = {0};
  if (vs_device_create(&r->dev, r->isa->name, &err) || vs_device_set_mem_limit(r->dev, a->meml, &err)) {
    vs_cli_error("run", "%s", err.msg);
    return VS_EXIT_FAIL;
  }
  if (a->trace_path && !(r->trace = open_out(&r->trace_out, a->trace_path))) return VS_EXIT_FAIL;
  vs_run_options *opt = &r->opt;
  if (a->check) { /* before the launches' data is written: host writes initialise memory */
    if (vs_checker_create(&r->checker, r->dev, a->check_mask, &err)) {
      vs_cli_error("run", "%s", err.msg);
      return VS_EXIT_FAIL;
    }
    vs_checker_set_limit(r->checker, a->check_limit);
    vs_checker_run_options(r->checker, opt);
  }
  opt->threads = (unsigned)a->threads;
  opt->max_instructions = a->maxi;
  opt->interleave = (int)a->inter;
  opt->trace = r->trace;
  opt->timing = r->tcfg;
  if (a->stats_path && !(r->stats = vs_stats_create())) {
    vs_cli_error("run", "out of memory");
    return VS_EXIT_FAIL;
  }
  opt->stats = r->stats;
  if (a->timeline_path) { /* streamed as the launches run */
    if (!(r->tlf = open_out(&r->tl_out, a->timeline_path))) return VS_EXIT_FAIL;
    if (vs_timeline_create(&r->tl, r->tlf, &a->tlopt, &err)) {
      vs_cli_error("run", "%s: %s", a->timeline_path, err.msg);
      return VS_EXIT_FAIL;
    }
    opt->observer = vs_timeline_observer(r->tl);
  }
  vs_cli_progress_init(&r->prog, (unsigned)a->nfiles);
  opt->on_progress = vs_cli_progress_cb;
  opt->on_progress_ctx = &r->prog;
  stop_signal = 0;
  if (!a->use_gdb) { /* (under gdb, the signals keep ending the process) */
    catch_stop_signals(1);
    opt->stop = &stop_signal;
  }
  return 0;
}

/* Remembers the buffers of a launch by base (the largest size wins) */
static int add_buffers(run_state *r, const vs_tc_buffer *buf, size_t nbuf)
{
  for (size_t b = 0; b < nbuf; b++) {
    size_t k = 0;
    while (k < r->nall && r->all[k].base != buf[b].base) k++;
    if (k == r->nall) {
      vs_tc_buffer *na = realloc(r->all, (r->nall + 1) * sizeof *r->all);
      if (!na) {
        vs_cli_error("run", "out of memory");
        return -1;
      }
      r->all = na;
      r->all[r->nall++] = buf[b];
    } else if (buf[b].size > r->all[k].size) {
      r->all[k] = buf[b];
    }
  }
  return 0;
}

/* Loads and runs launch number i: 0 or the exit status */
/* An AMD launch directory (ventsim/amdlaunch.h): loaded, checked against
 * the device, installed; *co: its code object (the printf formats);
 * *bufs: its program buffers, for --dump */
static int load_amd(run_state *r, const char *path, vs_amdlaunch *al, vs_codeobj **co, vs_tc_buffer **bufs,
                    size_t *nbuf, vs_error *err)
{
  if (vs_amdlaunch_load(path, al, err)) return -1;
  const char *isa = vs_device_isa(r->dev);
  char want[32];
  device_isa(al->target, want, sizeof want);
  if (strcmp(isa, want))
    return vs_error_set(err, VS_E_USAGE, "%s: a %s launch cannot run on a %s device (--isa %s)", path, al->target,
                        isa, want);
  if (vs_codeobj_read(al->code, al->code_len, al->co_name, co, err)) return vs_error_prefix(err, "%s", path);
  if (!vs_codeobj_kernel(*co, al->kernel))
    return vs_error_set(err, VS_E_FORMAT, "%s: the code object has no kernel '%s'", path, al->kernel);
  if (vs_amdlaunch_install(r->dev, al, err)) return vs_error_prefix(err, "%s", path);
  if (!(*bufs = vs_calloc(al->nbuf ? al->nbuf : 1, sizeof **bufs, err))) return -1;
  for (size_t b = 0; b < al->nbuf; b++)
    if (!strcmp(al->buf[b].role, "buffer")) {
      vs_tc_buffer *t = &(*bufs)[(*nbuf)++];
      t->base = al->buf[b].base;
      t->size = al->buf[b].size;
      t->allocsize = al->buf[b].allocsize;
    }
  return 0;
}

/* Prints and empties an AMD printf buffer (spec amd-hsa.md 1.3) */
static int drain_amd(run_state *r, const vs_amdlaunch *al, const vs_codeobj *co, vs_error *err)
{
  uint32_t hdr[2];
  if (!al->printf_addr || al->printf_size < 8) return 0;
  if (vs_device_read(r->dev, al->printf_addr, hdr, sizeof hdr, err)) return -1;
  uint32_t used = hdr[0] < al->printf_size - 8 ? hdr[0] : al->printf_size - 8;
  if (!used) return 0;
  uint8_t *b = vs_malloc(used, err);
  if (!b) return -1;
  int rc = vs_device_read(r->dev, al->printf_addr + 8, b, used, err);
  if (rc == 0) vs_amd_printf_records(r->print_out, co, b, used);
  free(b);
  hdr[0] = 0;
  if (rc == 0) rc = vs_device_write(r->dev, al->printf_addr, hdr, 4, err);
  fflush(r->print_out);
  return rc;
}

/* Loads and runs launch number i: 0 or the exit status */
static int run_launch(run_state *r, int i)
{
  const char *path = r->a.files[i];
  const char *slash = strrchr(path, '/');
  vs_cli_progress_launch(&r->prog, (unsigned)i, slash ? slash + 1 : path);
  vs_error err = {0};
  vs_testcase tc;
  memset(&tc, 0, sizeof tc);
  int amd = vs_amdlaunch_is_dir(path);
  vs_amdlaunch al;
  memset(&al, 0, sizeof al);
  vs_codeobj *co = NULL;
  vs_tc_buffer *abufs = NULL;
  size_t nabufs = 0;
  if (amd ? load_amd(r, path, &al, &co, &abufs, &nabufs, &err)
          : (vs_testcase_load(path, &tc, &err) || vs_testcase_install(r->dev, &tc, &err))) {
    vs_cli_error("run", "%s", err.msg);
    snprintf(r->first_error, sizeof r->first_error, "%s", err.msg);
    vs_testcase_free(&tc);
    vs_amdlaunch_free(&al);
    vs_codeobj_free(co);
    free(abufs);
    return VS_EXIT_FAIL;
  }
  int status = (amd ? add_buffers(r, abufs, nabufs) : add_buffers(r, tc.buf, tc.nbuf)) ? VS_EXIT_FAIL : VS_EXIT_OK;
  /* the checker knows each buffer's size (its pages are mapped whole) */
  size_t nchk = amd ? al.nbuf : tc.nbuf;
  for (size_t b = 0; r->checker && status == VS_EXIT_OK && b < nchk; b++) {
    vs_addr base = amd ? al.buf[b].base : tc.buf[b].base;
    uint64_t size = amd ? al.buf[b].size : tc.buf[b].size, allocsize = amd ? al.buf[b].allocsize : tc.buf[b].allocsize;
    char nm[64];
    snprintf(nm, sizeof nm, "%s buffer %zu", amd ? al.kernel : tc.name, b);
    if (size && size < allocsize && vs_checker_alloc(r->checker, base, size, nm, &err)) {
      vs_cli_error("run", "%s", err.msg);
      status = VS_EXIT_FAIL;
    }
  }
  /* the print buffer named by the kernel metadata (spec 6.5): drained to
   * stdout (stderr when an output file is '-') while the kernel runs and at
   * the end (docs/print-buffer.md); an AMD launch's printf buffer: at the end */
  vs_print_buffer ps = {0, 0, 0, r->print_out};
  uint32_t pw[2] = {0, 0}; /* KNL_PRINT_ADDR, KNL_PRINT_SIZE */
  vs_run_options *opt = &r->opt;
  opt->on_print = NULL;
  if (!amd && vs_device_read(r->dev, tc.rec.knl_addr + 48, pw, sizeof pw, &err) == 0 && pw[0] && pw[1] &&
      vs_device_mapped(r->dev, pw[0], pw[1])) {
    ps.addr = pw[0];
    ps.size = pw[1];
    opt->on_print = vs_print_hook;
    opt->on_print_ctx = &ps;
  }
  /* on a terminal, the timing summary printed at the end of the launch
   * waits until the progress line is cleared */
  char *report = NULL;
  size_t report_len = 0;
  FILE *rep = (r->tcfg && !r->a.quiet && r->prog.enabled) ? open_memstream(&report, &report_len) : NULL;
  if (rep) vs_timing_config_set_report(r->tcfg, rep);
  vs_run_result res;
  vs_ventus_abi abi;
  vs_amd_abi amd_abi;
  vs_launch launch;
  int run_failed = status == VS_EXIT_OK &&
                   ((amd ? vs_amdlaunch_make(r->dev, &al, &amd_abi, &launch, &err)
                         : vs_ventus_launch(&tc.rec, tc.name, &abi, &launch, &err)) ||
                    vs_device_run(r->dev, &launch, opt, &res, &err));
  if (rep) {
    fclose(rep);
    vs_timing_config_set_report(r->tcfg, stderr);
    vs_cli_progress_clear(&r->prog);
    fwrite(report, 1, report_len, stderr);
    free(report);
  }
  if (run_failed) {
    vs_cli_progress_clear(&r->prog);
    const char *why = r->gdb ? vs_gdb_server_ended(r->gdb) : NULL;
    if (why && err.code == VS_E_STOPPED) { /* not a kernel error: gdb went away or killed it */
      vs_cli_error("run", "run stopped (%s): %s", why, err.msg);
      r->stop_reported = 1;
    } else if (stop_signal && err.code == VS_E_STOPPED) {
      vs_cli_error("run", "interrupted by %s: %s", signal_name(stop_signal), err.msg);
    } else {
      vs_cli_error("run", "%s", err.msg);
    }
    snprintf(r->first_error, sizeof r->first_error, "%s", err.msg);
    status = VS_EXIT_FAIL;
  }
  if (status == VS_EXIT_OK && opt->on_print &&
      vs_print_drain(r->dev, ps.addr, ps.size, &ps.cursor, 1, r->print_out, &err)) {
    vs_cli_error("run", "%s", err.msg);
    status = VS_EXIT_FAIL;
  }
  if (amd && drain_amd(r, &al, co, &err)) { /* also what a failed kernel printed */
    vs_cli_error("run", "%s", err.msg);
    status = VS_EXIT_FAIL;
  }
  if (status == VS_EXIT_OK) {
    r->winsn += res.warp_insns;
    r->tinsn += res.thread_insns;
    r->cycles += res.cycles;
    r->launches++;
  }
  vs_testcase_free(&tc);
  vs_amdlaunch_free(&al);
  vs_codeobj_free(co);
  free(abufs);
  return status;
}

/* After the launches (also after a failed one): the debugger, the trace,
 * timeline, dump and statistics files, the summary.  The exit status. */
static int run_finish(run_state *r, int status, double t0)
{
  run_args *a = &r->a;
  vs_error err = {0};
  if (r->gdb && vs_gdb_server_ended(r->gdb) && !r->stop_reported)
    vs_cli_error("run", "run stopped: %s", vs_gdb_server_ended(r->gdb));
  vs_gdb_server_finish(r->gdb, status);
  vs_gdb_server_destroy(r->gdb);
  r->gdb = NULL;
  double secs = vs_now() - t0;
  vs_cli_progress_clear(&r->prog);
  if (stop_signal && status == VS_EXIT_OK) { /* between launches */
    vs_cli_error("run", "interrupted by %s after %u of %d launches", signal_name(stop_signal),
                 r->launches, a->nfiles);
    status = VS_EXIT_FAIL;
  }
  /* statistics and timeline of a run that stopped early say so */
  char partial[VS_ERRMSG_MAX + 128] = "";
  if (status != VS_EXIT_OK) {
    if (stop_signal)
      snprintf(r->first_error, sizeof r->first_error, "interrupted by %s", signal_name(stop_signal));
    snprintf(partial, sizeof partial, "%s: %u of %d launches completed",
             *r->first_error ? r->first_error : "the run stopped", r->launches, a->nfiles);
  }
  if (r->trace && close_out(&r->trace_out)) status = VS_EXIT_FAIL;
  r->trace = NULL;
  if (r->tl) { /* completed even after a kernel error: open spans end where it stopped */
    if (*partial) vs_timeline_set_partial(r->tl, partial);
    if (vs_timeline_finish(r->tl, &err)) {
      vs_cli_error("run", "%s: %s", a->timeline_path, err.msg);
      status = VS_EXIT_FAIL;
    }
    if (vs_timeline_truncated(r->tl))
      fprintf(stderr, "ventsim run: %s: stopped after %" PRIu64 " events "
                      "(--timeline-max-events; see --timeline-window)\n",
              a->timeline_path, vs_timeline_events(r->tl));
    vs_timeline_free(r->tl);
    r->tl = NULL;
    if (close_out(&r->tl_out)) status = VS_EXIT_FAIL;
    r->tlf = NULL;
  }
  if (status == VS_EXIT_OK && a->dump_path) {
    vs_outfile o;
    FILE *f = open_out(&o, a->dump_path);
    if (!f) {
      status = VS_EXIT_FAIL;
    } else if (vs_dump_buffers(r->dev, r->all, r->nall, f, &err)) {
      vs_cli_error("run", "%s: %s", a->dump_path, err.msg);
      vs_outfile_discard(&o);
      status = VS_EXIT_FAIL;
    } else if (close_out(&o)) {
      status = VS_EXIT_FAIL;
    }
  }
  if (r->checker) { /* findings of the launches that ran, also after an error */
    vs_checker_print(r->checker, stderr);
    if (r->stats) vs_stats_set_check(r->stats, vs_checker_json(r->checker));
  }
  if (r->stats) { /* what was gathered, also when the run stopped early */
    vs_outfile o;
    vs_error perr = {0};
    if (*partial && vs_stats_set_partial(r->stats, partial, &perr)) vs_cli_error("run", "%s", perr.msg);
    FILE *f = open_out(&o, a->stats_path);
    if (f && vs_stats_write_json(r->stats, f, &err)) {
      vs_cli_error("run", "%s: %s", a->stats_path, err.msg);
      vs_outfile_discard(&o);
      status = VS_EXIT_FAIL;
    } else if (f && close_out(&o)) {
      status = VS_EXIT_FAIL;
    } else if (!f && status == VS_EXIT_OK) {
      status = VS_EXIT_FAIL;
    }
  }
  if (r->checker && status == VS_EXIT_OK && vs_checker_findings(r->checker)) status = VS_EXIT_FINDINGS;
  if (!a->quiet)
    fprintf(stderr,
            "ventsim: %u launch%s, %" PRIu64 " warp instructions, %" PRIu64
            " thread instructions, %.3f s, %.2f M warp instructions/s\n",
            r->launches, r->launches == 1 ? "" : "es", r->winsn, r->tinsn, secs,
            secs > 0 ? (double)r->winsn / secs / 1e6 : 0.0);
  if (!a->quiet && r->tcfg && status == VS_EXIT_OK) /* (--check is functional only) */
    fprintf(stderr, "ventsim: timing: %" PRIu64 " cycles in total (%.2f M cycles/s)\n", r->cycles,
            secs > 0 ? (double)r->cycles / secs / 1e6 : 0.0);
  return status;
}

static int run(int argc, char **argv)
{
  run_state r = {0};
  int status;
  if (parse_args(argc, argv, &r.a, &status) == 0 && (status = check_args(&r)) == 0 &&
      (status = run_open(&r)) == 0) {
    if (r.a.use_gdb && !(r.gdb = gdb_start(r.dev, r.isa, (unsigned)r.a.gdb_port, r.a.nfiles, r.a.files)))
      status = VS_EXIT_FAIL;
    r.opt.debug = r.gdb ? vs_gdb_server_hooks(r.gdb) : NULL;
    double t0 = vs_now();
    for (int i = 0; i < r.a.nfiles && status == VS_EXIT_OK && !stop_signal; i++)
      status = run_launch(&r, i);
    status = run_finish(&r, status, t0);
  }
  run_close(&r);
  if (!r.a.use_gdb) catch_stop_signals(0);
  if (stop_signal) { /* the outputs are complete: now the signal ends the process */
    fflush(NULL);
    raise(stop_signal);
  }
  return status;
}

const vs_command vs_cmd_run = {"run", "run kernel launches (.metadata/.data) on the functional or timing simulator", run, usage};
