#!/usr/bin/env bash
# ventsim run --timeline (docs/timeline.md): the trace of real timing runs
# is valid Chrome Trace Event JSON and matches the run's statistics, checked
# by an independent checker (tests/trace/check_trace.py, standard library):
#  - one kernel (12 work-groups of 4 warps, vecadd.s): format rules, one
#    span per work-group, warp-cycles per stall reason and per SM equal to
#    the --stats JSON, run time == warp instructions (issue_per_warp 1),
#    IPC counters == run cycles of their interval;
#  - two launches on one time axis; a run stopped by --max-cycles;
#  - --timeline-window (== the full trace clipped by the checker) and
#    --timeline-max-events (== the full trace's first N events);
#  - the timeline does not change timing results; bad options.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
MK() { "$VENTSIM" mkcase "$@"; }
CHECK="$VS_SOURCE_DIR/tests/trace/check_trace.py"
PY=python3
command -v python3 > /dev/null || PY=/usr/bin/python3
check() { "$PY" "$CHECK" "$@" || fail "check_trace.py $*"; }

s="$VS_SOURCE_DIR/tests/timing/vecadd.s"
# 12 work-groups of 4 warps of 16 threads (spec of the test, not of the output)
MK -o "$tmp/va.metadata" --kernel vecadd --grid 12 --warps 4 --threads 16 \
  --buf 4096:iota --buf 4096:rand:3 --buf 4096 "$s" || fail "ventsim mkcase"
cp "$tmp/va.metadata" "$tmp/vb.metadata"
cp "$tmp/va.data" "$tmp/vb.data"
SI="--set sim.sample_interval=100"

# --- one launch, full trace ----------------------------------------------
# shellcheck disable=SC2086
"$VENTSIM" run -q $SI --timeline "$tmp/t.json" --stats "$tmp/s.json" "$tmp/va.metadata" ||
  fail "run with --timeline"
grep -q '"mode":[[:space:]]*"timing"' "$tmp/s.json" || fail "--timeline does not imply --timing"
check "$tmp/t.json" --stats "$tmp/s.json" --expect-wgs 12 --run-equals-insns \
  --sample-interval 100 --max-warps 8

# the checker itself rejects broken traces
sed 's/"dur":\([0-9]*\)/"dur":-\1/' "$tmp/t.json" > "$tmp/bad1.json"
"$PY" "$CHECK" "$tmp/bad1.json" > /dev/null && fail "checker accepted negative durations"
grep -v '"thread_name"' "$tmp/t.json" > "$tmp/bad2.json"
"$PY" "$CHECK" "$tmp/bad2.json" > /dev/null && fail "checker accepted unnamed tracks"
# one span moved by one cycle: the stall totals no longer match the stats
"$PY" - "$tmp/t.json" "$tmp/bad3.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for e in d["traceEvents"]:
    if e.get("cat") == "stall":
        e["dur"] += 1
        break
json.dump(d, open(sys.argv[2], "w"))
EOF
"$PY" "$CHECK" "$tmp/bad3.json" --stats "$tmp/s.json" > /dev/null &&
  fail "checker accepted a trace that disagrees with the statistics"

# the same run without a timeline: identical timing statistics
# shellcheck disable=SC2086
"$VENTSIM" run -q --timing $SI --stats "$tmp/s0.json" "$tmp/va.metadata" || fail "run without timeline"
"$PY" - "$tmp/s.json" "$tmp/s0.json" <<'EOF' || fail "--timeline changed the timing results"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
ta = [l["timing"] for l in a["launches"]]
tb = [l["timing"] for l in b["launches"]]
sys.exit(0 if ta == tb and a["cycles"] == b["cycles"] else 1)
EOF

# --- two launches on one time axis ----------------------------------------
# shellcheck disable=SC2086
"$VENTSIM" run -q $SI --timeline "$tmp/t2.json" --stats "$tmp/s2.json" "$tmp/va.metadata" \
  "$tmp/vb.metadata" || fail "two launches"
check "$tmp/t2.json" --stats "$tmp/s2.json" --expect-wgs 24 --run-equals-insns \
  --sample-interval 100 --max-warps 8

# --- a launch stopped by the cycle limit: still a valid trace --------------
set +e
"$VENTSIM" run -q --timeline "$tmp/e.json" --max-cycles 700 "$tmp/va.metadata" 2> "$tmp/err"
rc=$?
set -e
[ $rc = 1 ] || fail "--max-cycles run: exit $rc"
check "$tmp/e.json" --allow-unfinished
"$PY" - "$tmp/e.json" <<'EOF' || fail "trace of the stopped run ends after cycle 700 or marks nothing unfinished"
import json, sys
ev = [e for e in json.load(open(sys.argv[1]))["traceEvents"] if e["ph"] != "M"]
end = max(e["ts"] + e.get("dur", 0) for e in ev)
unf = [e for e in ev if e.get("args", {}).get("unfinished")]
sys.exit(0 if end <= 700 and unf else 1)
EOF

