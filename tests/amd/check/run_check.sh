#!/usr/bin/env bash
# One AMD checker test (tests/amd/check/NAME.s): runs the kernel through the
# launch helper (run_asm, which also checks its EXPECT values) with
# VENTSIM_CHECK set to the source's "// CHECKS LIST" line (default:
# hazards,waits) and compares the findings printed when the device closes
# with the source's lines
#     // FINDING CHECK SECOND [FIRST]
# (labels of the reporting instruction and of the other one of a pair).
# Exactly those findings, each once, and nothing else.  Addresses come from
# the code object's symbols (llvm-nm), never from the checker.
#     run_check.sh RUN_ASM LLVM_NM KERNEL.hsaco SOURCE.s
set -uo pipefail
run=$1 nm=$2 co=$3 src=$4
checks=$(sed -nE 's|^// CHECKS ([a-z,-]+).*|\1|p' "$src" | head -1)
err=$(VENTSIM_CHECK=${checks:-hazards,waits} "$run" "$co" "$src" 2>&1 >/dev/null)
rc=$?
if [ $rc != 0 ]; then echo "FAIL: run_asm exited $rc:"; echo "$err"; exit 1; fi
declare -A sym
while read -r addr _ name; do sym[$name]=$((16#$addr)); done < <("$nm" "$co")
[ -n "${sym[test]:-}" ] || { echo "FAIL: no symbol 'test' in $co"; exit 1; }
# The image sits at a page-aligned base: with the code inside test's page,
# base = (pc & ~0xfff) - (test & ~0xfff).
# a finding of one instruction has no "[other: pc ...]": its pair is (pc, pc)
re_f="^ventsim check: ([a-z-]+): kernel [^,]*, work-group [0-9]+ \\([0-9,]+\\), warp [0-9]+, pc 0x([0-9a-f]+) "
re_o="\\[other: pc 0x([0-9a-f]+) '[^']*'\\]( \\([0-9]+ times\\))?$"
found=$(while IFS= read -r line; do
  [[ $line =~ $re_f ]] || continue
  chk=${BASH_REMATCH[1]} pc=${BASH_REMATCH[2]} pc2=${BASH_REMATCH[2]}
  [[ $line =~ $re_o ]] && pc2=${BASH_REMATCH[1]}
  echo "$chk $pc $pc2"
done <<<"$err")
if [ -z "$found" ]; then echo "FAIL: no findings reported:"; echo "$err"; exit 1; fi
first=$(echo "$found" | head -1 | awk '{print $2}')
base=$(( (16#$first & ~0xfff) - (sym[test] & ~0xfff) ))
got=$(echo "$found" | while read -r chk pc pc2; do
  printf '%s %#x %#x\n' "$chk" $((16#$pc - base)) $((16#$pc2 - base)); done | sort)
want=$(sed -nE 's|.*// FINDING ([a-z-]+) ([A-Za-z0-9_]+) ?([A-Za-z0-9_]*).*|\1 \2 \3|p' "$src" | while read -r chk a b; do
  b=${b:-$a}
  [ -n "${sym[$a]:-}" ] && [ -n "${sym[$b]:-}" ] || { echo "bad label in: $chk $a $b"; continue; }
  printf '%s %#x %#x\n' "$chk" "${sym[$a]}" "${sym[$b]}"; done | sort)
nfind=$(echo "$err" | grep -c '^ventsim check: [a-z-]*: kernel')
nwant=$(echo "$want" | grep -c .)
if [ "$got" != "$want" ] || [ "$nfind" != "$nwant" ]; then
  echo "FAIL: findings differ from the source's FINDING lines"
  diff <(echo "$want") <(echo "$got") | sed 's/^</  expected:/; s/^>/  reported:/'
  echo "-- checker output:"; echo "$err"
  exit 1
fi
echo "ok: $nwant findings at the expected instruction pairs"
