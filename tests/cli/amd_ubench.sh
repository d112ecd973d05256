#!/usr/bin/env bash
# The AMD microbenchmarks (bench/amd, docs/amd-ubench.md): every kernel file
# compiles for gfx900, gfx906, gfx1100 (and gfx1100 wave64) with `ventsim
# compile`; the compiled code has the shape each benchmark's formula assumes
# (llvm-objdump-19); every benchmark gives the host reference's results on
# pocl; the LDS conflict degrees match a brute-force bank model; the runner
# skips while AMD timing does not exist.
set -euo pipefail
: "${VENTSIM:?}" "${VS_SOURCE_DIR:?}" "${VS_BINARY_DIR:?}"
PY=${PYTHON3:-/usr/bin/python3}
command -v clang-19 >/dev/null && command -v llvm-objdump-19 >/dev/null || { echo "SKIP: no clang-19"; exit 0; }
B="$VS_SOURCE_DIR/bench/amd"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export VENTSIM_CACHE_DIR="${VENTSIM_CACHE_DIR:-$T/cache}"
fail() { echo "FAIL: $*"; exit 1; }

# body FILE KERNEL: the kernel's instructions (mnemonic and operands)
body() { awk -v k="<$2>:" '$2 == k { on = 1; next } on && /^[0-9a-f]+ </ { exit } on' "$1" | sed 's@//.*@@'; }
# longest run of vector-memory loads with no vmcnt wait between them
loadrun() { awk '/global_load/ { n++; if (n > m) m = n } /s_waitcnt.*vmcnt/ { n = 0 } END { print m + 0 }'; }
has() { grep -E "$1" > /dev/null || fail "$2"; }
hasnt() { ! grep -E "$1" > /dev/null || fail "$2"; }

for t in gfx900 gfx906 gfx1100 gfx1100w64; do
  cpu=${t%w64}; opt=; [ "$t" = gfx1100w64 ] && opt=-mwavefrontsize64
  for f in ubench_mem ubench_core; do
    "$VENTSIM" compile --mcpu "$cpu" $opt "$B/$f.cl" -o "$T/$f-$t.hsaco" || fail "$f does not compile for $t"
    llvm-objdump-19 -d --mcpu="$cpu" "$T/$f-$t.hsaco" > "$T/$f-$t.s"
  done
  M="$T/ubench_mem-$t.s" C="$T/ubench_core-$t.s"
  body "$M" chase_vector | has 'global_load_(dword|b32)' "$t chase_vector: no vector load"
  body "$M" chase_scalar | has 's_load_(dword|b32) ' "$t chase_scalar: no scalar load"
  body "$M" chase_scalar | hasnt 'global_load' "$t chase_scalar: vector loads"
  [ "$(body "$M" loads_indep | loadrun)" -ge 8 ] || fail "$t loads_indep: fewer than 8 loads before a vmcnt wait"
  [ "$(body "$M" loads_dep | loadrun)" -eq 1 ] || fail "$t loads_dep: loads not separated by vmcnt waits"
  for k in bw_read bw_copy; do body "$M" $k | has 'global_load_(dwordx4|b128)' "$t $k: no 16-byte loads"; done
  body "$M" bw_write | has 'global_store_(dwordx4|b128)' "$t bw_write: no 16-byte stores"
  for d in dep indep; do
    body "$C" valu_f32_$d | has 'v_(dual_)?fmac?_f32' "$t valu_f32_$d: no f32 FMA"
    body "$C" valu_f64_$d | has 'v_fma_f64' "$t valu_f64_$d: no v_fma_f64"
    body "$C" valu_trans_$d | has 'v_rsq_f32' "$t valu_trans_$d: no v_rsq_f32"
    # gfx11 folds each multiply-add into one v_mad_u64_u32 (docs/amd-ubench.md)
    body "$C" valu_imul_$d | has 'v_mul_lo_u32|v_mad_u64_u32' "$t valu_imul_$d: no 32-bit integer multiply"
    [ "$(body "$C" salu_$d | grep -c 's_mul_i32')" -ge 8 ] || fail "$t salu_$d: the 8 multiplies are not s_mul_i32"
  done
  [ "$(body "$C" lds_stride | grep -Ec 'ds_(read|load)_b32')" -ge 4 ] || fail "$t lds_stride: not 4 ds_read_b32"
  body "$C" lds_stride | hasnt 'ds_(read|load)_?2' "$t lds_stride: reads paired into ds_read2"
  body "$C" barrier_only | has 's_barrier' "$t barrier_only: no s_barrier"
  body "$C" atomic_same | has 'v_mbcnt' "$t atomic_same: no atomic optimizer (the prediction assumes one atomic per wave)"
  body "$C" atomic_same | has 'global_atomic_add' "$t atomic_same: no global atomic"
  body "$C" atomic_distinct | hasnt 'v_mbcnt' "$t atomic_distinct: combined atomics"
done
echo "ISA shape: ok for gfx900 gfx906 gfx1100 gfx1100w64"

# LDS: the predictor's gcd(stride, 32) against a brute-force bank model
"$PY" - "$B" <<'PY'
import math, sys
sys.path.insert(0, sys.argv[1])
import ubench
for s in range(0, 65):
    g = ubench.lds_degree(s)
    want = 1 if s == 0 else math.gcd(s, 32)
    assert g == want, (s, g, want)
    cfg = {"wave": 64, "lds_lanes_per_cycle": 32, "lds_banks": 32}
    assert ubench.p_lds(cfg, {"stride": s}) == 2 * want, s
print("LDS degrees: ok")
PY

# predictions print for every configuration
"$PY" "$B/ubench.py" --predict > "$T/pred"
grep -q '^| benchmark | point | unit | vega64 | mi50 | rx7900xtx |' "$T/pred" || fail "no prediction table"
[ "$(grep -c '^| ' "$T/pred")" -ge 60 ] || fail "prediction table too short"
grep -q '^| valu_f64_indep |  | cycles/op | 64 | 8 | 16 |' "$T/pred" || fail "f64 rates: $(grep valu_f64_indep "$T/pred")"

# correctness on pocl (the same kernels, a CPU OpenCL implementation)
pocl=/etc/OpenCL/vendors/pocl.icd
if [ -r "$pocl" ] && "$PY" -c 'import pyopencl, numpy' 2>/dev/null; then
  OCL_ICD_VENDORS="$pocl" "$PY" "$B/ubench.py" --check > "$T/check" 2>&1 || { cat "$T/check"; fail "pocl check"; }
  grep -q '^22 passed, 0 failed$' "$T/check" || { cat "$T/check"; fail "pocl check"; }
  echo "pocl: $(tail -1 "$T/check")"
else
  echo "pocl or pyopencl missing: correctness run skipped"
fi

# the runner skips (77) until the AMD timing model and its configurations
# exist; not in sanitizer builds (the instrumented ICD cannot load into python)
if [ "${VS_SANITIZE:-0}" != 1 ]; then
  set +e
  "$B/run_ubench.sh" "$VS_BINARY_DIR" vega64 --bench valu_f32_dep > "$T/run" 2>&1; rc=$?
  set -e
  [ $rc -eq 77 ] || [ $rc -eq 0 ] || { cat "$T/run"; fail "run_ubench.sh: rc $rc"; }
  set +e; "$B/run_ubench.sh" "$VS_BINARY_DIR" nope > "$T/run" 2>&1; rc=$?; set -e
  [ $rc -eq 2 ] && grep -q "unknown configuration 'nope'" "$T/run" || fail "run_ubench.sh bad config: rc $rc"
fi
echo PASS
