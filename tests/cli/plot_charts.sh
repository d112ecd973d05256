#!/usr/bin/env bash
# ventsim plot (docs/plots.md) draws the expected PNG charts from real runs:
# 6 for timing statistics, 2 for functional statistics, 1 for a timeline;
# each a PNG (signature, IHDR of the figure size), not blank, and listed on
# stdout; the timeline with its launches track and the trace's state names,
# a cut-off or partial trace said so, --window.  Bad input: exit 1 and no
# chart.  Skipped (77) without matplotlib.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
python3 -c 'import matplotlib' 2> /dev/null || /usr/bin/python3 -c 'import matplotlib' 2> /dev/null ||
  { echo "SKIP: matplotlib is not installed"; exit 77; }
PY=python3
python3 -c 'import matplotlib' 2> /dev/null || PY=/usr/bin/python3
MK() { "$VENTSIM" mkcase "$@"; }
s="$VS_SOURCE_DIR/tests/timing/vecadd.s"
MK -o "$tmp/va.metadata" --kernel vecadd --grid 12 --warps 4 --threads 16 \
  --buf 4096:iota --buf 4096:rand:3 --buf 4096 "$s" || fail "ventsim mkcase"
cp "$tmp/va.metadata" "$tmp/vb.metadata"
cp "$tmp/va.data" "$tmp/vb.data"

# checks the PNG files named on stdin: signature, IHDR size, not blank
pngs_ok() {
  "$PY" - "$@" <<'EOF'
import struct, sys, zlib
import matplotlib
matplotlib.use("Agg")
import matplotlib.image as mpimg
bad = 0
for p in sys.argv[1:]:
    data = open(p, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR" or len(data) < 5000:
        print("not a PNG chart:", p, len(data)); bad = 1; continue
    w, h = struct.unpack(">II", data[16:24])
    if not (600 <= w <= 1200 and 300 <= h <= 1000):
        print("odd size %dx%d: %s" % (w, h, p)); bad = 1
    if zlib.crc32(data[12:29]) != struct.unpack(">I", data[29:33])[0]:
        print("IHDR CRC wrong:", p); bad = 1
    img = mpimg.imread(p)
    if img.std() < 0.05:
        print("blank image:", p); bad = 1
    if len(data) > 200 * 1024:
        print("larger than 200 KB:", p); bad = 1
sys.exit(bad)
EOF
}

# expect DIR "names..." : exactly these PNGs in DIR, each listed on stdout
expect() {
  local dir=$1 out=$2
  shift 2
  local want got
  want=$(printf '%s\n' "$@" | sort)
  got=$(find "$dir" -mindepth 1 -printf '%f\n' | sort)
  [ "$want" = "$got" ] || fail "charts in $dir: ${got//$'\n'/ }, expected ${want//$'\n'/ }"
  [ "$(wc -l < "$out")" = "$#" ] || fail "stdout lists $(wc -l < "$out") files, expected $#"
  local files=()
  for f in "$@"; do
    grep -qx "$dir/$f" "$out" || fail "stdout does not list $dir/$f"
    files+=("$dir/$f")
  done
  pngs_ok "${files[@]}" || fail "bad PNG in $dir"
}

timing_charts=(ipc.png active_warps.png stalls.png caches.png instruction_mix.png memory.png)

"$VENTSIM" run -q --timing --set sim.sample_interval=100 --stats "$tmp/t.json" \
  --timeline "$tmp/tl.json" "$tmp/va.metadata" || fail "timing run"
"$VENTSIM" plot -o "$tmp/p1" "$tmp/t.json" > "$tmp/out" || fail "plot timing stats"
expect "$tmp/p1" "$tmp/out" "${timing_charts[@]}"

"$VENTSIM" run -q --timing --stats "$tmp/t2.json" "$tmp/va.metadata" "$tmp/vb.metadata" ||
  fail "two launches"
"$VENTSIM" plot --output "$tmp/p2" --prefix plot- "$tmp/t2.json" > "$tmp/out" ||
  fail "plot two launches"
expect "$tmp/p2" "$tmp/out" "${timing_charts[@]/#/plot-}"

"$VENTSIM" run -q --stats "$tmp/f.json" "$tmp/va.metadata" || fail "functional run"
"$VENTSIM" plot -o "$tmp/p3" "$tmp/f.json" > "$tmp/out" || fail "plot functional stats"
expect "$tmp/p3" "$tmp/out" instruction_mix.png memory.png

"$VENTSIM" plot -o "$tmp/p4" "$tmp/tl.json" > "$tmp/out" || fail "plot a timeline"
expect "$tmp/p4" "$tmp/out" timeline.png

# what a chart shows, from its PNG Description text (written with the picture)
desc() {
  "$PY" - "$1" <<'EOF'
import struct, sys
d = open(sys.argv[1], "rb").read()
i = 8
while i < len(d):
    n, = struct.unpack(">I", d[i:i + 4])
    if d[i + 4:i + 8] == b"tEXt":
        k, v = d[i + 8:i + 8 + n].split(b"\0", 1)
        if k == b"Description":
            print(v.decode("latin-1"))
    i += 12 + n
EOF
}
# the launches track, the trace's state names ("run", not "issued")
desc "$tmp/p4/timeline.png" > "$tmp/d"
grep -q "tracks: launches, SM 0 " "$tmp/d" || fail "timeline: no launches track: $(cat "$tmp/d")"
grep -q "launch va \[0, " "$tmp/d" || fail "timeline: the launch span is not drawn: $(cat "$tmp/d")"
grep -qE "states: (.*, )?run(,|;)" "$tmp/d" || fail "timeline: no 'run' state: $(cat "$tmp/d")"
if grep -q "issued" "$tmp/d"; then fail "timeline: 'issued' instead of the trace's 'run'"; fi
if grep -q "cut off\|partial" "$tmp/d"; then fail "timeline: a complete trace called cut off or partial"; fi
# a trace cut off by --timeline-max-events says so, on the picture and stderr
"$VENTSIM" run -q --timeline "$tmp/cut.json" --timeline-max-events 200 "$tmp/va.metadata" 2> /dev/null ||
  fail "cut timeline run"
"$VENTSIM" plot -o "$tmp/p5" "$tmp/cut.json" > "$tmp/out" 2> "$tmp/err" || fail "plot a cut timeline"
at=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["otherData"]["truncated_at_cycle"])' "$tmp/cut.json")
grep -q "cut off at cycle $at by --timeline-max-events" "$tmp/err" || fail "cut timeline: stderr: $(cat "$tmp/err")"
desc "$tmp/p5/timeline.png" | grep -q "cut off at cycle $at by --timeline-max-events (200 events)" ||
  fail "cut timeline: not on the picture"
