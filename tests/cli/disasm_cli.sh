#!/usr/bin/env bash
# ventsim disasm on .vmem and ELF input.  Every expected word and operand is
# derived by hand from the encodings (RISC-V spec, ventus-isa.md 3.3):
#   0x0010200b  regext imm=1      -> high bits of vd = 1: v0 becomes v32
#   0x5e024057  vmv.v.x v0, tp
#   0x0400300b  regexti imm=0x040 -> imm bits 10:5 = 000001: 3 | 32 = 35
#   0x0221b0d7  vadd.vi v1, v2, 3
#   0x8000300b  regexti imm=0x800 -> imm bits 10:5 = 100000: 3 | 1024 = 1027,
#               sign-extended from 11 bits = -1021 (ventsim's choice, spec 3.3)
#   0xffffffff  no instruction
#   0x00150513  addi a0, a0, 1;  0x022180d7 vadd.vv v1, v2, v3;
#   0xffdff06f  jal x0, -4 (j back one instruction)
set -u
: "${VENTSIM:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# expect FILE PATTERN: a line of FILE matches the extended regex exactly
expect() { grep -Eq "^$2\$" "$1" || { cat "$1"; fail "no line '$2'"; }; }

printf '0010200b\n5e024057\n0400300b\n0221b0d7\n8000300b 0221b0d7\nffffffff\n' > "$T/p.vmem"
"$VENTSIM" disasm "$T/p.vmem" > "$T/out" || fail "disasm of a .vmem file failed"
expect "$T/out" $'80000000: 0010200b +\tregext\tzero, zero, 1'
expect "$T/out" $'80000004: 5e024057 +\tvmv.v.x\tv32, tp'
expect "$T/out" $'8000000c: 0221b0d7 +\tvadd.vi\tv1, v2, 35'
expect "$T/out" $'80000014: 0221b0d7 +\tvadd.vi\tv1, v2, -1021'
expect "$T/out" $'80000018: ffffffff +\t<unknown>'

# --base moves the addresses (printed without leading zeros, as llvm-objdump
# does); --numeric prints x-register numbers
"$VENTSIM" disasm --base 0x1000 --numeric "$T/p.vmem" > "$T/out" || fail "disasm --base"
expect "$T/out" $' *1004: 5e024057 +\tvmv.v.x\tv32, x4'
expect "$T/out" $' *1018: ffffffff +\t<unknown>'

# ELF: symbols become labels, branch targets are named
printf '.text\n.globl k1\nk1:\n  addi a0, a0, 1\nloop:\n  vadd.vv v1, v2, v3\n  j loop\n' > "$T/k.s"
"$VENTSIM" as --nostartfiles -o "$T/k.elf" "$T/k.s" || fail "as"
"$VENTSIM" disasm "$T/k.elf" > "$T/out" || fail "disasm of an ELF file failed"
expect "$T/out" '80000000 <k1>:'
expect "$T/out" $'80000000: 00150513 +\taddi\ta0, a0, 1'
expect "$T/out" '80000004 <loop>:'
expect "$T/out" $'80000004: 022180d7 +\tvadd.vv\tv1, v2, v3'
expect "$T/out" $'80000008: ffdff06f +\tj\t0x80000004 <loop>'
"$VENTSIM" disasm --numeric "$T/k.elf" > "$T/out" || fail "disasm --numeric"
expect "$T/out" $'80000000: 00150513 +\taddi\tx10, x10, 1'

# bad input: a clear message naming the file (and line), exit status 1
printf '0010200b\nzz\n' > "$T/bad.vmem"
"$VENTSIM" disasm "$T/bad.vmem" > /dev/null 2> "$T/err"; rc=$?
[ $rc -eq 1 ] || fail "bad .vmem: exit $rc"
grep -q 'bad.vmem:2: ' "$T/err" || { cat "$T/err"; fail "bad .vmem: no file:line"; }
head -c 100 "$T/k.elf" > "$T/trunc.elf"
"$VENTSIM" disasm "$T/trunc.elf" > /dev/null 2> "$T/err"; rc=$?
[ $rc -eq 1 ] || fail "truncated ELF: exit $rc"
grep -q 'trunc.elf: ' "$T/err" || { cat "$T/err"; fail "truncated ELF: no message naming it"; }
# header tables past the end of the file (e_shoff, e_phoff; e_shnum so large
# that the table runs past it): errors naming the table, as llvm-readelf's
python3 - "$T" <<'PY'
import struct, sys
t = sys.argv[1]
d = open(t + "/k.elf", "rb").read()
for name, off, val in (("shoff", 32, len(d) + 4096), ("phoff", 28, len(d) + 4096), ("shnum", 48, 0x7fff)):
    b = bytearray(d)
    struct.pack_into("<H" if name == "shnum" else "<I", b, off, val)
    open("%s/%s.elf" % (t, name), "wb").write(b)
PY
for x in shoff:section shnum:section phoff:program; do
  f=${x%%:*} table=${x#*:}
  "$VENTSIM" disasm "$T/$f.elf" > "$T/out" 2> "$T/err"; rc=$?
  [ $rc -eq 1 ] || fail "$f past the end: exit $rc ($(cat "$T/out"))"
  grep -q "$f.elf: the $table header table goes past the end of the file" "$T/err" ||
    { cat "$T/err"; fail "$f past the end: message"; }
  [ ! -s "$T/out" ] || fail "$f past the end: output on stdout: $(cat "$T/out")"
done
"$VENTSIM" disasm "$T/missing.elf" > /dev/null 2> "$T/err"; rc=$?
[ $rc -eq 1 ] || fail "missing file: exit $rc"
grep -q 'missing.elf' "$T/err" || fail "missing file: message does not name it"
echo PASS
