#!/usr/bin/env bash
# The AMD corpus through the ventsim OpenCL platform (tests/amd/README.md):
# every case listed `pass` for TARGET LEVEL in ventsim_cases.txt runs on the
# platform's TARGET device through the ICD loader (oclrun --backend opencl,
# the program built from source by the platform) and must match pocl (the
# host models where pocl skips it), as on the C API.  The platform builds
# with its default optimisation, so LEVEL is O3.
#     ventsim_ocl_cases.sh OCLRUN OCLCMP RESULTS LIST TARGET LEVEL CASE.json...
set -uo pipefail
oclrun=$1 oclcmp=$2 res=$3 list=$4 target=$5 level=$6
shift 6
out=$res/ventsim-ocl-$target-$level
rm -rf "$out"
mkdir -p "$res"
cases=()
for c in "$@"; do
  name=$(basename "$c" .json)
  want=$(awk -v t="$target" -v l="$level" -v n="$name" '$1==t && $2==l && $3==n {print $4}' "$list")
  [ "$want" = pass ] && cases+=("$c")
done
[ ${#cases[@]} -gt 0 ] || { echo "no case is listed pass for $target $level"; exit 1; }
"$oclrun" --backend opencl --device "ventsim:$target" --out "$out" "${cases[@]}" >"$out.log" 2>&1
bad=0 npass=0 nskip=0
for c in "${cases[@]}"; do
  name=$(basename "$c" .json)
  ref=pocl
  if [ ! -f "$res/pocl/$name/status" ]; then
    "$oclrun" --backend opencl --device "Portable Computing Language" --out "$res/pocl" "$c" >/dev/null 2>&1
  fi
  if grep -q '^skipped' "$res/pocl/$name/status" 2>/dev/null; then
    ref=host
    "$oclrun" --backend host --out "$res/host" "$c" >/dev/null 2>&1
  fi
  st=$(cat "$out/$name/status" 2>/dev/null || echo "error: no result")
  # a feature the platform's device does not offer is a skip (none today;
  # cl_khr_subgroups came with clGetKernelSubGroupInfo); the C API runs the case
  if [[ "$st" == "skipped: the device lacks "* ]]; then echo "skip $name: $st"; nskip=$((nskip + 1)); continue; fi
  if [ "${st%%:*}" != ok ]; then echo "FAIL $name: $st"; bad=1; continue; fi
  if "$oclcmp" --ref "$res/$ref" --test "$out" "$c" >"$out/$name.cmp" 2>&1; then
    npass=$((npass + 1))
  else
    echo "FAIL $name: differs from $ref:"; sed 's/^/    /' "$out/$name.cmp" | head -20; bad=1
  fi
done
[ $bad = 0 ] || { echo "oclrun's log:"; sed 's/^/    /' "$out.log" | tail -40; }
echo "$target $level through the OpenCL platform: $npass of ${#cases[@]} cases listed pass match the reference, $nskip skipped"
exit $bad
