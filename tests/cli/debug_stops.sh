#!/usr/bin/env bash
# gdb-multiarch against `ventsim run --gdb` (issue 17):
#  - stepi moves only the chosen warp: right after a barrier opens, stepping
#    warp 1 (gdb: a breakpoint at the next pc and a continue of every
#    thread) leaves warp 0 where it is, and warp 0 never reaches the
#    breakpoint at `later`; `monitor barrier` shows the barrier opened as
#    soon as the stepped warp arrived;
#  - every kind of kernel error stops with its signal in gdb's numbering
#    (SIGBUS is 10 there, not the host's 7 = SIGEMT): SIGILL, SIGSEGV for
#    unmapped data and pc, SIGBUS for misaligned data and pc, SIGABRT for
#    endprg under divergence and the memory limit, SIGXCPU for the
#    instruction limit; the run then ends with the kernel error;
#  - a gdb that goes away or kills the run ends it with "run stopped",
#    not a "kernel error".
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

start_server() {
  rm -f "$tmp/srv.err"
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
wait_server() { srv_rc=0; wait "$srv" || srv_rc=$?; srv=""; }
run_gdb() { # ELF GDB-ARGS...
  local elf=$1
  shift
  timeout 120 gdb-multiarch -batch -nx -ex "set pagination off" -ex "set confirm off" \
    -ex "file $elf" -ex "target remote 127.0.0.1:$port" "$@" > "$tmp/gdb.out" 2>&1 ||
    fail "gdb-multiarch failed"
}
expect() { grep -qF -- "$1" "$tmp/gdb.out" || fail "gdb output lacks: $1"; }
section() { sed -n "/^@$1\$/,/^@/p" "$tmp/gdb.out"; }

# ---- stepping one warp right after a barrier opens
s="$VS_SOURCE_DIR/tests/debug/barrier.s"
# shellcheck disable=SC2046
MK -o "$tmp/barrier.metadata" $(grep -m1 '^# mkcase:' "$s" | sed 's/^# mkcase://') "$s" || fail "mkcase"
"$VENTSIM" as -o "$tmp/barrier.elf" "$s" || fail "as"
cat > "$tmp/step.gdb" <<'GDB'
break at_barrier
continue
continue
break later
thread 2
stepi
echo @opened\n
monitor barrier
stepi
stepi
echo @stepped\n
monitor barrier
info threads
echo @pc2\n
p/x $pc - (unsigned)&after_barrier
thread 1
echo @pc1\n
p/x $pc - (unsigned)&after_barrier
echo @end\n
delete
continue
GDB
start_server "$tmp/barrier.metadata"
run_gdb "$tmp/barrier.elf" -x "$tmp/step.gdb"
wait_server
[ "$srv_rc" -eq 0 ] || fail "stepping: exit status $srv_rc"
expect 'Thread 1 "wg 0 warp 0" hit Breakpoint 1'
expect 'Thread 2 "wg 0 warp 1" hit Breakpoint 1'
# warp 1's barrier opened the barrier before the stop was reported
section opened | grep -qF "work-group 0: 2 warps, 0 waiting at a barrier, 0 ended" ||
  fail "after stepping the last warp over the barrier it is not open: $(section opened)"
section opened | grep -qE "warp 1: ready, pc 0x[0-9a-f]+, barriers passed 1" || fail "warp 1 did not pass"
# two more steps of warp 1; warp 0 has not moved from after the barrier
[[ "$(section pc2)" == *"= 0x8"* ]] || fail "warp 1 after 3 steps: $(section pc2)"
[[ "$(section pc1)" == *"= 0x0"* ]] || fail "warp 0 moved while warp 1 was stepped: $(section pc1)"
if grep -q "hit Breakpoint 2" "$tmp/gdb.out"; then fail "a warp reached 'later' during the steps"; fi
expect "exited normally"

# ---- every kernel error's signal (tests/func/errors.s: warp 1 fails)
F="$VS_SOURCE_DIR/tests/func/errors.s"
"$VENTSIM" as -o "$tmp/errors.elf" "$F" || fail "as errors.s"
signal_of() { # KERNEL SIGNAL MESSAGE [mkcase options] [-- run options]
  local k=$1 sig=$2 msg=$3
  shift 3
  local mk=() run=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do mk+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  run=("$@")
  MK -o "$tmp/$k.metadata" --kernel "$k" --grid 1 --warps 2 --threads 4 --buf 64 "${mk[@]}" "$F" ||
    fail "mkcase $k"
  start_server "${run[@]}" "$tmp/$k.metadata"
  run_gdb "$tmp/errors.elf" -ex continue -ex 'echo @stopped\n' -ex 'info threads' -ex continue
  wait_server
  [ "$srv_rc" -eq 1 ] || fail "$k: exit status $srv_rc, want 1"
  expect "Thread 2 \"wg 0 warp 1\" received signal $sig"
  expect "$msg"
  grep -qF "kernel error in '$k'" "$tmp/srv.err" || fail "$k: the run did not end with the kernel error"
}
signal_of illegal SIGILL "illegal instruction 0xffffffff"
signal_of unmapped SIGSEGV "load from unmapped address 0x5000000c"
signal_of wild SIGSEGV "pc 0x12345678 is not in mapped memory"
signal_of misaligned SIGBUS "misaligned 4-byte load from address 0x90000002"
signal_of misaligned_pc SIGBUS "(no instruction: misaligned pc)"
signal_of divergent_end SIGABRT "endprg inside divergent control flow"
signal_of memlimit SIGABRT "exceeds the device memory limit" --pds 262144 -- --mem-limit 131072
signal_of forever SIGXCPU "instruction limit reached (--max-instructions 10000)" -- --max-instructions 10000

# ---- gdb killing the run, or going away, is not a kernel error
start_server "$tmp/barrier.metadata"
run_gdb "$tmp/barrier.elf" -ex "break later" -ex continue -ex kill
wait_server
[ "$srv_rc" -eq 1 ] || fail "kill: exit status $srv_rc, want 1"
grep -q "run stopped (killed by the debugger): kernel 'barrier' stopped by the debugger in work-group 0" \
  "$tmp/srv.err" || fail "kill: message"
if grep -q "kernel error" "$tmp/srv.err"; then fail "kill reported as a kernel error"; fi
start_server "$tmp/barrier.metadata"
run_gdb "$tmp/barrier.elf" -ex "break later" -ex continue -ex disconnect
wait_server
[ "$srv_rc" -eq 1 ] || fail "disconnect: exit status $srv_rc, want 1"
grep -q "run stopped (the debugger disconnected): kernel 'barrier' stopped by the debugger" "$tmp/srv.err" ||
  fail "disconnect: message"
if grep -q "kernel error" "$tmp/srv.err"; then fail "a disconnect reported as a kernel error"; fi
echo "PASS: gdb stops: stepping one warp, signals, the debugger's end of a run"
