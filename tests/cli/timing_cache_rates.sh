#!/usr/bin/env bash
# Cache hit rates are defined once (docs/stats-format.md) and printed as
# defined (issue 17): a request is counted once, when its lookup is made
# (hits + pending hits + misses); a reservation fail is a refused attempt
# that is retried, an atomic bypasses the L1; hit rate = (hits + pending
# hits) / requests.  Checked on a run with one D-cache MSHR (many
# reservation fails) and atomics, in the JSON and in the printed summary.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
s="$VS_SOURCE_DIR/tests/timing/atomic.s"
# shellcheck disable=SC2046
"$VENTSIM" mkcase -o "$tmp/a.metadata" $(grep -m1 '^# mkcase:' "$s" | sed 's/^# mkcase://') "$s" || fail mkcase
"$VENTSIM" run --timing --set dcache.mshrs=1 --stats "$tmp/s.json" "$tmp/a.metadata" 2> "$tmp/err" ||
  fail "run: $(cat "$tmp/err")"
python3 - "$tmp/s.json" "$tmp/err" <<'EOF2' || fail "cache rates"
import json, re, sys
caches = json.load(open(sys.argv[1]))["launches"][0]["timing"]["caches"]
text = open(sys.argv[2]).read()
dc = caches["dcache"]
assert dc["reservation_fails"] > 100 and dc["atomics"] > 0, "the run does not exercise the point"
for name, c in caches.items():
    req = c["hits"] + c["pending_hits"] + c["misses"]
    assert c["requests"] == req, (name, c["requests"], req)
    assert abs(c["hit_rate"] - (c["hits"] + c["pending_hits"]) / req) < 1e-12, name
    extra = c["reservation_fails"] + (c.get("atomics", 0) if name == "dcache" else 0)
    assert c["accesses"] == req + extra, (name, c["accesses"], req, extra)
    line = re.search(r"^ *%s +(\d+) lookups: (\d+) requests \((\d+) hits, (\d+) pending hits, (\d+) misses; "
                     r"hit rate ([0-9.]+)%%\), (\d+) reservation fails" % name, text, re.M)
    assert line, (name, text)
    v = [float(x) for x in line.groups()]
    assert v[:6] == [c["accesses"], req, c["hits"], c["pending_hits"], c["misses"],
                     round(100 * c["hit_rate"], 1)], (name, v)
    assert v[6] == c["reservation_fails"], name
assert re.search(r"^ *dcache .*, %d atomics" % dc["atomics"], text, re.M), text
EOF2
echo "PASS: cache hit rates as defined"
