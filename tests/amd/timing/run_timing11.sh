#!/bin/bash
# The gfx1100 (RDNA3) timing tests (docs/timing-model.md "The RDNA3
# profile"): every kernel of tests/amd/timing/gfx1100 runs through the
# launch helper with VENTSIM_MODE=timing and the configuration CONFIG
# (rx7900xtx).  run_asm checks each kernel's hand-derived memory results
# (the timing run leaves the memory the functional run leaves); each kernel
# runs twice with identical timing statistics and once with
# sim.skip_idle = 0 (the same statistics again).  The cycle counts of the
# loop kernels are checked against the hand derivations of README.md
# ("RDNA3").
# Usage: run_timing11.sh RUN_ASM HSACO_DIR SRC_DIR CONFIG
set -u
RUN=$1 DIR=$2 SRC=$3 CONFIG=$4
PY=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
cycles() {
  "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["launches"][0]["timing"]["cycles"])' "$1"
}
dual() {
  "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["launches"][0]["timing"]["dual_issues"])' "$1"
}
timing_of() {
  "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps([l["timing"] for l in d["launches"]], sort_keys=True))' "$1"
}
cfgf=$(cd "$SRC/.." && pwd)/share/ventsim/configs/$CONFIG.ini
{ cat "$cfgf"; printf '\n[sim]\nskip_idle = 0\n'; } > "$tmp/noskip.ini"
declare -A CYC DUAL
for src in "$SRC"/amd/timing/gfx1100/*.s; do
  name=$(basename "$src" .s)
  co=$DIR/$name.hsaco
  for k in 1 2; do
    if ! VENTSIM_MODE=timing VENTSIM_CONFIG=$CONFIG VENTSIM_STATS=$tmp/$name.$k.json \
         VENTSIM_TIMELINE=$tmp/$name.$k.tl.json "$RUN" "$co" "$src" > "$tmp/$name.$k.log" 2>&1; then
      echo "FAIL: $name (timing, $CONFIG, run $k): $(cat "$tmp/$name.$k.log")"; fail=1; continue 2
    fi
  done
  for f in "$tmp/$name.1.json" "$tmp/$name.1.tl.json"; do
    [ -s "$f" ] || { echo "FAIL: $name: $f not written"; fail=1; }
  done
  if [ "$(timing_of "$tmp/$name.1.json")" != "$(timing_of "$tmp/$name.2.json")" ]; then
    echo "FAIL: $name: two runs give different timing statistics"; fail=1
  fi
  VENTSIM_MODE=timing VENTSIM_CONFIG=$tmp/noskip.ini VENTSIM_STATS=$tmp/$name.3.json \
    "$RUN" "$co" "$src" > "$tmp/$name.3.log" 2>&1 || { echo "FAIL: $name with sim.skip_idle = 0"; fail=1; }
  if [ "$(timing_of "$tmp/$name.1.json")" != "$(timing_of "$tmp/$name.3.json")" ]; then
    echo "FAIL: $name: sim.skip_idle = 0 gives different timing statistics"; fail=1
  fi
  CYC[$name]=$(cycles "$tmp/$name.1.json")
  DUAL[$name]=$(dual "$tmp/$name.1.json")
  echo "ok $name: ${CYC[$name]} cycles, memory as derived, deterministic"
done
check() { # what got want
  if [ "$2" = "$3" ]; then echo "ok $1 = $2"; else echo "FAIL: $1 = $2, derived $3"; fail=1; fi
}
diff5() { # name: cycles of n = 5 minus n = 1 (4 warm iterations)
  if [ -n "${CYC[${1}_m5]:-}" ] && [ -n "${CYC[${1}_m1]:-}" ]; then
    echo $(( CYC[${1}_m5] - CYC[${1}_m1] ))
  else
    echo "missing"
  fi
}
# README.md "RDNA3": the loop overhead after the last instruction of the
# body: s_sub (+1), s_cmp (+2, SALU latency), s_cbranch (+1), the branch
# resolves (+2), core.branch_latency (+8), the I-cache hit (+4): the next
# iteration's first instruction issues 18 cycles after the body's last one
O=18
check "wave32: 16 dependent VALU, 4 warm iterations" "$(diff5 valu16)" $(( 4 * (5 * 15 + O) ))
check "wave32: 32 dependent VALU, 4 warm iterations" "$(diff5 valu32)" $(( 4 * (5 * 31 + O) ))
check "wave64: 16 dependent VALU (2 passes), 4 warm iterations" "$(diff5 valu16_w64)" $(( 4 * (6 * 15 + O) ))
check "wave32: v_add + 16 VOPD (dual issue), 4 warm iterations" "$(diff5 vopd16)" $(( 4 * (16 + O) ))
check "wave32: v_add + the same 32 moves single-issued, 4 warm iterations" "$(diff5 mov32)" $(( 4 * (32 + O) ))
check "VOPD instructions counted as dual issues (vopd16_m5)" "${DUAL[vopd16_m5]:-missing}" $(( 5 * 16 ))
check "s_delay_alu VALU_DEP_1 on independent adds: 8 pairs of 6 cycles" "$(diff5 delay8)" $(( 4 * (6 * 7 + 5 + O) ))
check "the same without s_delay_alu: 8 pairs of 5 cycles" "$(diff5 nodelay8)" $(( 4 * (5 * 7 + 1 + O) ))
# load: L0 hit 20 + 90 = 110 after issue, s_waitcnt then, v_add +1, 4 VALU at +5
check "load, s_waitcnt vmcnt(0), 5 VALU, 4 warm iterations" "$(diff5 wait)" $(( 4 * (110 + 1 + 5 * 4 + O) ))
# store: write-through L0 (20 + 90), the L1 passes it on, interconnect 20,
# L2 hit 59, acknowledgement 20: VScnt drops 209 after issue
check "store, s_waitcnt_vscnt 0, 4 VALU, 4 warm iterations" "$(diff5 store)" $(( 4 * (209 + 1 + 5 * 3 + O) ))
# s_clause (README.md "RDNA3", clauses): consumed ahead of issue in zero
# cycles, so one wave's clause of 8 dependent VALU costs what the chain does
check "s_clause 0x7 + 8 dependent VALU, one wave, 4 warm iterations" "$(diff5 clause8)" $(( 4 * (5 * 7 + O) ))
# two waves on SIMD 0 (wave 2 starts 2 cycles after wave 0), 8 dependent
# VALU each: without clauses both chains run side by side, but wave 2's
# s_sub meets wave 0's s_cmp on the SIMD's scalar unit and then takes it
# from wave 0's s_cbranch (the scalar port is arbitrated before the branch
# port): both loops take one cycle more, 5 * 7 + 19 = 54
check "two waves, 8 dependent VALU each, 4 warm iterations" "$(diff5 w2chain8)" $(( 4 * (5 * 7 + O + 1) ))
# s_clause 0x7: the clauses take turns: one wave's 8 VALU (36 cycles from
# its first to the cycle after its last) then the other's: 2 * 36 = 72
check "two waves, s_clause 0x7 + 8 dependent VALU each" "$(diff5 w2clause8)" $(( 4 * 2 * 36 ))
# s_clause 0x207 (a break every 2): groups of 2 alternate, a wave's group
# 12 cycles after its previous one (first at +0, +5; the other's at +6,
# +11; the first waits for that break: +12): its last VALU 3 * 12 + 5
# = 41 cycles after its first, then the loop overhead: 41 + O = 59
check "two waves, s_clause 0x207 (break every 2) + 8 dependent VALU each" "$(diff5 w2clbrk8)" $(( 4 * (5 + 3 * 12 + O) ))
exit $fail
