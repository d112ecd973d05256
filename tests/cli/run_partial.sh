#!/usr/bin/env bash
# A run that stops early still writes complete, valid JSON (python3 -m
# json.tool) for --stats and --timeline, marked partial (issue 17): after
# --max-instructions, --max-cycles, a kernel error, a launch that cannot be
# loaded, SIGINT and SIGTERM (the process then ends by the signal: 130 /
# 143).  The stopped launch's counters are what it did until then.  With
# --stats - a kernel's printing goes to stderr, so stdout is only the JSON.
set -euo pipefail
tmp=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill -9 "$pid" 2> /dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$tmp"
"$VENTSIM" mkcase -o spin.metadata --kernel spin --grid 1 --warps 1 --threads 4 --buf 64 \
  "$VS_SOURCE_DIR/tests/debug/spin.s" || fail "mkcase spin"
"$VENTSIM" mkcase -o illegal.metadata --kernel illegal --grid 2 --warps 2 --threads 4 --buf 64 \
  "$VS_SOURCE_DIR/tests/func/errors.s" || fail "mkcase illegal"
s="$VS_SOURCE_DIR/tests/timing/vecadd.s"
# shellcheck disable=SC2046
"$VENTSIM" mkcase -o vecadd.metadata $(grep -m1 '^# mkcase:' "$s" | sed 's/^# mkcase://') "$s" ||
  fail "mkcase vecadd"

# check FILE KIND EXPR...: FILE is valid JSON and each python EXPR on d holds
check() {
  local file=$1 what=$2
  shift 2
  python3 -m json.tool "$file" > /dev/null || fail "$what: $file is not valid JSON"
  python3 - "$file" "$@" <<'PY' || fail "$what: $file"
import json, sys
d = json.load(open(sys.argv[1]))
for e in sys.argv[2:]:
    if not eval(e):
        print("does not hold:", e)
        print(json.dumps(d, indent=1)[:1500])
        sys.exit(1)
PY
}
# run STATUS ARGS...: ventsim run exits with STATUS
run() {
  local want=$1 rc
  shift
  set +e
  "$VENTSIM" run -q "$@" > out 2> err
  rc=$?
  set -e
  [ $rc = "$want" ] || fail "run $*: exit $rc, expected $want ($(head -c 300 err))"
}
L='d["launches"]'

# ---- the instruction limit (functional: exactly the limit ran)
run 1 --max-instructions 1000 --stats s.json spin.metadata
check s.json "max-instructions" 'd["partial"] is True' '"instruction limit reached" in d["partial_reason"]' \
  "len($L) == 1" "$L[0]['completed'] is False" "'instruction limit' in $L[0]['error']" \
  "$L[0]['warp_instructions'] == 1000" 'd["totals"]["warp_instructions"] == 1000'
# timing
run 1 --timing --max-instructions 300 --stats s.json --timeline t.json spin.metadata
check s.json "timing max-instructions" 'd["partial"] is True' "$L[0]['completed'] is False" \
  "$L[0]['warp_instructions'] == 300" "$L[0]['cycles'] > 300" "'timing' in $L[0]"
check t.json "timeline, max-instructions" 'd["otherData"]["partial"] is True' \
  'any(e.get("args", {}).get("unfinished") for e in d["traceEvents"])'

# ---- the cycle limit
run 1 --max-cycles 2000 --stats s.json --timeline t.json spin.metadata
check s.json "max-cycles" 'd["partial"] is True' "'cycle limit' in $L[0]['error']" \
  "$L[0]['cycles'] == 2000" "$L[0]['warp_instructions'] > 0"
check t.json "timeline, max-cycles" 'd["otherData"]["partial"] is True' \
  '"cycle limit" in d["otherData"]["partial_reason"]'

# ---- a kernel error in the second launch: the first is complete
for mode in "" "--timing"; do
  # shellcheck disable=SC2086
  run 1 $mode --stats s.json vecadd.metadata illegal.metadata
  check s.json "kernel error $mode" 'd["partial"] is True' "len($L) == 2" \
    "$L[0]['completed'] is True and 'error' not in $L[0]" "$L[1]['completed'] is False" \
    "'illegal instruction 0xffffffff' in $L[1]['error']" "$L[1]['warp_instructions'] > 0" \
    "'1 of 2 launches completed' in d['partial_reason']" \
    "d['totals']['warp_instructions'] == $L[0]['warp_instructions'] + $L[1]['warp_instructions']"
done
run 1 --timeline t.json vecadd.metadata illegal.metadata
check t.json "timeline, kernel error" 'd["otherData"]["partial"] is True'
# a launch that cannot be loaded
run 1 --stats s.json vecadd.metadata missing.metadata
check s.json "missing launch" 'd["partial"] is True' "len($L) == 1 and $L[0]['completed']" \
  '"missing.metadata" in d["partial_reason"]'
# a complete run says so
run 0 --stats s.json --timeline t.json vecadd.metadata
check s.json "complete run" 'd["partial"] is False' "'partial_reason' not in d" "$L[0]['completed'] is True"
check t.json "complete timeline" 'd["otherData"]["partial"] is False'

# ---- SIGINT and SIGTERM: the files are completed, then the signal ends the process
for sig in INT TERM; do
  for mode in "" "--timing --timeline t.json"; do
    rm -f s.json t.json
    # shellcheck disable=SC2086
    "$VENTSIM" run $mode --stats s.json spin.metadata 2> err &
    pid=$!
    sleep 0.5
    kill -0 "$pid" || fail "SIG$sig $mode: the run ended by itself"
    kill -s "$sig" "$pid"
    rc=0
    wait "$pid" || rc=$?
    pid=""
    want=$((128 + $(kill -l "$sig")))
    [ $rc = $want ] || fail "SIG$sig $mode: exit $rc, expected $want"
    grep -q "interrupted by SIG$sig: kernel 'spin' stopped on request" err || fail "SIG$sig $mode: $(cat err)"
    check s.json "SIG$sig $mode" 'd["partial"] is True' "'interrupted by SIG$sig' in d['partial_reason']" \
      "$L[0]['completed'] is False" "$L[0]['warp_instructions'] > 0"
    if [ -n "$mode" ]; then
      check t.json "timeline SIG$sig" 'd["otherData"]["partial"] is True' \
        "'interrupted by SIG$sig' in d['otherData']['partial_reason']"
    fi
  done
done

# ---- kernels that print do not mix with JSON on stdout
host="$VS_BINARY_DIR/examples/reduction/reduction"
VENTSIM_SAVE_LAUNCHES="$tmp/red" "$host" > host.out || fail "reduction host"
grep -q "^group 0: sum" host.out || fail "the reduction example does not print"
(cd red && "$VENTSIM" run -q --stats - $(cat launches.list)) > out 2> err || fail "--stats - with printing"
python3 -m json.tool out > /dev/null || fail "--stats -: stdout is not only JSON: $(head -c 200 out)"
grep -q "^group 0: sum" err || fail "--stats -: the kernel's output is not on stderr"
(cd red && "$VENTSIM" run -q $(cat launches.list)) > out 2> err || fail "plain run with printing"
grep -q "^group 0: sum" out || fail "without a '-' output the kernel prints to stdout"
run 2 --stats - --dump - vecadd.metadata
grep -q "only one of --dump, --stats, --trace and --timeline can be '-'" err || fail "two '-' outputs: $(cat err)"
echo "PASS: partial statistics and timelines, signals, stdout"
