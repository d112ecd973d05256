/* Test harness of the functional-simulator tests (tests/unit/test_exec_*.c):
 * assembles a small kernel written in the test (no start code, .text at
 * 0x80000000), runs it on a fresh device with one data region mapped at
 * FH_MEM and returns that region afterwards, or the kernel error. */
#ifndef VS_TESTS_FHARNESS_H
#define VS_TESTS_FHARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "ventsim/error.h"

#define FH_MEM      0x90000000u  /* data region every kernel may use  */
#define FH_MEM_SIZE 0x10000u     /* 64 KiB                             */
#define FH_PDS      0xa0000000u  /* private memory (when pds_size > 0) */

typedef struct fh_cfg {
  const char *src;            /* assembly text, entry `_start`             */
  unsigned threads, warps;    /* per warp, per work-group (0 -> 8, 1)       */
  unsigned grid[3];           /* work-groups (0 -> 1)                       */
  uint32_t pds_size;          /* private bytes per thread (0: none mapped)  */
  uint32_t lds_size;
  uint64_t max_insns;         /* 0: 1,000,000                               */
  unsigned host_threads;      /* -j                                         */
  int interleave;             /* --interleave                               */
  const void *init;           /* initial bytes at FH_MEM (or NULL)          */
  size_t init_len;
  const char *symbol;         /* a symbol whose address to return, or NULL  */
  const void *pds_init;       /* initial private memory (pds_len bytes)     */
} fh_cfg;

typedef struct fh_result {
  int rc;                     /* 0, or -1 with err set (kernel error)       */
  vs_error err;
  uint8_t *mem;               /* FH_MEM_SIZE bytes after the run (malloc'ed) */
  uint8_t *pds;               /* private memory after the run, or NULL      */
  size_t pds_len;
  uint32_t symbol_value;
  uint64_t warp_insns;
} fh_result;

/* Runs; aborts the test (cmocka fail) if the kernel does not assemble. */
void fh_run(const fh_cfg *c, fh_result *r);
void fh_free(fh_result *r);

static inline uint32_t fh_word(const fh_result *r, uint32_t off)
{
  const uint8_t *p = r->mem + off;
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* xorshift random numbers (deterministic) */
uint32_t fh_rand(void);
void fh_seed(uint64_t s);

#endif
