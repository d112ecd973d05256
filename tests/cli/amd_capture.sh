#!/usr/bin/env bash
# AMD launch capture and replay (docs/amdgpu-exec.md "Launch capture"):
# launches saved from the C API (vs_program_set_save_dir) and from the
# OpenCL platform (VENTSIM_SAVE_LAUNCHES) are replayed by `ventsim run DIR`;
# the --dump of the output buffer must equal what the host program read,
# which the host checked against its own computation.  Then the run options
# on a replay, and bad launch directories.
set -euo pipefail
: "${VENTSIM:?}" "${VS_SOURCE_DIR:?}" "${VS_BINARY_DIR:?}" "${CAPTURE_HOST:?}"
PY=/usr/bin/python3
D=$VS_SOURCE_DIR/tests/amd/capture
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
if ! "$VENTSIM" compile --mcpu gfx900 -o "$T/c.hsaco" "$D/capture.cl" 2>"$T/cc.err"; then
  grep -qi "clang" "$T/cc.err" && { cat "$T/cc.err"; echo "SKIP: no clang-19"; exit 77; }
  cat "$T/cc.err"; fail "compile"
fi

# ---- the C API: two launches, each a directory; launches.list in order
"$CAPTURE_HOST" "$T/c.hsaco" "$T/capi" "$T/out.bin"
[ -d "$T/capi/scale_rev_0.amdlaunch" ] && [ -d "$T/capi/scale_rev_1.amdlaunch" ] || { ls -R "$T/capi"; fail "launch directories"; }
printf 'scale_rev_0.amdlaunch\nscale_rev_1.amdlaunch\n' | cmp - "$T/capi/launches.list" || fail "launches.list"
for f in launch.json code.hsaco buf0.bin; do [ -f "$T/capi/scale_rev_1.amdlaunch/$f" ] || fail "no $f"; done
# the program run again into the same directory: the same names, replaced
"$CAPTURE_HOST" "$T/c.hsaco" "$T/capi" "$T/out.bin" >/dev/null
printf 'scale_rev_0.amdlaunch\nscale_rev_1.amdlaunch\n' | cmp - "$T/capi/launches.list" || fail "launches.list after a rerun"
# a Ventus launch saved into the same directory by the same process, between
# the two AMD launches: one numbering, one list in launch order (a Ventus
# save used to empty the list the AMD saves had started)
"$VENTSIM" as -o "$T/vecadd.elf" "$VS_SOURCE_DIR/examples/vecadd/vecadd.s"
"$CAPTURE_HOST" "$T/c.hsaco" "$T/mixed" "$T/out_mixed.bin" "$T/vecadd.elf" >/dev/null
printf 'scale_rev_0.amdlaunch\nvecadd_0.metadata\nscale_rev_1.amdlaunch\n' | cmp - "$T/mixed/launches.list" ||
  { cat "$T/mixed/launches.list"; fail "launches.list of Ventus and AMD launches"; }
"$VENTSIM" run -q "$T/mixed/vecadd_0.metadata" || fail "the Ventus launch of the mixed directory"
# the last launch alone (a directory holds the whole memory), then both in order
"$VENTSIM" run -q --dump "$T/d1" "$T/capi/scale_rev_1.amdlaunch"
"$PY" "$D/compare_dump.py" "$T/capi/scale_rev_1.amdlaunch" 1 "$T/out.bin" "$T/d1"
"$VENTSIM" run -q -j 2 --max-instructions 1000000 --stats "$T/s.json" --dump "$T/d2" \
  "$T/capi/scale_rev_0.amdlaunch" "$T/capi/scale_rev_1.amdlaunch"
