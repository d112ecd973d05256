#!/usr/bin/env bash
# ventsim compile: OpenCL C -> AMD code objects with clang-19 (docs/compile.md).
# Outputs are checked with LLVM's own llvm-readelf-19.
set -euo pipefail
: "${VENTSIM:?}" "${VS_SOURCE_DIR:?}"
command -v clang-19 >/dev/null && command -v llvm-readelf-19 >/dev/null || { echo "SKIP: no clang-19"; exit 0; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export VENTSIM_CACHE_DIR="$T/cache"
K="$VS_SOURCE_DIR/tests/amd/codeobj_args.cl"
P="$VS_SOURCE_DIR/tests/amd/codeobj_printf.cl"
fail() { echo "FAIL: $*"; exit 1; }

# the three targets, and wave64 on gfx1100: e_flags as the spec measured them
"$VENTSIM" compile --mcpu gfx900 "$K" -o "$T/a900.hsaco"
llvm-readelf-19 -h "$T/a900.hsaco" > "$T/out"; grep -q 'Flags: *0x12C, gfx900, xnack' "$T/out" || fail "gfx900 e_flags"
"$VENTSIM" compile --mcpu gfx906 "$K" -o "$T/a906.hsaco"
llvm-readelf-19 -h "$T/a906.hsaco" > "$T/out"; grep -q 'Flags: *0x52F, gfx906, xnack, sramecc' "$T/out" || fail "gfx906 e_flags"
"$VENTSIM" compile --mcpu gfx1100 "$K" -o "$T/a1100.hsaco"
llvm-readelf-19 -h "$T/a1100.hsaco" > "$T/out"; grep -q 'Flags: *0x41, gfx1100' "$T/out" || fail "gfx1100 e_flags"
llvm-readelf-19 --notes "$T/a1100.hsaco" > "$T/out"; grep -q '.wavefront_size: *32' "$T/out" || fail "gfx1100 is wave32"
"$VENTSIM" compile --mcpu=gfx1100 -mwavefrontsize64 "$K" -o "$T/a1100w64.hsaco"
llvm-readelf-19 --notes "$T/a1100w64.hsaco" > "$T/out"; grep -q '.wavefront_size: *64' "$T/out" || fail "gfx1100 wave64"
# code object v5 and CL2.0 as in the spec's command lines
llvm-readelf-19 -h "$T/a900.hsaco" > "$T/out"; grep -q 'ABI Version: *3' "$T/out" || fail "code object v5"
llvm-readelf-19 --notes "$T/a900.hsaco" > "$T/out"; grep -A1 'language_version' "$T/out" > "$T/out2"; grep -q -- '- 2' "$T/out2" || fail "CL2.0 default"

# the same result as the spec's one-step command line (1.1)
clang-19 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx900 -mcode-object-version=5 \
  --rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode -O3 "$K" -o "$T/ref.hsaco"
cmp "$T/ref.hsaco" "$T/a900.hsaco" || fail "differs from the spec's command line"

# a clang-only target option (--clang-option): the same as clang given it
# directly (with the gfx11 device-library directory the driver made in the
# cache); anything but a target option (-m...) is refused
D=$(echo "$T"/cache/devlibs-*)
[ -f "$D/oclc_isa_version_1100.bc" ] || fail "no gfx11 device libraries in the cache ($D)"
A="$VS_SOURCE_DIR/tests/amd/kernels/atomics_float.cl"
"$VENTSIM" compile --mcpu gfx1100 --clang-option -munsafe-fp-atomics "$A" -o "$T/u.hsaco"
clang-19 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -mcode-object-version=5 \
  --rocm-device-lib-path="$D" -O3 -munsafe-fp-atomics "$A" -o "$T/uref.hsaco"
cmp "$T/uref.hsaco" "$T/u.hsaco" || fail "--clang-option: differs from clang's command line"
"$VENTSIM" compile --mcpu gfx1100 "$A" -o "$T/s.hsaco"
cmp -s "$T/s.hsaco" "$T/u.hsaco" && fail "-munsafe-fp-atomics made no difference"
set +e
"$VENTSIM" compile --mcpu gfx900 --clang-option=-fplugin=x.so "$K" -o "$T/x.hsaco" 2> "$T/err"; rc=$?
set -e
[ $rc -eq 2 ] && grep -q "clang option '-fplugin=x.so': only target options (-m...) are passed on" "$T/err" \
  || fail "bad clang option: rc $rc $(cat "$T/err")"

# printf: the four-step build gives hidden_printf_buffer and amdhsa.printf
"$VENTSIM" compile --mcpu gfx1100 "$P" -o "$T/p.hsaco"
llvm-readelf-19 --notes "$T/p.hsaco" > "$T/p.notes"
grep -q 'hidden_printf_buffer' "$T/p.notes" || fail "no hidden_printf_buffer"
grep -q "[12]:2:4:4:hex=%#x char=%c" "$T/p.notes" || fail "no amdhsa.printf"

# options: -D reaches the compiler, -O0 changes the code, unknown options are refused
echo 'kernel void f(global int *x) { x[0] = VALUE; }' > "$T/d.cl"
"$VENTSIM" compile --mcpu gfx900 -D VALUE=7 "$T/d.cl" -o "$T/d.hsaco"
"$VENTSIM" compile --mcpu gfx900 -DVALUE=7 -O0 "$T/d.cl" -o "$T/d0.hsaco"
llvm-objdump-19 -d --mcpu=gfx900 "$T/d.hsaco" > "$T/out"; grep -q 'v_mov_b32_e32 v[0-9]*, 7' "$T/out" || fail "-D VALUE=7 not in the code"
cmp -s "$T/d.hsaco" "$T/d0.hsaco" && fail "-O0 made no difference"
set +e
"$VENTSIM" compile --mcpu gfx900 -fplugin=x.so "$T/d.cl" -o "$T/x.hsaco" 2> "$T/err"; rc=$?
set -e
[ $rc -eq 2 ] && grep -q "unknown build option '-fplugin=x.so'" "$T/err" || fail "bad option: rc $rc $(cat "$T/err")"
[ ! -e "$T/x.hsaco" ] || fail "output written after a bad option"

# compile errors: exit 1, clang's message naming the file, no output
echo 'kernel void f(global int *x) { x[0] = nope; }' > "$T/bad.cl"
set +e
"$VENTSIM" compile --mcpu gfx900 "$T/bad.cl" -o "$T/bad.hsaco" 2> "$T/err"; rc=$?
set -e
[ $rc -eq 1 ] || fail "compile error: rc $rc"
grep -q "bad.cl:1:.*error: use of undeclared identifier 'nope'" "$T/err" || fail "no clang message: $(cat "$T/err")"
[ ! -e "$T/bad.hsaco" ] || fail "output written after an error"

# no compiler: a clear message
set +e
VENTSIM_CLANG=/nonexistent/clang-19 "$VENTSIM" compile --mcpu gfx900 "$T/d.cl" --no-cache -o "$T/n.hsaco" 2> "$T/err"; rc=$?
set -e
[ $rc -eq 1 ] && grep -q "clang not found (looked for VENTSIM_CLANG=/nonexistent/clang-19" "$T/err" || fail "no compiler: $(cat "$T/err")"

# the cache: a rerun runs no command; a changed header is noticed
mkdir -p "$T/inc"
echo '#define V 1' > "$T/inc/v.h"
printf '#include "v.h"\nkernel void f(global int *x) { x[0] = V; }\n' > "$T/h.cl"
"$VENTSIM" compile --mcpu gfx900 -I "$T/inc" "$T/h.cl" -o "$T/h1.hsaco" -v 2> "$T/log1"
grep -q clang-19 "$T/log1" || fail "first build ran no clang"
"$VENTSIM" compile --mcpu gfx900 -I "$T/inc" "$T/h.cl" -o "$T/h2.hsaco" -v 2> "$T/log2"
grep -q clang "$T/log2" && fail "second build was not served from the cache"
cmp "$T/h1.hsaco" "$T/h2.hsaco"
sleep 1
echo '#define V 3' > "$T/inc/v.h"
"$VENTSIM" compile --mcpu gfx900 -I "$T/inc" "$T/h.cl" -o "$T/h3.hsaco" -v 2> "$T/log3"
grep -q clang-19 "$T/log3" || fail "a changed header did not rebuild"
llvm-objdump-19 -d --mcpu=gfx900 "$T/h3.hsaco" > "$T/out"; grep -q 'v_mov_b32_e32 v[0-9]*, 3' "$T/out" || fail "stale header value"
echo PASS
