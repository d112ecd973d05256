#!/usr/bin/env bash
# ventsim disasm on every code object of the corpus (the manifest that
# tests/amd/CMakeLists.txt writes: gfx900, gfx906, gfx1100 and gfx1100 wave64
# at -O0 and -O3): each listing must be identical to llvm-objdump-19 -d with
# the processor's --mcpu (and --mattr=+wavefrontsize64 for wave64 code, which
# ventsim finds in the kernel descriptors by itself).
#     disasm_corpus.sh VENTSIM MANIFEST [OBJDUMP]
set -u
VENTSIM=$1 MANIFEST=$2 OBJDUMP=${3:-llvm-objdump-19}
fail() { echo "FAIL: $*"; exit 1; }
[ -f "$MANIFEST" ] || fail "no manifest $MANIFEST"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"   # listings name the file as given: the same relative path for both tools
declare -A objs insns
n=0 bad=0
while IFS=$'\t' read -r name target level co _; do
  case $name in '#'*|'') continue ;; esac
  case $target in
    gfx1100w64) mcpu=(--mcpu=gfx1100 --mattr=+wavefrontsize64) ;;
    *) mcpu=(--mcpu="$target") ;;
  esac
  f="$name.$target.$level.hsaco"
  ln -sf "$co" "$f"
  "$OBJDUMP" -d "${mcpu[@]}" "$f" > llvm.txt || fail "llvm-objdump-19 $co"
  "$VENTSIM" disasm "$f" > ours.txt 2> err.txt || { cat err.txt; fail "ventsim disasm $co"; }
  if ! cmp -s llvm.txt ours.txt; then
    diff -u llvm.txt ours.txt | head -30
    echo "FAIL: $target $level $name: listing differs from llvm-objdump-19 ${mcpu[*]}"
    bad=$((bad + 1))
  fi
  k=$(grep -c '// [0-9A-F]\{12\}:' llvm.txt)
  objs[$target]=$(( ${objs[$target]:-0} + 1 ))
  insns[$target]=$(( ${insns[$target]:-0} + k ))
  n=$((n + 1))
  rm -f "$f"
done < "$MANIFEST"
for t in "${!objs[@]}"; do
  echo "$t: ${objs[$t]} code objects, ${insns[$t]} instructions"
done | sort
# --mattr overrides the wave size found in the kernel descriptors
w64=$(awk -F'\t' '$2 == "gfx1100w64" { print $4; exit }' "$MANIFEST")
if [ -n "$w64" ]; then
  ln -sf "$w64" w64.hsaco
  "$OBJDUMP" -d w64.hsaco > llvm.txt
  "$VENTSIM" disasm --mattr +wavefrontsize32 w64.hsaco > ours.txt || fail "--mattr +wavefrontsize32"
  cmp -s llvm.txt ours.txt || fail "--mattr +wavefrontsize32 differs from llvm-objdump-19 without --mattr"
  "$VENTSIM" disasm --mattr bogus w64.hsaco > /dev/null 2> err.txt && fail "--mattr bogus accepted"
  grep -q "unsupported attribute 'bogus'" err.txt || fail "no message for a bad --mattr"
fi
[ "$n" -ge 280 ] || fail "only $n code objects in the manifest (expected 280)"
[ "$bad" -eq 0 ] || fail "$bad of $n listings differ"
echo "$n code objects: every listing identical to llvm-objdump-19"
