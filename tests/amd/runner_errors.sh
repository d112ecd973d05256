#!/usr/bin/env bash
# oclrun and oclcmp on bad input: a clear message naming what and where, a
# non-zero exit, no crash.
#     runner_errors.sh OCLRUN OCLCMP CASES_DIR
set -uo pipefail
oclrun=$1 oclcmp=$2 cases=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# expect STATUS PATTERN command...: exit status and a line of its output
expect() {
  local want=$1 pat=$2
  shift 2
  "$@" > "$tmp/out" 2>&1
  local rc=$?
  [ $rc -eq "$want" ] || { cat "$tmp/out"; fail "$* exited $rc, expected $want"; }
  grep -q -- "$pat" "$tmp/out" || { cat "$tmp/out"; fail "$*: no '$pat' in the output"; }
}
expect 2 "unknown option '--bogus'" "$oclrun" --bogus
expect 2 "unknown back end 'nope'" "$oclrun" --backend nope --out "$tmp/r" "$cases/int32_ops.json"
expect 2 "usage" "$oclrun" --backend host --out "$tmp/r"
expect 2 "$tmp/missing.json: cannot open" "$oclrun" --backend host --out "$tmp/r" "$tmp/missing.json"
mkdir -p "$tmp/c"
printf '{\n  "build": "int32",\n  "buffers": [\n' > "$tmp/c/bad.json"
expect 2 "bad.json: line 4: not valid JSON" "$oclrun" --backend host --out "$tmp/r" "$tmp/c/bad.json"
sed 's/"build": "int32"/"build": "no_such_build"/' "$cases/int32_ops.json" > "$tmp/c/nobuild.json"
expect 1 "build 'no_such_build': not in" "$oclrun" --backend host --amd-dir "$cases/.." --out "$tmp/r" \
  "$tmp/c/nobuild.json"
grep -q "^error: build 'no_such_build'" "$tmp/r/nobuild/status" || fail "the status file does not record the error"
expect 1 "no OpenCL device matches 'no such platform'" "$oclrun" --backend opencl --device "no such platform" \
  --out "$tmp/r" "$cases/int32_ops.json"
# the comparator: a result directory without the case, then a truncated buffer
"$oclrun" --backend host --out "$tmp/h" "$cases/int32_ops.json" > /dev/null || fail "host run"
expect 1 "no result" "$oclcmp" --ref "$tmp/h" --test "$tmp/none" "$cases/int32_ops.json"
cp -r "$tmp/h" "$tmp/t"
head -c 100 "$tmp/h/int32_ops/out.bin" > "$tmp/t/int32_ops/out.bin"
expect 1 "100 bytes, the case says 393216" "$oclcmp" --ref "$tmp/h" --test "$tmp/t" "$cases/int32_ops.json"
echo "runner errors: ok"
