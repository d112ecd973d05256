/* ventsim mkcase: a launch in the Ventus exchange format (.metadata/.data,
 * spec section 8) from a kernel in assembly or an ELF program -- the
 * command-line route from `ventsim as` to `ventsim run`. */
#include <elf.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "common/util.h"
#include "ventsim/asm.h"
#include "ventsim/elf.h"
#include "ventsim/sim.h"
#include "ventsim/testcase.h"
#include "ventsim/ventus_launch.h"

#define MAX_ARGS 64u           /* --buf and --arg together */
#define MAX_BUF (256u << 20)   /* bytes of one --buf */
#define ALLOC_BASE 0x90000000u /* buffers from here, as the Ventus driver */

static const char usage[] =
  "usage: ventsim mkcase -o NAME.metadata --kernel SYMBOL [options] FILE...\n"
  "\n"
  "Makes a launch of a kernel in the exchange format of the Ventus tools\n"
  "(NAME.metadata and NAME.data beside it, spec section 8), which 'ventsim run'\n"
  "runs.  FILE is Ventus assembly (one or more .s files, assembled and linked as\n"
  "'ventsim as' does, with the start code) or one ELF program of 'ventsim as'.\n"
  "\n"
  "Every warp starts at the program's entry (the start code's _start), which\n"
  "calls the kernel named by the kernel metadata buffer (spec 6.2).  The\n"
  "kernel's arguments are one 32-bit word each, in command-line order: the\n"
  "address of each --buf and the value of each --arg.\n"
  "\n"
  "options:\n"
  "  -o FILE.metadata     the launch to write (FILE.data is written beside it)\n"
  "  --kernel SYMBOL      the kernel: a symbol of the program (default 'kernel')\n"
  "  --grid X[,Y[,Z]]     work-groups per dimension (default 1,1,1)\n"
  "  --warps N            warps per work-group, 1..32 (default 1)\n"
  "  --threads N          threads per warp, 1..32 (default 8); the local size is\n"
  "                       warps x threads along x\n"
  "  --lds BYTES          local memory per work-group (ldsSize, default 0)\n"
  "  --pds BYTES          private memory per thread (pdsSize, default 0)\n"
  "  --regs V,S           vector and scalar registers the kernel uses (for the\n"
  "                       timing model; default 32,32)\n"
  "  --buf BYTES[:INIT]   a buffer argument of BYTES bytes (up to 256 MiB), its\n"
  "                       words initialised by INIT: zero (default), iota (word\n"
  "                       i = i), f32iota (float i), const:V (every word V),\n"
  "                       rand:SEED (xorshift words), f32rand:SEED (floats in\n"
  "                       [0,1))\n"
  "  --arg VALUE          a 32-bit scalar argument (decimal or 0x hex)\n"
  "  -h, --help           this help\n"
  "(at most 64 --buf and --arg together)\n"
  "\n"
  "Memory: the program's segments at their ELF addresses (0x80000000 up); from\n"
  "0x90000000, each on its own 4 KiB pages, the kernel metadata buffer, the\n"
  "argument buffer, the --buf buffers in order and the private memory.  The\n"
  "metadata buffer holds the kernel's address, the argument buffer, the work\n"
  "dimension (1, 2 or 3: the highest with more than one work-group), the global\n"
  "size (work-groups x local size along x; work-groups along y and z) and the\n"
  "local size.  'ventsim run --dump' shows every buffer after the run.\n"
  "\n"
  "Example:\n"
  "  ventsim mkcase -o vecadd.metadata --kernel vecadd --grid 4 --warps 2 \\\n"
  "      --threads 16 --buf 512:iota --buf 512:rand:3 --buf 512 vecadd.s\n"
  "\n"
  "exit status: 0 success, 1 bad input (assembly errors, unknown kernel), 2 usage\n"
  "error\n";

typedef struct buf_spec {
  uint32_t size;
  const char *init;
} buf_spec;

static uint64_t page_up(uint64_t x)
{
  return (x + 4095) & ~(uint64_t)4095;
}

