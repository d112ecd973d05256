/* The toy ISA under the gdb server: an ISA that gives no gdb layout gets
 * the default view of its register files (debug/gdb_regmap.h) -- s0-s3
 * (64 bits each), pc (64 bits), v0-v15 (vectors of 32-bit lanes) in one
 * feature "org.ventsim.toy" -- and the server serves it like Ventus.  A
 * client thread speaks the remote protocol over TCP: it reads the target
 * description, reads the registers with 'g' at the first instruction
 * (the launch's values: s0 = in, s1 = out, s2 = s3 = 0, pc = the entry),
 * stops at a breakpoint after TID, reads v0 (lane ids 0..3), writes v0
 * and detaches; the kernel then stores the written v0 to out[0..3]. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "debug/gdb_server.h"
#include "debug/rsp.h"
#include "sim/registry.h"
#include "toy/toy.h"
#include "ventsim/sim.h"

#define CODE 0x300000000ull
#define IN   0x100000000ull
#define OUT  0x200001000ull

static const uint32_t kernel[] = {
  TOY_I(TOY_TID, 0, 0, 2), /* v0 = g          (CODE)      */
  TOY_I(TOY_TID, 2, 0, 2), /* v2 = g          (CODE + 4)  */
  TOY_I(TOY_ADD, 1, 2, 2), /* v1 = 2 g                    */
  TOY_I(TOY_ADD, 1, 1, 1), /* v1 = 4 g                    */
  TOY_I(TOY_ST, 1, 0, 1),  /* out[g] = v0                 */
  TOY_I(TOY_END, 0, 0, 0),
};

enum { NREQ = 7 };
typedef struct client {
  unsigned port;
  const char *req[NREQ];
  char *rep[NREQ];
  int failed;
} client;

/* One packet out, its acknowledgement and the reply packet in */
static char *exchange(int fd, const char *payload)
{
  char frame[256];
  size_t n = vs_rsp_frame(payload, strlen(payload), frame, sizeof frame);
  if (n == (size_t)-1 || write(fd, frame, n) != (ssize_t)n) return NULL;
  vs_rsp_parser p;
  vs_rsp_parser_init(&p);
  for (;;) {
    uint8_t c;
    if (read(fd, &c, 1) != 1) return NULL;
    int ev = vs_rsp_feed(&p, c);
    if (ev == VS_RSP_PACKET) break;
    if (ev != VS_RSP_NONE && ev != VS_RSP_ACK) return NULL;
  }
  if (write(fd, "+", 1) != 1) return NULL;
  size_t len = vs_rsp_unescape(p.buf, p.len);
  char *r = malloc(len + 1);
  if (r) {
    memcpy(r, p.buf, len);
    r[len] = '\0';
  }
  return r;
}

static void *client_main(void *arg)
{
  client *c = arg;
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)c->port)};
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a)) {
    c->failed = 1;
    if (fd >= 0) close(fd);
    return NULL;
  }
  for (int i = 0; i < NREQ; i++)
    if (!(c->rep[i] = exchange(fd, c->req[i]))) {
      c->failed = 1;
      break;
    }
  close(fd);
  return NULL;
}

static void le_hex(char *out, uint64_t v, unsigned bytes)
{
  for (unsigned i = 0; i < bytes; i++) sprintf(out + 2 * i, "%02x", (unsigned)(v >> (8 * i)) & 0xffu);
}

