#!/usr/bin/env bash
# Launches that start in the first 4 KiB page (tests/func/page0.s linked at
# 0x100) run in functional mode, with -j 2 and --interleave 1, and on the
# timing model: every warp stores 42 + its warp id.  Before issue 17 a new
# warp's zeroed fetch cache matched page 0 and the fetch fast path followed
# a NULL page (a crash).  A start address in page 0 when nothing is mapped
# there is an error, not a crash.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$tmp"
"$VENTSIM" as --nostartfiles -Ttext 0x100 -o page0.elf "$VS_SOURCE_DIR/tests/func/page0.s" || fail "as"
"$VENTSIM" mkcase -o page0.metadata --kernel page0 --grid 3 --warps 2 --threads 4 --buf 64 page0.elf ||
  fail "mkcase"
[ "$(head -2 page0.metadata | tr '\n' ' ')" = "00000100 00000000 " ] || fail "start_addr is not 0x100"
want=$(for w in 0 1 2 3 4 5; do printf '%08x %08x\n' $((0x90002000 + 4 * w)) $((42 + w % 2)); done)
for opts in "" "-j 2" "--interleave 1" "--timing" "--timing --set sim.skip_idle=0"; do
  # shellcheck disable=SC2086
  "$VENTSIM" run -q $opts --dump dump.txt page0.metadata 2> err || fail "run $opts: $(cat err)"
  got=$(grep -E '^900020(0|1)[0-9a-f] ' dump.txt | head -6)
  [ "$got" = "$want" ] || fail "run $opts: stores $got, expected $want"
done

# page 0 not mapped: a clear error
"$VENTSIM" mkcase -o high.metadata --kernel page0 --grid 1 --warps 1 --threads 4 --buf 64 \
  "$VS_SOURCE_DIR/tests/func/page0.s" || fail "mkcase high"
awk 'NR == 1 { print "00000100"; next } { print }' high.metadata > nomap.metadata
cp high.data nomap.data
for opts in "" "--timing"; do
  set +e
  # shellcheck disable=SC2086
  "$VENTSIM" run -q $opts nomap.metadata 2> err
  rc=$?
  set -e
  [ $rc = 1 ] || fail "unmapped page 0 ($opts): exit $rc"
  grep -q "start address 0x00000100 is not mapped" err || fail "unmapped page 0 ($opts): $(cat err)"
done
echo "PASS: launches starting in page 0"