/* "BYTES[:INIT]" */
static int parse_buf(const char *s, buf_spec *b)
{
  char num[32];
  const char *colon = strchr(s, ':');
  size_t n = colon ? (size_t)(colon - s) : strlen(s);
  uint64_t v, x;
  if (n == 0 || n >= sizeof num) return -1;
  memcpy(num, s, n);
  num[n] = '\0';
  if (vs_parse_u64(num, &v) || v == 0 || v > MAX_BUF) return -1;
  b->size = (uint32_t)v;
  b->init = colon ? colon + 1 : "zero";
  const char *i = b->init;
  if (!strcmp(i, "zero") || !strcmp(i, "iota") || !strcmp(i, "f32iota")) return 0;
  const char *arg = !strncmp(i, "const:", 6) ? i + 6 : !strncmp(i, "rand:", 5) ? i + 5
                    : !strncmp(i, "f32rand:", 8) ? i + 8 : NULL;
  if (!arg || vs_parse_u64(arg, &x) || x > 0xffffffffu) return -1;
  return 0;
}

/* The initial words of a buffer */
static void fill(uint32_t *w, uint32_t n, const char *init)
{
  uint64_t v = 0;
  const char *colon = strchr(init, ':');
  if (colon) vs_parse_u64(colon + 1, &v);
  uint32_t x = 0x9e3779b9u ^ ((uint32_t)v * 2654435761u);
  for (uint32_t i = 0; i < n; i++) {
    if (!strcmp(init, "iota")) {
      w[i] = i;
    } else if (!strcmp(init, "f32iota")) {
      float f = (float)i;
      memcpy(&w[i], &f, 4);
    } else if (!strncmp(init, "const:", 6)) {
      w[i] = (uint32_t)v;
    } else if (colon) { /* rand:, f32rand: */
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
      if (init[0] == 'f') {
        float f = (float)(x >> 8) / 16777216.0f;
        memcpy(&w[i], &f, 4);
      } else {
        w[i] = x;
      }
    } else {
      w[i] = 0;
    }
  }
}

/* The program: one ELF file, or assembly files assembled and linked.
 * *reported: the assembler printed its errors already. */
static int load_program(char **paths, size_t n, vs_elf **elf, int *reported, vs_error *err)
{
  char *first = NULL;
  size_t len = 0;
  if (vs_read_file(paths[0], VS_MAX_INPUT_FILE, &first, &len, err)) return -1;
  if (len >= 4 && !memcmp(first, "\177ELF", 4)) {
    int rc = n > 1 ? vs_error_set(err, VS_E_USAGE, "%s is an ELF program: give it alone, without "
                                  "assembly files", paths[0])
                   : vs_elf_load_mem(first, len, paths[0], elf, err);
    free(first);
    /* launches in the exchange format are Ventus launches */
    if (rc == 0 && (rc = vs_elf_expect(*elf, paths[0], ELFCLASS32, EM_RISCV, "Ventus", err))) {
      vs_elf_free(*elf);
      *elf = NULL;
    }
    return rc;
  }
  vs_asm_source *src = vs_calloc(n, sizeof *src, err);
  char **texts = vs_calloc(n, sizeof *texts, err);
  int rc = -1;
  if (!src || !texts) goto out;
  texts[0] = first;
  first = NULL;
  src[0] = (vs_asm_source){paths[0], texts[0], len};
  for (size_t i = 1; i < n; i++) {
    if (vs_read_file(paths[i], VS_MAX_INPUT_FILE, &texts[i], &len, err)) goto out;
    src[i] = (vs_asm_source){paths[i], texts[i], len};
  }
  vs_asm_options ao;
  vs_asm_options_init(&ao);
  ao.diag = stderr;
  uint8_t *img = NULL;
  size_t imglen = 0;
  if (vs_assemble(src, n, &ao, &img, &imglen, err) == 0) {
    rc = vs_elf_load_mem(img, imglen, paths[0], elf, err);
    free(img);
  } else {
    *reported = 1;
  }
out:
  free(first);
  if (texts)
    for (size_t i = 0; i < n; i++) free(texts[i]);
  free(texts);
  free(src);
  return rc;
}

