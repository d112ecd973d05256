#!/usr/bin/env bash
# ventsim as: every class of error gives its own message at the right
# file:line:column, exit status 1, and no output file (an existing one is
# left untouched).  Garbage input never crashes the assembler.
set -u
: "${VENTSIM:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
fails=0 passes=0

# expect_error NAME 'expected diagnostic line' <<< source
expect_error() {
  local name=$1 want=$2
  cat > "$name.s"
  rm -f out.elf
  "$VENTSIM" as --nostartfiles -o out.elf "$name.s" 2> err.txt
  local rc=$?
  if [ $rc -ne 1 ]; then
    echo "FAIL $name: exit status $rc, expected 1"; cat err.txt; fails=$((fails + 1)); return
  fi
  if [ -e out.elf ]; then
    echo "FAIL $name: an output file was written"; fails=$((fails + 1)); return
  fi
  if ! grep -qxF -- "$want" err.txt; then
    echo "FAIL $name: expected the line"; echo "    $want"; echo "  got:"; sed 's/^/    /' err.txt
    fails=$((fails + 1)); return
  fi
  passes=$((passes + 1))
}

expect_error mnemonic "mnemonic.s:2:5: error: unknown instruction mnemonic 'addx'" <<'S'
    nop
    addx a0, a1, a2
S
expect_error vreg "vreg.s:1:17: error: expected a vector register (v0..v255), found scalar register 'a0'" <<'S'
vadd.vv v1, v2, a0
S
expect_error xreg "xreg.s:1:13: error: expected a scalar register (x0..x255 or an ABI name), found vector register 'v3'" <<'S'
add a0, a1, v3
S
expect_error notreg "notreg.s:1:10: error: expected a scalar register (x0..x255 or an ABI name), found 'foo'" <<'S'
lw a0, 4(foo)
S
expect_error imm12 "imm12.s:1:14: error: immediate 5000 out of range [-2048, 2047]" <<'S'
addi a0, a0, 5000
S
expect_error shamt "shamt.s:1:14: error: immediate 32 out of range [0, 31]" <<'S'
slli a0, a0, 32
S
expect_error vimm "vimm.s:1:17: error: immediate 1024 out of range [-1024, 1023]" <<'S'
vadd.vi v1, v2, 1024
S
expect_error vimm_sym "vimm_sym.s:1:17: error: the immediate of this instruction must be a constant known at this point (it decides whether a regexti prefix is needed)" <<'S'
vadd.vi v1, v2, later
S
expect_error li_range "li_range.s:1:8: error: li: value 4294967296 does not fit in 32 bits" <<'S'
li a0, 0x100000000
S
expect_error csr "csr.s:1:10: error: unknown CSR name, found 'nocsr'" <<'S'
csrr a0, nocsr
S
expect_error rm "rm.s:1:20: error: expected a rounding mode (rne, rtz, rdn, rup, rmm, dyn), found 'fast'" <<'S'
fadd.s a0, a1, a2, fast
S
expect_error mask "mask.s:1:21: error: expected the mask operand v0.t, found 'v1.t'" <<'S'
vadd.vv v1, v2, v3, v1.t
S
expect_error extra "extra.s:1:15: error: unexpected ',' after the operands of 'add'" <<'S'
add a0, a1, a2, a3
S
expect_error missing "missing.s:1:11: error: expected ',', found end of statement" <<'S'
add a0, a1
S
expect_error undefined "undefined.s:3:7: error: undefined symbol 'nowhere'" <<'S'
    .text
    nop
    j nowhere
S
expect_error undefined_data "undefined_data.s:2:11: error: undefined symbol 'missing'" <<'S'
    .data
    .word missing + 4
S
expect_error numeric_back "numeric_back.s:1:6: error: numeric label '1b' has no definition before this point" <<'S'
j    1b
S
expect_error numeric_fwd "numeric_fwd.s:2:6: error: undefined symbol '1f'" <<'S'
1:   nop
j    1f
S
expect_error duplicate "duplicate.s:3:1: error: duplicate label: symbol 'loop' is already defined" <<'S'
loop: nop
      nop
loop: nop
S
expect_error prefix_cannot_apply "prefix_cannot_apply.s:2:5: error: a prefix that cannot apply: 'vmv.v.x' needs its own regext prefix (registers above 31 or an immediate beyond 5 bits), so the explicit regext before it cannot apply" <<'S'
    regext zero, zero, 1
    vmv.v.x v32, tp