# --- bounding --------------------------------------------------------------
for w in 500:900 1500: :300; do
  # shellcheck disable=SC2086
  "$VENTSIM" run -q $SI --timeline "$tmp/w.json" --timeline-window "$w" "$tmp/va.metadata" ||
    fail "--timeline-window $w"
  check "$tmp/w.json" --window "$w" --reference "$tmp/t.json"
done
full=$(wc -c < "$tmp/t.json")
for n in 1 100 2000; do
  # shellcheck disable=SC2086
  "$VENTSIM" run $SI --timeline "$tmp/m.json" --timeline-max-events $n "$tmp/va.metadata" \
    2> "$tmp/err" > /dev/null || fail "--timeline-max-events $n"
  check "$tmp/m.json" --max-events $n --expect-truncated --reference "$tmp/t.json"
  grep -q "stopped after $n events" "$tmp/err" || fail "no note on stderr for --timeline-max-events $n"
  [ "$(wc -c < "$tmp/m.json")" -lt "$full" ] || fail "bounded trace is not smaller"
done
# a limit the run does not reach: complete trace, not truncated
# shellcheck disable=SC2086
"$VENTSIM" run -q $SI --timeline "$tmp/m.json" --timeline-max-events 100000000 "$tmp/va.metadata"
# (all but the otherData line, which records the limit)
cmp -s <(head -n -1 "$tmp/m.json") <(head -n -1 "$tmp/t.json") ||
  fail "a large --timeline-max-events changed the trace"
grep -q '"truncated":false' "$tmp/m.json" || fail "a trace under the limit is marked truncated"

# --- bad options -------------------------------------------------------------
expect_usage() {
  set +e
  "$VENTSIM" run "$@" "$tmp/va.metadata" > /dev/null 2> "$tmp/err"
  local rc=$?
  set -e
  [ $rc = 2 ] || fail "'$*' exit $rc, expected 2"
  grep -q "timeline" "$tmp/err" || fail "'$*': message does not name the option: $(cat "$tmp/err")"
}
expect_usage --timeline "$tmp/x.json" --timeline-window 900:500
expect_usage --timeline "$tmp/x.json" --timeline-window 5
expect_usage --timeline "$tmp/x.json" --timeline-window abc:10
expect_usage --timeline "$tmp/x.json" --timeline-window :
expect_usage --timeline "$tmp/x.json" --timeline-max-events -3
expect_usage --timeline-window 1:2
expect_usage --timing --timeline-max-events 10
set +e
"$VENTSIM" run -q --timeline "$tmp/nodir/x.json" "$tmp/va.metadata" 2> "$tmp/err"
rc=$?
set -e
[ $rc = 1 ] || fail "unwritable --timeline: exit $rc"
grep -q "nodir" "$tmp/err" || fail "unwritable --timeline: message $(cat "$tmp/err")"
# kernel names (from file names) in UTF-8 are written as UTF-8 text, in the
# timeline and in the statistics; bytes that are not UTF-8 become U+FFFD
u8=$'\xd1\x8f\xd0\xb4\xd1\x80\xd0\xbe_\xe4\xb9\x98\xe5\xbd\xb1' # "ядро_乘影"
l1=$'lat\xe9'                                                              # Latin-1
for n in "$u8" "$l1"; do cp "$tmp/va.metadata" "$tmp/$n.metadata"; cp "$tmp/va.data" "$tmp/$n.data"; done
"$VENTSIM" run -q --timeline "$tmp/u.json" --stats "$tmp/us.json" "$tmp/$u8.metadata" "$tmp/$l1.metadata" ||
  fail "run with non-ASCII names"
python3 - "$tmp/u.json" "$tmp/us.json" <<'EOF2' || fail "non-ASCII names"
import json, sys
tl = json.load(open(sys.argv[1], encoding="utf-8"))
st = json.load(open(sys.argv[2], encoding="utf-8"))
want = ["\u044f\u0434\u0440\u043e_\u4e58\u5f71", "lat\ufffd"]
launches = [e["name"] for e in tl["traceEvents"] if e.get("cat") == "launch"]
assert launches == want, launches
assert [l["name"] for l in st["launches"]] == want, [l["name"] for l in st["launches"]]
assert "\\u00" not in open(sys.argv[1], encoding="utf-8").read(), "per-byte escapes"
EOF2
echo "PASS: timelines are valid traces that match the statistics"
