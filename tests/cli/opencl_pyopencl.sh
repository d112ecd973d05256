#!/usr/bin/env bash
# pyopencl (Debian python3-pyopencl) runs Ventus kernels on the ventsim
# platform; numpy checks the results.
set -euo pipefail
PY=${PYTHON3:-/usr/bin/python3}  # Debian's python3, which has python3-pyopencl
: "${VENTSIM_OCL_ELF:?}"
"$PY" -c 'import pyopencl, numpy' 2>/dev/null || { echo "SKIP: no pyopencl/numpy"; exit 0; }
"$PY" - "$VENTSIM_OCL_ELF" <<'PY'
import sys
import numpy as np
import pyopencl as cl

plat = [p for p in cl.get_platforms() if p.name == "ventsim"][0]
dev = [d for d in plat.get_devices() if "ventus" in d.name][0]
ctx = cl.Context([dev])
q = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
prg = cl.Program(ctx, [dev], [open(sys.argv[1], "rb").read()]).build()
assert sorted(k.function_name for k in prg.all_kernels()) == ["fault", "localoffs", "saxpy", "vecadd"]

rng = np.random.default_rng(7)
n = 4096
a = rng.random(n, dtype=np.float32)
b = rng.random(n, dtype=np.float32)
mf = cl.mem_flags
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
db = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
dc = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
ev = prg.vecadd(q, (n,), (128,), da, db, dc)
c = np.empty_like(a)
cl.enqueue_copy(q, c, dc)
assert np.array_equal(c, a + b), "vecadd"
assert ev.profile.end > ev.profile.start

# saxpy with by-value arguments and a local size chosen by the platform
y = rng.random(n, dtype=np.float32)
dy = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=y)
k = prg.saxpy
k.set_args(np.uint32(n - 5), np.float32(1.5), da, dy)
cl.enqueue_nd_range_kernel(q, k, (n,), None)
out = np.empty_like(y)
cl.enqueue_copy(q, out, dy)
want = y.copy()
want[: n - 5] = (np.float32(1.5) * a[: n - 5].astype(np.float64) + y[: n - 5]).astype(np.float32)
# the kernel fuses (vfmacc: one rounding): compare with a correctly rounded fma
assert np.allclose(out, want, rtol=0, atol=2e-7), "saxpy"
assert np.array_equal(out[n - 5:], y[n - 5:])
print("PASS")
PY
