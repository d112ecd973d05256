/* vs_mkcase: turns a Ventus assembly kernel into a launch in the exchange
 * format (X.metadata + X.data) that `ventsim run` replays -- the test and
 * benchmark kernels of the timing model are our own assembly.
 *
 *   vs_mkcase -o DIR/NAME.metadata --kernel SYM [--grid X[,Y[,Z]]]
 *             [--warps N] [--threads N] [--lds BYTES] [--pds BYTES]
 *             [--regs V,S] [--buf BYTES:INIT]... [--arg VALUE]... FILE.s...
 *
 * The kernel's arguments are the --buf buffer addresses and --arg values in
 * command-line order.  INIT: zero, iota (word i = i), f32iota (float i),
 * const:V (every word V), rand:SEED (xorshift words), f32rand:SEED (floats
 * in [0,1)).  Buffers are allocated from 0x90000000 on page boundaries after
 * the kernel metadata (64 bytes) and the argument buffer. */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ventsim/asm.h"
#include "ventsim/elf.h"
#include "ventsim/sim.h"
#include "ventsim/testcase.h"

#define MAXB 64

typedef struct bufspec {
  uint32_t size;
  char init[64];
} bufspec;

static int die(const char *msg)
{
  fprintf(stderr, "vs_mkcase: %s\n", msg);
  return 1;
}

static uint32_t page_up(uint64_t x)
{
  return (uint32_t)((x + 4095) & ~(uint64_t)4095);
}

static int fill(vs_device *dev, uint32_t base, uint32_t size, const char *init, vs_error *err)
{
  uint32_t n = size / 4;
  uint32_t *w = calloc(n ? n : 1, 4);
  if (!w) return vs_error_set(err, VS_E_NOMEM, "out of memory");
  uint32_t x = 0x9e3779b9u;
  if (!strncmp(init, "rand:", 5) || !strncmp(init, "f32rand:", 8))
    x ^= (uint32_t)strtoul(strchr(init, ':') + 1, NULL, 0) * 2654435761u;
  for (uint32_t i = 0; i < n; i++) {
    if (!strcmp(init, "iota")) w[i] = i;
    else if (!strcmp(init, "f32iota")) {
      float f = (float)i;
      memcpy(&w[i], &f, 4);
    } else if (!strncmp(init, "const:", 6)) w[i] = (uint32_t)strtoul(init + 6, NULL, 0);
    else if (!strncmp(init, "rand:", 5) || !strncmp(init, "f32rand:", 8)) {
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
      if (init[0] == 'f') {
        float f = (float)(x >> 8) / 16777216.0f;
        memcpy(&w[i], &f, 4);
      } else {
        w[i] = x;
      }
    } else w[i] = 0;
  }
  int rc = vs_device_write(dev, base, w, (size_t)n * 4, err);
  free(w);
  return rc;
}

