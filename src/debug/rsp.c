/* GDB remote serial protocol: packet framing and the TCP connection. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/util.h"
#include "debug/rsp.h"

uint8_t vs_rsp_checksum(const char *data, size_t n)
{
  unsigned sum = 0;
  for (size_t i = 0; i < n; i++) sum += (uint8_t)data[i];
  return (uint8_t)sum;
}

static int needs_escape(uint8_t b)
{
  return b == '#' || b == '$' || b == '}' || b == '*';
}

size_t vs_rsp_escape(const uint8_t *in, size_t n, char *out, size_t cap)
{
  size_t o = 0;
  for (size_t i = 0; i < n; i++) {
    if (needs_escape(in[i])) {
      if (o + 2 > cap) return (size_t)-1;
      out[o++] = '}';
      out[o++] = (char)(in[i] ^ 0x20);
    } else {
      if (o + 1 > cap) return (size_t)-1;
      out[o++] = (char)in[i];
    }
  }
  return o;
}

size_t vs_rsp_unescape(char *buf, size_t n)
{
  size_t o = 0;
  for (size_t i = 0; i < n; i++) {
    if (buf[i] == '}') {
      if (++i == n) return (size_t)-1;
      buf[o++] = (char)(buf[i] ^ 0x20);
    } else {
      buf[o++] = buf[i];
    }
  }
  return o;
}

static const char hexdig[] = "0123456789abcdef";

size_t vs_rsp_frame(const char *payload, size_t n, char *out, size_t cap)
{
  if (cap < 4) return (size_t)-1;
  out[0] = '$';
  size_t body = vs_rsp_escape((const uint8_t *)payload, n, out + 1, cap - 4);
  if (body == (size_t)-1) return (size_t)-1;
  uint8_t sum = vs_rsp_checksum(out + 1, body);
  size_t o = 1 + body;
  out[o++] = '#';
  out[o++] = hexdig[sum >> 4];
  out[o++] = hexdig[sum & 15];
  return o;
}

void vs_rsp_parser_init(vs_rsp_parser *p)
{
  p->state = 0;
  p->len = 0;
  p->oversize = 0;
  p->sum = p->got = 0;
  p->buf[0] = '\0';
}

int vs_rsp_feed(vs_rsp_parser *p, uint8_t b)
{
  switch (p->state) {
  case 0: /* between packets */
    if (b == '$') {
      p->state = 1;
      p->len = 0;
      p->sum = 0;
      p->oversize = 0;
      return VS_RSP_NONE;
    }
    if (b == 0x03) return VS_RSP_INTERRUPT;
    if (b == '+') return VS_RSP_ACK;
    if (b == '-') return VS_RSP_NAK;
    return VS_RSP_NONE; /* noise */
  case 1: /* payload */
    if (b == '#') {
      p->state = 2;
      return VS_RSP_NONE;
    }
    if (b == '$') { /* a new packet starts: the old one was cut short */
      p->len = 0;
      p->sum = 0;
      p->oversize = 0;
      return VS_RSP_NONE;
    }
    p->sum = (uint8_t)(p->sum + b);
    if (p->len < VS_RSP_MAX_PACKET) p->buf[p->len++] = (char)b;
    else p->oversize = 1;
    return VS_RSP_NONE;
  case 2:
  case 3: {
    int v = vs_hex_digit(b);
    if (p->state == 2) {
      p->got = (uint8_t)((v < 0 ? 0 : v) << 4);
      p->state = v < 0 ? 4 : 3; /* 4: bad digit, wait for the second one */
      return VS_RSP_NONE;
    }
    p->state = 0;
    p->buf[p->len] = '\0';
    if (p->oversize) return VS_RSP_OVERSIZE;
    if (v < 0) return VS_RSP_BADSUM;
    p->got = (uint8_t)(p->got | v);
    return p->got == p->sum ? VS_RSP_PACKET : VS_RSP_BADSUM;
  }
  default: /* second checksum digit after a bad first one */
    p->state = 0;
    p->buf[p->len] = '\0';
    return p->oversize ? VS_RSP_OVERSIZE : VS_RSP_BADSUM;
  }
}

/* ---- connection ---- */

int vs_rsp_listen(vs_rsp_conn *c, unsigned port, unsigned *actual, vs_error *err)
{
  memset(c, 0, sizeof *c);
  c->fd = -1;
  vs_rsp_parser_init(&c->parser);
  if (port > 65535) return vs_error_set(err, VS_E_USAGE, "--gdb: port %u is not in 0..65535", port);
  c->listen_fd = socket(AF_INET, SOCK_STREAM, 0);
  if (c->listen_fd < 0) return vs_error_set(err, VS_E_IO, "gdb server: socket: %s", strerror(errno));
  int one = 1;
  setsockopt(c->listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons((uint16_t)port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(c->listen_fd, (struct sockaddr *)&a, sizeof a) || listen(c->listen_fd, 1)) {
    int e = errno;
    close(c->listen_fd);
    c->listen_fd = -1;
    return vs_error_set(err, VS_E_IO, "gdb server: cannot listen on 127.0.0.1:%u: %s", port,
                        strerror(e));
  }
  socklen_t al = sizeof a;
  getsockname(c->listen_fd, (struct sockaddr *)&a, &al);
  if (actual) *actual = ntohs(a.sin_port);
  return 0;
}

int vs_rsp_accept(vs_rsp_conn *c, vs_error *err)
{
  int fd;
  do fd = accept(c->listen_fd, NULL, NULL);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) return vs_error_set(err, VS_E_IO, "gdb server: accept: %s", strerror(errno));
  close(c->listen_fd);
  c->listen_fd = -1;
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  c->fd = fd;
  return 0;
}