static int bad_value(const char *opt, const char *val, const char *what)
{
  vs_cli_error("mkcase", "%s: '%s' is not %s", opt, val, what);
  return -1;
}

static int parse_num(const char *opt, const char *s, uint64_t lo, uint64_t hi, uint32_t *out)
{
  uint64_t v;
  if (vs_parse_u64(s, &v) || v < lo || v > hi) {
    char what[64];
    snprintf(what, sizeof what, "a number in %" PRIu64 "..%" PRIu64, lo, hi);
    return bad_value(opt, s, what);
  }
  *out = (uint32_t)v;
  return 0;
}

/* "A[,B[,C]]" with each in lo..hi; missing ones are `dflt` */
static int parse_list(const char *opt, const char *s, unsigned nmax, uint64_t lo, uint64_t hi,
                      uint32_t dflt, uint32_t *out)
{
  char buf[96];
  if (strlen(s) >= sizeof buf) return bad_value(opt, s, "a list of numbers");
  snprintf(buf, sizeof buf, "%s", s);
  for (unsigned k = 0; k < nmax; k++) out[k] = dflt;
  char *p = buf;
  for (unsigned k = 0; k < nmax; k++) {
    char *comma = strchr(p, ',');
    if (comma) *comma = '\0';
    if (parse_num(opt, p, lo, hi, &out[k])) return -1;
    if (!comma) return 0;
    p = comma + 1;
  }
  return bad_value(opt, s, nmax == 3 ? "X[,Y[,Z]]" : "V,S");
}