S
expect_error prefix_imm "prefix_imm.s:2:5: error: a prefix that cannot apply: 'vadd.vi' needs its own regexti prefix (registers above 31 or an immediate beyond 5 bits), so the explicit regexti before it cannot apply" <<'S'
    regexti 0
    vadd.vi v1, v2, 100
S
expect_error prefix_end "prefix_end.s:2:5: error: regext prefix is not followed by an instruction" <<'S'
    nop
    regext 1
S
expect_error prefix_prefix "prefix_prefix.s:2:5: error: a prefix that cannot apply: regexti follows the regext prefix at line 1 (a prefix applies to the next instruction, which cannot be another prefix)" <<'S'
    regext 1
    regexti 1
    nop
S
expect_error prefix_label "prefix_label.s:2:1: error: label 'here' between a regext prefix and the instruction it extends (a prefix and its instruction must be adjacent)" <<'S'
    regext 1
here:
    vmv.v.x v0, tp
S
expect_error prefix_directive "prefix_directive.s:2:5: error: directive '.align' between a regext prefix and the instruction it extends (a prefix and its instruction must be adjacent)" <<'S'
    regext 1
    .align 2
    vmv.v.x v0, tp
S
expect_error prefix_pseudo "prefix_pseudo.s:2:5: error: a prefix that cannot apply: 'li' is a pseudo-instruction that expands to its own instructions, so the regext before it has nothing to extend" <<'S'
    regext 1
    li a0, 0x12345
S
expect_error string "string.s:2:13: error: unterminated string (missing closing '\"')" <<'S'
    .data
    .string "abc
