#!/usr/bin/env bash
# The ISA-neutral checks on AMD code compiled from OpenCL C (bugs.cl): each
# buggy kernel reports its check and no other; its twin (NAME_fixed)
# reports nothing.  The counts come from the checker's summary line.
# race_local may also report uninit: without the barrier clang-19 moves
# the LDS read above the LDS write (nothing orders them), so in this
# execution the read comes first -- the same bug, seen twice.
#     cl_bugs.sh RUN_CL BUGS.hsaco
set -uo pipefail
run=$1 co=$2
bad=0
# kernel, the check that must report, a check that may report too
while read -r kernel check also; do
  for k in "$kernel" "${kernel}_fixed"; do
    err=$(VENTSIM_CHECK=bounds,races,uninit,barrier "$run" "$co" "$k" 256 128 2>&1)
    sum=$(echo "$err" | sed -nE 's/^ventsim check: ([0-9]+) findings? \(bounds ([0-9]+), races ([0-9]+), uninit ([0-9]+), barrier ([0-9]+)[,)].*/\1 \2 \3 \4 \5/p' | tail -1)
    if [ -z "$sum" ]; then echo "FAIL $k: no checker summary:"; echo "$err" | head -5; bad=1; continue; fi
    read -r total nb nr nu nba <<<"$sum"
    declare -A got=([bounds]=$nb [races]=$nr [uninit]=$nu [barrier]=$nba)
    if [ "$k" = "$kernel" ]; then
      extra=0; [ -n "$also" ] && extra=${got[$also]}
      if [ "${got[$check]}" -lt 1 ] || [ "$total" != $((got[$check] + extra)) ]; then
        echo "FAIL $k: expected $check findings only, got: $(echo "$err" | grep '^ventsim check: [0-9]')"
        echo "$err" | grep '^ventsim check: [a-z-]*:' | head -5; bad=1
      else echo "ok $k: $total $check finding(s)"; fi
    elif [ "$total" != 0 ]; then
      echo "FAIL $k: the corrected kernel reports:"; echo "$err" | grep '^ventsim check:' | head -5; bad=1
    else echo "ok $k: clean"; fi
  done
done <<'LIST'
oob bounds
race_global races
race_local races uninit
uninit_local uninit
barrier_divergent barrier
LIST
exit $bad
