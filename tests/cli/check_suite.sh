#!/usr/bin/env bash
# Every kernel of our suites with a "# mkcase:" line (tests/timing,
# tests/debug, bench/kernels) and the functional suite's launches
# (tests/func) run clean under ventsim run --check, and the checker changes
# no result: the dumps with and without it are identical.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
S=$VS_SOURCE_DIR
n=0
check_one() { # NAME: $tmp/NAME.metadata
  local k=$1 rc=0
  "$VENTSIM" run -q --check --dump "$tmp/$k.c.dump" "$tmp/$k.metadata" 2> "$tmp/$k.err" || rc=$?
  [ "$rc" = 0 ] || fail "$k: exit status $rc under --check: $(cat "$tmp/$k.err")"
  grep -q "^ventsim check: 0 findings" "$tmp/$k.err" || fail "$k: $(cat "$tmp/$k.err")"
  "$VENTSIM" run -q --dump "$tmp/$k.u.dump" "$tmp/$k.metadata" || fail "$k: unchecked run"
  cmp -s "$tmp/$k.c.dump" "$tmp/$k.u.dump" || fail "$k: the dump differs with --check"
  n=$((n + 1))
}
for f in "$S"/tests/timing/*.s "$S"/tests/debug/*.s "$S"/bench/kernels/*.s; do
  line=$(sed -n 's/^# mkcase://p' "$f" | head -1)
  [ -n "$line" ] || continue
  k=$(basename "$f" .s)
  [ "$k" = fault ] || [ "$k" = spin ] && continue # a kernel error / an endless loop by design
  # shellcheck disable=SC2086
  "$VENTSIM" mkcase -o "$tmp/$k.metadata" $line "$f" || fail "mkcase $k"
  check_one "$k"
done
# the functional suite's command-line launches (tests/cli/func_run.sh)
"$VENTSIM" mkcase -o "$tmp/ndrange.metadata" --kernel ndrange --grid 3,2,2 --warps 2 --threads 4 \
  --buf 4096 "$S/tests/func/ndrange.s" || fail "mkcase ndrange"
check_one ndrange
for k in scale accum; do
  "$VENTSIM" mkcase -o "$tmp/$k.metadata" --kernel "$k" --grid 4 --warps 2 --threads 8 \
    --buf 256:iota --buf 256 --buf 256 "$S/tests/func/twolaunch.s" || fail "mkcase $k"
  check_one "$k"
done
[ "$n" -ge 15 ] || fail "only $n kernels checked"
echo "check_suite: $n kernels clean"
