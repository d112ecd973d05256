#!/usr/bin/env bash
# The time series of the timing statistics ("samples" of a launch's timing
# object, docs/stats-format.md) that `ventsim plot` draws:
#  - point p is at cycle (p + 1) * interval, the per-SM instructions of the
#    intervals add up to the SM's instructions, ipc = instructions/interval,
#    resident work-groups == the "occupancy" series, active warps <= slots;
#  - they agree with the timeline's counters (another path: the observer);
#  - when more than 2048 points are needed the interval doubles: the series
#    with sim.sample_interval=1 equals the one with 2 (an independent run).
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
MK() { "$VENTSIM" mkcase "$@"; }
PY=python3
command -v python3 > /dev/null || PY=/usr/bin/python3
s="$VS_SOURCE_DIR/tests/timing/vecadd.s"
# 24 work-groups: a run of more than 2048 cycles
MK -o "$tmp/v.metadata" --kernel vecadd --grid 24 --warps 4 --threads 16 \
  --buf 8192:iota --buf 8192:rand:3 --buf 8192 "$s" || fail "ventsim mkcase"

"$VENTSIM" run -q --set sim.sample_interval=100 --stats "$tmp/s.json" --timeline "$tmp/t.json" \
  "$tmp/v.metadata" || fail "run"
"$PY" - "$tmp/s.json" "$tmp/t.json" <<'EOF' || fail "samples of the statistics"
import json, sys
st = json.load(open(sys.argv[1]))
tr = json.load(open(sys.argv[2]))
t = st["launches"][0]["timing"]
s = t["samples"]
iv, n, nsm = s["interval"], len(s["cycle"]), t["sms"]
err = []
if iv != 100: err.append("interval %s" % iv)
if s["cycle"] != [(p + 1) * iv for p in range(n)]: err.append("cycles not consecutive")
if not (t["cycles"] - 2 * iv <= s["cycle"][-1] <= t["cycles"]): err.append("last point %s" % s["cycle"][-1])
for k in ("warp_instructions", "ipc", "active_warps", "resident_workgroups", "outstanding_memory"):
    if len(s[k]) != n or any(len(r) != nsm for r in s[k]): err.append("shape of " + k)
for sm in range(nsm):
    tot = sum(r[sm] for r in s["warp_instructions"])
    if not (0 < tot <= t["per_sm"][sm]["warp_instructions"]): err.append("SM %d total %d" % (sm, tot))
for p in range(n):
    for sm in range(nsm):
        if abs(s["ipc"][p][sm] - s["warp_instructions"][p][sm] / iv) > 1e-9: err.append("ipc %d" % p)
        if s["active_warps"][p][sm] > 8: err.append("active warps %d" % p)
if s["resident_workgroups"] != t["workgroups"]["occupancy"]["samples"]: err.append("resident != occupancy")
# the timeline's counters, from the observer's samples
c = {}
for e in tr["traceEvents"]:
    if e["ph"] == "C":
        c.setdefault((e["name"], e["pid"] - 1), {})[e["ts"]] = e["args"]["value"]
for p, cyc in enumerate(s["cycle"]):
    for sm in range(nsm):
        if abs(c[("ipc", sm)][cyc - iv] - s["ipc"][p][sm]) > 1e-5: err.append("ipc at %d" % cyc)
        if c[("active_warps", sm)][cyc] != s["active_warps"][p][sm]: err.append("warps at %d" % cyc)
        if c[("outstanding_mem", sm)][cyc] != s["outstanding_memory"][p][sm]: err.append("mem at %d" % cyc)
if err:
    print(err[:10])
    sys.exit(1)
EOF

for i in 1 2; do
  "$VENTSIM" run -q --timing --set sim.sample_interval=$i --stats "$tmp/s$i.json" "$tmp/v.metadata" ||
    fail "run with sample_interval $i"
done
"$PY" - "$tmp/s1.json" "$tmp/s2.json" <<'EOF' || fail "the decimated series differs"
import json, sys
a, b = (json.load(open(p))["launches"][0]["timing"] for p in sys.argv[1:3])
sa, sb = a["samples"], b["samples"]
ok = (a["cycles"] > 2 * 2048 // 2 and sa["interval"] == 2 and sb["interval"] == 2
      and len(sa["cycle"]) <= 2048 and sa == sb
      and sa["cycle"] == [(p + 1) * 2 for p in range(len(sa["cycle"]))])
if not ok:
    print(a["cycles"], sa["interval"], sb["interval"], len(sa["cycle"]), len(sb["cycle"]))
sys.exit(0 if ok else 1)
EOF
echo "PASS: the statistics' time series are consistent"