static int run(int argc, char **argv)
{
  enum { O_KERNEL = 256, O_GRID, O_WARPS, O_THREADS, O_LDS, O_PDS, O_REGS, O_BUF, O_ARG };
  static const struct option lo[] = {
    {"kernel", required_argument, NULL, O_KERNEL}, {"grid", required_argument, NULL, O_GRID},
    {"warps", required_argument, NULL, O_WARPS},   {"threads", required_argument, NULL, O_THREADS},
    {"lds", required_argument, NULL, O_LDS},       {"pds", required_argument, NULL, O_PDS},
    {"regs", required_argument, NULL, O_REGS},     {"buf", required_argument, NULL, O_BUF},
    {"arg", required_argument, NULL, O_ARG},       {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};
  const char *out = NULL, *kernel = "kernel";
  uint32_t grid[3] = {1, 1, 1}, regs[2] = {32, 32}, warps = 1, threads = 8, lds = 0, pds = 0;
  buf_spec bufs[MAX_ARGS];
  int argref[MAX_ARGS]; /* >= 0: buffer index; < 0: -(scalar index + 1) */
  uint32_t scal[MAX_ARGS];
  unsigned nb = 0, nargs = 0, ns = 0;
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
    int bad = 0;
    switch (c) {
    case 'o': out = optarg; break;
    case O_KERNEL: kernel = optarg; break;
    case O_GRID: bad = parse_list("--grid", optarg, 3, 1, VS_MAX_WORKGROUPS, 1, grid); break;
    case O_WARPS: bad = parse_num("--warps", optarg, 1, VS_MAX_WG_WARPS, &warps); break;
    case O_THREADS: bad = parse_num("--threads", optarg, 1, VS_VENTUS_MAX_THREADS, &threads); break;
    case O_LDS: bad = parse_num("--lds", optarg, 0, VS_VENTUS_LDS_END - VS_VENTUS_LDS_BASE, &lds); break;
    case O_PDS: bad = parse_num("--pds", optarg, 0, 1u << 20, &pds); break;
    case O_REGS: bad = parse_list("--regs", optarg, 2, 0, 0xffffffffu, 32, regs); break;
    case O_BUF:
    case O_ARG:
      if (nargs == MAX_ARGS) {
        vs_cli_error("mkcase", "more than %u --buf and --arg", MAX_ARGS);
        return VS_EXIT_USAGE;
      }
      if (c == O_BUF) {
        if (parse_buf(optarg, &bufs[nb]))
          bad = bad_value("--buf", optarg, "BYTES[:INIT] with 1..268435456 bytes and INIT zero, iota, "
                          "f32iota, const:V, rand:SEED or f32rand:SEED");
        else
          argref[nargs++] = (int)nb++;
      } else {
        bad = parse_num("--arg", optarg, 0, 0xffffffffu, &scal[ns]);
        if (!bad) argref[nargs++] = -(int)(++ns);
      }
      break;
    case 'h': fputs(usage, stdout); return VS_EXIT_OK;
    default: fputs(usage, stderr); return VS_EXIT_USAGE;
    }
    if (bad) return VS_EXIT_USAGE;
  }
  if (!out || optind >= argc) {
    vs_cli_error("mkcase", "%s (see 'ventsim mkcase --help')",
                 !out ? "no output given (-o NAME.metadata)" : "no kernel file given");
    return VS_EXIT_USAGE;
  }
  size_t ol = strlen(out);
  if (ol <= 9 || strcmp(out + ol - 9, ".metadata") != 0) {
    vs_cli_error("mkcase", "-o: '%s' does not end in .metadata", out);
    return VS_EXIT_USAGE;
  }
  if ((uint64_t)grid[0] * grid[1] * grid[2] > VS_MAX_WORKGROUPS) {
    vs_cli_error("mkcase", "--grid: %u x %u x %u work-groups is more than %u", grid[0], grid[1],
                 grid[2], VS_MAX_WORKGROUPS);
    return VS_EXIT_USAGE;
  }
  /* the buffers' addresses */
  uint64_t next = ALLOC_BASE;
  uint32_t knl = (uint32_t)next;
  next += 4096;
  uint32_t argbuf = (uint32_t)next, argbytes = nargs ? nargs * 4u : 4u; /* page_up: < 2^32 */
  next += page_up(argbytes);
  uint32_t bbase[MAX_ARGS];
  for (unsigned b = 0; b < nb; b++) {
    bbase[b] = (uint32_t)next;
    next += page_up(bufs[b].size);
  }
  uint64_t nthreads = (uint64_t)grid[0] * grid[1] * grid[2] * warps * threads;
  uint64_t psize = nthreads * pds;
  if (next + page_up(psize) > 0x100000000ull) {
    vs_cli_error("mkcase", "the buffers and %" PRIu64 " bytes of private memory do not fit below "
                 "4 GiB", psize);
    return VS_EXIT_USAGE;
  }
  uint32_t pbase = (uint32_t)next;

  vs_error err = {0};
  vs_elf *elf = NULL;
  vs_device *dev = NULL;
  uint32_t *words = NULL;
  vs_tc_buffer *tb = NULL;
  int status = VS_EXIT_FAIL;
  int reported = 0;
  if (load_program(argv + optind, (size_t)(argc - optind), &elf, &reported, &err)) {
    if (!reported) vs_cli_error("mkcase", "%s", err.msg);
    goto out;
  }
  for (size_t i = 0; i < elf->nsegments; i++)
    if ((uint64_t)elf->segments[i].vaddr + elf->segments[i].memsz + 4095 > 0x100000000ull) {
      vs_cli_error("mkcase", "%s: segment %zu runs past the 32-bit address space", argv[optind], i);
      goto out;
    }
  const vs_elf_symbol *ks = vs_elf_find_symbol(elf, kernel);
  if (!ks) {
    vs_cli_error("mkcase", "%s: no symbol '%s' (--kernel)", argv[optind], kernel);
    goto out;
  }
  tb = vs_calloc(elf->nsegments + MAX_ARGS + 3, sizeof *tb, &err);
  if (!tb || vs_device_create(&dev, NULL, &err)) {
    vs_cli_error("mkcase", "%s", err.msg);
    goto out;
  }
  size_t ntb = 0;
  for (size_t i = 0; i < elf->nsegments; i++) {
    const vs_elf_segment *s = &elf->segments[i];
    if (!s->memsz) continue;
    uint32_t base = s->vaddr & ~4095u;
    uint64_t alloc = page_up((uint64_t)s->vaddr + s->memsz) - (uint64_t)base;
    char nm[32];
    snprintf(nm, sizeof nm, "segment %zu", i);
    if (vs_device_map(dev, base, alloc, nm, &err) || vs_device_write(dev, s->vaddr, s->data, s->filesz, &err)) {
      vs_cli_error("mkcase", "%s: %s", argv[optind], err.msg);
      goto out;
    }
    tb[ntb++] = (vs_tc_buffer){s->vaddr, s->memsz, (uint32_t)alloc, 0}; /* < 2^32: checked */
  }
  uint32_t args[MAX_ARGS];
  for (unsigned a = 0; a < nargs; a++) args[a] = argref[a] >= 0 ? bbase[argref[a]] : scal[-argref[a] - 1];
  uint32_t meta[16] = {0}; /* spec 6.2 */
  meta[0] = ks->value;
  meta[1] = argbuf;
  meta[2] = grid[2] > 1 ? 3 : grid[1] > 1 ? 2 : 1;
  meta[3] = grid[0] * warps * threads;
  meta[4] = grid[1];
  meta[5] = grid[2];
  meta[6] = warps * threads;
  meta[7] = 1;
  meta[8] = 1;
  int bad = vs_device_map(dev, knl, 4096, "kernel metadata", &err) ||
            vs_device_map(dev, argbuf, page_up(argbytes), "arguments", &err) ||
            vs_device_write(dev, knl, meta, sizeof meta, &err) ||
            (nargs && vs_device_write(dev, argbuf, args, nargs * 4u, &err));
  for (unsigned b = 0; !bad && b < nb; b++) {
    uint32_t n = bufs[b].size / 4;
    free(words);
    words = vs_calloc(n ? n : 1, 4, &err);
    if (!words) bad = 1;
    if (!bad) fill(words, n, bufs[b].init);
    bad = bad || vs_device_map(dev, bbase[b], page_up(bufs[b].size), "buffer", &err) ||
          vs_device_write(dev, bbase[b], words, (size_t)n * 4, &err);
  }
  if (bad) {
    vs_cli_error("mkcase", "%s", err.msg);
    goto out;
  }
  /* in address order: the program, then the buffers from 0x90000000 */
  tb[ntb++] = (vs_tc_buffer){knl, 64, 4096, 0};
  tb[ntb++] = (vs_tc_buffer){argbuf, nargs * 4u, (uint32_t)page_up(argbytes), 0};
  for (unsigned b = 0; b < nb; b++)
    tb[ntb++] = (vs_tc_buffer){bbase[b], bufs[b].size, (uint32_t)page_up(bufs[b].size), 0};
  if (psize) tb[ntb++] = (vs_tc_buffer){pbase, 0, (uint32_t)page_up(psize), 0}; /* fits: checked */

  vs_testcase tc;
  memset(&tc, 0, sizeof tc);
  tc.name = (char *)kernel;
  tc.rec.start_pc = elf->entry;
  memcpy(tc.rec.grid, grid, sizeof grid);
  tc.rec.warp_threads = threads;
  tc.rec.wg_warps = warps;
  tc.rec.knl_addr = knl;
  tc.rec.lds_size = lds;
  tc.rec.pds_size = pds;
  tc.rec.pds_base = pbase;
  tc.rec.vgpr_usage = regs[0];
  tc.rec.sgpr_usage = regs[1];
  tc.nbuf = ntb;
  tc.buf = tb;
  if (vs_testcase_save(dev, &tc, out, &err)) {
    vs_cli_error("mkcase", "%s", err.msg);
    goto out;
  }
  status = VS_EXIT_OK;
out:
  free(words);
  free(tb);
  vs_device_destroy(dev);
  vs_elf_free(elf);
  return status;
}

const vs_command vs_cmd_mkcase = {"mkcase", "make a launch (.metadata/.data) of an assembled kernel for 'run'",
                                  run, usage};
