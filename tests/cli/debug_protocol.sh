#!/usr/bin/env bash
# `ventsim run --gdb` at the packet level (bash /dev/tcp, no gdb needed):
# acknowledgements, a bad checksum answered with '-', an oversized packet
# rejected with E02, unknown packets answered empty, unmapped memory E01,
# the interrupt byte stopping a running kernel (T02), kill ending the run,
# a client disconnect ending the run cleanly; option conflicts.
set -euo pipefail
tmp=$(mktemp -d)
srv=""
cleanup() {
  exec 3>&- 2> /dev/null || true
  if [ -n "$srv" ]; then kill "$srv" 2> /dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; echo "--- server stderr"; cat "$tmp/srv.err" 2> /dev/null || true; exit 1; }
MK() { "$VENTSIM" mkcase "$@"; }
s="$VS_SOURCE_DIR/tests/debug/spin.s"
# shellcheck disable=SC2046
MK -o "$tmp/spin.metadata" $(grep -m1 '^# mkcase:' "$s" | sed 's/^# mkcase://') "$s" || fail "ventsim mkcase"

# option conflicts are usage errors (exit 2)
for bad in "--gdb 0 -j 2" "--gdb 0 --timing" "--gdb 70000" "--gdb x"; do
  rc=0
  # shellcheck disable=SC2086
  "$VENTSIM" run $bad "$tmp/spin.metadata" > /dev/null 2> "$tmp/err" || rc=$?
  [ "$rc" -eq 2 ] || fail "'run $bad' exited with $rc, want 2"
  grep -q -- "--gdb" "$tmp/err" || fail "'run $bad': message does not name --gdb"
done

start_server() {
  rm -f "$tmp/srv.err" # the previous server's port must not be read
  "$VENTSIM" run --gdb 0 "$@" > "$tmp/srv.out" 2> "$tmp/srv.err" &
  srv=$!
  port=""
  for _ in $(seq 100); do
    port=$(sed -n 's/.*gdb server listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/srv.err" 2> /dev/null || true)
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || fail "no port announced"
  exec 3<> "/dev/tcp/127.0.0.1/$port"
}

# modulo-256 sum of the characters (reference implementation for the test)
cksum() {
  local str=$1 sum=0 i c
  for ((i = 0; i < ${#str}; i++)); do
    printf -v c '%d' "'${str:i:1}"
    sum=$(((sum + c) & 255))
  done
  printf '%02x' "$sum"
}
send_raw() { printf '%s' "$1" >&3; }
send() { send_raw "\$$1#$(cksum "$1")"; }
get_byte() { local b; IFS= read -r -t 10 -N 1 -u 3 b || fail "no byte from the server"; printf '%s' "$b"; }
# reads one packet "$...#cs", checks its checksum, acknowledges it; prints the payload
get_packet() {
  local b body cs
  b=$(get_byte)
  [ "$b" = '$' ] || fail "expected a packet, got '$b'"
  IFS= read -r -t 10 -d '#' -u 3 body || fail "packet not terminated"
  IFS= read -r -t 10 -N 2 -u 3 cs || fail "no checksum"
  [ "$cs" = "$(cksum "$body")" ] || fail "bad checksum $cs on '$body'"
  send_raw "+"
  printf '%s' "$body"
}
expect_ack() { local b; b=$(get_byte); [ "$b" = "$1" ] || fail "expected '$1', got '$b' ($2)"; }
wait_server() { srv_rc=0; wait "$srv" || srv_rc=$?; srv=""; }

start_server "$tmp/spin.metadata"
send "qSupported:multiprocess+;swbreak+"
expect_ack + qSupported
r=$(get_packet)
[[ "$r" == *"PacketSize=4000"* && "$r" == *"qXfer:features:read+"* ]] || fail "qSupported: $r"
send_raw '$?#00'                        # wrong checksum ('?' is 0x3f)
expect_ack - "bad checksum"
send "?"
expect_ack + "?"
[ "$(get_packet)" = "T05thread:1;" ] || fail "initial stop reply"
big=$(printf 'a%.0s' $(seq 17000))
send_raw "\$$big#00"                    # longer than PacketSize
expect_ack + "oversized packet"
[ "$(get_packet)" = "E02" ] || fail "oversized packet not rejected with E02"
send "vFooBar"
expect_ack + vFooBar
[ "$(get_packet)" = "" ] || fail "unknown packet not answered empty"
send "m10,4"
expect_ack + "m10,4"
[ "$(get_packet)" = "E01" ] || fail "unmapped memory not E01"
send "qXfer:features:read:target.xml:0,40"
expect_ack + qXfer
r=$(get_packet)
[[ "$r" == "m<?xml"* ]] || fail "target.xml: $r"
send "QStartNoAckMode"
expect_ack + QStartNoAckMode
[ "$(get_packet)" = "OK" ] || fail "QStartNoAckMode"
# no acks from here on
send "c"
sleep 0.3
kill -0 "$srv" || fail "server ended while running"
printf '\003' >&3
body=""
IFS= read -r -t 10 -N 1 -u 3 b || fail "no stop reply after the interrupt"
IFS= read -r -t 10 -d '#' -u 3 body || fail "stop reply not terminated"
IFS= read -r -t 10 -N 2 -u 3 cs || fail "no checksum"
[ "$body" = "T02thread:1;" ] || fail "stop reply after the interrupt: $body"
send "k"
wait_server
[ "$srv_rc" -eq 1 ] || fail "kill: exit status $srv_rc, want 1"
grep -q "killed by the debugger" "$tmp/srv.err" || fail "kill not reported"
exec 3>&-

# a client that goes away ends the run (exit 1, a message), no hang
start_server "$tmp/spin.metadata"
send "?"
expect_ack + "?"
get_packet > /dev/null
send "c"
sleep 0.2
exec 3>&-
wait_server
[ "$srv_rc" -eq 1 ] || fail "disconnect: exit status $srv_rc, want 1"
grep -q "the debugger disconnected" "$tmp/srv.err" || fail "disconnect not reported"

echo "PASS: gdb remote protocol packets"
