#!/usr/bin/env bash
# ventsim disasm on HSA code objects compiled by clang-19 from our own OpenCL
# C (tests/amd/disasm/*.cl, -O0 and -O3, gfx900 and gfx906): the whole
# listing must equal what llvm-objdump-19 -d prints.  Then --mcpu and bad
# input.  Needs clang-19, lld-19, llvm-19 and rocm-device-libs
# (scripts/setup.sh installs them).
set -u
: "${VENTSIM:?}" "${VS_SOURCE_DIR:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
CLANG=${CLANG:-clang-19}
OBJDUMP=${LLVM_OBJDUMP:-llvm-objdump-19}
for tool in "$CLANG" "$OBJDUMP"; do
  command -v "$tool" >/dev/null || fail "$tool not found (run scripts/setup.sh)"
done
DEVLIBS=${AMD_DEVICE_LIBS:-$(dirname "$(dpkg -L rocm-device-libs 2>/dev/null | grep -m1 '/ocml.bc$')")}
[ -f "$DEVLIBS/ocml.bc" ] || fail "rocm-device-libs bitcode not found (run scripts/setup.sh)"

cd "$T"   # listings name the file as given: the same relative path for both tools
n=0 insns=0
for src in "$VS_SOURCE_DIR"/tests/amd/disasm/*.cl; do
  k=$(basename "$src" .cl)
  for cpu in gfx900 gfx906; do
    for opt in O0 O3; do
      obj="$k.$cpu.$opt.hsaco"
      "$CLANG" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=$cpu -mcode-object-version=5 \
        --rocm-device-lib-path="$DEVLIBS" -$opt "$src" -o "$obj" || fail "clang-19 $src $cpu -$opt"
      "$OBJDUMP" -d "$obj" > llvm.txt || fail "llvm-objdump-19 $obj"
      "$VENTSIM" disasm "$obj" > ours.txt || fail "ventsim disasm $obj"
      if ! diff -u llvm.txt ours.txt > diff.txt; then
        head -40 diff.txt
        fail "$obj: listing differs from llvm-objdump-19"
      fi
      n=$((n + 1))
      insns=$((insns + $(grep -c '// [0-9A-F]\{12\}:' llvm.txt)))
    done
  done
done
[ "$n" -ge 16 ] || fail "only $n code objects compared"
echo "$n code objects, $insns instructions: identical to llvm-objdump-19"

# A whole listing of seeded random words (tests/amd/llvm_oracle.py's cases,
# each behind a label in a 32-byte slot, the rest of the slot zero): invalid
# words, padding, alignment warnings and branches to labels, as objdump
# lists them.  Words LLVM 19 may crash on (reserved SDWA selects) are left out.
python3 - "$VS_SOURCE_DIR/tests/amd" > words.s <<'PY' || fail "generating random words"
import sys
sys.path.insert(0, sys.argv[1])
import llvm_oracle as L
print('.text')
for i, (fam, b) in enumerate(c for c in L.make_cases('gfx906', 3000, 5) if not L.sdwa_suspect(c[1])):
    print('c%d:\n.byte %s\n.zero %d' % (i, ','.join(str(x) for x in b), 32 - len(b)))
PY
llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj words.s -o words.o || fail "llvm-mc-19"
"$OBJDUMP" -d words.o > llvm.txt || fail "llvm-objdump-19 words.o"
"$VENTSIM" disasm words.o > ours.txt || fail "ventsim disasm words.o"
diff -u llvm.txt ours.txt > diff.txt || { head -40 diff.txt; fail "random-word listing differs"; }
echo "random-word listing: $(grep -c '// [0-9A-F]\{12\}:' llvm.txt) lines identical"

# --mcpu decodes for another processor of the family (gfx906 code as gfx900)
obj=arith.gfx906.O3.hsaco
"$OBJDUMP" -d --mcpu=gfx900 "$obj" > llvm.txt
"$VENTSIM" disasm --mcpu gfx900 "$obj" > ours.txt || fail "--mcpu gfx900"
diff -u llvm.txt ours.txt || fail "--mcpu gfx900 listing differs"

# bad input: clear messages, non-zero exit, no crash
"$VENTSIM" disasm --mcpu gfx1234 "$obj" > out 2> err && fail "unknown --mcpu accepted"
grep -q "unknown processor 'gfx1234'" err || { cat err; fail "no message for a bad --mcpu"; }
head -c 100 "$obj" > short.hsaco
"$VENTSIM" disasm short.hsaco > out 2> err && fail "truncated code object accepted"
grep -q "short.hsaco" err || { cat err; fail "no message naming the truncated file"; }
# e_flags naming a processor we do not decode (EF_AMDGPU_MACH 0x3f, gfx90c)
cp "$obj" other.hsaco
printf '\x3f' | dd of=other.hsaco bs=1 seek=48 conv=notrunc 2>/dev/null
"$VENTSIM" disasm other.hsaco > out 2> err && fail "unsupported processor accepted"
grep -q "unsupported AMDGPU processor (EF_AMDGPU_MACH 0x3f" err || { cat err; fail "no message for an unsupported processor"; }
"$VENTSIM" disasm --mcpu gfx906 other.hsaco > ours.txt || fail "--mcpu does not override e_flags"
echo "amd_disasm: all checks passed"
