/* The GDB remote serial protocol's packet layer: framing ($payload#cs),
 * checksums, binary escaping, acknowledgements (and no-ack mode), the
 * interrupt byte, and the TCP connection (bound to 127.0.0.1 only).
 * Knows nothing about what the packets mean (src/debug/gdb_target.c). */
#ifndef VS_DEBUG_RSP_H
#define VS_DEBUG_RSP_H

#include <stddef.h>
#include <stdint.h>

#include "ventsim/error.h"

/* Largest packet payload accepted or sent (advertised as PacketSize). */
#define VS_RSP_MAX_PACKET 16384

/* Modulo-256 sum of the bytes */
uint8_t vs_rsp_checksum(const char *data, size_t n);

/* Escapes bytes for a packet body: '#', '$', '}' and '*' become '}' followed
 * by the byte xor 0x20.  Returns the length written, or (size_t)-1 if cap
 * is too small. */
size_t vs_rsp_escape(const uint8_t *in, size_t n, char *out, size_t cap);
/* Undoes the escaping in place; returns the new length, or (size_t)-1 for a
 * '}' at the end (nothing to escape). */
size_t vs_rsp_unescape(char *buf, size_t n);

/* "$payload#cs" with the payload escaped (binary safe); returns the length,
 * or (size_t)-1 if cap is too small. */
size_t vs_rsp_frame(const char *payload, size_t n, char *out, size_t cap);

/* Incremental receiver: feed it bytes one at a time. */
enum vs_rsp_event {
  VS_RSP_NONE = 0,  /* need more bytes                               */
  VS_RSP_PACKET,    /* a packet with a good checksum is in p->buf     */
  VS_RSP_BADSUM,    /* a packet with a wrong checksum (send '-')      */
  VS_RSP_OVERSIZE,  /* a packet longer than VS_RSP_MAX_PACKET, dropped */
  VS_RSP_INTERRUPT, /* the interrupt byte 0x03 outside a packet       */
  VS_RSP_ACK,       /* '+'                                            */
  VS_RSP_NAK,       /* '-'                                            */
};

typedef struct vs_rsp_parser {
  int state;         /* 0 idle, 1 payload, 2 and 3 checksum digits */
  size_t len;        /* payload bytes (escaped form, as received)  */
  int oversize;
  uint8_t sum, got;
  char buf[VS_RSP_MAX_PACKET + 1]; /* payload, NUL-terminated when complete */
} vs_rsp_parser;

void vs_rsp_parser_init(vs_rsp_parser *p);
int vs_rsp_feed(vs_rsp_parser *p, uint8_t byte);

/* ---- the connection ---- */
typedef struct vs_rsp_conn {
  int listen_fd, fd;
  int noack;                 /* QStartNoAckMode accepted */
  vs_rsp_parser parser;
  uint8_t in[4096];
  size_t in_pos, in_len;
  int pending_interrupt;     /* 0x03 seen while waiting for an ack */
  char out[2 * VS_RSP_MAX_PACKET + 8];
} vs_rsp_conn;

/* Listens on 127.0.0.1:port (0: a free port); *actual gets the port. */
int vs_rsp_listen(vs_rsp_conn *c, unsigned port, unsigned *actual, vs_error *err);
/* Waits for a client (the listening socket is closed afterwards). */
int vs_rsp_accept(vs_rsp_conn *c, vs_error *err);
void vs_rsp_close(vs_rsp_conn *c);

/* Sends one packet and (unless no-ack mode) waits for its '+'.  Returns 0,
 * or -1 if the client went away. */
int vs_rsp_send(vs_rsp_conn *c, const char *payload, size_t n);
int vs_rsp_send_str(vs_rsp_conn *c, const char *payload);

/* Waits for the next packet (acknowledged unless no-ack mode; bad
 * checksums are answered with '-').  Returns VS_RSP_PACKET (payload in
 * c->parser.buf, length *len, unescaped), VS_RSP_INTERRUPT,
 * VS_RSP_OVERSIZE, or -1 when the client disconnected. */
int vs_rsp_recv(vs_rsp_conn *c, size_t *len);

/* Without blocking: 1 if the client sent the interrupt byte, -1 if it
 * disconnected, 0 otherwise.  Other bytes read are kept for vs_rsp_recv. */
int vs_rsp_poll_interrupt(vs_rsp_conn *c);

#endif
