#!/usr/bin/env bash
# Interchange round trip: a host program saves its launches as
# .metadata/.data files (launch helper, vs_program_set_save_dir); replaying
# them in order with `ventsim run` must leave the same memory as the
# in-process run.  Also: VENTSIM_SAVE_LAUNCHES on an example that uses only
# the driver API.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

host="$VS_BINARY_DIR/tests/test_runtime_savehost"
"$host" "$tmp/saved" > "$tmp/inproc.txt" || fail "the host program failed"
[ "$(cat "$tmp/saved/launches.list")" = "$(printf 'vecadd_0.metadata\nvecsub_0.metadata\nvecadd_1.metadata')" ] ||
  fail "launches.list: $(cat "$tmp/saved/launches.list")"
(cd "$tmp/saved" && "$VENTSIM" run -q --dump "$tmp/replay.txt" $(cat launches.list)) || fail "ventsim run failed"

grep -v '^#' "$tmp/inproc.txt" | sort > "$tmp/a"
grep -v '^#' "$tmp/replay.txt" | sort > "$tmp/b"
n=$(wc -l < "$tmp/a")
[ "$n" -eq 3072 ] || fail "expected 3072 words from the host program, got $n"
missing=$(comm -23 "$tmp/a" "$tmp/b" | head -5)
[ -z "$missing" ] || fail "words of the in-process run that the replay does not have:
$missing"

# the driver-only example through the environment variable
drv="$VS_BINARY_DIR/examples/vecadd_driver/vecadd_driver"
if [ -x "$drv" ]; then
  out=$(VENTSIM_SAVE_LAUNCHES="$tmp/drv" "$drv") || fail "vecadd_driver"
  grep -q PASSED <<< "$out" || fail "vecadd_driver: $out"
  [ "$(cat "$tmp/drv/launches.list")" = "vecadd_0.metadata" ] || fail "driver launches.list"
  "$VENTSIM" run -q --dump "$tmp/drv.txt" "$tmp/drv/vecadd_0.metadata" || fail "replay of vecadd_driver"
  # c = a + b with a[i] = i, b[i] = 3i + 0.5: c[1] = 4.5f = 0x40900000
  grep -q "^90004004 40900000$" "$tmp/drv.txt" || fail "vecadd_driver replay: c[1] is not 4.5"
fi
echo "PASS: interchange round trip"
