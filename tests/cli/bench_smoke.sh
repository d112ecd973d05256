#!/usr/bin/env bash
# bench/bench_functional.sh --quick runs every benchmark kernel and prints
# one rate line each, with instruction counts that match the kernels
# (and bench/bench_startup.sh runs, one run per case):
#  - func_ref is a 3-instruction loop run 5340 times (53400 / 10) by each of
#    64 warps, plus 49 instructions counted by hand: start code up to the
#    kernel call 32 (lla = 2, li 0x2000 = 1 lui, the .bss loop skipped by
#    its beq), kernel prologue 13, epilogue 3 (vadd, vsw, ret), endprg 1;
#  - every kernel but func_div runs all 32 threads of every warp, so its
#    thread instructions are exactly 32 x its warp instructions; func_div
#    diverges, so it has fewer.
set -euo pipefail
fail() { echo "FAIL: $*"; exit 1; }
out=$(bash "$VS_SOURCE_DIR/bench/bench_functional.sh" "$VS_BINARY_DIR" --quick) || fail "script failed: $out"
echo "$out"
rate='^(func_[a-z]+) +([0-9]+) +([0-9]+) +[0-9.]+ +[0-9.]+ +[0-9.]+ M +[0-9.]+ M +[0-9.]+ M +[0-9.]+$'
n=0
while IFS= read -r line; do
  [[ $line =~ $rate ]] || continue
  k=${BASH_REMATCH[1]} w=${BASH_REMATCH[2]} t=${BASH_REMATCH[3]}
  [ "$w" -ge 1000000 ] || fail "$k: only $w warp instructions at --quick size"
  case $k in
    func_ref)
      per=$((w / 64))
      [ $((w % 64)) -eq 0 ] || fail "func_ref: $w warp instructions is not 64 equal warps"
      [ "$per" -eq $((3 * 5340 + 49)) ] ||
        fail "func_ref: $per instructions per warp, expected 3 x 5340 + 49" ;;
    func_div) [ "$t" -lt $((32 * w)) ] || fail "func_div: no divergence ($t thread instructions)" ;;
    *) [ "$t" -eq $((32 * w)) ] || fail "$k: $t thread instructions != 32 x $w" ;;
  esac
  n=$((n + 1))
done <<< "$out"
[ "$n" -eq 5 ] || fail "expected 5 rate lines, got $n"
echo "PASS: bench_functional.sh --quick printed $n rate lines"

# bench_startup.sh runs (one run per case, against this build as its own
# baseline): a line per case with a median, a minimum and a ratio
out=$(bash "$VS_SOURCE_DIR/bench/bench_startup.sh" "$VS_BINARY_DIR" --baseline "$VS_BINARY_DIR" --runs 1) ||
  fail "bench_startup.sh failed: $out"
echo "$out"
n=$(grep -cE '^(help|tiny|three|timing) +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+x$' <<< "$out" || true)
[ "$n" -eq 4 ] || fail "bench_startup.sh: expected 4 case lines, got $n"
echo "PASS: bench_startup.sh printed $n case lines"
