#!/usr/bin/env bash
# scripts/ventus-logdiff: compares commit logs per warp, so logs of the same
# run in different interleavings are equal; one changed register value is a
# difference (exit 1) located by warp, work-group and line; lines before
# 0x80000000 (the reference simulator's boot code) are ignored.
set -u
: "${VENTSIM:?}" "${VS_SOURCE_DIR:?}" "${VS_BINARY_DIR:?}"
command -v python3 > /dev/null || { echo "SKIP: python3 not available"; exit 77; }
D="$VS_SOURCE_DIR/scripts/ventus-logdiff"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$VENTSIM" mkcase -o "$T/v.metadata" --kernel vecadd --grid 2 --warps 2 --threads 4 \
  --buf 64:iota --buf 64:rand:3 --buf 64 "$VS_SOURCE_DIR/tests/timing/vecadd.s" || fail "ventsim mkcase"
"$VENTSIM" run -q --trace "$T/a.log" --interleave 1 "$T/v.metadata" || fail "run --interleave 1"
"$VENTSIM" run -q --trace "$T/b.log" "$T/v.metadata" || fail "run"
cmp -s "$T/a.log" "$T/b.log" && fail "the two interleavings gave the same file; the test needs them to differ"

# commit lines ("core N: 3 0xPC ...") counted independently of the tool
commits=$(grep -cE '^core +[0-9]+: 3 0x' "$T/a.log")
out=$("$D" "$T/a.log" "$T/b.log"); rc=$?
[ $rc -eq 0 ] || { echo "$out"; fail "different interleavings reported as different (exit $rc)"; }
[ "$out" = "same: $commits commits in 2 warps" ] || fail "unexpected summary: $out"

# the reference simulator's boot code before 0x80000000 is not compared
{ printf 'core   0: 0x00001000 (0x00000297) auipc   x5, 0x0\n'
  printf 'core   0: 3 0x00001000 (0x00000297) x5  0x00001000\n'; cat "$T/a.log"; } > "$T/boot.log"
"$D" "$T/boot.log" "$T/b.log" > /dev/null || fail "boot code lines were compared"

# one register value changed in warp 1's third commit
line=$(grep -nE '^core +1: 3 0x' "$T/a.log" | sed -n 3p | cut -d: -f1)
awk -v n="$line" 'NR == n { sub(/0x[0-9a-f]+$/, "0xdeadbeef") } { print }' "$T/a.log" > "$T/c.log"
out=$("$D" "$T/a.log" "$T/c.log"); rc=$?
[ $rc -eq 1 ] || fail "changed value: exit $rc, expected 1"
echo "$out" | grep -q "^warp 1, work-group 0, instruction 2 differs" || { echo "$out"; fail "difference not located"; }
echo "$out" | grep -q "line $line:" || { echo "$out"; fail "line number $line not reported"; }

# unreadable input: exit 2
"$D" "$T/a.log" "$T/missing.log" > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "missing file: exit $rc, expected 2"
echo PASS
