#!/usr/bin/env bash
# `ventsim run --gdb` driven by a real gdb-multiarch in batch mode
# (docs/debugging.md), on our kernels tests/debug/simt.s and fault.s:
#  - break at a kernel symbol in every warp, across two launches
#    (breakpoints persist), info threads names the warps;
#  - stepi, then the vector registers' lanes against the values the kernel
#    computes by hand (v1 = gid, v2 = 3 * gid before bp_here, + 7 after);
#  - memory reads (work-group 0's results seen from work-group 1), an
#    unmapped address, register and memory writes visible in the final dump;
#  - monitor commands; the run's end (exit code) reaches gdb;
#  - SIMT stack, active mask, barrier state (tests/debug/branch.s);
#  - an ebreak in the kernel stops with SIGTRAP and the warp goes on;
#  - a kernel error is reported as SIGSEGV with its message;
#  - set $pc = 0 then stepi is a kernel error, not a crash.
# Skips (77) only if gdb-multiarch is not installed.
set -euo pipefail
command -v gdb-multiarch > /dev/null || { echo "SKIP: gdb-multiarch is not installed"; exit 77; }
tmp=$(mktemp -d)
srv=""
cleanup() {
  if [ -n "$srv" ]; then kill "$srv" 2> /dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; echo "--- gdb output"; cat "$tmp/gdb.out" 2> /dev/null || true
         echo "--- server stderr"; cat "$tmp/srv.err" 2> /dev/null || true; exit 1; }
MK() { "$VENTSIM" mkcase "$@"; }

mkcase() { # NAME: launch files and ELF of tests/debug/NAME.s
  local s="$VS_SOURCE_DIR/tests/debug/$1.s" spec
  spec=$(grep -m1 '^# mkcase:' "$s" | sed 's/^# mkcase://')
  # shellcheck disable=SC2086
  MK -o "$tmp/$1.metadata" $spec "$s" || fail "ventsim mkcase $1"
  "$VENTSIM" as -o "$tmp/$1.elf" "$s" || fail "ventsim as $1"
}

