/* The gdb remote protocol's packet layer (src/debug/rsp.c): checksums,
 * escaping, framing, the receiver, acknowledgements over a socket pair.
 * Expected bytes and checksums are computed by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "debug/rsp.h"

static void test_checksum(void **state)
{
  (void)state;
  assert_int_equal(vs_rsp_checksum("", 0), 0x00);
  assert_int_equal(vs_rsp_checksum("OK", 2), 0x9a); /* 0x4f + 0x4b */
  /* q S u p p o r t e d: 0x71+0x53+0x75+0x70+0x70+0x6f+0x72+0x74+0x65+0x64 = 0x437 */
  assert_int_equal(vs_rsp_checksum("qSupported", 10), 0x37);
  /* wraps modulo 256: 0xff + 0x02 = 0x101 */
  assert_int_equal(vs_rsp_checksum("\xff\x02", 2), 0x01);
}

static void test_escape(void **state)
{
  (void)state;
  const uint8_t in[] = {'a', '#', '$', '}', '*', 0x00, 0x03};
  char out[32];
  size_t n = vs_rsp_escape(in, sizeof in, out, sizeof out);
  /* '#' 0x23 -> } 0x03, '$' 0x24 -> } 0x04, '}' 0x7d -> } 0x5d, '*' 0x2a -> } 0x0a */
  const char want[] = {'a', '}', 0x03, '}', 0x04, '}', 0x5d, '}', 0x0a, 0x00, 0x03};
  assert_int_equal(n, sizeof want);
  assert_memory_equal(out, want, sizeof want);
  /* too small: the 2-byte escape of '#' does not fit in 2 bytes after 'a' */
  assert_int_equal(vs_rsp_escape(in, 2, out, 2), (size_t)-1);
  assert_int_equal(vs_rsp_escape(in, 1, out, 1), 1);

  char buf[32];
  memcpy(buf, want, sizeof want);
  n = vs_rsp_unescape(buf, sizeof want);
  assert_int_equal(n, sizeof in);
  assert_memory_equal(buf, in, sizeof in);
  char bad[] = {'x', '}'}; /* nothing after the escape character */
  assert_int_equal(vs_rsp_unescape(bad, 2), (size_t)-1);
}

static void test_frame(void **state)
{
  (void)state;
  char out[64];
  size_t n = vs_rsp_frame("OK", 2, out, sizeof out);
  assert_int_equal(n, 6);
  assert_memory_equal(out, "$OK#9a", 6);
  n = vs_rsp_frame("", 0, out, sizeof out);
  assert_int_equal(n, 4);
  assert_memory_equal(out, "$#00", 4);
  /* "a}b" is sent as "a}]b": 0x61 + 0x7d + 0x5d + 0x62 = 0x19d */
  n = vs_rsp_frame("a}b", 3, out, sizeof out);
  assert_int_equal(n, 8);
  assert_memory_equal(out, "$a}]b#9d", 8);
  assert_int_equal(vs_rsp_frame("OK", 2, out, 5), (size_t)-1);
}

static int feed_str(vs_rsp_parser *p, const char *s, size_t n)
{
  int last = VS_RSP_NONE;
  for (size_t i = 0; i < n; i++) {
    int ev = vs_rsp_feed(p, (uint8_t)s[i]);
    if (ev != VS_RSP_NONE) last = ev;
    if (ev != VS_RSP_NONE && i + 1 != n) return -100 - (int)i; /* event too early */
  }
  return last;
}