"$PY" "$D/compare_dump.py" "$T/capi/scale_rev_1.amdlaunch" 1 "$T/out.bin" "$T/d2"
"$PY" -c 'import json,sys; s=json.load(open(sys.argv[1])); assert s["format"]=="ventsim-stats" and s["totals"]["warp_instructions"]>0, s["totals"]' "$T/s.json"
# on the GCN timing model (vega64): the same memory as the host read, and cycles
"$VENTSIM" run -q --timing --config vega64 --stats "$T/st.json" --dump "$T/dt" "$T/capi/scale_rev_1.amdlaunch"
"$PY" "$D/compare_dump.py" "$T/capi/scale_rev_1.amdlaunch" 1 "$T/out.bin" "$T/dt"
"$PY" -c 'import json,sys; s=json.load(open(sys.argv[1])); assert s["launches"][0]["timing"]["cycles"] > 0' "$T/st.json" ||
  fail "timing replay: no cycles"
# the dump holds the program's buffers only (2), not the code, kernarg or printf buffers
[ "$(grep -c '^# buffer' "$T/d1")" = 2 ] || { grep '^#' "$T/d1"; fail "dumped buffers"; }
"$VENTSIM" run -q --trace "$T/trace.txt" "$T/capi/scale_rev_0.amdlaunch"
[ -s "$T/trace.txt" ] || fail "empty trace"
"$VENTSIM" run -q --check "$T/capi/scale_rev_0.amdlaunch" 2>"$T/check.err" || { cat "$T/check.err"; fail "--check"; }
grep -q "0 findings" "$T/check.err" || { cat "$T/check.err"; fail "--check findings"; }
# the summary names one launch
"$VENTSIM" run "$T/capi/scale_rev_0.amdlaunch" 2>"$T/sum.err"
grep -q "ventsim: 1 launch," "$T/sum.err" || { cat "$T/sum.err"; fail "summary"; }
# a limit stops it: a kernel error, exit 1
set +e
"$VENTSIM" run -q --max-instructions 3 "$T/capi/scale_rev_0.amdlaunch" 2>"$T/lim.err"; rc=$?
set -e
[ $rc = 1 ] && grep -q "scale_rev" "$T/lim.err" || { cat "$T/lim.err"; fail "--max-instructions 3 (exit $rc)"; }

# ---- gfx1100 in wave32 and wave64: captured, replayed on a gfx1100 device
# (a wave64 launch names its target gfx1100w64), the same memory as the host read
for w in w32 w64; do
  flag=; [ $w = w64 ] && flag=-mwavefrontsize64
  "$VENTSIM" compile --mcpu gfx1100 $flag -o "$T/c11$w.hsaco" "$D/capture.cl"
  "$CAPTURE_HOST" "$T/c11$w.hsaco" "$T/c11$w" "$T/out11$w.bin"
  want=gfx1100; [ $w = w64 ] && want=gfx1100w64
  grep -q "\"target\":.*\"$want\"" "$T/c11$w/scale_rev_1.amdlaunch/launch.json" || fail "$w: target $want"
  "$VENTSIM" run -q --dump "$T/d11$w" "$T/c11$w/scale_rev_1.amdlaunch"
  "$PY" "$D/compare_dump.py" "$T/c11$w/scale_rev_1.amdlaunch" 1 "$T/out11$w.bin" "$T/d11$w"
  "$VENTSIM" run -q --trace "$T/trace11$w.txt" "$T/c11$w/scale_rev_0.amdlaunch"
  grep -q "global_store_b32" "$T/trace11$w.txt" || fail "$w: gfx11 mnemonics in the trace"
done