# Starts `ventsim run --gdb 0 ARGS...` in the background; sets $port from
# the line it prints on stderr.
start_server() {
  rm -f "$tmp/srv.err" # the previous server's port must not be read
  "$VENTSIM" run --gdb 0 "$@" > "$tmp/srv.out" 2> "$tmp/srv.err" &
  srv=$!
  port=""
  for _ in $(seq 100); do
    port=$(sed -n 's/.*gdb server listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/srv.err" 2> /dev/null || true)
    [ -n "$port" ] && return 0
    kill -0 "$srv" 2> /dev/null || fail "ventsim run --gdb exited early"
    sleep 0.1
  done
  fail "no port announced"
}

# Waits for the server; sets $srv_rc.
wait_server() {
  srv_rc=0
  wait "$srv" || srv_rc=$?
  srv=""
}

run_gdb() { # ELF GDB-ARGS... (an error in a -x file ends that file, one in -ex does not)
  local elf=$1
  shift
  timeout 120 gdb-multiarch -batch -nx -ex "set pagination off" -ex "set confirm off" \
    -ex "file $elf" -ex "target remote 127.0.0.1:$port" "$@" > "$tmp/gdb.out" 2>&1 ||
    fail "gdb-multiarch failed"
}

# the line after "@NAME" in the gdb output
after() { sed -n "/^@$1\$/{n;p;q}" "$tmp/gdb.out"; }

expect() { grep -qF -- "$1" "$tmp/gdb.out" || fail "gdb output lacks: $1"; }

# ---- simt: two launches of 2 work-groups x 2 warps x 8 threads ----
mkcase simt
cat > "$tmp/simt.gdb" <<'EOF'
break bp_here
continue
echo @v2-before\n
p $v2.u32
echo @v1\n
p $v1.u32
stepi
echo @v2-after\n
p $v2.u32
echo @pc\n
p/x $pc - (unsigned)&bp_here
info threads
monitor warp
monitor barrier
monitor help
echo @out-launch1\n
x/4dw *(unsigned *)$a0
continue
echo @v1-t2\n
p $v1.u32
continue
echo @v1-t3\n
p $v1.u32
continue
echo @v1-t4\n
p $v1.u32
echo @out-wg0\n
x/4dw *(unsigned *)$a0
continue
monitor launch
set var $v2.u32[0] = 100
set var *(unsigned *)(*(unsigned *)($a0 + 4)) = 0xdeadbeef
echo @spare\n
x/wx *(unsigned *)($a0 + 4)
EOF
printf 'delete\ncontinue\n' > "$tmp/simt2.gdb"
start_server --dump "$tmp/dump.txt" "$tmp/simt.metadata" "$tmp/simt.metadata"
run_gdb "$tmp/simt.elf" -x "$tmp/simt.gdb" -ex "x/wx 0x10" -x "$tmp/simt2.gdb"
wait_server
[ "$srv_rc" -eq 0 ] || fail "ventsim run --gdb exited with $srv_rc"

expect 'Thread 1 "wg 0 warp 0" hit Breakpoint 1'
# wg 0 warp 0: gid = lane; v2 = 3 * gid before bp_here, 3 * gid + 7 after
[[ "$(after v2-before)" == *"= {0, 3, 6, 9, 12, 15, 18, 21}" ]] || fail "v2 before: $(after v2-before)"
[[ "$(after v1)" == *"= {0, 1, 2, 3, 4, 5, 6, 7}" ]] || fail "v1: $(after v1)"
[[ "$(after v2-after)" == *"= {7, 10, 13, 16, 19, 22, 25, 28}" ]] || fail "v2 after: $(after v2-after)"
[[ "$(after pc)" == *"= 0x4" ]] || fail "pc after stepi: $(after pc)"
expect 'Thread 1 "wg 0 warp 0"'
expect 'Thread 2 "wg 0 warp 1"'
expect "active mask 0xff (8 of 8 threads)"
expect "SIMT stack depth 0"
expect "wid=0x0"
expect "work-group 0: 2 warps, 0 waiting at a barrier, 0 ended"
expect "monitor simt [N]"
# nothing stored yet in the first launch
[[ "$(after out-launch1)" =~ :[[:space:]]+0[[:space:]]+0[[:space:]]+0[[:space:]]+0$ ]] ||
  fail "OUT in launch 1: $(after out-launch1)"
# the other warps hit the breakpoint in turn: wg 0 warp 1 (gid 8..15), wg 1 warp 0, wg 1 warp 1
expect 'Thread 2 "wg 0 warp 1" hit Breakpoint 1'
[[ "$(after v1-t2)" == *"= {8, 9, 10, 11, 12, 13, 14, 15}" ]] || fail "v1 warp 1: $(after v1-t2)"
expect 'Thread 3 "wg 1 warp 0" hit Breakpoint 1'
[[ "$(after v1-t3)" == *"= {16, 17, 18, 19, 20, 21, 22, 23}" ]] || fail "v1 wg 1: $(after v1-t3)"
expect 'Thread 4 "wg 1 warp 1" hit Breakpoint 1'
[[ "$(after v1-t4)" == *"= {24, 25, 26, 27, 28, 29, 30, 31}" ]] || fail "v1 wg 1 warp 1: $(after v1-t4)"
# work-group 0 has stored OUT[0..15] when wg 1 warp 1 stops
[[ "$(after out-wg0)" =~ :[[:space:]]+7[[:space:]]+10[[:space:]]+13[[:space:]]+16$ ]] ||
  fail "OUT after work-group 0: $(after out-wg0)"
# the breakpoint persists into the second launch (a new thread to gdb)
expect 'Thread 5 "wg 0 warp 0" hit Breakpoint 1'
expect "launch 2: kernel 'simt'"
[[ "$(after spare)" == *"0xdeadbeef" ]] || fail "memory write: $(after spare)"
expect "Cannot access memory at address 0x10"
expect "exited normally"
# final memory: OUT[gid] = 3 * gid + 7 except OUT[0] = 100 + 7 (register
# written in gdb), SPARE[0] written through gdb
outbase=$(awk '$1 == "90001000" {print $2}' "$tmp/dump.txt")
sparebase=$(awk '$1 == "90001004" {print $2}' "$tmp/dump.txt")
if [ -z "$outbase" ] || [ -z "$sparebase" ]; then fail "argument buffer not in the dump"; fi
for g in $(seq 0 31); do
  v=$((3 * g + 7))
  [ "$g" -eq 0 ] && v=107
  line=$(printf '%08x %08x' $((16#$outbase + 4 * g)) "$v")
  grep -qx "$line" "$tmp/dump.txt" || fail "OUT[$g] after the run: want '$line'"
done
grep -q "^$sparebase deadbeef$" "$tmp/dump.txt" || fail "SPARE[0] not written"

# ---- SIMT stack, active mask and barrier state through monitor ----
# 4 threads per warp: the even lanes (mask 0x5) take the branch first, so
# at odd_path the odd lanes run (mask 0xa) under one reconvergence entry
# {rpc = pc = join_here, mask 0xf}.  Warp 0 reaches the barrier first and
# waits there when warp 1 stops at it.
mkcase branch
cat > "$tmp/branch.gdb" <<'EOF'
break odd_path
continue
echo @jh\n
p/x (unsigned)&join_here
monitor simt
monitor mask
echo @v1\n
p $v1.u32
delete
break at_barrier
continue
continue
echo @barrier1\n
monitor barrier
thread 1
stepi
echo @barrier2\n
monitor barrier
delete
continue
EOF
start_server --dump "$tmp/dump.txt" "$tmp/branch.metadata"
run_gdb "$tmp/branch.elf" -x "$tmp/branch.gdb"
wait_server
[ "$srv_rc" -eq 0 ] || fail "branch: ventsim run --gdb exited with $srv_rc"
jh=$(after jh | sed 's/.*= //')
[[ "$jh" =~ ^0x[0-9a-f]{8}$ ]] || fail "join_here address: $jh"
expect "SIMT stack depth 1 (top first):"
expect "[0] rpc $jh pc $jh mask 0xf"
expect "active mask 0xa (2 of 4 threads)"
[[ "$(after v1)" == *"= {0, 1, 2, 3}" ]] || fail "branch v1: $(after v1)"
expect 'Thread 2 "wg 0 warp 1" hit Breakpoint 2'
sed -n '/^@barrier1$/,/^@barrier2$/p' "$tmp/gdb.out" > "$tmp/b1"
grep -qF "work-group 0: 2 warps, 1 waiting at a barrier, 0 ended" "$tmp/b1" || fail "barrier state 1"
grep -qF "warp 0: at barrier" "$tmp/b1" || fail "warp 0 not at the barrier"
# stepping warp 0 (at the barrier) lets warp 1 arrive: the barrier opens
sed -n '/^@barrier2$/,$p' "$tmp/gdb.out" > "$tmp/b2"
grep -qF "work-group 0: 2 warps, 0 waiting at a barrier, 0 ended" "$tmp/b2" || fail "barrier state 2"
grep -qE "warp 0: ready, pc 0x[0-9a-f]+, barriers passed 1" "$tmp/b2" || fail "warp 0 did not pass"
expect "exited normally"
outbase=$(awk '$1 == "90001000" {print $2}' "$tmp/dump.txt")
for t in 0 1 2 3 4 5 6 7; do
  v=$t
  [ $((t % 2)) -eq 1 ] && v=$((t + 10))
  line=$(printf '%08x %08x' $((16#$outbase + 4 * t)) "$v")
  grep -qx "$line" "$tmp/dump.txt" || fail "branch OUT[$t]: want '$line'"
done

# ---- a kernel error stops in gdb with a signal and its message ----
mkcase fault
cat > "$tmp/fault.gdb" <<'EOF'
continue
echo @ebreak\n
p/x $pc - (unsigned)&after_ebreak
stepi
echo @t2\n
p $t2
continue
echo @pc\n
p/x $pc
monitor warp
continue
EOF
start_server "$tmp/fault.metadata"
run_gdb "$tmp/fault.elf" -x "$tmp/fault.gdb"
wait_server
[ "$srv_rc" -eq 1 ] || fail "a kernel error under gdb: exit status $srv_rc, want 1"
# the ebreak of warp 0 stops with the warp already past it, then it goes on
expect 'Thread 1 "wg 0 warp 0" received signal SIGTRAP'
[[ "$(after ebreak)" == *"= 0x0" ]] || fail "pc after ebreak: $(after ebreak)"
[[ "$(after t2)" == *"= 5" ]] || fail "warp 0 did not go on after the ebreak: $(after t2)"
expect "kernel error in 'fault', work-group 0 (0,0,0), warp 1"
expect "load from unmapped address 0x00000010"
expect 'Thread 2 "wg 0 warp 1" received signal SIGSEGV'
expect "work-group 0 warp 1 (thread 2): faulted"
expect "exited with code 01"
grep -q "load from unmapped address" "$tmp/srv.err" || fail "the run did not report the error"

# ---- set $pc = 0 then stepi: a kernel error (SIGSEGV), not a crash of the
# server (a new warp's empty fetch cache looked valid for page 0)
start_server "$tmp/branch.metadata"
run_gdb "$tmp/branch.elf" -ex 'set $pc = 0' -ex stepi -ex 'echo @after\n' -ex continue
wait_server
[ "$srv_rc" -eq 1 ] || fail "set \$pc = 0; stepi: exit status $srv_rc, want 1"
expect 'Thread 1 "wg 0 warp 0" received signal SIGSEGV'
expect "pc 0x00000000 is not in mapped memory"
grep -q "kernel error in 'branch', work-group 0 (0,0,0), warp 0, pc 0x00000000" "$tmp/srv.err" ||
  fail "set \$pc = 0: the run did not report the error"

echo "PASS: gdb-multiarch debugged ventsim run --gdb"