S
expect_error comment "comment.s:2:10: error: unterminated comment (missing '*/')" <<'S'
    nop
    nop  /* this comment
    never ends
S
expect_error directive "directive.s:1:5: error: unknown directive '.wrod'" <<'S'
    .wrod 1
S
expect_error align "align.s:1:12: error: alignment exponent 20 out of range [0, 16] (.align n means 2^n bytes)" <<'S'
    .align 20
S
expect_error section_flags "section_flags.s:1:23: error: unknown section flag 'q' (known: a, w, x, M, S)" <<'S'
    .section .mydata, "aq"
S
expect_error space_sym "space_sym.s:1:11: error: the size must be a constant known at this point" <<'S'
    .zero later
later:
S
expect_error byte_range "byte_range.s:2:11: error: value 256 does not fit in 1 byte [-128, 255]" <<'S'
    .data
    .byte 256
S
expect_error nobits "nobits.s:2:5: error: section '.bss' is @nobits: it can hold only zeros (.zero, .space)" <<'S'
    .bss
    .word 1
S
expect_error branch_range "branch_range.s:1:17: error: branch target 0x80002004 out of range: offset 8196 from 0x80000000, allowed [-4096, 4094]" <<'S'
    beq a0, a1, far
    .zero 8192
far: nop
S
expect_error branch_odd "branch_odd.s:1:14: error: branch target offset 3 is not a multiple of 2" <<'S'
    beqz a0, .+3
S
expect_error pcrel_lo "pcrel_lo.s:2:18: error: %pcrel_lo: there is no %pcrel_hi instruction at 0x80000000, the address of its operand (it must name the label of the auipc)" <<'S'
1:  nop
    addi a0, a0, %pcrel_lo(1b)
S
expect_error reloc "reloc.s:1:14: error: unknown relocation operator '%got'" <<'S'
addi a0, a0, %got(x)
S
expect_error hi_misuse "hi_misuse.s:1:14: error: %hi is only valid as the operand of lui or auipc" <<'S'
addi a0, a0, %hi(x)
S
expect_error divzero "divzero.s:1:8: error: division by zero" <<'S'
li a0, 1 / (2 - 2)
S
expect_error depth "depth.s:1:72: error: expression nested too deeply (more than 64 levels)" <<S
li a0, $(printf '(%.0s' $(seq 70))1$(printf ')%.0s' $(seq 70))
S
expect_error number "number.s:1:8: error: invalid number '12abc'" <<'S'
li a0, 12abc
S
expect_error char "char.s:1:8: error: unexpected character '?'" <<'S'
li a0, ?
S
expect_error cycle "cycle.s:3:7: error: symbol 'a' is defined in terms of itself" <<'S'
.equ a, b + 1
.equ b, a + 1
.word a
S
expect_error misaligned "misaligned.s:2:5: error: instruction at offset 1, which is not a multiple of 4 (add .align 2 before it)" <<'S'
    .byte 1
    nop
S
long=$(head -c 20000 /dev/zero | tr '\0' 'a')
expect_error longline "longline.s:2:1: error: line too long (more than 16384 characters)" <<S
    nop
$long
S

# duplicate global definitions across files: reported at the second one
cat > dup1.s <<'S'
    .globl f
f:  ret
S
cat > dup2.s <<'S'
    nop
    .globl f
f:  ret
S
rm -f out.elf
"$VENTSIM" as -o out.elf dup1.s dup2.s 2> err.txt; rc=$?
if [ $rc -eq 1 ] && [ ! -e out.elf ] && grep -qxF "dup2.s:3:1: error: duplicate definition of global symbol 'f'" err.txt &&
   grep -qxF "dup1.s:2:1: note: 'f' is first defined here" err.txt; then passes=$((passes + 1))
else echo "FAIL duplicate global (rc $rc)"; cat err.txt; fails=$((fails + 1)); fi

# a symbol defined in one file but not .globl is not visible in another
printf 'f: ret\n' > loc1.s
printf '  call f\n' > loc2.s
"$VENTSIM" as -o out.elf loc1.s loc2.s 2> err.txt; rc=$?
if [ $rc -eq 1 ] && grep -qxF "loc2.s:1:8: error: undefined symbol 'f'" err.txt &&
   grep -qxF "loc1.s:1:1: note: 'f' is defined here but not declared .globl" err.txt; then passes=$((passes + 1))
else echo "FAIL local symbol across files (rc $rc)"; cat err.txt; fails=$((fails + 1)); fi

# at most 20 errors, then the assembler stops
for i in $(seq 30); do echo "bogus$i"; done > many.s
"$VENTSIM" as -o out.elf many.s 2> err.txt; rc=$?
n=$(grep -c ': error: ' err.txt)
if [ $rc -eq 1 ] && [ "$n" -eq 20 ] && grep -q "too many errors (20), stopping" err.txt && [ ! -e out.elf ]
then passes=$((passes + 1)); else echo "FAIL error limit: rc $rc, $n errors"; fails=$((fails + 1)); fi

# an existing output file is left untouched by a failed run
echo "precious" > keep.elf
"$VENTSIM" as -o keep.elf many.s 2> /dev/null
if [ "$(cat keep.elf)" = "precious" ] && [ -z "$(ls | grep 'keep.elf.tmp')" ]; then passes=$((passes + 1))
else echo "FAIL the existing output file was modified or a temporary file was left"; fails=$((fails + 1)); fi

# missing input file, missing option argument
"$VENTSIM" as -o out.elf does-not-exist.s 2> err.txt; rc=$?
if [ $rc -eq 1 ] && grep -q "does-not-exist.s: No such file or directory" err.txt && [ ! -e out.elf ]
then passes=$((passes + 1)); else echo "FAIL missing input: rc $rc"; cat err.txt; fails=$((fails + 1)); fi
"$VENTSIM" as 2> err.txt; rc=$?
if [ $rc -eq 2 ]; then passes=$((passes + 1)); else echo "FAIL no input: rc $rc"; fails=$((fails + 1)); fi

# garbage never crashes: random lines of assembly characters and random bytes
# (deterministic: fixed seeds)
awk 'BEGIN { srand(7); s = "abcxv0123456789,()%.:;#/*\"'"'"'+-<>\\ \t$_@=~!&|^";
             for (i = 0; i < 3000; i++) { l = ""; n = int(rand() * 40);
               for (j = 0; j < n; j++) l = l substr(s, int(rand() * length(s)) + 1, 1); print l } }' > garbage.s
LC_ALL=C awk 'BEGIN { srand(11); for (i = 0; i < 65536; i++) printf "%c", int(rand() * 255) + 1 }' > random.s
for g in garbage.s random.s; do
  "$VENTSIM" as -o out.elf "$g" > /dev/null 2>&1; rc=$?
  if [ $rc -eq 0 ] || [ $rc -eq 1 ]; then passes=$((passes + 1))
  else echo "FAIL $g: exit status $rc (crash?)"; fails=$((fails + 1)); fi
done

echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
