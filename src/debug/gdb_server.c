/* The gdb target: what the remote protocol's packets mean for a simulated
 * run.  All-stop mode: the engine calls our hooks around every
 * instruction (core/debug.h); to stop, a hook serves gdb's packets until
 * gdb resumes.  Threads are the warps of the resident work-group (thread
 * id = work-group id * warps per work-group + warp + 1). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "core/exec.h"
#include "debug/gdb_server.h"
#include "debug/rsp.h"

/* Instructions between two checks for gdb's interrupt byte while running */
#define POLL_INTERVAL 4096u
#define MAX_BREAKPOINTS 1024u

/* Signals in gdb's own numbering, which the remote protocol uses (gdb's
 * include/gdb/signals.def: GDB_SIGNAL_*), not the host's: SIGBUS is 10
 * there (7 is SIGEMT), SIGXCPU 24. */
enum { SIG_INT = 2, SIG_ILL = 4, SIG_TRAP = 5, SIG_ABRT = 6, SIG_BUS = 10, SIG_SEGV = 11,
       SIG_XCPU = 24 };

/* The signal a kernel error is reported as (docs/debugging.md) */
static int fault_signal(int kind)
{
  switch (kind) {
  case VS_FAULT_ILLEGAL: return SIG_ILL;
  case VS_FAULT_UNMAPPED: return SIG_SEGV;
  case VS_FAULT_MISALIGNED: return SIG_BUS;
  case VS_FAULT_BREAK: return SIG_TRAP;
  case VS_FAULT_LIMIT: return SIG_XCPU; /* instruction (or cycle) limit */
  default: return SIG_ABRT;             /* memory limit, endprg under divergence, SIMT stack, deadlock */
  }
}

struct vs_gdb_server {
  vs_rsp_conn conn;
  unsigned port;
  vs_gdb_regmap *regs;
  vs_device *dev;
  vs_debug_hooks hooks;
  int connected, started, detached, killed, gone, finished;
  /* what the engine is running */
  const vs_launch *launch;
  unsigned launch_no;
  vs_wg *wg;
  /* stop state */
  vs_warp *stopped;
  int sig;
  uint64_t sel_tid;      /* Hg thread (0: the stopped one) */
  /* resume state: the warp to step runs alone for one instruction; a
   * probe (a continue) then goes on with every warp unless that stopped
   * it at a breakpoint */
  int stepping;          /* 0, STEP or PROBE */
  unsigned step_launch;
  uint32_t step_wg, step_wid;
  uint32_t probe_pc;     /* the probed warp's pc before its instruction */
  uint32_t poll_ctr;
  /* breakpoints */
  vs_addr bps[MAX_BREAKPOINTS];
  unsigned nbps;
  char reply[VS_RSP_MAX_PACKET + 1];
  size_t rlen;
};

/* ---- replies ---- */
static void rs(vs_gdb_server *s, const char *str)
{
  size_t n = strlen(str);
  if (n > VS_RSP_MAX_PACKET) n = VS_RSP_MAX_PACKET;
  memcpy(s->reply, str, n);
  s->rlen = n;
}

