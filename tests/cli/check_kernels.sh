#!/usr/bin/env bash
# The kernel checker (ventsim run --check, docs/checker.md) on kernels of
# ours (tests/check/kernels.s): each bug is reported by its check at the
# instruction that has it (the pcs come from the program's symbol table,
# not from the checker), its corrected twin reports nothing; exit status 3;
# the findings in the --stats JSON; races-same-value only when asked for.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
K=$VS_SOURCE_DIR/tests/check/kernels.s
"$VENTSIM" as -o "$tmp/k.elf" "$K" || fail "as"
# the address of a kernel's symbol, and of the Nth instruction after it
sym() { llvm-readelf-19 -Ws "$tmp/k.elf" | awk -v s="$1" '$8 == s { print $2; exit }'; }
at() { printf '0x%08x' $(( 0x$(sym "$1") + 4 * $2 )); }
PRO=1 # instructions of a kernel before its body: the jal to the prologue

mk() { "$VENTSIM" mkcase -o "$tmp/$1.metadata" --kernel "$1" --grid 2 --warps 2 --threads 8 \
         --lds 256 --buf 128:iota --buf 128 "$K" || fail "mkcase $1"; }
# run KERNEL CHECKS: findings on $tmp/KERNEL.err, exit status in $rc
run() {
  rc=0
  "$VENTSIM" run -q --check="$2" --stats "$tmp/$1.json" "$tmp/$1.metadata" 2> "$tmp/$1.err" || rc=$?
}
# expect KERNEL CHECKS CHECK PC [PC2]: exactly one finding, of CHECK at PC
expect() {
  local k=$1 checks=$2 check=$3 pc=$4 pc2=${5:-}
  mk "$k"
  run "$k" "$checks"
  [ "$rc" = 3 ] || fail "$k: exit status $rc, expected 3: $(cat "$tmp/$k.err")"
  local n
  n=$(grep -c "^ventsim check: $check: " "$tmp/$k.err" || true)
  [ "$n" = 1 ] || fail "$k: $n $check findings, expected 1: $(cat "$tmp/$k.err")"
  grep -q "^ventsim check: $check: kernel '$k', .*pc $pc " "$tmp/$k.err" ||
    fail "$k: the $check finding is not at $pc: $(cat "$tmp/$k.err")"
  if [ -n "$pc2" ]; then
    grep -q "^ventsim check: $check: .*\[other: pc $pc2 " "$tmp/$k.err" ||
      fail "$k: the $check finding does not name the other access at $pc2: $(cat "$tmp/$k.err")"
  fi
  grep -q "^ventsim check: 1 finding " "$tmp/$k.err" || fail "$k: not one finding: $(cat "$tmp/$k.err")"
  python3 - "$tmp/$k.json" "$check" "$pc" <<'PY' || fail "$k: --stats JSON"
import json, sys
j = json.load(open(sys.argv[1]))["check"]
assert j["findings"] == 1, j
f = j["findings_list"][0]
assert f["check"] == sys.argv[2] and f["pc"] == int(sys.argv[3], 16), f
assert j["by_check"][sys.argv[2]]["findings"] == 1, j
PY
}
# clean KERNEL: nothing found by every check but races-same-value
clean() {
  mk "$1"
  run "$1" ""
  [ "$rc" = 0 ] || fail "$1: exit status $rc, expected 0: $(cat "$tmp/$1.err")"
  grep -q "^ventsim check: 0 findings" "$tmp/$1.err" || fail "$1: $(cat "$tmp/$1.err")"
}

# bounds: the load of a[gid + 1] (body instruction 1), by the last work-item
expect bounds_bug bounds bounds "$(at bounds_bug $((PRO + 1)))"
grep -q "work-item 15 (lane 7) reads 4 bytes at 0x90002080 (global), outside every allocation; nearest: 'bounds_bug buffer 4' \[0x90002000, 0x90002080)" "$tmp/bounds_bug.err" ||
  fail "bounds_bug: the access or the nearest buffer is wrong: $(cat "$tmp/bounds_bug.err")"