# a window: only those cycles; a partial run (the cycle limit) is said so
"$VENTSIM" plot -o "$tmp/p6" --window 300:900 "$tmp/tl.json" > "$tmp/out" || fail "plot --window"
desc "$tmp/p6/timeline.png" | grep -q "^window 300:900;" || fail "--window not applied to the timeline"
"$VENTSIM" plot -o "$tmp/p7" --window 200: "$tmp/t.json" > "$tmp/out" || fail "plot --window stats"
desc "$tmp/p7/ipc.png" | grep -q "^window 200:" || fail "--window not applied to the IPC chart"
set +e
"$VENTSIM" run -q --max-cycles 700 --timeline "$tmp/part.json" "$tmp/va.metadata" 2> /dev/null
set -e
"$VENTSIM" plot -o "$tmp/p8" "$tmp/part.json" > "$tmp/out" || fail "plot a partial timeline"
desc "$tmp/p8/timeline.png" | grep -q "partial: .*cycle limit" || fail "partial timeline: not said"
for w in 5 9:3 x:1 :; do
  set +e
  "$VENTSIM" plot -o "$tmp/pw" --window "$w" "$tmp/tl.json" > /dev/null 2> "$tmp/err"
  rc=$?
  set -e
  [ $rc = 2 ] && grep -q -- "--window '$w'" "$tmp/err" || fail "--window $w: exit $rc, $(cat "$tmp/err")"
done

# bad input: exit 1 with a message naming the file, no chart
bad() {
  local what=$1 file=$2
  set +e
  "$VENTSIM" plot -o "$tmp/pb" "$file" > /dev/null 2> "$tmp/err"
  local rc=$?
  set -e
  [ $rc = 1 ] || fail "$what: exit $rc"
  grep -q "$(basename "$file")" "$tmp/err" || fail "$what: message does not name the file"
  [ -z "$(ls "$tmp/pb" 2> /dev/null)" ] || fail "$what: charts written"
}
printf '{"format": "ventsim-stats", "launches": [' > "$tmp/trunc.json"
bad "truncated JSON" "$tmp/trunc.json"
echo '{"x": 1}' > "$tmp/other.json"
bad "foreign JSON" "$tmp/other.json"
bad "missing file" "$tmp/none.json"
set +e
"$VENTSIM" plot > /dev/null 2>&1
rc=$?
set -e
[ $rc = 2 ] || fail "no argument: exit $rc"
"$VENTSIM" plot --help | grep -q "instruction_mix.png" || fail "--help"
"$VENTSIM" help | grep -q "plot" || fail "plot is not in the command list"
echo "PASS: ventsim plot draws the charts"
