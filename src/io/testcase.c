/* .metadata/.data reader and writer (spec section 8). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/outfile.h"
#include "common/util.h"
#include "ventsim/testcase.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "vs_testcase_install copies the .data words as the bytes of a little-endian host"
#endif

/* Hexadecimal digits: the value, or 16 (bit 4) for any other byte */
static const uint8_t hex_digit[256] = {
#define H16 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16
  H16, H16, H16,                                                          /* 0x00-0x2f */
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 16, 16, 16, 16, 16,                 /* 0x30-0x3f */
  16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16,      /* 0x40-0x4f */
  H16,                                                                    /* 0x50-0x5f */
  16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16,      /* 0x60-0x6f */
  H16, H16, H16, H16, H16, H16, H16, H16, H16                             /* 0x70-0xff */
#undef H16
};

static int hexval(unsigned char c)
{
  return hex_digit[c] == 16 ? -1 : hex_digit[c];
}

/* Parses a file of one hex word per line; blank lines allowed.  The usual
 * line ("%08x\n", what the Ventus tools write) takes a fast path. */
static int parse_words(const char *text, size_t len, const char *name, uint32_t **out,
                       size_t *n, vs_error *err)
{
  size_t cap = len / 9 + 16, cnt = 0, line = 1;
  uint32_t *w = vs_malloc(cap * sizeof *w, err);
  if (!w) return -1;
  const unsigned char *t = (const unsigned char *)text;
  size_t i = 0;
  while (i < len) {
    uint32_t v = 0;
    if (i + 9 <= len && t[i + 8] == '\n') { /* eight digits and a newline */
      const unsigned char *q = t + i; /* (written out: the loop is the hot spot) */
      unsigned d0 = hex_digit[q[0]], d1 = hex_digit[q[1]], d2 = hex_digit[q[2]], d3 = hex_digit[q[3]];
      unsigned d4 = hex_digit[q[4]], d5 = hex_digit[q[5]], d6 = hex_digit[q[6]], d7 = hex_digit[q[7]];
      if (!((d0 | d1 | d2 | d3 | d4 | d5 | d6 | d7) & 16)) {
        v = (uint32_t)d0 << 28 | (uint32_t)d1 << 24 | (uint32_t)d2 << 20 | (uint32_t)d3 << 16 |
            (uint32_t)d4 << 12 | (uint32_t)d5 << 8 | (uint32_t)d6 << 4 | d7;
        if (cnt == cap) {
          cap *= 2;
          uint32_t *nw = vs_realloc(w, cap * sizeof *w, err);
          if (!nw) { free(w); return -1; }
          w = nw;
        }
        w[cnt++] = v;
        line++;
        i += 9;
        continue;
      }
    }
    size_t start = i;
    while (i < len && text[i] != '\n') i++;
    size_t end = i;
    if (i < len) i++; /* newline */
    while (end > start && (text[end - 1] == '\r' || text[end - 1] == ' ' || text[end - 1] == '\t')) end--;
    while (start < end && (text[start] == ' ' || text[start] == '\t')) start++;
    if (start == end) { line++; continue; }
    size_t nd = end - start;
    int bad = nd > 8;
    for (size_t k = start; k < end && !bad; k++) {
      int d = hexval(t[k]);
      if (d < 0) bad = 1;
      else v = v << 4 | (uint32_t)d;
    }
    if (bad) {
      free(w);
      return vs_error_set(err, VS_E_FORMAT,
                          "%s:%zu: expected a 32-bit word of up to 8 hexadecimal digits, found '%.*s'",
                          name, line, (int)(nd > 40 ? 40 : nd), text + start);
    }
    if (cnt == cap) {
      cap *= 2;
      uint32_t *nw = vs_realloc(w, cap * sizeof *w, err);
      if (!nw) { free(w); return -1; }
      w = nw;
    }
    w[cnt++] = v;
    line++;
  }
  *out = w;
  *n = cnt;
  return 0;
}

void vs_testcase_free(vs_testcase *tc)
{
  free(tc->name);
  free(tc->buf);
  free(tc->words);
  memset(tc, 0, sizeof *tc);
}

static const char *const field_names[] = {
  "start_addr", "kernel_id", "kernel_size[0]", "kernel_size[1]", "kernel_size[2]", "wf_size",
  "wg_size", "metaDataBaseAddr", "ldsSize", "pdsSize", "sgprUsage", "vgprUsage", "pdsBaseAddr",
  "num_buffer"};