clean bounds_ok
# races in local memory: the store lds[lid] (body 2) against the load of
# lds[n-1-lid] (body 7) of another warp in the same interval -- and back
mk race_local_bug
run race_local_bug races
[ "$rc" = 3 ] || fail "race_local_bug: exit status $rc"
st=$(at race_local_bug $((PRO + 2))) ld=$(at race_local_bug $((PRO + 7)))
grep -q "^ventsim check: races: .*pc $st .*local memory.*\[other: pc $ld " "$tmp/race_local_bug.err" ||
  fail "race_local_bug: no store/load race: $(cat "$tmp/race_local_bug.err")"
grep -q "^ventsim check: 2 findings" "$tmp/race_local_bug.err" ||
  fail "race_local_bug: $(cat "$tmp/race_local_bug.err")"
clean race_local_ok
# races in global memory: everyone stores to out[0] (body 1)
expect race_global_bug races races "$(at race_global_bug $((PRO + 1)))"
clean race_global_ok
# the same value by everyone: not a race, unless races-same-value is asked for
clean race_same
# (every warp of the start code stores the same print-buffer address and
# size to __vs_print_addr/__vs_print_size: same-value writes too)
run race_same races-same-value
[ "$rc" = 3 ] || fail "race_same: exit status $rc with races-same-value"
grep -q "^ventsim check: races-same-value: kernel 'race_same', .*pc $(at race_same $((PRO + 2))) .* (the same value)" \
  "$tmp/race_same.err" || fail "race_same: $(cat "$tmp/race_same.err")"
! grep -q "^ventsim check: races: " "$tmp/race_same.err" || fail "race_same: a race: $(cat "$tmp/race_same.err")"
# races of bytes: the word load (body 4) against a byte store (body 1) of
# another work-item; a byte each of one word is no race
expect race_bytes_bug races races "$(at race_bytes_bug $((PRO + 4)))" "$(at race_bytes_bug $((PRO + 1)))"
clean race_bytes_ok
# uninit: the load of lds[lid] (body 0)
expect uninit_bug uninit uninit "$(at uninit_bug $PRO)"
clean uninit_ok
# barrier: the other warps' barrier (body 4) against warp 0's (body 2)
expect barrier_bug barrier barrier "$(at barrier_bug $((PRO + 4)))" "$(at barrier_bug $((PRO + 2)))"
clean barrier_ok

# --check-limit: one of the two findings is printed, both are counted
mk race_local_bug
rc=0
"$VENTSIM" run -q --check=races --check-limit 1 "$tmp/race_local_bug.metadata" 2> "$tmp/lim.err" || rc=$?
[ "$rc" = 3 ] || fail "--check-limit: exit status $rc"
[ "$(grep -c '^ventsim check: races: ' "$tmp/lim.err")" = 1 ] || fail "--check-limit 1: $(cat "$tmp/lim.err")"
grep -q "1 more findings not shown" "$tmp/lim.err" || fail "--check-limit: $(cat "$tmp/lim.err")"
# bad lists and combinations are usage errors
rc=0; "$VENTSIM" run --check=bounds,nosuch "$tmp/race_local_bug.metadata" 2> "$tmp/u.err" || rc=$?
[ "$rc" = 2 ] && grep -q "unknown check 'nosuch'" "$tmp/u.err" || fail "unknown check: $rc $(cat "$tmp/u.err")"
rc=0; "$VENTSIM" run --check --timing "$tmp/race_local_bug.metadata" 2> "$tmp/u.err" || rc=$?
[ "$rc" = 2 ] || fail "--check --timing: exit status $rc"
# a kernel error still wins over findings (exit status 1)
rc=0; "$VENTSIM" run -q --check --max-instructions 10 "$tmp/race_local_bug.metadata" 2> "$tmp/u.err" || rc=$?
[ "$rc" = 1 ] || fail "kernel error with --check: exit status $rc"
echo "check_kernels: ok"
