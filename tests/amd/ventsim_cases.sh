#!/usr/bin/env bash
# One ctest of the AMD corpus on ventsim (tests/amd/README.md): runs every
# case on ventsim's C API with the code objects of TARGET/LEVEL, compares
# with pocl (results of the amd_pocl_* tests, made here if missing), and
# checks the outcome against ventsim_cases.txt:
#   TARGET LEVEL CASE pass                  must match pocl
#   TARGET LEVEL CASE unsupported MNEMONIC  must stop at that unsupported instruction
#   TARGET LEVEL CASE known-diff SLOT       must run and differ from the reference in that slot only
#   TARGET LEVEL CASE known-diffs N         must run and differ from the reference in exactly N (buffer elements and printf lines)
#                                           elements (the list says why)
# A case that now passes (or stops elsewhere) fails the test until the list
# is updated, so the list always says exactly where execution stands.
#     ventsim_cases.sh OCLRUN OCLCMP RESULTS CO_DIR LIST TARGET LEVEL CASE.json...
set -uo pipefail
oclrun=$1 oclcmp=$2 res=$3 co=$4 list=$5 target=$6 level=$7
shift 7
dev="Portable Computing Language"
out=$res/ventsim-$target-$level
rm -rf "$out"
"$oclrun" --backend ventsim --co-dir "$co" --target "$target" --level "$level" --out "$out" "$@" >/dev/null 2>&1
bad=0 npass=0 nuns=0 ndiff=0
for c in "$@"; do
  name=$(basename "$c" .json)
  want=$(awk -v t="$target" -v l="$level" -v n="$name" '$1==t && $2==l && $3==n {print $4, $5}' "$list")
  ref=pocl
  [ -n "$want" ] || { echo "FAIL $name: not listed in $(basename "$list") for $target $level"; bad=1; continue; }
  st=$(cat "$out/$name/status" 2>/dev/null || echo "error: no result")
  case "$want" in
  pass*|known-diff*)
    if [ ! -f "$res/pocl/$name/status" ]; then
      "$oclrun" --backend opencl --device "$dev" --out "$res/pocl" "$c" >/dev/null 2>&1
    fi
    if grep -q '^skipped' "$res/pocl/$name/status" 2>/dev/null; then # pocl lacks a feature: the host models
      ref=host
      "$oclrun" --backend host --out "$res/host" "$c" >/dev/null 2>&1
    fi
    if [ "${st%%:*}" != ok ]; then echo "FAIL $name: $st"; bad=1; continue; fi
    "$oclcmp" --ref "$res/$ref" --test "$out" "$c" >"$out/$name.cmp" 2>&1
    rc=$?
    if [ "${want%% *}" = pass ]; then
      if [ $rc = 0 ]; then npass=$((npass + 1))
      else echo "FAIL $name: differs from $ref:"; sed 's/^/    /' "$out/$name.cmp" | head -20; bad=1; fi
    elif [ "${want%% *}" = known-diffs ]; then
      n=${want#known-diffs }
      got=$(awk '$0 ~ /(buffer|printf) .* (pass|FAIL)$/ {print $(NF-2)}' "$out/$name.cmp" | awk '{s += $1} END {print s + 0}')
      if [ $rc != 0 ] && [ "$got" = "$n" ]; then ndiff=$((ndiff + 1))
      else echo "FAIL $name: listed as differing from $ref in $n elements, differs in $got:"; sed 's/^/    /' "$out/$name.cmp" | head -20; bad=1; fi
    else
      slot=${want#known-diff }
      other=$(grep '^  \[' "$out/$name.cmp" | grep -vc "(slot $slot,")
      if [ $rc != 0 ] && [ "$other" = 0 ]; then ndiff=$((ndiff + 1))
      else echo "FAIL $name: listed as differing from $ref in slot $slot only"; sed 's/^/    /' "$out/$name.cmp" | head -20; bad=1; fi
    fi ;;
  unsupported*)
    mn=${want#unsupported }
    if [[ "$st" == *"unsupported instruction $mn "* || "$st" == *"unsupported instruction $mn:"* ]]; then
      nuns=$((nuns + 1))
    else
      echo "FAIL $name: listed as stopping at $mn, but: $st"; bad=1
    fi ;;
  esac
done
echo "$target $level: $npass cases match the reference, $ndiff differ as listed, $nuns stop at a listed unsupported instruction"
exit $bad
