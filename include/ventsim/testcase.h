/* The exchange format of the Ventus tools (spec section 8): one kernel
 * launch as <kernel>.metadata + <kernel>.data text files. */
#ifndef VENTSIM_TESTCASE_H
#define VENTSIM_TESTCASE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ventsim/error.h"
#include "ventsim/sim.h"
#include "ventsim/ventus_launch.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VS_TC_MAX_BUFFERS 4096u  /* documented limit */

typedef struct vs_tc_buffer {
  vs_addr base;
  uint64_t size;        /* bytes of initial data in .data      */
  uint64_t allocsize;   /* bytes to map                         */
  size_t data_word;     /* index of its first word in words[]   */
} vs_tc_buffer;

typedef struct vs_testcase {
  char *name;           /* kernel name (file name without extension) */
  vs_ventus_record rec; /* the launch (vs_ventus_launch makes it a vs_launch) */
  uint32_t kernel_id;
  int old_format;       /* file had no start_addr (start = 0x80000000) */
  size_t nbuf;
  vs_tc_buffer *buf;
  uint32_t *words;      /* .data contents */
  size_t nwords;
} vs_testcase;

/* Loads X.metadata and the X.data beside it.  Errors name the file, the
 * line and the problem. */
int vs_testcase_load(const char *metadata_path, vs_testcase *tc, vs_error *err);
/* Same from memory (name is used in messages and as the kernel name). */
int vs_testcase_parse(const char *meta, size_t mlen, const char *data, size_t dlen,
                      const char *name, vs_testcase *tc, vs_error *err);
void vs_testcase_free(vs_testcase *tc);

/* Maps the launch's buffers that are not mapped yet and writes every
 * buffer's initial data.  A buffer overlapping a different existing region
 * is an error. */
int vs_testcase_install(vs_device *dev, const vs_testcase *tc, vs_error *err);

/* Writes X.metadata/X.data for a launch whose buffers are in dev (initial
 * contents = the first `size` bytes of each buffer now). */
int vs_testcase_save(vs_device *dev, const vs_testcase *tc, const char *metadata_path,
                     vs_error *err);

/* The --dump format: "ADDR WORD" lines (8 lower-case hex digits each), one
 * little-endian word per line, increasing addresses, "#" comment lines.
 * Writes the first size bytes (rounded up to words) of every buffer. */
int vs_dump_buffers(vs_device *dev, const vs_tc_buffer *bufs, size_t n, FILE *out,
                    vs_error *err);

#ifdef __cplusplus
}
#endif
#endif
