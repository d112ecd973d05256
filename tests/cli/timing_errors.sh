#!/usr/bin/env bash
# Timing-mode errors: the deadlock watchdog (with every warp's state), the
# cycle and instruction limits, launches that can never be placed, and bad
# configurations, each with its message and a non-zero exit status.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
MK() { "$VENTSIM" mkcase "$@"; }
s="$VS_SOURCE_DIR/tests/timing/diverge.s"
# shellcheck disable=SC2046
MK -o "$tmp/div.metadata" $(grep -m1 '^# mkcase:' "$s" | sed 's/^# mkcase://') "$s" || fail mkcase
expect_fail() { # expect_fail STATUS PATTERN ARGS...
  local want=$1 pat=$2
  shift 2
  set +e
  "$VENTSIM" "$@" > "$tmp/out" 2> "$tmp/err"
  local rc=$?
  set -e
  [ $rc = "$want" ] || fail "ventsim $*: exit $rc, expected $want ($(head -c 300 "$tmp/err"))"
  grep -q -- "$pat" "$tmp/err" || fail "ventsim $*: no '$pat' in: $(head -c 500 "$tmp/err")"
}
# the watchdog: divides of 1000 cycles per pass, nothing else to do
expect_fail 1 "deadlock in kernel 'div'" run -q --timing --set exec.div_latency=1000 \
  --set sim.watchdog=500 "$tmp/div.metadata"
for pat in "sim.watchdog" "warp 0 (wg" "pc 0x" "ibuf v" "stack 1" "VM0 VS0 LGKM0 EXP0" "sb v" "\[scoreboard\]" "D-cache MSHRs"; do
  grep -q -- "$pat" "$tmp/err" || fail "deadlock report lacks '$pat'"
done
# limits
expect_fail 1 "cycle limit" run -q --max-cycles 100 "$tmp/div.metadata"
expect_fail 1 "instruction limit" run -q --timing --max-instructions 30 "$tmp/div.metadata"
# a work-group of 2 warps on SMs with one warp slot
expect_fail 1 "can never be placed" run -q --timing --set gpu.warps_per_sm=1 "$tmp/div.metadata"
expect_fail 1 "gpu.vgprs_per_sm" run -q --timing --set gpu.max_vgprs_per_warp=32 --set gpu.vgprs_per_sm=40 \
  "$tmp/div.metadata"
# bad configurations
expect_fail 2 "dcache.mshrs: 0 is outside 1..256" run --set dcache.mshrs=0 "$tmp/div.metadata"
expect_fail 2 "dcache.line: 96 is not a power of two" run --set dcache.line=96 "$tmp/div.metadata"
expect_fail 2 "unknown timing parameter 'dcache.size'" run --set dcache.size=1 "$tmp/div.metadata"
expect_fail 2 "core.scheduler: 'fifo' is not one of: lrr, gto" run --set core.scheduler=fifo "$tmp/div.metadata"
printf '[gpu]\nnum_sms = 2\n[l2]\nways = 0\n' > "$tmp/bad.ini"
expect_fail 2 "bad.ini:4: l2.ways: 0 is outside" run --config "$tmp/bad.ini" "$tmp/div.metadata"
printf '[gpu]\nsms = 2\n' > "$tmp/bad2.ini"
expect_fail 2 "unknown key 'sms' in section \[gpu\]" run --config "$tmp/bad2.ini" "$tmp/div.metadata"
expect_fail 2 "configuration 'no-such-config' not found" run --config no-such-config "$tmp/div.metadata"
expect_fail 2 "max-cycles" run --max-cycles lots "$tmp/div.metadata"
expect_fail 1 "dcache.mshrs" config --set dcache.mshrs=0
echo "PASS: timing errors"