static void rf(vs_gdb_server *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rf(vs_gdb_server *s, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(s->reply, sizeof s->reply, fmt, ap);
  va_end(ap);
  s->rlen = k < 0 ? 0 : (size_t)k >= sizeof s->reply ? sizeof s->reply - 1 : (size_t)k;
}

static const char hexd[] = "0123456789abcdef";

static void hex_encode(const uint8_t *in, size_t n, char *out)
{
  for (size_t i = 0; i < n; i++) {
    out[2 * i] = hexd[in[i] >> 4];
    out[2 * i + 1] = hexd[in[i] & 15];
  }
}

/* Decodes 2n hex digits into n bytes; -1 if not hex. */
static int hex_decode(const char *in, size_t n, uint8_t *out)
{
  for (size_t i = 0; i < n; i++) {
    int a = vs_hex_digit(in[2 * i]), b = a < 0 ? -1 : vs_hex_digit(in[2 * i + 1]);
    if (b < 0) return -1;
    out[i] = (uint8_t)(a << 4 | b);
  }
  return 0;
}

/* Parses a hex number; *end after it.  -1 if no digits or too large. */
static int parse_hex(const char *p, const char **end, uint64_t *v)
{
  uint64_t x = 0;
  const char *q = p;
  while (vs_hex_digit(*q) >= 0) {
    if (x >> 60) return -1;
    x = x << 4 | (uint64_t)vs_hex_digit(*q++);
  }
  if (q == p) return -1;
  *end = q;
  *v = x;
  return 0;
}

/* Sends console output (an 'O' packet per piece) */
static void console(vs_gdb_server *s, const char *text)
{
  size_t n = strlen(text);
  while (n) {
    size_t k = n > 1024 ? 1024 : n;
    char pkt[1 + 2 * 1024];
    pkt[0] = 'O';
    hex_encode((const uint8_t *)text, k, pkt + 1);
    if (vs_rsp_send(&s->conn, pkt, 1 + 2 * k)) {
      s->gone = 1;
      return;
    }
    text += k;
    n -= k;
  }
}

/* ---- threads ---- */
static uint64_t tid_of(const vs_warp *w)
{
  return (uint64_t)w->wg->id * w->wg->nwarps + w->wid + 1;
}

static vs_warp *warp_of(vs_gdb_server *s, uint64_t tid)
{
  if (!s->wg) return NULL;
  if (tid == 0 || tid == (uint64_t)-1) return s->stopped;
  uint64_t first = (uint64_t)s->wg->id * s->wg->nwarps + 1;
  if (tid < first || tid >= first + s->wg->nwarps) return NULL;
  return s->wg->warps[tid - first];
}

static vs_warp *selected(vs_gdb_server *s)
{
  return warp_of(s, s->sel_tid);
}

/* "-1", "0" or a hex thread id ("pP.T" is accepted too) */
static int parse_tid(const char *p, uint64_t *tid)
{
  const char *end;
  if (p[0] == '-' && p[1] == '1') {
    *tid = (uint64_t)-1;
    return 0;
  }
  if (p[0] == 'p') {
    const char *dot = strchr(p, '.');
    if (!dot) return -1;
    p = dot + 1;
    if (p[0] == '-' && p[1] == '1') {
      *tid = (uint64_t)-1;
      return 0;
    }
  }
  return parse_hex(p, &end, tid);
}

static const char *state_name(int st)
{
  static const char *const n[] = {"idle", "ready", "at barrier", "ended", "faulted"};
  return st >= 0 && st <= VS_W_FAULT ? n[st] : "?";
}

/* ---- stop replies ---- */
static void stop_reply(vs_gdb_server *s)
{
  if (s->finished || !s->stopped) rf(s, "W%02x", s->sig & 0xff);
  else rf(s, "T%02xthread:%" PRIx64 ";", s->sig, tid_of(s->stopped));
}

/* ---- qXfer ---- */
static void xfer_reply(vs_gdb_server *s, const char *data, size_t len, const char *args)
{
  uint64_t off, n;
  const char *p = args, *end;
  if (parse_hex(p, &end, &off) || *end != ',' || parse_hex(end + 1, &end, &n)) {
    rs(s, "E00");
    return;
  }
  if (n > VS_RSP_MAX_PACKET / 2) n = VS_RSP_MAX_PACKET / 2;
  if (off >= len) {
    rs(s, "l");
    return;
  }
  size_t k = len - off < n ? (size_t)(len - off) : (size_t)n;
  s->reply[0] = off + k >= len ? 'l' : 'm';
  memcpy(s->reply + 1, data + off, k);
  s->rlen = k + 1;
}

static void threads_xml(vs_gdb_server *s, const char *args)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) {
    rs(s, "E00");
    return;
  }
  fputs("<?xml version=\"1.0\"?>\n<threads>\n", f);
  if (s->wg)
    for (unsigned i = 0; i < s->wg->nwarps; i++) {
      const vs_warp *w = s->wg->warps[i];
      fprintf(f, "<thread id=\"%" PRIx64 "\" name=\"wg %u warp %u\">%s</thread>\n", tid_of(w),
              s->wg->id, w->wid, state_name(w->state));
    }
  fputs("</threads>\n", f);
  fclose(f);
  xfer_reply(s, buf, len, args);
  free(buf);
}

/* ---- monitor commands ---- */
static const char monitor_help[] =
    "ventsim monitor commands (N: warp number in the work-group; default: the\n"
    "warp of the last stop):\n"
    "  monitor help          this list\n"
    "  monitor launch        the launch and the resident work-group\n"
    "  monitor warp [N]      state, pc, active mask, SIMT stack, CSRs of a warp\n"
    "  monitor simt [N]      the SIMT (reconvergence) stack of a warp\n"
    "  monitor mask [N]      the active mask of a warp\n"
    "  monitor barrier       barrier state of the work-group's warps\n"
    "  monitor csr [N]       the warp's CSRs (ISA front end's view)\n"
    "  monitor breakpoints   the breakpoint addresses the server holds\n";

