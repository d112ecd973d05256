#!/usr/bin/env bash
# pyopencl (Debian python3-pyopencl) runs OpenCL C kernels on the ventsim
# platform's gfx900 and gfx906 devices and on pocl from the same source,
# through one ICD loader; numpy checks every result against a host
# computation and the ventsim results against pocl's.
set -euo pipefail
PY=${PYTHON3:-/usr/bin/python3}  # Debian's python3, which has python3-pyopencl
: "${VS_BINARY_DIR:?}"
pocl=/etc/OpenCL/vendors/pocl.icd
[ -r "$pocl" ] || { echo "SKIP: no pocl"; exit 0; }
"$PY" -c 'import pyopencl, numpy' 2>/dev/null || { echo "SKIP: no pyopencl/numpy"; exit 0; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ln -s "$pocl" "$T/pocl.icd"
ln -s "$VS_BINARY_DIR/etc/OpenCL/vendors/ventsim.icd" "$T/ventsim.icd"
OCL_ICD_VENDORS="$T" "$PY" - <<'PY'
import numpy as np
import pyopencl as cl

SRC = """
kernel void saxpy(uint n, float a, global const float *x, global float *y) {
  uint i = get_global_id(0);
  if (i < n) {
    float t = a * x[i];  /* two statements: not contracted into an fma */
    y[i] = t + y[i];
  }
}
kernel void imix(global const int *a, global const int *b, global int *o) {
  size_t i = get_global_id(0);
  o[i] = (a[i] * b[i]) ^ (a[i] + 3 * b[i]);
}
kernel void lsum(global const int *in, global int *out, local int *t) {
  size_t l = get_local_id(0), n = get_local_size(0);
  t[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  int s = 0;
  for (size_t k = 0; k < n; k++) s += t[k];
  out[get_global_id(0)] = s;
}
kernel void ids2(global uint *o) {
  size_t w = get_global_size(0);
  size_t x = get_global_id(0) - get_global_offset(0), y = get_global_id(1) - get_global_offset(1);
  o[y * w + x] = (uint)(get_global_id(1) * 1000 + get_global_id(0));
}
"""

def run(dev):
    ctx = cl.Context([dev])
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, SRC).build()
    mf = cl.mem_flags
    rng = np.random.default_rng(11)
    n = 1000
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    dy = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=y)
    prg.saxpy(q, (1024,), (64,), np.uint32(n), np.float32(2.5), dx, dy)
    r = {}
    r["saxpy"] = np.empty_like(y)
    cl.enqueue_copy(q, r["saxpy"], dy)
    a = rng.integers(-50000, 50000, 512, dtype=np.int32)
    b = rng.integers(-50000, 50000, 512, dtype=np.int32)
    da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    db = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    do = cl.Buffer(ctx, mf.READ_WRITE, 4 * 4096)
    prg.imix(q, (512,), None, da, db, do)  # the platform chooses the local size
    r["imix"] = np.empty(512, np.int32)
    cl.enqueue_copy(q, r["imix"], do)
    prg.lsum(q, (512,), (128,), da, do, cl.LocalMemory(128 * 4))
    r["lsum"] = np.empty(512, np.int32)
    cl.enqueue_copy(q, r["lsum"], do)
    prg.ids2(q, (32, 16), (8, 4), do, global_offset=(5, 7))
    r["ids2"] = np.empty(512, np.uint32)
    cl.enqueue_copy(q, r["ids2"], do)
    return r, (x, y, a, b)

pocl = [p for p in cl.get_platforms() if p.name == "Portable Computing Language"][0].get_devices()[0]
vs = [p for p in cl.get_platforms() if p.name == "ventsim"][0].get_devices()
ref, (x, y, a, b) = run(pocl)
# the host: saxpy rounds a*x to f32, then the sum to f32 (numpy float32 arithmetic);
# the 1000..1023 work-items leave y alone (the buffer has 1000)
want = np.float32(2.5) * x + y
assert np.array_equal(ref["saxpy"], want), "pocl saxpy"
with np.errstate(over="ignore"):
    assert np.array_equal(ref["imix"], (a * b) ^ (a + 3 * b)), "pocl imix"  # int32 wraps
assert np.array_equal(ref["lsum"], np.repeat(a.reshape(4, 128).sum(axis=1, dtype=np.int32), 128)), "pocl lsum"
yy, xx = np.meshgrid(np.arange(16) + 7, np.arange(32) + 5, indexing="ij")
assert np.array_equal(ref["ids2"], (yy * 1000 + xx).astype(np.uint32).ravel()), "pocl ids2"
for name in ("gfx900", "gfx906"):
    dev = [d for d in vs if name in d.name][0]
    got, _ = run(dev)
    for k in ref:
        assert np.array_equal(got[k], ref[k]), (name, k, got[k][:8], ref[k][:8])
    print(name, "matches pocl")
print("PASS kernels")
PY
# the runtime settings on an AMD device: statistics and the checker
OCL_ICD_VENDORS="$T" VENTSIM_OPENCL_DEVICES=gfx900 VENTSIM_STATS="$T/stats.json" VENTSIM_CHECK=all \
  "$PY" - 2>"$T/settings.err" <<'PY'
import numpy as np
import pyopencl as cl
dev = [p for p in cl.get_platforms() if p.name == "ventsim"][0].get_devices()[0]
ctx = cl.Context([dev])
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "kernel void inc(global int *a) { a[get_global_id(0)] += 1; }").build()
a = np.arange(256, dtype=np.int32)
d = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
prg.inc(q, (256,), (64,), d)
o = np.empty_like(a)
cl.enqueue_copy(q, o, d)
assert np.array_equal(o, a + 1)
PY
grep -q "0 findings" "$T/settings.err" || { cat "$T/settings.err"; echo "FAIL: VENTSIM_CHECK on gfx900"; exit 1; }
"$PY" -c 'import json,sys; s=json.load(open(sys.argv[1])); assert s["totals"]["warp_instructions"] > 0, s["totals"]' \
  "$T/stats.json" || { echo "FAIL: VENTSIM_STATS on gfx900"; exit 1; }
echo "PASS settings"