int main(int argc, char **argv)
{
  static const struct option lo[] = {
    {"kernel", required_argument, NULL, 'k'}, {"grid", required_argument, NULL, 'g'},
    {"warps", required_argument, NULL, 'w'},  {"threads", required_argument, NULL, 't'},
    {"lds", required_argument, NULL, 'l'},    {"pds", required_argument, NULL, 'p'},
    {"regs", required_argument, NULL, 'r'},   {"buf", required_argument, NULL, 'b'},
    {"arg", required_argument, NULL, 'a'},    {NULL, 0, NULL, 0}};
  const char *out = NULL, *kernel = "kernel";
  unsigned grid[3] = {1, 1, 1}, warps = 1, threads = 8, lds = 0, pds = 0, vg = 32, sg = 32;
  bufspec bufs[MAXB];
  unsigned nb = 0;
  /* argument list: >= 0: buffer index, < 0: -(scalar index + 1) */
  int argref[MAXB];
  uint32_t scal[MAXB];
  unsigned nargs = 0, ns = 0;
  int c;
  while ((c = getopt_long(argc, argv, "o:", lo, NULL)) != -1) {
    switch (c) {
    case 'o': out = optarg; break;
    case 'k': kernel = optarg; break;
    case 'g': {
      grid[1] = grid[2] = 1;
      if (sscanf(optarg, "%u,%u,%u", &grid[0], &grid[1], &grid[2]) < 1) return die("bad --grid");
      break;
    }
    case 'w': warps = (unsigned)strtoul(optarg, NULL, 0); break;
    case 't': threads = (unsigned)strtoul(optarg, NULL, 0); break;
    case 'l': lds = (unsigned)strtoul(optarg, NULL, 0); break;
    case 'p': pds = (unsigned)strtoul(optarg, NULL, 0); break;
    case 'r': if (sscanf(optarg, "%u,%u", &vg, &sg) != 2) return die("bad --regs"); break;
    case 'b': {
      if (nb == MAXB || nargs == MAXB) return die("too many buffers");
      char *colon = strchr(optarg, ':');
      bufs[nb].size = (uint32_t)strtoul(optarg, NULL, 0);
      snprintf(bufs[nb].init, sizeof bufs[nb].init, "%s", colon ? colon + 1 : "zero");
      argref[nargs++] = (int)nb++;
      break;
    }
    case 'a':
      if (nargs == MAXB) return die("too many arguments");
      scal[ns] = (uint32_t)strtoul(optarg, NULL, 0);
      argref[nargs++] = -(int)(++ns);
      break;
    default: return die("bad option (see the comment at the top of tests/timing/mkcase.c)");
    }
  }
  if (!out || optind >= argc) return die("usage: vs_mkcase -o OUT.metadata [options] FILE.s...");

  vs_error err = {0};
  /* assemble */
  size_t nsrc = (size_t)(argc - optind);
  const char **paths = (const char **)(argv + optind);
  vs_asm_source *src = calloc(nsrc, sizeof *src);
  char **texts = calloc(nsrc, sizeof *texts);
  if (!src || !texts) return die("out of memory");
  for (size_t i = 0; i < nsrc; i++) {
    FILE *f = fopen(paths[i], "rb");
    if (!f) return die(paths[i]);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    texts[i] = malloc((size_t)len + 1);
    if (!texts[i] || fread(texts[i], 1, (size_t)len, f) != (size_t)len) return die("read error");
    fclose(f);
    src[i].name = paths[i];
    src[i].text = texts[i];
    src[i].len = (size_t)len;
  }
  vs_asm_options ao;
  vs_asm_options_init(&ao);
  ao.diag = stderr;
  uint8_t *img = NULL;
  size_t imglen = 0;
  if (vs_assemble(src, nsrc, &ao, &img, &imglen, &err)) return die(err.msg);
  vs_elf *elf = NULL;
  if (vs_elf_load_mem(img, imglen, paths[0], &elf, &err)) return die(err.msg);
  const vs_elf_symbol *ks = vs_elf_find_symbol(elf, kernel);
  if (!ks) return die("kernel symbol not found (--kernel)");

  vs_device *dev = NULL;
  if (vs_device_create(&dev, NULL, &err)) return die(err.msg);
  vs_tc_buffer tb[2 * MAXB + 8];
  size_t ntb = 0;
  for (size_t i = 0; i < elf->nsegments; i++) {
    const vs_elf_segment *s = &elf->segments[i];
    if (!s->memsz) continue;
    uint32_t base = s->vaddr & ~4095u;
    uint32_t alloc = page_up((uint64_t)s->vaddr + s->memsz) - base;
    char nm[32];
    snprintf(nm, sizeof nm, "segment %zu", i);
    if (vs_device_map(dev, base, alloc, nm, &err) ||
        vs_device_write(dev, s->vaddr, s->data, s->filesz, &err))
      return die(err.msg);
    tb[ntb++] = (vs_tc_buffer){s->vaddr, s->memsz, alloc, 0};
  }
  uint32_t next = 0x90000000u;
  uint32_t knl = next;
  next += 4096;
  uint32_t argbuf = next, argbytes = nargs ? nargs * 4u : 4u;
  next += page_up(argbytes);
  uint32_t bbase[MAXB];
  for (unsigned b = 0; b < nb; b++) {
    bbase[b] = next;
    next += page_up(bufs[b].size ? bufs[b].size : 4);
  }
  uint64_t nthreads = (uint64_t)grid[0] * grid[1] * grid[2] * warps * threads;
  uint32_t pbase = next, psize = (uint32_t)(nthreads * pds);
  if (vs_device_map(dev, knl, 4096, "metadata", &err) ||
      vs_device_map(dev, argbuf, page_up(argbytes), "args", &err))
    return die(err.msg);
  for (unsigned b = 0; b < nb; b++)
    if (vs_device_map(dev, bbase[b], page_up(bufs[b].size ? bufs[b].size : 4), "buffer", &err) ||
        fill(dev, bbase[b], bufs[b].size, bufs[b].init, &err))
      return die(err.msg);
  uint32_t args[MAXB];
  for (unsigned a = 0; a < nargs; a++)
    args[a] = argref[a] >= 0 ? bbase[argref[a]] : scal[-argref[a] - 1];
  uint32_t meta[16] = {0};
  meta[0] = ks->value;
  meta[1] = argbuf;
  meta[2] = grid[2] > 1 ? 3 : grid[1] > 1 ? 2 : 1;
  meta[3] = grid[0] * warps * threads;
  meta[4] = grid[1];
  meta[5] = grid[2];
  meta[6] = warps * threads;
  meta[7] = 1;
  meta[8] = 1;
  if (vs_device_write(dev, knl, meta, sizeof meta, &err) ||
      (nargs && vs_device_write(dev, argbuf, args, nargs * 4u, &err)))
    return die(err.msg);
  tb[ntb++] = (vs_tc_buffer){knl, 64, 4096, 0};
  tb[ntb++] = (vs_tc_buffer){argbuf, nargs * 4u, page_up(argbytes), 0};
  for (unsigned b = 0; b < nb; b++)
    tb[ntb++] = (vs_tc_buffer){bbase[b], bufs[b].size, page_up(bufs[b].size ? bufs[b].size : 4), 0};
  if (psize) tb[ntb++] = (vs_tc_buffer){pbase, 0, page_up(psize), 0};

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
  tc.rec.vgpr_usage = vg;
  tc.rec.sgpr_usage = sg;
  tc.nbuf = ntb;
  tc.buf = tb;
  if (vs_testcase_save(dev, &tc, out, &err)) return die(err.msg);
  vs_device_destroy(dev);
  vs_elf_free(elf);
  free(img);
  for (size_t i = 0; i < nsrc; i++) free(texts[i]);
  free(texts);
  free(src);
  return 0;
}