/* The ISA's divergence state (Ventus: the SIMT stack, innermost first) */
static void show_simt(FILE *f, const vs_warp *w)
{
  char buf[VS_RSP_MAX_PACKET / 2];
  vs_warp_div_describe(w, 0, NULL, buf, sizeof buf);
  if (!buf[0]) {
    fputs("the ISA keeps no divergence state\n", f);
    return;
  }
  fprintf(f, "%s%s", buf, vs_warp_div_depth(w) ? " (top first):" : "");
  vs_warp_div_describe(w, 1, "\n  ", buf, sizeof buf);
  fprintf(f, "%s\n", buf);
}

static void show_mask(FILE *f, const vs_warp *w)
{
  fprintf(f, "active mask 0x%" PRIx64 " (%u of %u threads)\n", (uint64_t)w->active,
          (unsigned)__builtin_popcountll(w->active), w->nlanes);
}

static void show_csr(FILE *f, const vs_warp *w)
{
  if (w->ex && w->ex->isa && w->ex->isa->describe) {
    w->ex->isa->describe(w, f);
    fputc('\n', f);
  }
}

static void monitor(vs_gdb_server *s, const char *hexcmd)
{
  char cmd[256];
  size_t n = strlen(hexcmd) / 2;
  if (n >= sizeof cmd || hex_decode(hexcmd, n, (uint8_t *)cmd)) {
    rs(s, "E01");
    return;
  }
  cmd[n] = '\0';
  char word[32] = "";
  int arg = -1, k = 0;
  int got = sscanf(cmd, "%31s %d %n", word, &arg, &k);
  if (got < 2) arg = -1;
  char *out = NULL;
  size_t olen = 0;
  FILE *f = open_memstream(&out, &olen);
  if (!f) {
    rs(s, "E01");
    return;
  }
  vs_warp *w = NULL;
  /* gdb does not say which thread is current: the one of the last stop */
  if (s->wg) w = arg >= 0 ? (arg < (int)s->wg->nwarps ? s->wg->warps[arg] : NULL) : s->stopped;
  int need_warp = !strcmp(word, "warp") || !strcmp(word, "simt") || !strcmp(word, "mask") ||
                  !strcmp(word, "csr");
  if (!strcmp(word, "help") || word[0] == '\0') {
    fputs(monitor_help, f);
  } else if (!strcmp(word, "breakpoints")) {
    fprintf(f, "%u breakpoint%s\n", s->nbps, s->nbps == 1 ? "" : "s");
    for (unsigned i = 0; i < s->nbps; i++) fprintf(f, "  0x%08" PRIx64 "\n", s->bps[i]);
  } else if (!strcmp(word, "launch")) {
    if (!s->launch || !s->wg) {
      fputs("no launch is running\n", f);
    } else {
      const vs_launch *l = s->launch;
      vs_launch_shape sh;
      vs_error serr;
      if (vs_launch_shape_of(l, &sh, &serr)) memset(&sh, 0, sizeof sh);
      fprintf(f, "launch %u: kernel '%s', grid %u x %u x %u, %u warps of %u threads per work-group\n",
              s->launch_no, l->name ? l->name : "?", sh.groups[0], sh.groups[1], sh.groups[2],
              sh.wg_warps, l->wave_size);
      fprintf(f, "work-group %u (%u,%u,%u), slot %u, local memory 0x%08" PRIx64 ", private memory 0x%08" PRIx64 "\n",
              s->wg->id, s->wg->gx, s->wg->gy, s->wg->gz, s->wg->slot, s->wg->lds_base,
              s->wg->private_base);
    }
  } else if (!strcmp(word, "barrier")) {
    if (!s->wg) {
      fputs("no work-group is resident\n", f);
    } else {
      fprintf(f, "work-group %u: %u warps, %u waiting at a barrier, %u ended\n", s->wg->id,
              s->wg->nwarps, s->wg->n_waiting, s->wg->n_ended);
      for (unsigned i = 0; i < s->wg->nwarps; i++) {
        const vs_warp *x = s->wg->warps[i];
        fprintf(f, "  warp %u: %s, pc 0x%08" PRIx64 ", barriers passed %" PRIu64 "\n", i,
                state_name(x->state), x->pc, x->barriers);
      }
    }
  } else if (need_warp && !w) {
    fputs(s->wg ? "no such warp\n" : "no work-group is resident\n", f);
  } else if (!strcmp(word, "warp")) {
    fprintf(f, "work-group %u warp %u (thread %" PRIx64 "): %s, pc 0x%08" PRIx64 ", %" PRIu64
            " instructions, barriers passed %" PRIu64 "\n",
            w->wg->id, w->wid, tid_of(w), state_name(w->state), w->pc, w->insns, w->barriers);
    show_mask(f, w);
    show_simt(f, w);
    show_csr(f, w);
  } else if (!strcmp(word, "simt")) {
    show_simt(f, w);
  } else if (!strcmp(word, "mask")) {
    show_mask(f, w);
  } else if (!strcmp(word, "csr")) {
    show_csr(f, w);
  } else {
    fprintf(f, "unknown monitor command '%s' (try 'monitor help')\n", word);
  }
  fclose(f);
  console(s, out ? out : "");
  free(out);
  rs(s, "OK");
}

