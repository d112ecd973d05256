#!/usr/bin/env bash
# The ELF reader (src/elf) against llvm-readobj-19 on an ELF64 AMDGPU code
# object (an OpenCL C kernel compiled by clang-19) and on an ELF32 Ventus
# program (assembled by ventsim as): header, sections, segments and
# symbols must agree.  Skipped (77) without clang-19 / llvm-readobj-19.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
for t in clang-19 llvm-readobj-19 python3; do
  command -v $t > /dev/null || { echo "SKIP: $t not found"; exit 77; }
done
DUMP=${VS_ELFDUMP:-$VS_BINARY_DIR/tests/vs_elfdump}
cat > "$tmp/k.cl" <<'CL'
__kernel void add_n(__global int *a, int n) { a[0] += n; }
__kernel void twice(__global float *x) { x[1] = 2.0f * x[0]; }
CL
clang-19 -cl-std=CL1.2 -target amdgcn-amd-amdhsa -mcpu=gfx900 -nogpulib -O2 "$tmp/k.cl" -o "$tmp/k.co" ||
  fail "clang-19 could not build the code object"
"$VENTSIM" as -o "$tmp/v.elf" "$VS_SOURCE_DIR/tests/asm/vecadd.s" "$VS_SOURCE_DIR/tests/asm/helper.s" || fail "ventsim as"
for f in k.co v.elf; do
  "$DUMP" "$tmp/$f" > "$tmp/$f.ours" || fail "vs_elfdump $f"
  llvm-readobj-19 --elf-output-style=JSON --file-header --sections --program-headers --symbols \
    "$tmp/$f" > "$tmp/$f.json" || fail "llvm-readobj-19 $f"
  python3 "$VS_SOURCE_DIR/tests/elf/check_elf.py" "$tmp/$f.ours" "$tmp/$f.json" || fail "$f differs"
done
grep -q '^file 64 3 224 ' "$tmp/k.co.ours" || fail "k.co is not an ELF64 EM_AMDGPU shared object: $(head -1 "$tmp/k.co.ours")"
grep -q '^symbol add_n.kd ' "$tmp/k.co.ours" || fail "no kernel descriptor symbol add_n.kd"
# a Ventus loader refuses the AMD code object with a clear message
set +e
"$VENTSIM" mkcase -o "$tmp/x.metadata" --kernel add_n "$tmp/k.co" > /dev/null 2> "$tmp/err"
rc=$?
set -e
[ $rc = 1 ] || fail "mkcase of an AMD code object: exit $rc"
grep -q "not a 32-bit ELF file (Ventus programs are ELF32)" "$tmp/err" || fail "mkcase message: $(cat "$tmp/err")"
[ ! -e "$tmp/x.metadata" ] || fail "mkcase wrote a launch for an AMD code object"
echo "PASS: ELF32 and ELF64 files read as llvm-readobj reads them"
