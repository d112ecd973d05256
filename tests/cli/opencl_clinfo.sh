#!/usr/bin/env bash
# clinfo (Debian) lists the ventsim platform and its four devices, from the
# build tree (OCL_ICD_VENDORS), without errors.
set -euo pipefail
command -v clinfo >/dev/null || { echo "SKIP: no clinfo"; exit 0; }
out=$(clinfo 2>&1)
fail() { echo "FAIL: $*"; echo "$out" | head -50; exit 1; }
grep -q "Platform Name *ventsim" <<< "$out" || fail "no ventsim platform"
grep -q "Platform Version *OpenCL 3.0 ventsim" <<< "$out" || fail "platform version"
grep -q "Number of devices *4" <<< "$out" || fail "not 4 devices"
for t in gfx900 gfx906 gfx1100 ventus; do
  grep -q "Device Name .*$t" <<< "$out" || fail "no $t device"
done
grep -q "Max compute units *64" <<< "$out" || fail "gfx900 compute units"
grep -q "Max compute units *2$" <<< "$out" || fail "ventus compute units (ventus-chisel.ini num_sms)"
grep -q "Image support *No" <<< "$out" || fail "image support"
grep -q "Max work group size *256" <<< "$out" || fail "ventus work-group size"
grep -q "Preferred work group size multiple (device) *32" <<< "$out" || fail "wave32"
# the NULL-platform and context checks clinfo runs end in "Success"
grep -q "clCreateContextFromType(NULL, CL_DEVICE_TYPE_GPU)  *Success (4)" <<< "$out" || fail "context from type"
if grep -E -q "<error|Invalid|CL_INVALID" <<< "$out"; then
  fail "clinfo reports errors: $(grep -E '<error|Invalid|CL_INVALID' <<< "$out" | head -5)"
fi
echo PASS