int vs_testcase_parse(const char *meta, size_t mlen, const char *data, size_t dlen,
                      const char *name, vs_testcase *tc, vs_error *err)
{
  memset(tc, 0, sizeof *tc);
  char mname[512], dname[512];
  snprintf(mname, sizeof mname, "%s.metadata", name);
  snprintf(dname, sizeof dname, "%s.data", name);
  uint32_t *mw = NULL;
  size_t nmw = 0;
  if (parse_words(meta, mlen, mname, &mw, &nmw, err)) return -1;
  if (nmw % 2) {
    free(mw);
    return vs_error_set(err, VS_E_FORMAT,
                        "%s: %zu lines; the file holds 64-bit values as pairs of lines (low word first)",
                        mname, nmw);
  }
  size_t nv = nmw / 2;
  uint64_t *v = vs_malloc((nv ? nv : 1) * sizeof *v, err);
  if (!v) { free(mw); return -1; }
  for (size_t k = 0; k < nv; k++) v[k] = (uint64_t)mw[2 * k] | (uint64_t)mw[2 * k + 1] << 32;
  free(mw);

  /* current layout: 13 values then num_buffer and 3 arrays; the older one
   * lacks start_addr (12 values first) */
  int fits_new = nv >= 14 && v[13] <= VS_TC_MAX_BUFFERS && nv == 14 + 3 * v[13];
  int fits_old = nv >= 13 && v[12] <= VS_TC_MAX_BUFFERS && nv == 13 + 3 * v[12];
  int rc = -1;
  if (!fits_new && !fits_old) {
    if (nv >= 14 && v[13] > VS_TC_MAX_BUFFERS)
      vs_error_set(err, VS_E_LIMIT, "%s: num_buffer is %" PRIu64 " (limit %u)", mname, v[13],
                   VS_TC_MAX_BUFFERS);
    else
      vs_error_set(err, VS_E_FORMAT,
                   "%s: %zu values do not form a launch record (13 values, num_buffer, then "
                   "buffer_base, buffer_size and buffer_allocsize for each buffer)", mname, nv);
    goto out;
  }
  if (fits_new && fits_old) {
    vs_error_set(err, VS_E_FORMAT,
                 "%s: cannot tell whether the file has a start_addr field (both layouts fit)", mname);
    goto out;
  }
  uint64_t *f = v;
  uint64_t start = 0x80000000u;
  if (fits_new) {
    start = v[0];
    f = v + 1;
  } else {
    tc->old_format = 1;
  }
  /* f[0] kernel_id ... f[11] pdsBaseAddr, f[12] num_buffer */
  for (int k = 0; k < 13; k++)
    if (f[k] > 0xffffffffu) {
      vs_error_set(err, VS_E_FORMAT, "%s: %s = 0x%" PRIx64 " does not fit in 32 bits", mname,
                   field_names[k + 1], f[k]);
      goto out;
    }
  if (start > 0xffffffffu) {
    vs_error_set(err, VS_E_FORMAT, "%s: start_addr = 0x%" PRIx64 " does not fit in 32 bits", mname, start);
    goto out;
  }
  size_t nb = (size_t)f[12];
  const uint64_t *bases = f + 13, *sizes = bases + nb, *allocs = sizes + nb;
  tc->name = vs_strdup(name, err);
  tc->buf = vs_calloc(nb ? nb : 1, sizeof *tc->buf, err);
  if (!tc->name || !tc->buf) goto out;
  size_t words_needed = 0;
  for (size_t b = 0; b < nb; b++) {
    if (bases[b] > 0xffffffffu || sizes[b] > 0xffffffffu || allocs[b] > 0xffffffffu ||
        bases[b] + allocs[b] > 0x100000000ull) {
      vs_error_set(err, VS_E_FORMAT,
                   "%s: buffer %zu (base 0x%" PRIx64 ", allocsize 0x%" PRIx64 ") exceeds the 32-bit address space",
                   mname, b, bases[b], allocs[b]);
      goto out;
    }
    if (sizes[b] > allocs[b]) {
      vs_error_set(err, VS_E_FORMAT, "%s: buffer %zu at 0x%08" PRIx64 ": buffer_size 0x%" PRIx64
                   " is larger than buffer_allocsize 0x%" PRIx64, mname, b, bases[b], sizes[b], allocs[b]);
      goto out;
    }
    for (size_t c = 0; c < b; c++) {
      uint64_t lo = bases[b] > bases[c] ? bases[b] : bases[c];
      uint64_t hi = bases[b] + allocs[b] < bases[c] + allocs[c] ? bases[b] + allocs[b] : bases[c] + allocs[c];
      if (lo < hi) {
        vs_error_set(err, VS_E_FORMAT, "%s: buffer %zu [0x%08" PRIx64 ", +0x%" PRIx64 ") overlaps buffer %zu [0x%08"
                     PRIx64 ", +0x%" PRIx64 ")", mname, b, bases[b], allocs[b], c, bases[c], allocs[c]);
        goto out;
      }
    }
    tc->buf[b].base = bases[b];
    tc->buf[b].size = sizes[b];
    tc->buf[b].allocsize = allocs[b];
    tc->buf[b].data_word = words_needed;
    words_needed += (size_t)((sizes[b] + 3) / 4);
  }
  tc->nbuf = nb;
  if (parse_words(data, dlen, dname, &tc->words, &tc->nwords, err)) goto out;
  if (tc->nwords != words_needed) {
    vs_error_set(err, VS_E_FORMAT, "%s: %zu words, but the buffer sizes in %s need %zu", dname,
                 tc->nwords, mname, words_needed);
    goto out;
  }
  tc->kernel_id = (uint32_t)f[0];
  vs_ventus_record *l = &tc->rec;
  l->start_pc = start;
  l->grid[0] = (uint32_t)f[1];
  l->grid[1] = (uint32_t)f[2];
  l->grid[2] = (uint32_t)f[3];
  l->warp_threads = (uint32_t)f[4];
  l->wg_warps = (uint32_t)f[5];
  l->knl_addr = f[6];
  l->lds_size = (uint32_t)f[7];
  l->pds_size = (uint32_t)f[8];
  l->sgpr_usage = (uint32_t)f[9];
  l->vgpr_usage = (uint32_t)f[10];
  l->pds_base = f[11];
  rc = 0;
out:
  free(v);
  if (rc) {
    free(tc->name);
    free(tc->buf);
    free(tc->words);
    memset(tc, 0, sizeof *tc);
  }
  return rc;
}

