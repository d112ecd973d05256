#!/usr/bin/env bash
# What a user sees: errors echoed to stderr as "ventsim: <function>: <why>"
# (and returned by vt_last_error), silenced by VENTSIM_QUIET; a bad
# VENTSIM_* variable makes vt_dev_open fail with its name; ventus.h used
# from C++ (the std::queue form of vt_finish_all_kernel).
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
ex="$VS_BINARY_DIR/examples/vecadd/vecadd"
[ -x "$ex" ] || fail "$ex was not built"

set +e
"$ex" /nonexistent/k.elf > "$tmp/out" 2> "$tmp/err"; rc=$?
set -e
[ $rc -ne 0 ] || fail "a missing program should fail"
grep -q "^FAILED: vs_program_load: /nonexistent/k.elf: No such file or directory$" "$tmp/out" || fail "stdout: $(cat "$tmp/out")"
grep -q "^ventsim: vs_program_load: /nonexistent/k.elf" "$tmp/err" || fail "stderr: $(cat "$tmp/err")"

set +e
VENTSIM_QUIET=1 "$ex" /nonexistent/k.elf > "$tmp/out" 2> "$tmp/err"
set -e
[ ! -s "$tmp/err" ] || fail "VENTSIM_QUIET=1 still wrote: $(cat "$tmp/err")"

set +e
VENTSIM_THREADS=lots "$ex" > "$tmp/out" 2> "$tmp/err"; rc=$?
set -e
[ $rc -ne 0 ] || fail "a bad VENTSIM_THREADS should fail"
grep -q "vt_dev_open: environment variable VENTSIM_THREADS: threads 'lots'" "$tmp/out" || fail "stdout: $(cat "$tmp/out")"

# settings from the environment reach a program that knows nothing of them
out=$(VENTSIM_THREADS=4 VENTSIM_WARPS=16 "$ex") || fail "VENTSIM_THREADS=4: $out"
grep -q PASSED <<< "$out" || fail "VENTSIM_THREADS=4: $out"
VENTSIM_STATS="$tmp/stats.json" "$ex" > /dev/null || fail "VENTSIM_STATS"
grep -q '"launches"' "$tmp/stats.json" || fail "no statistics in VENTSIM_STATS"
VENTSIM_TRACE="$tmp/trace.log" "$ex" > /dev/null || fail "VENTSIM_TRACE"
grep -q "^core   0: 0x80000000" "$tmp/trace.log" || fail "no commit log in VENTSIM_TRACE"
set +e
VENTSIM_MAX_INSTRUCTIONS=100 "$ex" > "$tmp/out" 2>&1; rc=$?
set -e
[ $rc -ne 0 ] && grep -q "instruction limit" "$tmp/out" || fail "VENTSIM_MAX_INSTRUCTIONS: $(cat "$tmp/out")"

# the print-buffer example of the documentation, assembled and run
awk '/^```asm$/ { f = 1; next } /^```$/ { f = 0 } f' "$VS_SOURCE_DIR/docs/print-buffer.md" > "$tmp/hello.s"
"$VENTSIM" as -o "$tmp/hello.elf" "$tmp/hello.s" || fail "the documentation's example does not assemble"
run="$VS_BINARY_DIR/tests/test_runtime_run"
"$run" "$tmp/hello.elf" hello 8 4 4 > "$tmp/out" || fail "hello"
for g in 0 1; do for i in 0 1 2 3; do echo "work-item $i of group $g"; done; done > "$tmp/want"
diff "$tmp/want" "$tmp/out" || fail "hello printed something else"
# a buffer with room for two records: the rest is reported as dropped
VENTSIM_PRINT_BUFFER=44 "$run" "$tmp/hello.elf" hello 8 4 4 > "$tmp/out" || fail "hello, small buffer"
[ "$(head -2 "$tmp/out")" = "$(head -2 "$tmp/want")" ] || fail "small buffer: $(cat "$tmp/out")"
grep -q "is full: 120 bytes of output were dropped (buffer size 44)" "$tmp/out" || fail "small buffer: $(cat "$tmp/out")"
[ "$(wc -l < "$tmp/out")" -eq 3 ] || fail "small buffer: $(cat "$tmp/out")"

# C++
if command -v "${CXX:-c++}" > /dev/null; then
  "${CXX:-c++}" ${VS_EXTRA_CFLAGS:-} -std=c++11 -Wall -Wextra -I"$VS_SOURCE_DIR/include" -o "$tmp/cxx" \
    "$VS_SOURCE_DIR/tests/cli/runtime_cxx_host.cpp" "$VS_LIBVENTSIM" $VS_LIBS
  "$VENTSIM" as -o "$tmp/vecadd.elf" "$VS_SOURCE_DIR/examples/vecadd/vecadd.s"
  out=$("$tmp/cxx" "$tmp/vecadd.elf") || fail "the C++ program"
  [ "$out" = PASSED ] || fail "the C++ program: $out"
else
  echo "no C++ compiler: C++ check skipped"
fi
echo "PASS: messages, environment, C++"