/* ---- registers and memory ---- */
static void read_all_regs(vs_gdb_server *s)
{
  vs_warp *w = selected(s);
  if (!w) {
    rs(s, "E01");
    return;
  }
  size_t o = 0;
  uint8_t buf[VS_GDB_MAX_REG_BYTES];
  for (unsigned r = 0; r < vs_gdb_regmap_g_regs(s->regs); r++) {
    size_t sz = vs_gdb_regmap_size(s->regs, r);
    if (2 * (o + sz) > VS_RSP_MAX_PACKET || vs_gdb_regmap_read(s->regs, w, r, buf)) break;
    hex_encode(buf, sz, s->reply + 2 * o);
    o += sz;
  }
  s->rlen = 2 * o;
}

static void write_all_regs(vs_gdb_server *s, const char *hex)
{
  vs_warp *w = selected(s);
  if (!w) {
    rs(s, "E01");
    return;
  }
  size_t avail = strlen(hex) / 2;
  uint8_t buf[VS_GDB_MAX_REG_BYTES];
  for (unsigned r = 0; r < vs_gdb_regmap_g_regs(s->regs); r++) {
    size_t sz = vs_gdb_regmap_size(s->regs, r);
    if (sz > avail) break;
    if (hex_decode(hex, sz, buf)) {
      rs(s, "E02");
      return;
    }
    vs_gdb_regmap_write(s->regs, w, r, buf);
    hex += 2 * sz;
    avail -= sz;
  }
  rs(s, "OK");
}

static void read_reg(vs_gdb_server *s, const char *args)
{
  uint64_t r;
  const char *end;
  vs_warp *w = selected(s);
  uint8_t buf[VS_GDB_MAX_REG_BYTES];
  if (parse_hex(args, &end, &r) || *end || r >= vs_gdb_regmap_count(s->regs)) {
    rs(s, "E00");
    return;
  }
  size_t sz = vs_gdb_regmap_size(s->regs, (unsigned)r);
  if (!w || vs_gdb_regmap_read(s->regs, w, (unsigned)r, buf)) {
    rs(s, "E01");
    return;
  }
  hex_encode(buf, sz, s->reply);
  s->rlen = 2 * sz;
}

static void write_reg(vs_gdb_server *s, const char *args)
{
  uint64_t r;
  const char *end;
  vs_warp *w = selected(s);
  uint8_t buf[VS_GDB_MAX_REG_BYTES];
  if (parse_hex(args, &end, &r) || *end != '=' || r >= vs_gdb_regmap_count(s->regs)) {
    rs(s, "E00");
    return;
  }
  size_t sz = vs_gdb_regmap_size(s->regs, (unsigned)r);
  if (!w || strlen(end + 1) != 2 * sz || hex_decode(end + 1, sz, buf) ||
      vs_gdb_regmap_write(s->regs, w, (unsigned)r, buf)) {
    rs(s, "E01");
    return;
  }
  rs(s, "OK");
}

/* "ADDR,LEN" then `sep`; returns 0 and sets *data past the separator */
static int parse_addr_len(const char *p, char sep, uint64_t *addr, uint64_t *len, const char **data)
{
  const char *end;
  if (parse_hex(p, &end, addr) || *end != ',' || parse_hex(end + 1, &end, len)) return -1;
  if (*end != sep) return -1;
  *data = sep ? end + 1 : end;
  const uint64_t end_of_space = UINT64_C(1) << VS_ADDR_BITS;
  return *addr >= end_of_space || *len > end_of_space - *addr ? -1 : 0;
}

static void read_mem(vs_gdb_server *s, const char *args)
{
  uint64_t addr, len;
  const char *d;
  if (parse_addr_len(args, '\0', &addr, &len, &d)) {
    rs(s, "E01");
    return;
  }
  if (len > VS_RSP_MAX_PACKET / 2) len = VS_RSP_MAX_PACKET / 2;
  uint8_t buf[VS_RSP_MAX_PACKET / 2];
  vs_error err;
  if (len && (!vs_device_mapped(s->dev, addr, len) ||
              vs_device_read(s->dev, addr, buf, (size_t)len, &err))) {
    rs(s, "E01");
    return;
  }
  hex_encode(buf, (size_t)len, s->reply);
  s->rlen = 2 * (size_t)len;
}