# ---- bad launch directories: clear errors, exit 1
cp -r "$T/capi/scale_rev_0.amdlaunch" "$T/bad"
printf 'x' >> "$T/bad/code.hsaco"
set +e
"$VENTSIM" run -q "$T/bad" 2>"$T/bad.err"; rc=$?
set -e
[ $rc = 1 ] && grep -q "SHA-256" "$T/bad.err" || { cat "$T/bad.err"; fail "changed code object (exit $rc)"; }
cp -r "$T/capi/scale_rev_0.amdlaunch" "$T/bad2"
sed -i 's/"version":\t1/"version":\t7/' "$T/bad2/launch.json"
set +e
"$VENTSIM" run -q "$T/bad2" 2>"$T/bad2.err"; rc=$?
set -e
[ $rc = 1 ] && grep -q "version 7" "$T/bad2.err" || { cat "$T/bad2.err"; fail "version (exit $rc)"; }
cp -r "$T/capi/scale_rev_0.amdlaunch" "$T/bad3"
truncate -s 3 "$T/bad3/buf1.bin"
set +e
"$VENTSIM" run -q "$T/bad3" 2>"$T/bad3.err"; rc=$?
set -e
[ $rc = 1 ] && grep -q "buf1.bin has 3 bytes" "$T/bad3.err" || { cat "$T/bad3.err"; fail "short buffer (exit $rc)"; }
set +e
"$VENTSIM" run -q --isa ventus "$T/capi/scale_rev_0.amdlaunch" 2>"$T/isa.err"; rc=$?
set -e
[ $rc = 1 ] && grep -q "gfx900 launch cannot run on a ventus device" "$T/isa.err" || { cat "$T/isa.err"; fail "--isa ventus (exit $rc)"; }

# ---- the OpenCL platform: VENTSIM_SAVE_LAUNCHES, through pyopencl
if [ "${VS_SANITIZE:-0}" = 1 ]; then
  echo "note: sanitizer build: the OpenCL capture (pyopencl) is checked in the optimised build"
elif "$PY" -c 'import pyopencl, numpy' 2>/dev/null; then
  OCL_ICD_VENDORS=$VS_BINARY_DIR/etc/OpenCL/vendors/ventsim.icd VENTSIM_SAVE_LAUNCHES=$T/ocl \
  "$PY" - "$D/capture.cl" "$T/ocl_out.bin" <<'PY'
import sys
import numpy as np
import pyopencl as cl
devs = [p for p in cl.get_platforms() if p.name == "ventsim"][0].get_devices()
# gfx900 then gfx906, both saving into one directory: launches 0 and 1
for n, name in enumerate(("gfx900", "gfx906")):
    dev = [d for d in devs if name in d.name][0]
    ctx = cl.Context([dev])
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, open(sys.argv[1]).read()).build()
    a = (np.arange(512, dtype=np.float32) * np.float32(0.75) - np.float32(20 + n)).astype(np.float32)
    mf = cl.mem_flags
    da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    do = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    bias = np.float32(-1.5)
    prg.scale_rev(q, (512,), (128,), da, do, np.float32(3.0), bias.view(np.uint32), cl.LocalMemory(128 * 4))
    o = np.empty_like(a)
    cl.enqueue_copy(q, o, do)
    # the host: o[i] = a[j] * 3 + bias, j the mirror of i in its group of 128 (f32 each step)
    j = (np.arange(512) // 128) * 128 + 127 - np.arange(512) % 128
    assert np.array_equal(o, a[j] * np.float32(3.0) + bias), ("OpenCL result", name)
    o.tofile(sys.argv[2] + "." + name)
PY
  printf 'scale_rev_0.amdlaunch\nscale_rev_1.amdlaunch\n' | cmp - "$T/ocl/launches.list" || { ls -R "$T/ocl"; fail "OpenCL launches.list"; }
  grep -q '"target":.*"gfx906"' "$T/ocl/scale_rev_1.amdlaunch/launch.json" || fail "gfx906 launch"
  n=0
  for t in gfx900 gfx906; do
    "$VENTSIM" run -q --dump "$T/d3.$t" "$T/ocl/scale_rev_$n.amdlaunch"
    "$PY" "$D/compare_dump.py" "$T/ocl/scale_rev_$n.amdlaunch" 1 "$T/ocl_out.bin.$t" "$T/d3.$t"
    n=$((n + 1))
  done
else
  echo "note: no pyopencl/numpy: the OpenCL capture is not checked"
fi
echo PASS
