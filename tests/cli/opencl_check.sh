#!/usr/bin/env bash
# VENTSIM_CHECK reaches the kernel checker through the runtime and the
# OpenCL platform on it: a correct vecadd runs clean (the findings are in
# the VENTSIM_STATS JSON), one whose output buffer is one float short is
# reported by bounds at the kernel's store, with the buffer's exact size
# (its pages are mapped whole, so nothing faults), and a bad list fails.
set -euo pipefail
PY=${PYTHON3:-/usr/bin/python3}  # Debian's python3, which has python3-pyopencl
: "${VENTSIM_OCL_ELF:?}"
"$PY" -c 'import pyopencl, numpy' 2>/dev/null || { echo "SKIP: no pyopencl/numpy"; exit 0; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cat > "$T/run.py" <<'PY'
import sys
import numpy as np
import pyopencl as cl
short = int(sys.argv[2])
plat = [p for p in cl.get_platforms() if p.name == "ventsim"][0]
dev = [d for d in plat.get_devices() if "ventus" in d.name][0]
ctx = cl.Context([dev])
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, [dev], [open(sys.argv[1], "rb").read()]).build()
a = np.arange(256, dtype=np.float32)
mf = cl.mem_flags
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
dc = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes - 4 * short)
prg.vecadd(q, (256,), (64,), da, da, dc)
c = np.empty(256 - short, dtype=np.float32)
cl.enqueue_copy(q, c, dc)
assert np.array_equal(c, 2 * a[:256 - short])
PY
VENTSIM_CHECK=1 VENTSIM_STATS="$T/ok.json" "$PY" "$T/run.py" "$VENTSIM_OCL_ELF" 0 2> "$T/ok.err" ||
  fail "clean run: $(cat "$T/ok.err")"
grep -q "^ventsim check: 0 findings" "$T/ok.err" || fail "clean run: $(cat "$T/ok.err")"
"$PY" -c 'import json,sys; j=json.load(open(sys.argv[1]))["check"]; assert j["findings"] == 0 and "bounds" in j["checks"], j' \
  "$T/ok.json" || fail "clean run: the check member of the statistics"
# the store of c[255], one float past the output buffer
VENTSIM_CHECK=bounds VENTSIM_STATS="$T/bad.json" "$PY" "$T/run.py" "$VENTSIM_OCL_ELF" 1 2> "$T/bad.err" ||
  fail "short buffer: $(cat "$T/bad.err")"
grep -q "^ventsim check: bounds: kernel 'vecadd', .*'vsw12.v.*writes 4 bytes at .*outside every allocation; nearest: 'buffer .* (vt_buf_alloc)'" "$T/bad.err" ||
  fail "short buffer: $(cat "$T/bad.err")"
grep -q "^ventsim check: 1 finding " "$T/bad.err" || fail "short buffer: $(cat "$T/bad.err")"
"$PY" -c 'import json,sys; j=json.load(open(sys.argv[1]))["check"]; assert j["by_check"]["bounds"]["findings"] == 1, j' \
  "$T/bad.json" || fail "short buffer: the check member of the statistics"
if VENTSIM_CHECK=bounds,nosuch "$PY" "$T/run.py" "$VENTSIM_OCL_ELF" 0 2> "$T/u.err"; then fail "a bad VENTSIM_CHECK was accepted"; fi
grep -q "unknown check 'nosuch'" "$T/u.err" || fail "bad VENTSIM_CHECK: $(cat "$T/u.err")"
echo PASS