static void write_mem(vs_gdb_server *s, const char *args, size_t n, int binary)
{
  uint64_t addr, len;
  const char *d;
  if (parse_addr_len(args, ':', &addr, &len, &d) || len > VS_RSP_MAX_PACKET) {
    rs(s, "E01");
    return;
  }
  size_t have = n - (size_t)(d - args);
  uint8_t buf[VS_RSP_MAX_PACKET];
  if (binary) {
    if (have != len) {
      rs(s, "E01");
      return;
    }
    memcpy(buf, d, (size_t)len);
  } else if (have != 2 * len || hex_decode(d, (size_t)len, buf)) {
    rs(s, "E01");
    return;
  }
  vs_error err;
  if (len && (!vs_device_mapped(s->dev, addr, len) ||
              vs_device_write(s->dev, addr, buf, (size_t)len, &err))) {
    rs(s, "E01");
    return;
  }
  rs(s, "OK");
}

/* ---- breakpoints ---- */
static void breakpoint(vs_gdb_server *s, const char *pkt)
{
  int insert = pkt[0] == 'Z';
  uint64_t addr, kind;
  const char *end;
  if (pkt[1] != '0' && pkt[1] != '1') { /* watchpoints: not supported */
    rs(s, "");
    return;
  }
  if (pkt[2] != ',' || parse_hex(pkt + 3, &end, &addr) || *end != ',' ||
      parse_hex(end + 1, &end, &kind) || addr >> VS_ADDR_BITS) {
    rs(s, "E01");
    return;
  }
  unsigned i = 0;
  while (i < s->nbps && s->bps[i] != addr) i++;
  if (insert && i == s->nbps) {
    if (s->nbps == MAX_BREAKPOINTS) {
      rs(s, "E02");
      return;
    }
    s->bps[s->nbps++] = addr;
  } else if (!insert && i < s->nbps) {
    s->bps[i] = s->bps[--s->nbps];
  }
  rs(s, "OK");
}

static int at_breakpoint(const vs_gdb_server *s, vs_addr pc)
{
  for (unsigned i = 0; i < s->nbps; i++)
    if (s->bps[i] == pc) return 1;
  return 0;
}

/* ---- resuming ---- */
enum { SERVE_MORE = 0, SERVE_RESUME, SERVE_KILL };
enum { STEP = 1, PROBE = 2 };

static void start_step(vs_gdb_server *s, const vs_warp *w, int how)
{
  s->stepping = how;
  s->step_launch = s->launch_no;
  s->step_wg = w->wg->id;
  s->step_wid = w->wid;
}

/* A continue of every warp.  gdb single-steps RISC-V in software: a
 * breakpoint at the next pc, then (scheduler-locking off, its default) a
 * continue of every thread -- which would let other warps run into
 * breakpoints before the stepped one moves.  So the current warp (the one
 * gdb selected, else the one of the last stop) executes its next
 * instruction first while the others wait; if that puts it on a
 * breakpoint, or a breakpoint is at its next word (gdb's guess where it
 * goes, which Ventus SIMT branches and prefixes can make wrong), it stops
 * there: the step is done.  Otherwise every warp continues. */
static void start_continue(vs_gdb_server *s)
{
  s->stepping = 0;
  vs_warp *w = selected(s);
  if (!w) w = s->stopped;
  if (w && w->wg && (w->state == VS_W_READY || w->state == VS_W_BARRIER)) start_step(s, w, PROBE);
}

/* vCont;ACTION[:TID][;ACTION[:TID]]...  Signals are ignored.  A step
 * action steps its thread (one instruction; the other warps wait).  gdb
 * steps RISC-V targets in software: breakpoints at the next pc and a
 * continue of that one thread ("vCont;c:T"), which cannot follow Ventus
 * control flow (SIMT branches, join, register-extension prefixes) -- so a
 * continue of one thread with nothing for the others is a step of that
 * thread too; gdb takes the SIGTRAP as the end of its step.  Anything else
 * continues every warp. */