int vs_testcase_load(const char *metadata_path, vs_testcase *tc, vs_error *err)
{
  size_t n = strlen(metadata_path);
  const char *ext = ".metadata";
  size_t el = strlen(ext);
  if (n <= el || strcmp(metadata_path + n - el, ext) != 0)
    return vs_error_set(err, VS_E_USAGE, "%s: expected a file name ending in .metadata", metadata_path);
  char *base = vs_malloc(n + 8, err);
  if (!base) return -1;
  memcpy(base, metadata_path, n - el);
  base[n - el] = '\0';
  char *dpath = vs_malloc(n + 8, err);
  if (!dpath) { free(base); return -1; }
  snprintf(dpath, n + 8, "%s.data", base);
  char *m = NULL, *d = NULL;
  size_t ml = 0, dl = 0;
  int rc = -1;
  if (vs_read_file(metadata_path, VS_MAX_INPUT_FILE, &m, &ml, err) == 0 &&
      vs_read_file(dpath, VS_MAX_INPUT_FILE, &d, &dl, err) == 0)
    rc = vs_testcase_parse(m, ml, d, dl, base, tc, err);
  if (rc == 0) {
    /* the kernel name is the file name without directory and extension */
    const char *slash = strrchr(tc->name, '/');
    if (slash) memmove(tc->name, slash + 1, strlen(slash + 1) + 1);
  }
  free(m);
  free(d);
  free(base);
  free(dpath);
  return rc;
}

int vs_testcase_install(vs_device *dev, const vs_testcase *tc, vs_error *err)
{
  for (size_t b = 0; b < tc->nbuf; b++) {
    const vs_tc_buffer *bf = &tc->buf[b];
    if (bf->allocsize && !vs_device_mapped(dev, bf->base, bf->allocsize)) {
      char nm[64];
      snprintf(nm, sizeof nm, "%s buffer %zu", tc->name, b);
      if (vs_device_map(dev, bf->base, bf->allocsize, nm, err))
        return vs_error_prefix(err, "%s.metadata", tc->name);
    }
    /* words are little-endian: byte 4k+j of the buffer is byte j of word k,
     * which is how the (little-endian, core/memory.c) host holds them */
    if (bf->size && vs_device_write(dev, bf->base, &tc->words[bf->data_word], bf->size, err))
      return vs_error_prefix(err, "%s.data", tc->name);
  }
  return 0;
}

