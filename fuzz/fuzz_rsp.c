/* Fuzz harness: the GDB remote serial protocol packet layer (src/debug/
 * rsp.c): the incremental receiver fed byte by byte, the unescaping of
 * every received packet, and the framing of that payload, which must parse
 * back to the same bytes.  (The command layer, src/debug/gdb_server.c, is
 * only reachable through a TCP connection and is not fuzzed here.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debug/rsp.h"
#include "fuzz_common.h"

static vs_rsp_parser p1, p2;
static char payload[VS_RSP_MAX_PACKET + 1];
static char frame[2 * VS_RSP_MAX_PACKET + 8];

/* frames payload[0..n) and parses it back: must give the same bytes */
static void round_trip(size_t n)
{
  size_t f = vs_rsp_frame(payload, n, frame, sizeof frame);
  if (f == (size_t)-1) abort(); /* the frame buffer holds any payload */
  vs_rsp_parser_init(&p2);
  int ev = VS_RSP_NONE;
  for (size_t i = 0; i < f; i++) {
    ev = vs_rsp_feed(&p2, (uint8_t)frame[i]);
    if (ev != VS_RSP_NONE && i + 1 != f) abort(); /* an event inside our own frame */
  }
  if (p2.len > VS_RSP_MAX_PACKET) abort();
  if (ev == VS_RSP_OVERSIZE) return; /* escaping made it longer than a packet */
  if (ev != VS_RSP_PACKET) abort();
  size_t m = vs_rsp_unescape(p2.buf, p2.len);
  if (m != n || memcmp(p2.buf, payload, n) != 0) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  vs_rsp_parser_init(&p1);
  for (size_t i = 0; i < size; i++) {
    int ev = vs_rsp_feed(&p1, data[i]);
    if (p1.len > VS_RSP_MAX_PACKET) abort();
    if (ev == VS_RSP_PACKET) {
      memcpy(payload, p1.buf, p1.len);
      size_t n = vs_rsp_unescape(payload, p1.len);
      if (n == (size_t)-1) continue; /* '}' at the end: rejected */
      if (n > p1.len) abort();
      round_trip(n);
    }
  }
  return 0;
}