static int vcont(vs_gdb_server *s, const char *p)
{
  s->stepping = 0;
  vs_warp *step = NULL, *only = NULL;
  int wildcard = 0;
  while (*p == ';') {
    char a = p[1];
    p += 2;
    if (a == 'C' || a == 'S') { /* signal number */
      uint64_t sig;
      const char *end;
      if (parse_hex(p, &end, &sig) == 0) p = end;
    }
    uint64_t tid = (uint64_t)-1;
    if (*p == ':') {
      if (parse_tid(p + 1, &tid)) {
        rs(s, "E01");
        return SERVE_MORE;
      }
      p = strchr(p, ';');
      if (!p) p = "";
    }
    if (a != 'c' && a != 'C' && a != 's' && a != 'S' && a != 't') {
      rs(s, "E01");
      return SERVE_MORE;
    }
    if (a == 't') continue;
    int all = tid == (uint64_t)-1 || tid == 0;
    vs_warp *w = warp_of(s, tid);
    if (!w) {
      rs(s, "E01");
      return SERVE_MORE;
    }
    if ((a == 's' || a == 'S') && !step) step = w;
    if ((a == 'c' || a == 'C') && !all && !only) only = w;
    if (all && (a == 'c' || a == 'C')) wildcard = 1;
  }
  if (*p) {
    rs(s, "E01");
    return SERVE_MORE;
  }
  if (!step && only && !wildcard) step = only;
  if (step) start_step(s, step, STEP);
  else start_continue(s);
  return SERVE_RESUME;
}

/* ---- dispatch ---- */
static int handle(vs_gdb_server *s, char *pkt, size_t n)
{
  s->rlen = 0;
  switch (pkt[0]) {
  case '?':
    stop_reply(s);
    break;
  case 'q':
    if (!strncmp(pkt, "qSupported", 10)) {
      rf(s, "PacketSize=%x;qXfer:features:read+;qXfer:threads:read+;QStartNoAckMode+;vContSupported+",
         VS_RSP_MAX_PACKET);
    } else if (!strcmp(pkt, "qAttached")) {
      rs(s, "1");
    } else if (!strcmp(pkt, "qC")) {
      if (s->stopped && !s->finished) rf(s, "QC%" PRIx64, tid_of(s->stopped));
    } else if (!strcmp(pkt, "qfThreadInfo")) {
      if (!s->wg || s->finished) {
        rs(s, "l");
      } else {
        size_t o = 0;
        s->reply[o++] = 'm';
        for (unsigned i = 0; i < s->wg->nwarps && o + 20 < sizeof s->reply; i++)
          o += (size_t)snprintf(s->reply + o, sizeof s->reply - o, "%s%" PRIx64, i ? "," : "",
                                tid_of(s->wg->warps[i]));
        s->rlen = o;
      }
    } else if (!strcmp(pkt, "qsThreadInfo")) {
      rs(s, "l");
    } else if (!strncmp(pkt, "qXfer:features:read:target.xml:", 31)) {
      size_t len;
      const char *xml = vs_gdb_regmap_xml(s->regs, &len);
      xfer_reply(s, xml, len, pkt + 31);
    } else if (!strncmp(pkt, "qXfer:features:read:", 20)) {
      rs(s, "E00");
    } else if (!strncmp(pkt, "qXfer:threads:read::", 20)) {
      threads_xml(s, pkt + 20);
    } else if (!strncmp(pkt, "qThreadExtraInfo,", 17)) {
      uint64_t tid;
      vs_warp *w = parse_tid(pkt + 17, &tid) ? NULL : warp_of(s, tid);
      if (!w) {
        rs(s, "E01");
      } else {
        const char *t = state_name(w->state);
        hex_encode((const uint8_t *)t, strlen(t), s->reply);
        s->rlen = 2 * strlen(t);
      }
    } else if (!strncmp(pkt, "qRcmd,", 6)) {
      monitor(s, pkt + 6);
    } else if (!strncmp(pkt, "qSymbol", 7)) {
      rs(s, "OK");
    }
    break;
  case 'Q':
    if (!strcmp(pkt, "QStartNoAckMode")) {
      if (vs_rsp_send_str(&s->conn, "OK")) return SERVE_KILL;
      s->conn.noack = 1;
      return SERVE_MORE;
    }
    break;
  case 'H': {
    uint64_t tid;
    if ((pkt[1] != 'g' && pkt[1] != 'c') || parse_tid(pkt + 2, &tid)) {
      rs(s, "E01");
    } else if (tid != 0 && tid != (uint64_t)-1 && !warp_of(s, tid)) {
      rs(s, "E01");
    } else {
      if (pkt[1] == 'g') s->sel_tid = tid;
      rs(s, "OK");
    }
    break;
  }
  case 'T': {
    uint64_t tid;
    rs(s, parse_tid(pkt + 1, &tid) == 0 && warp_of(s, tid) ? "OK" : "E01");
    break;
  }
  case 'g':
    read_all_regs(s);
    break;
  case 'G':
    write_all_regs(s, pkt + 1);
    break;
  case 'p':
    read_reg(s, pkt + 1);
    break;
  case 'P':
    write_reg(s, pkt + 1);
    break;
  case 'm':
    read_mem(s, pkt + 1);
    break;
  case 'M':
    write_mem(s, pkt + 1, n - 1, 0);
    break;
  case 'X':
    write_mem(s, pkt + 1, n - 1, 1);
    break;
  case 'Z':
  case 'z':
    breakpoint(s, pkt);
    break;
  case 'c':
  case 'C':
    if (s->finished) {
      stop_reply(s);
      break;
    }
    start_continue(s);
    return SERVE_RESUME;
  case 's':
  case 'S': {
    if (s->finished) {
      stop_reply(s);
      break;
    }
    vs_warp *w = selected(s);
    if (!w) w = s->stopped;
    if (!w) {
      rs(s, "E01");
      break;
    }
    start_step(s, w, STEP);
    return SERVE_RESUME;
  }
  case 'v':
    if (!strcmp(pkt, "vCont?")) {
      rs(s, "vCont;c;C;s;S;t");
    } else if (!strncmp(pkt, "vCont;", 6)) {
      if (s->finished) {
        stop_reply(s);
        break;
      }
      int r = vcont(s, pkt + 5);
      if (r == SERVE_RESUME) return r;
    } else if (!strncmp(pkt, "vKill", 5)) {
      s->killed = 1;
      vs_rsp_send_str(&s->conn, "OK");
      return SERVE_KILL;
    }
    break;
  case 'k':
    s->killed = 1;
    return SERVE_KILL;
  case 'D':
    vs_rsp_send_str(&s->conn, "OK");
    s->detached = 1;
    vs_rsp_close(&s->conn);
    return SERVE_RESUME;
  default:
    break;
  }
  if (vs_rsp_send(&s->conn, s->reply, s->rlen)) {
    s->gone = 1;
    return SERVE_KILL;
  }
  return SERVE_MORE;
}

