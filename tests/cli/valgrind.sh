#!/usr/bin/env bash
# Every part of ventsim under valgrind's memcheck (the normal build; the
# sanitizer build checks the same with ASan/UBSan): assembler, disassembler,
# functional and timing runs with statistics and a trace, and an example host
# program on the runtime library.  Any invalid access, use of uninitialised
# memory or leak makes valgrind exit 99.
set -u
: "${VENTSIM:?}" "${VS_SOURCE_DIR:?}" "${VS_BINARY_DIR:?}"
command -v valgrind > /dev/null || { echo "SKIP: valgrind not available"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
VG=(valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect
    --track-origins=yes)
fail() { echo "FAIL: $*"; exit 1; }
check() { # check NAME command...
  local name=$1
  shift
  "${VG[@]}" "$@" > "$T/out" 2> "$T/err"; rc=$?
  if [ $rc -eq 99 ]; then cat "$T/err"; fail "$name: valgrind found errors"; fi
  [ $rc -eq 0 ] || { cat "$T/err"; fail "$name: exit $rc"; }
}
"$VENTSIM" mkcase -o "$T/v.metadata" --kernel vecadd --grid 3 --warps 2 --threads 8 \
  --buf 256:iota --buf 256:rand:3 --buf 256 "$VS_SOURCE_DIR/tests/timing/vecadd.s" || fail "ventsim mkcase"
check as "$VENTSIM" as -o "$T/r.elf" "$VS_SOURCE_DIR/examples/reduction/reduction.s"
check disasm "$VENTSIM" disasm "$T/r.elf"
# an AMD code object (a fuzzing seed, compiled by clang-19 from our OpenCL C)
check disasm-amd "$VENTSIM" disasm "$VS_SOURCE_DIR/fuzz/corpus/amdco/workitem_gfx900.hsaco"
check run "$VENTSIM" run --stats "$T/f.json" --trace "$T/f.log" --dump "$T/f.dump" "$T/v.metadata"
check run-timing "$VENTSIM" run --timing --stats "$T/t.json" --dump "$T/t.dump" "$T/v.metadata"
cmp -s "$T/f.dump" "$T/t.dump" || fail "timing dump differs from functional dump"
check config "$VENTSIM" config --dump
check example "$VS_BINARY_DIR/examples/reduction/reduction" "$VS_BINARY_DIR/examples/reduction/reduction.elf"
grep -q PASSED "$T/out" || fail "example did not pass under valgrind"
# a kernel error path frees everything too
printf '.text\n.globl k\nk:\n  lw a0, 0(zero)\n' > "$T/bad.s"
"$VENTSIM" mkcase -o "$T/bad.metadata" --kernel k --grid 1 --warps 1 --threads 4 \
  "$T/bad.s" || fail "ventsim mkcase"
"${VG[@]}" "$VENTSIM" run "$T/bad.metadata" > /dev/null 2> "$T/err"; rc=$?
[ $rc -eq 1 ] || { cat "$T/err"; fail "kernel error under valgrind: exit $rc, expected 1"; }
echo PASS
