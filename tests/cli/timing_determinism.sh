#!/usr/bin/env bash
# The timing model is deterministic: the same launches give the same cycle
# counts and the same --stats JSON (apart from wall-clock seconds), run after
# run and with or without idle-cycle skipping.  The top-level "cycles" is
# the total over the launches of the run.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
MK() { "$VENTSIM" mkcase "$@"; }
for k in vecadd lds_mirror atomic; do
  s="$VS_SOURCE_DIR/tests/timing/$k.s"
  # shellcheck disable=SC2046
  MK -o "$tmp/$k.metadata" $(grep -m1 '^# mkcase:' "$s" | sed 's/^# mkcase://') "$s" || fail "ventsim mkcase $k"
done
launches=("$tmp/vecadd.metadata" "$tmp/lds_mirror.metadata" "$tmp/atomic.metadata")
strip() { grep -v '"seconds"' "$1"; }
for i in 1 2 3; do
  extra=""
  [ $i = 3 ] && extra="--set sim.skip_idle=0"
  # shellcheck disable=SC2086
  "$VENTSIM" run -q --timing $extra --stats "$tmp/s$i.json" "${launches[@]}" || fail "run $i"
done
strip "$tmp/s1.json" > "$tmp/a"
for i in 2 3; do
  strip "$tmp/s$i.json" > "$tmp/b"
  diff "$tmp/a" "$tmp/b" > /dev/null || fail "statistics of run $i differ: $(diff "$tmp/a" "$tmp/b" | head -5)"
done
# top-level cycles (one tab) = sum of the launches' cycles (three tabs)
total=$(grep -P '^\t"cycles":' "$tmp/s1.json" | grep -o '[0-9]*')
sum=$(grep -P '^\t\t\t"cycles":' "$tmp/s1.json" | grep -o '[0-9]*' | paste -sd+ | bc)
[ -n "$total" ] && [ "$total" -gt 0 ] || fail "no top-level cycles"
[ "$total" = "$sum" ] || fail "top-level cycles $total != sum of launches $sum"
[ "$(grep -c '"timing":' "$tmp/s1.json")" = 3 ] || fail "expected a timing object per launch"
for key in '"stalls":' '"caches":' '"icache":' '"dcache":' '"l2":' '"dram":' '"per_sm":' \
           '"mshr_avg_occupancy":' '"reservation_fails":' '"occupancy":' '"memory_counters":' \
           '"icache_miss":' '"ibuffer_empty":' '"scoreboard":' '"unit_busy":' '"barrier":'; do
  grep -q "$key" "$tmp/s1.json" || fail "--stats lacks $key"
done
grep -q '"mode":.*"timing"' "$tmp/s1.json" || fail "mode is not timing"
# the summary on stderr
"$VENTSIM" run --timing "${launches[0]}" 2> "$tmp/err" > /dev/null
grep -q "ventsim timing: kernel 'vecadd'" "$tmp/err" || fail "no timing summary"
grep -q "M SM-cycles/s" "$tmp/err" || fail "no simulation speed"
"$VENTSIM" run -q --timing "${launches[0]}" 2> "$tmp/err" > /dev/null
[ ! -s "$tmp/err" ] || fail "--quiet still prints: $(cat "$tmp/err")"
echo "PASS: timing runs are deterministic ($total cycles)"