static void toy_default_gdb_view(void **state)
{
  (void)state;
  vs_error err = {0};
  assert_int_equal(toy_register(&err), 0);
  const vs_isa_entry *e = vs_isa_find("toy");
  assert_non_null(e);
  assert_null(e->gdb); /* no layout: the default view */
  vs_device *dev = NULL;
  assert_int_equal(vs_device_create(&dev, "toy", &err), 0);
  assert_int_equal(vs_device_map(dev, CODE, 4096, "code", &err), 0);
  assert_int_equal(vs_device_map(dev, IN, 4096, "in", &err), 0);
  assert_int_equal(vs_device_map(dev, OUT, 4096, "out", &err), 0);
  assert_int_equal(vs_device_write(dev, CODE, kernel, sizeof kernel, &err), 0);

  vs_gdb_server *s = NULL;
  assert_int_equal(vs_gdb_server_create(&s, 0, e->isa, e->gdb, 4, dev, &err), 0);
  /* P5: v0 = 100, 101, 102, 103 */
  client c = {vs_gdb_server_port(s),
              {"qXfer:features:read:target.xml:0,3fff", "g", "Z0,300000004,4", "c", "p5",
               "P5=64000000650000006600000067000000", "D"},
              {0}, 0};
  pthread_t t;
  assert_int_equal(pthread_create(&t, NULL, client_main, &c), 0);
  assert_int_equal(vs_gdb_server_accept(s, &err), 0);
  toy_abi abi = {TOY_MAGIC, 0, IN, OUT};
  vs_launch l = {.name = "toy", .entry = CODE, .dims = 1, .global = {4, 1, 1}, .local = {4, 1, 1},
                 .wave_size = 4, .abi = &abi, .abi_size = sizeof abi};
  vs_run_options o = {0};
  o.debug = vs_gdb_server_hooks(s);
  vs_run_result res;
  int rc = vs_device_run(dev, &l, &o, &res, &err);
  vs_gdb_server_finish(s, 0);
  pthread_join(t, NULL);
  vs_gdb_server_destroy(s);
  assert_int_equal(rc, 0);
  assert_int_equal(c.failed, 0);

  /* the target description: one feature, s0-s3, pc, v0-v15 */
  const char *xml = c.rep[0];
  assert_int_equal(xml[0], 'l');
  assert_non_null(strstr(xml, "<feature name=\"org.ventsim.toy\">\n"
                              "<reg name=\"s0\" bitsize=\"64\" type=\"int\" regnum=\"0\"/>\n"));
  assert_non_null(strstr(xml, "<reg name=\"s3\" bitsize=\"64\" type=\"int\" regnum=\"3\"/>\n"
                              "<reg name=\"pc\" bitsize=\"64\" type=\"code_ptr\" regnum=\"4\"/>\n"));
  assert_non_null(strstr(xml, "<vector id=\"toy_u32\" type=\"uint32\" count=\"4\"/>\n"));
  assert_non_null(strstr(xml, "<reg name=\"v0\" bitsize=\"128\" type=\"toy_vreg\" regnum=\"5\" group=\"vector\"/>\n"));
  assert_non_null(strstr(xml, "<reg name=\"v15\" bitsize=\"128\" type=\"toy_vreg\" regnum=\"20\" group=\"vector\"/>\n"
                              "</feature>\n</target>\n"));
  assert_null(strstr(xml, "regnum=\"21\""));
  /* 'g': s0..s3 and pc, 8 bytes each, little-endian */
  char want[81];
  le_hex(want, IN, 8);
  le_hex(want + 16, OUT, 8);
  le_hex(want + 32, 0, 8);
  le_hex(want + 48, 0, 8);
  le_hex(want + 64, CODE, 8);
  assert_string_equal(c.rep[1], want);
  assert_string_equal(c.rep[2], "OK");
  assert_string_equal(c.rep[3], "T05thread:1;"); /* the breakpoint after TID */
  assert_string_equal(c.rep[4], "00000000010000000200000003000000");
  assert_string_equal(c.rep[5], "OK");
  assert_string_equal(c.rep[6], "OK");
  for (int i = 0; i < NREQ; i++) free(c.rep[i]);
  uint32_t out[4];
  assert_int_equal(vs_device_read(dev, OUT, out, sizeof out, &err), 0);
  for (unsigned i = 0; i < 4; i++) assert_int_equal(out[i], 100 + i);
  vs_device_destroy(dev);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(toy_default_gdb_view),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