/* Serves packets while stopped; returns VS_DBG_RUN or VS_DBG_KILL. */
static int serve(vs_gdb_server *s, int announce)
{
  s->sel_tid = 0;
  if (announce) {
    stop_reply(s);
    if (vs_rsp_send(&s->conn, s->reply, s->rlen)) s->gone = 1;
  }
  while (!s->gone) {
    size_t len;
    int ev = vs_rsp_recv(&s->conn, &len);
    if (ev < 0) {
      s->gone = 1;
      break;
    }
    if (ev == VS_RSP_INTERRUPT) continue; /* already stopped */
    if (ev == VS_RSP_OVERSIZE) {
      fprintf(stderr, "ventsim: gdb server: packet longer than %u bytes rejected\n",
              VS_RSP_MAX_PACKET);
      if (vs_rsp_send_str(&s->conn, "E02")) s->gone = 1;
      continue;
    }
    int r = handle(s, s->conn.parser.buf, len);
    if (r == SERVE_RESUME) {
      s->poll_ctr = 0;
      return VS_DBG_RUN;
    }
    if (r == SERVE_KILL) break;
  }
  if (s->gone && !s->killed) vs_rsp_close(&s->conn);
  return s->finished ? VS_DBG_RUN : VS_DBG_KILL;
}

static int stop(vs_gdb_server *s, vs_warp *w, int sig)
{
  s->stopped = w;
  s->sig = sig;
  s->stepping = 0;
  return serve(s, 1);
}

/* ---- hooks ---- */
static void hook_launch(void *ctx, const vs_launch *l, int begin)
{
  vs_gdb_server *s = ctx;
  s->wg = NULL;
  s->stopped = NULL;
  if (begin) {
    s->launch = l;
    s->launch_no++;
  } else {
    s->launch = NULL;
  }
}

static int is_step_target(const vs_gdb_server *s, const vs_warp *w)
{
  return s->step_launch == s->launch_no && w->wg->id == s->step_wg && w->wid == s->step_wid;
}

static int hook_before(void *ctx, vs_warp *w)
{
  vs_gdb_server *s = ctx;
  if (s->detached) return VS_DBG_RUN;
  if (s->gone || s->killed) return VS_DBG_KILL;
  s->wg = w->wg;
  if (!s->started) { /* the first instruction of the run: stopped, gdb asks why */
    s->started = 1;
    s->stopped = w;
    s->sig = SIG_TRAP;
    return serve(s, 0);
  }
  if (s->stepping) {
    if (is_step_target(s, w)) { /* (its breakpoint, if any, is being stepped over) */
      s->probe_pc = w->pc;
      return VS_DBG_RUN;
    }
    const vs_warp *t = s->step_launch == s->launch_no && w->wg->id == s->step_wg
                           ? w->wg->warps[s->step_wid] : NULL;
    if (t && t->state == VS_W_READY) return VS_DBG_YIELD; /* others wait for the step */
    /* the warp to step cannot run (barrier) or is gone: the others go on */
  }
  if (s->nbps && at_breakpoint(s, w->pc)) return stop(s, w, SIG_TRAP);
  if (++s->poll_ctr >= POLL_INTERVAL) {
    s->poll_ctr = 0;
    int r = vs_rsp_poll_interrupt(&s->conn);
    if (r < 0) {
      s->gone = 1;
      return VS_DBG_KILL;
    }
    if (r > 0) return stop(s, w, SIG_INT);
  }
  return VS_DBG_RUN;
}

