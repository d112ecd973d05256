#!/usr/bin/env bash
# One ctest of the AMD corpus: runs CASE.json on pocl and on the host
# reference models, and compares the two (tests/amd/README.md):
#     pocl_case.sh OCLRUN OCLCMP RESULTS_DIR CASE.json
# Exit status: 0 pass, 1 fail, 77 skipped (pocl lacks a feature the case
# needs, or the case has neither a host reference nor properties).
# VS_POCL_DEVICE selects the platform (default "Portable Computing Language").
set -uo pipefail
oclrun=$1 oclcmp=$2 res=$3 case=$4
dev=${VS_POCL_DEVICE:-Portable Computing Language}
"$oclrun" --backend opencl --device "$dev" --out "$res/pocl" "$case"
rc=$?
[ $rc -le 1 ] || exit 1
"$oclrun" --backend host --out "$res/host" "$case" || exit 1
"$oclcmp" --ref "$res/host" --test "$res/pocl" "$case"