void vs_rsp_close(vs_rsp_conn *c)
{
  if (c->fd >= 0) close(c->fd);
  if (c->listen_fd >= 0) close(c->listen_fd);
  c->fd = c->listen_fd = -1;
}

static int write_all(vs_rsp_conn *c, const char *p, size_t n)
{
  while (n) {
    ssize_t k = send(c->fd, p, n, MSG_NOSIGNAL);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return -1;
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

/* Next byte from the client (blocking); -1 on disconnect. */
static int read_byte(vs_rsp_conn *c)
{
  if (c->in_pos == c->in_len) {
    ssize_t k;
    do k = recv(c->fd, c->in, sizeof c->in, 0);
    while (k < 0 && errno == EINTR);
    if (k <= 0) return -1;
    c->in_pos = 0;
    c->in_len = (size_t)k;
  }
  return c->in[c->in_pos++];
}

int vs_rsp_send(vs_rsp_conn *c, const char *payload, size_t n)
{
  if (c->fd < 0) return -1;
  size_t len = vs_rsp_frame(payload, n, c->out, sizeof c->out);
  if (len == (size_t)-1) return -1; /* callers keep replies within VS_RSP_MAX_PACKET */
  for (int tries = 0; tries < 16; tries++) {
    if (write_all(c, c->out, len)) return -1;
    if (c->noack) return 0;
    for (;;) { /* wait for the acknowledgement */
      int b = read_byte(c);
      if (b < 0) return -1;
      if (b == '+') return 0;
      if (b == '-') break; /* resend */
      if (b == 0x03) c->pending_interrupt = 1;
      /* anything else: ignore (a new packet would not come before the ack) */
    }
  }
  return -1;
}

int vs_rsp_send_str(vs_rsp_conn *c, const char *payload)
{
  return vs_rsp_send(c, payload, strlen(payload));
}

int vs_rsp_recv(vs_rsp_conn *c, size_t *len)
{
  if (c->fd < 0) return -1;
  if (c->pending_interrupt) {
    c->pending_interrupt = 0;
    return VS_RSP_INTERRUPT;
  }
  for (;;) {
    int b = read_byte(c);
    if (b < 0) return -1;
    int ev = vs_rsp_feed(&c->parser, (uint8_t)b);
    switch (ev) {
    case VS_RSP_PACKET: {
      if (!c->noack && write_all(c, "+", 1)) return -1;
      size_t n = vs_rsp_unescape(c->parser.buf, c->parser.len);
      if (n == (size_t)-1) n = 0; /* treated as an empty (unknown) packet */
      c->parser.buf[n] = '\0';
      *len = n;
      return VS_RSP_PACKET;
    }
    case VS_RSP_BADSUM:
      if (!c->noack && write_all(c, "-", 1)) return -1;
      break;
    case VS_RSP_OVERSIZE:
      if (!c->noack && write_all(c, "+", 1)) return -1;
      return VS_RSP_OVERSIZE;
    case VS_RSP_INTERRUPT:
      return VS_RSP_INTERRUPT;
    default:
      break;
    }
  }
}

int vs_rsp_poll_interrupt(vs_rsp_conn *c)
{
  if (c->fd < 0) return -1;
  if (c->pending_interrupt) {
    c->pending_interrupt = 0;
    return 1;
  }
  /* bytes already buffered come first */
  while (c->in_pos < c->in_len) {
    if (c->parser.state == 0 && c->in[c->in_pos] == 0x03) {
      c->in_pos++;
      return 1;
    }
    if (c->parser.state == 0 && c->in[c->in_pos] != '$') {
      c->in_pos++; /* stray acks or noise between packets */
      continue;
    }
    return 0; /* a packet while running: left for vs_rsp_recv */
  }
  struct pollfd pf = {c->fd, POLLIN, 0};
  if (poll(&pf, 1, 0) <= 0) return 0;
  ssize_t k = recv(c->fd, c->in, sizeof c->in, 0);
  if (k <= 0) return k < 0 && (errno == EINTR || errno == EAGAIN) ? 0 : -1;
  c->in_pos = 0;
  c->in_len = (size_t)k;
  return vs_rsp_poll_interrupt(c);
}