int vs_dump_buffers(vs_device *dev, const vs_tc_buffer *bufs, size_t n, FILE *out, vs_error *err)
{
  /* increasing address order */
  size_t *order = vs_malloc((n ? n : 1) * sizeof *order, err);
  if (!order) return -1;
  for (size_t i = 0; i < n; i++) order[i] = i;
  for (size_t i = 1; i < n; i++) {
    size_t x = order[i], j = i;
    while (j > 0 && bufs[order[j - 1]].base > bufs[x].base) { order[j] = order[j - 1]; j--; }
    order[j] = x;
  }
  fprintf(out, "# ventsim memory dump: first buffer_size bytes of %zu buffers\n", n);
  int rc = 0;
  for (size_t k = 0; k < n && rc == 0; k++) {
    const vs_tc_buffer *b = &bufs[order[k]];
    if (!b->size) continue;
    fprintf(out, "# buffer 0x%08" PRIx64 " size 0x%" PRIx64 "\n", b->base, b->size);
    size_t words = ((size_t)b->size + 3) / 4;
    for (size_t i = 0; i < words; i++) {
      vs_addr addr = b->base + 4 * i;
      uint32_t w = 0;
      if (vs_device_read(dev, addr, &w, 4, err)) { rc = -1; break; }
      fprintf(out, "%08" PRIx64 " %08x\n", addr, w);
    }
  }
  free(order);
  if (rc == 0 && ferror(out)) rc = vs_error_set(err, VS_E_IO, "write error: %s", strerror(errno ? errno : EIO));
  return rc;
}

/* A 64-bit value as two lines, low word first */
static void put64(FILE *f, uint64_t v)
{
  fprintf(f, "%08x\n%08x\n", (uint32_t)v, (uint32_t)(v >> 32));
}

int vs_testcase_save(vs_device *dev, const vs_testcase *tc, const char *metadata_path, vs_error *err)
{
  size_t n = strlen(metadata_path), el = strlen(".metadata");
  if (n <= el || strcmp(metadata_path + n - el, ".metadata") != 0)
    return vs_error_set(err, VS_E_USAGE, "%s: expected a file name ending in .metadata", metadata_path);
  char *dpath = vs_malloc(n + 8, err);
  if (!dpath) return -1;
  snprintf(dpath, n + 8, "%.*s.data", (int)(n - el), metadata_path);
  /* both files are written completely before either replaces its name */
  vs_outfile om, od;
  if (vs_outfile_open(&om, metadata_path, 0, err)) {
    free(dpath);
    return -1;
  }
  if (vs_outfile_open(&od, dpath, 0, err)) {
    vs_outfile_discard(&om);
    free(dpath);
    return -1;
  }
  FILE *fm = om.f, *fd = od.f;
  const vs_ventus_record *l = &tc->rec;
  uint64_t vals[14] = {l->start_pc, tc->kernel_id, l->grid[0], l->grid[1], l->grid[2],
                       l->warp_threads, l->wg_warps, l->knl_addr, l->lds_size, l->pds_size,
                       l->sgpr_usage, l->vgpr_usage, l->pds_base, tc->nbuf};
  for (int k = 0; k < 14; k++) put64(fm, vals[k]);
  for (size_t b = 0; b < tc->nbuf; b++) put64(fm, tc->buf[b].base);
  for (size_t b = 0; b < tc->nbuf; b++) put64(fm, tc->buf[b].size);
  for (size_t b = 0; b < tc->nbuf; b++) put64(fm, tc->buf[b].allocsize);
  int rc = 0;
  for (size_t b = 0; b < tc->nbuf && rc == 0; b++) {
    size_t words = ((size_t)tc->buf[b].size + 3) / 4;
    for (size_t i = 0; i < words; i++) {
      uint8_t by[4] = {0, 0, 0, 0};
      size_t left = tc->buf[b].size - 4 * i;
      if (vs_device_read(dev, tc->buf[b].base + 4 * i, by, left < 4 ? left : 4, err)) {
        rc = -1;
        break;
      }
      fprintf(fd, "%08x\n", (uint32_t)by[0] | (uint32_t)by[1] << 8 | (uint32_t)by[2] << 16 |
                                (uint32_t)by[3] << 24);
    }
  }
  if (rc == 0 && (ferror(fm) || ferror(fd)))
    rc = vs_error_set(err, VS_E_IO, "%s: write error", ferror(fm) ? metadata_path : dpath);
  if (rc) {
    vs_outfile_discard(&om);
    vs_outfile_discard(&od);
  } else if (vs_outfile_commit(&od, err)) {
    vs_outfile_discard(&om);
    rc = -1;
  } else if (vs_outfile_commit(&om, err)) {
    rc = -1;
  }
  free(dpath);
  return rc;
}
