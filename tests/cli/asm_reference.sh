#!/usr/bin/env bash
# ventsim as against real compiled Ventus programs: the .text listing that
# llvm-objdump made of each reference program (<name>.dump beside
# <name>.riscv, in the THU-DSP-LAB repositories) is turned back into
# assembly (address, bytes and <symbol> annotations dropped; branch targets
# stay absolute addresses) and assembled at 0x80000000; the result must be
# the reference program's .text, byte for byte.  This covers the custom
# instructions, explicit regext prefixes and LLVM's operand spellings.
# Needs the reference repositories (VS_REF_DIR, default /work/ref) and GNU
# objcopy; exits 77 (skipped) without them.
set -u
: "${VENTSIM:?}"
REF=${VS_REF_DIR:-/work/ref}
if [ ! -d "$REF" ] || ! command -v riscv64-unknown-elf-objcopy > /dev/null; then
  echo "SKIP: reference programs ($REF) or riscv64-unknown-elf-objcopy not available"
  exit 77
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
passes=0 fails=0
while IFS= read -r dump; do
  elf=${dump%.dump}.riscv
  [ -f "$elf" ] || continue
  # listings of an old llvm-objdump that could not decode every word are not
  # used: it also misnames some (vmv.s.x printed as vmv.v.x)
  if grep -q '<unknown>' "$dump"; then continue; fi
  awk '/^Disassembly of section .text/ { t = 1; next } /^Disassembly/ { t = 0 } t' "$dump" |
    grep -E '^ *[0-9a-f]+: ' |
    sed -E 's/^ *[0-9a-f]+: ([0-9a-f]{2} ){4} *\t//; s/ <[^>]*>$//; s/^/\t/' > "$T/p.s"
  if ! "$VENTSIM" as --nostartfiles -o "$T/p.elf" "$T/p.s" 2> "$T/err"; then
    echo "FAIL $dump: does not assemble"; head -5 "$T/err"; fails=$((fails + 1)); continue
  fi
  riscv64-unknown-elf-objcopy -O binary -j .text "$T/p.elf" "$T/p.bin"
  riscv64-unknown-elf-objcopy -O binary -j .text "$elf" "$T/ref.bin"
  if cmp -s "$T/p.bin" "$T/ref.bin"; then passes=$((passes + 1))
  else echo "FAIL $dump: $(cmp "$T/p.bin" "$T/ref.bin" | head -1)"; fails=$((fails + 1)); fi
done < <(find "$REF" -name '*.dump' | sort)
if [ $((passes + fails)) -eq 0 ]; then echo "SKIP: no reference programs under $REF"; exit 77; fi
echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