/* An ebreak in the kernel stops like a breakpoint: the warp is put past it
 * (by the decoded instruction's length) and gdb sees SIGTRAP there. */
static int take_ebreak(vs_gdb_server *s, vs_warp *w)
{
  const vs_dinsn *d = vs_fetch(w);
  if (!d) return VS_DBG_RUN; /* cannot happen: it just executed; leave the fault */
  w->pc += d->len;
  memset(&w->fault, 0, sizeof w->fault);
  w->state = VS_W_READY;
  if (stop(s, w, SIG_TRAP) == VS_DBG_RUN) return VS_DBG_RUN;
  vs_warp_fault(w, VS_FAULT_STOPPED, 0, "stopped by the debugger");
  return VS_DBG_KILL;
}

static int hook_after(void *ctx, vs_warp *w, int ev)
{
  vs_gdb_server *s = ctx;
  if (s->detached) return VS_DBG_RUN;
  if (ev == VS_EV_FAULT) {
    if (w->fault.kind == VS_FAULT_BREAK && !s->gone && !s->killed) return take_ebreak(s, w);
    return VS_DBG_RUN;
  }
  if (!s->stepping || !is_step_target(s, w)) return VS_DBG_RUN;
  if (s->stepping == PROBE && !at_breakpoint(s, w->pc) && !at_breakpoint(s, s->probe_pc + 4)) {
    s->stepping = 0; /* a continue after all: every warp runs */
    return VS_DBG_RUN;
  }
  return stop(s, w, SIG_TRAP);
}

static void hook_error(void *ctx, vs_wg *wg, const vs_error *err)
{
  vs_gdb_server *s = ctx;
  if (s->detached || s->gone || s->killed || !s->connected) return;
  s->wg = wg;
  vs_warp *w = wg->warps[0];
  for (unsigned i = 0; i < wg->nwarps; i++)
    if (wg->warps[i]->state == VS_W_FAULT) {
      w = wg->warps[i];
      break;
    }
  int sig = w->state == VS_W_FAULT ? fault_signal(w->fault.kind) : SIG_ABRT;
  console(s, err->msg);
  console(s, "\n");
  if (!s->gone) stop(s, w, sig);
}

/* ---- life cycle ---- */
int vs_gdb_server_create(vs_gdb_server **out, unsigned port, const vs_isa *isa,
                         const vs_gdb_layout *layout, unsigned lanes, vs_device *dev, vs_error *err)
{
  *out = NULL;
  vs_gdb_server *s = calloc(1, sizeof *s);
  if (!s) return vs_error_set(err, VS_E_NOMEM, "out of memory");
  s->dev = dev;
  if (vs_gdb_regmap_create(&s->regs, isa, layout, lanes, err) ||
      vs_rsp_listen(&s->conn, port, &s->port, err)) {
    vs_gdb_regmap_free(s->regs);
    free(s);
    return -1;
  }
  s->hooks = (vs_debug_hooks){s, hook_launch, hook_before, hook_after, hook_error};
  *out = s;
  return 0;
}

unsigned vs_gdb_server_port(const vs_gdb_server *s)
{
  return s->port;
}

int vs_gdb_server_accept(vs_gdb_server *s, vs_error *err)
{
  if (vs_rsp_accept(&s->conn, err)) return -1;
  s->connected = 1;
  return 0;
}

const vs_debug_hooks *vs_gdb_server_hooks(vs_gdb_server *s)
{
  return &s->hooks;
}

const char *vs_gdb_server_ended(const vs_gdb_server *s)
{
  if (s->detached) return NULL;
  if (s->killed) return "killed by the debugger";
  if (s->gone) return "the debugger disconnected";
  return NULL;
}

void vs_gdb_server_finish(vs_gdb_server *s, int status)
{
  if (!s || !s->connected || s->detached || s->killed || s->gone) return;
  int announce = s->started; /* gdb waits for a stop reply after resuming */
  s->finished = 1;
  s->wg = NULL;
  s->stopped = NULL;
  s->launch = NULL;
  s->sig = status;
  s->started = 1;
  serve(s, announce);
}

void vs_gdb_server_destroy(vs_gdb_server *s)
{
  if (!s) return;
  vs_rsp_close(&s->conn);
  vs_gdb_regmap_free(s->regs);
  free(s);
}
