#!/usr/bin/env bash
# Register pairs and LMUL groups on the timing model (issue 11): after a
# load that writes v4 and v5 (regpairi; vlw12.v, or vle32.v with LMUL 2), a
# reader of v5 waits for the load exactly as a reader of v4 does, and a
# reader of v7 (not loaded) does not wait.  The three variants of each
# kernel differ only in that register, so they take the same cycles but
# for the wait.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
MK() { "$VENTSIM" mkcase "$@"; }
cycles() { grep -m1 -P '^\t"cycles":' "$1" | grep -o '[0-9]*'; }
for k in pair_load group_load; do
  src="$VS_SOURCE_DIR/tests/timing/$k.s"
  grep -q 'v4, v4 *# CONSUMER' "$src" || fail "$k.s has no CONSUMER line"
  # shellcheck disable=SC2046
  opts=$(grep -m1 '^# mkcase:' "$src" | sed 's/^# mkcase://')
  declare -A c=()
  for r in v4 v5 v7; do
    sed "s/v4, v4\( *# CONSUMER\)/$r, $r\1/" "$src" > "$tmp/$k-$r.s"
    # shellcheck disable=SC2086
    MK -o "$tmp/$k-$r.metadata" $opts "$tmp/$k-$r.s" || fail "mkcase $k $r"
    "$VENTSIM" run -q --timing --stats "$tmp/$k-$r.json" "$tmp/$k-$r.metadata" || fail "run $k $r"
    c[$r]=$(cycles "$tmp/$k-$r.json")
  done
  echo "$k: reader of v4 ${c[v4]} cycles, of v5 ${c[v5]}, of v7 ${c[v7]}"
  [ "${c[v7]}" -lt "${c[v4]}" ] || fail "$k: a reader of v4 does not wait for the load"
  [ "${c[v5]}" = "${c[v4]}" ] || fail "$k: a reader of v5 takes ${c[v5]} cycles, of v4 ${c[v4]}: v5 is not scoreboarded as part of the load"
done
echo "PASS: both registers of a pair and of an LMUL-2 group wait for their load"
