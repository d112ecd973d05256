#!/usr/bin/env bash
# VENTSIM_* settings reach the simulator through the platform: statistics,
# saved launches (replayed by ventsim run) and a timing-mode timeline.
set -euo pipefail
PY=${PYTHON3:-/usr/bin/python3}  # Debian's python3, which has python3-pyopencl
: "${VENTSIM:?}" "${VS_BINARY_DIR:?}" "${VENTSIM_OCL_ELF:?}"
"$PY" -c 'import pyopencl, numpy' 2>/dev/null || { echo "SKIP: no pyopencl/numpy"; exit 0; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cat > "$T/run.py" <<'PY'
import sys
import numpy as np
import pyopencl as cl
plat = [p for p in cl.get_platforms() if p.name == "ventsim"][0]
dev = [d for d in plat.get_devices() if "ventus" in d.name][0]
ctx = cl.Context([dev])
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, [dev], [open(sys.argv[1], "rb").read()]).build()
a = np.arange(256, dtype=np.float32)
mf = cl.mem_flags
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
dc = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
prg.vecadd(q, (256,), (64,), da, da, dc)
c = np.empty_like(a)
cl.enqueue_copy(q, c, dc)
assert np.array_equal(c, 2 * a)
PY
VENTSIM_STATS="$T/stats.json" VENTSIM_SAVE_LAUNCHES="$T/saved" "$PY" "$T/run.py" "$VENTSIM_OCL_ELF"
grep -q '"warp_instructions"\|"warp_insns"' "$T/stats.json" || { echo "FAIL: statistics"; head -c 400 "$T/stats.json"; exit 1; }
[ -s "$T/saved/launches.list" ] || { echo "FAIL: no saved launch"; exit 1; }
(cd "$T/saved" && "$VENTSIM" run --quiet $(cat launches.list)) || { echo "FAIL: replay"; exit 1; }
VENTSIM_MODE=timing VENTSIM_TIMELINE="$T/tl.json" "$PY" "$T/run.py" "$VENTSIM_OCL_ELF"
grep -q '"traceEvents"' "$T/tl.json" || { echo "FAIL: timeline"; exit 1; }
echo PASS
