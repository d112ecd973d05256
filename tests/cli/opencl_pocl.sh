#!/usr/bin/env bash
# pocl and ventsim side by side through the same ICD loader: both platforms
# are listed, and pocl still runs a kernel.
set -euo pipefail
PY=${PYTHON3:-/usr/bin/python3}  # Debian's python3, which has python3-pyopencl
: "${VS_BINARY_DIR:?}"
pocl=/etc/OpenCL/vendors/pocl.icd
[ -r "$pocl" ] && command -v clinfo >/dev/null || { echo "SKIP: no pocl or clinfo"; exit 0; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ln -s "$pocl" "$T/pocl.icd"
ln -s "$VS_BINARY_DIR/etc/OpenCL/vendors/ventsim.icd" "$T/ventsim.icd"
OCL_ICD_VENDORS="$T" clinfo -l > "$T/list" 2>&1
grep -q "Platform #.*: Portable Computing Language" "$T/list" || { cat "$T/list"; echo "FAIL: no pocl"; exit 1; }
grep -q "Platform #.*: ventsim" "$T/list" || { cat "$T/list"; echo "FAIL: no ventsim"; exit 1; }
[ "$(grep -c -- '-- Device' "$T/list")" -ge 5 ] || { cat "$T/list"; echo "FAIL: devices"; exit 1; }
if "$PY" -c 'import pyopencl, numpy' 2>/dev/null; then
  OCL_ICD_VENDORS="$T" "$PY" - <<'PY'
import numpy as np, pyopencl as cl
p = [p for p in cl.get_platforms() if p.name == "Portable Computing Language"][0]
ctx = cl.Context(p.get_devices())
q = cl.CommandQueue(ctx)
a = np.arange(64, dtype=np.float32)
mf = cl.mem_flags
ba = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
bo = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
prg = cl.Program(ctx, "kernel void twice(global const float *a, global float *o) { int i = get_global_id(0); o[i] = 2 * a[i]; }").build()
prg.twice(q, a.shape, None, ba, bo)
o = np.empty_like(a)
cl.enqueue_copy(q, o, bo)
assert (o == 2 * a).all()
PY
fi
echo PASS
