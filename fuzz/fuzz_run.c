/* Fuzz harness: whole runs of arbitrary short programs.
 *
 * Input: byte 0 and byte 1 describe the launch, the rest are little-endian
 * instruction words (at most 1024) placed at 0x80000000.
 *   byte 0: bits 0-2 == 7: timing mode (1 input in 8), else functional;
 *           bits 3-4: warps per work-group - 1 (1..4);
 *           bits 5-7: threads per warp, one of 1 2 4 8 16 32 3 7.
 *   byte 1: bit 0: two work-groups (else one); bit 1: 4 KiB local memory;
 *           bit 2: 64 bytes of private memory per thread; bit 3: functional
 *           interleave of 3 instructions; bit 4: run a prologue first (our
 *           own assembly, assembled once: vl = 32, float on, a0 = argument
 *           buffer, a1/a2 = the two data buffers, sp = local memory).
 * Memory: the program (8 KiB mapped), kernel metadata at 0x90000000, argument
 * buffer at 0x90001000 (addresses of the two buffers), two 4 KiB data
 * buffers at 0x90002000/0x90003000, private memory at 0x90010000.  The
 * device may allocate at most 16 MiB.  Limits: 4096 warp instructions
 * (--max-instructions), 50000 cycles (sim.max_cycles), watchdog 10000.
 * Every run must end in a result or a clean error (kernel, deadlock,
 * limit); any other outcome aborts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "ventsim/asm.h"
#include "ventsim/elf.h"
#include "ventsim/sim.h"
#include "ventsim/timing.h"
#include "ventsim/ventus_launch.h"

#define TEXT      0x80000000u
#define TEXT_SIZE 8192u
#define KNL       0x90000000u
#define ARGS      0x90001000u
#define BUF0      0x90002000u
#define BUF1      0x90003000u
#define PDS       0x90010000u
#define MAX_WORDS 1024u

static const char prologue_src[] =
    "  li t4, 32\n"
    "  vsetvli t4, t4, e32, m1, ta, ma\n"
    "  li t4, 0x2000\n"
    "  csrs mstatus, t4\n"
    "  csrr t1, CSR_WID\n"
    "  csrr t2, CSR_LDS\n"
    "  slli t1, t1, 10\n"
    "  add sp, t1, t2\n"
    "  csrr t0, CSR_KNL\n"
    "  lw a0, 4(t0)\n"
    "  lw a1, 0(a0)\n"
    "  lw a2, 4(a0)\n";

static uint32_t prologue[32];
static size_t nprologue;
static vs_timing_config *tcfg;

static void init_once(void)
{
  static int done;
  if (done) return;
  done = 1;
  vs_asm_source s = {"prologue.s", prologue_src, sizeof prologue_src - 1};
  vs_asm_options o;
  vs_asm_options_init(&o);
  o.no_start_files = 1;
  o.diag = stderr;
  uint8_t *img = NULL;
  size_t len = 0;
  vs_error err;
  vs_elf *e = NULL;
  if (vs_assemble(&s, 1, &o, &img, &len, &err) || vs_elf_load_mem(img, len, "prologue", &e, &err)) {
    fprintf(stderr, "fuzz_run: prologue: %s\n", err.msg);
    abort();
  }
  for (size_t i = 0; i < e->nsections; i++)
    if (e->sections[i].name && !strcmp(e->sections[i].name, ".text")) {
      nprologue = e->sections[i].size / 4;
      if (nprologue > 32) abort();
      memcpy(prologue, e->sections[i].data, nprologue * 4);
    }
  vs_elf_free(e);
  free(img);
  if (!nprologue) abort();
  if (vs_timing_config_create(&tcfg, &err) || vs_timing_config_set(tcfg, "sim.max_cycles=50000", &err) ||
      vs_timing_config_set(tcfg, "sim.watchdog=10000", &err) || vs_timing_config_check(tcfg, &err)) {
    fprintf(stderr, "fuzz_run: timing config: %s\n", err.msg);
    abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  init_once();
  if (size < 2) return 0;
  static const unsigned tsel[8] = {1, 2, 4, 8, 16, 32, 3, 7};
  unsigned b0 = data[0], b1 = data[1];
  int timing = (b0 & 7) == 7;
  unsigned warps = 1 + ((b0 >> 3) & 3), threads = tsel[b0 >> 5];
  unsigned grid = (b1 & 1) ? 2 : 1;
  uint32_t lds = (b1 & 2) ? 4096 : 0, pds = (b1 & 4) ? 64 : 0;
  data += 2;
  size -= 2;

  uint32_t words[MAX_WORDS + 32];
  size_t n = 0;
  if (b1 & 16) {
    memcpy(words, prologue, nprologue * 4);
    n = nprologue;
  }
  for (size_t i = 0; i + 4 <= size && i / 4 < MAX_WORDS; i += 4) words[n++] = fuzz_le32(data + i);

  /* One device for all inputs: creating and destroying one scans its
   * 2^20-entry page table, which would dominate the run time.  Every input
   * maps its regions and unmaps them all at the end. */
  static vs_device *dev;
  vs_error err;
  memset(&err, 0, sizeof err);
  if (!dev && (vs_device_create(&dev, NULL, &err) || vs_device_set_mem_limit(dev, 16u << 20, &err))) abort();
  uint32_t nthreads = grid * warps * threads;
  uint32_t meta[16] = {TEXT, ARGS, 1, nthreads, 1, 1, warps * threads, 1, 1};
  uint32_t args[2] = {BUF0, BUF1};
  if (vs_device_map(dev, TEXT, TEXT_SIZE, "text", &err) ||
      vs_device_map(dev, KNL, 4096, "metadata", &err) || vs_device_map(dev, ARGS, 4096, "args", &err) ||
      vs_device_map(dev, BUF0, 4096, "buf0", &err) || vs_device_map(dev, BUF1, 4096, "buf1", &err) ||
      (pds && vs_device_map(dev, PDS, (uint64_t)pds * nthreads, "private", &err)) ||
      (n && vs_device_write(dev, TEXT, words, n * 4, &err)) ||
      vs_device_write(dev, KNL, meta, sizeof meta, &err) || vs_device_write(dev, ARGS, args, sizeof args, &err)) {
    fprintf(stderr, "fuzz_run: setup: %s\n", err.msg);
    abort();
  }
  vs_ventus_record l;
  memset(&l, 0, sizeof l);
  l.start_pc = TEXT;
  l.grid[0] = grid;
  l.grid[1] = l.grid[2] = 1;
  l.warp_threads = threads;
  l.wg_warps = warps;
  l.knl_addr = KNL;
  l.lds_size = lds;
  l.pds_size = pds;
  l.pds_base = PDS;
  l.sgpr_usage = l.vgpr_usage = 32;
  vs_run_options ro;
  memset(&ro, 0, sizeof ro);
  ro.threads = 1;
  ro.max_instructions = 4096;
  ro.interleave = (b1 & 8) ? 3 : 0;
  ro.timing = timing ? tcfg : NULL;
  vs_run_result res;
  memset(&res, 0, sizeof res);
  vs_ventus_abi abi;
  vs_launch launch;
  int rc = vs_ventus_launch(&l, "fuzz", &abi, &launch, &err) || vs_device_run(dev, &launch, &ro, &res, &err);
  if (getenv("VS_FUZZ_VERBOSE")) /* what happened to an input, for debugging */
    fprintf(stderr, "fuzz_run: %s, %u wg x %u warps x %u threads, %zu words: %s (%llu warp insns, %llu cycles)\n",
            timing ? "timing" : "functional", grid, warps, threads, n, rc ? err.msg : "ok",
            (unsigned long long)res.warp_insns, (unsigned long long)res.cycles);
  if (rc == 0) {
    if (res.warp_insns > 4096) {
      fprintf(stderr, "fuzz_run: %llu warp instructions despite the limit\n",
              (unsigned long long)res.warp_insns);
      abort();
    }
  } else if (err.code != VS_E_KERNEL && err.code != VS_E_DEADLOCK && err.code != VS_E_LIMIT) {
    fprintf(stderr, "fuzz_run: unexpected error %d: %s\n", err.code, err.msg);
    abort();
  } else if (err.msg[0] == 0) {
    fprintf(stderr, "fuzz_run: error without a message\n");
    abort();
  }
  static const uint32_t regions[] = {TEXT, KNL, ARGS, BUF0, BUF1};
  for (size_t i = 0; i < sizeof regions / sizeof regions[0]; i++)
    if (vs_device_unmap(dev, regions[i], &err)) abort();
  if (pds && vs_device_unmap(dev, PDS, &err)) abort();
  return 0;
}