static void test_parser(void **state)
{
  (void)state;
  vs_rsp_parser *p = malloc(sizeof *p);
  assert_non_null(p);
  vs_rsp_parser_init(p);
  assert_int_equal(vs_rsp_feed(p, '+'), VS_RSP_ACK);
  assert_int_equal(vs_rsp_feed(p, '-'), VS_RSP_NAK);
  assert_int_equal(vs_rsp_feed(p, 0x03), VS_RSP_INTERRUPT);
  assert_int_equal(feed_str(p, "$OK#9a", 6), VS_RSP_PACKET);
  assert_string_equal(p->buf, "OK");
  assert_int_equal(feed_str(p, "$OK#9A", 6), VS_RSP_PACKET); /* upper-case digits */
  assert_int_equal(feed_str(p, "$OK#9b", 6), VS_RSP_BADSUM);
  assert_int_equal(feed_str(p, "$OK#zz", 6), VS_RSP_BADSUM);
  assert_int_equal(feed_str(p, "$qSupported#37", 14), VS_RSP_PACKET);
  assert_string_equal(p->buf, "qSupported");
  /* a '$' inside a packet starts over */
  assert_int_equal(feed_str(p, "$O$OK#9a", 8), VS_RSP_PACKET);
  assert_string_equal(p->buf, "OK");
  /* the interrupt byte inside a packet is payload, not an interrupt:
   * 'a' 0x61 + 0x03 = 0x64 */
  assert_int_equal(feed_str(p, "$a\x03#64", 6), VS_RSP_PACKET);
  /* escaped payload is kept as received (checksum over the escaped bytes);
   * "X}]" = 0x58 + 0x7d + 0x5d = 0x132 */
  assert_int_equal(feed_str(p, "$X}]#32", 7), VS_RSP_PACKET);
  assert_int_equal(p->len, 3);
  /* too long: dropped, reported once the checksum arrives */
  size_t big = VS_RSP_MAX_PACKET + 10;
  char *s = malloc(big + 4);
  assert_non_null(s);
  s[0] = '$';
  memset(s + 1, 'a', big - 1);
  memcpy(s + big, "#00", 3);
  assert_int_equal(feed_str(p, s, big + 3), VS_RSP_OVERSIZE);
  /* the parser is usable afterwards */
  assert_int_equal(feed_str(p, "$OK#9a", 6), VS_RSP_PACKET);
  free(s);
  free(p);
}

static void test_socket(void **state)
{
  (void)state;
  int sv[2];
  assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
  vs_rsp_conn *c = calloc(1, sizeof *c);
  assert_non_null(c);
  c->listen_fd = -1;
  c->fd = sv[0];
  vs_rsp_parser_init(&c->parser);
  char buf[64];

  /* sending waits for the '+'; a '-' makes it send again */
  assert_int_equal(write(sv[1], "-+", 2), 2);
  assert_int_equal(vs_rsp_send_str(c, "OK"), 0);
  ssize_t n = read(sv[1], buf, sizeof buf);
  assert_int_equal(n, 12);
  assert_memory_equal(buf, "$OK#9a$OK#9a", 12);

  /* receiving acknowledges; "m0,4" = 0x6d + 0x30 + 0x2c + 0x34 = 0xfd.  A
   * bad checksum first gets a '-'. */
  const char in[] = "$m0,4#fe$m0,4#fd";
  assert_int_equal(write(sv[1], in, sizeof in - 1), (ssize_t)(sizeof in - 1));
  size_t len = 0;
  assert_int_equal(vs_rsp_recv(c, &len), VS_RSP_PACKET);
  assert_int_equal(len, 4);
  assert_string_equal(c->parser.buf, "m0,4");
  n = read(sv[1], buf, sizeof buf);
  assert_int_equal(n, 2);
  assert_memory_equal(buf, "-+", 2);

  /* escaped binary payload is unescaped: "X}]" (0x132) -> "X}" */
  assert_int_equal(write(sv[1], "$X}]#32", 7), 7);
  assert_int_equal(vs_rsp_recv(c, &len), VS_RSP_PACKET);
  assert_int_equal(len, 2);
  assert_memory_equal(c->parser.buf, "X}", 2);
  assert_int_equal(read(sv[1], buf, sizeof buf), 1);

  /* no-ack mode: nothing is acknowledged, nothing awaited */
  c->noack = 1;
  assert_int_equal(vs_rsp_send_str(c, "OK"), 0);
  assert_int_equal(read(sv[1], buf, sizeof buf), 6);

  /* the interrupt byte while running; then nothing; then a disconnect */
  assert_int_equal(vs_rsp_poll_interrupt(c), 0);
  assert_int_equal(write(sv[1], "\x03", 1), 1);
  assert_int_equal(vs_rsp_poll_interrupt(c), 1);
  assert_int_equal(vs_rsp_poll_interrupt(c), 0);
  close(sv[1]);
  assert_int_equal(vs_rsp_poll_interrupt(c), -1);
  assert_int_equal(vs_rsp_recv(c, &len), -1);
  vs_rsp_close(c);
  free(c);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_checksum), cmocka_unit_test(test_escape), cmocka_unit_test(test_frame),
    cmocka_unit_test(test_parser), cmocka_unit_test(test_socket),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
