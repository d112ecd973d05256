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
per_sm() { # file sm key
  "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(int(d["launches"][0]["timing"]["per_sm"][int(sys.argv[2])][sys.argv[3]]))' "$1" "$2" "$3"
}
timing_of() {
  "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps([l["timing"] for l in d["launches"]], sort_keys=True))' "$1"
}
cfgf=$(cd "$SRC/.." && pwd)/share/ventsim/configs/$CONFIG.ini
{ cat "$cfgf"; printf '\n[sim]\nskip_idle = 0\n'; } > "$tmp/noskip.ini"
declare -A CYC DUAL SM0 SM1
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
  SM0[$name]=$(per_sm "$tmp/$name.1.json" 0 warp_instructions)
  SM1[$name]=$(per_sm "$tmp/$name.1.json" 1 warp_instructions)
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
# scalar load: to the LSU at +1, a hit in the WGP's scalar cache 37 later
# (kcache.hit_latency): s_waitcnt at +38, v_add +1, 4 VALU at +5
check "scalar load, s_waitcnt lgkmcnt(0), 5 VALU, 4 warm iterations" "$(diff5 sload)" $(( 4 * (38 + 1 + 5 * 4 + O) ))
# store: write-through L0 (20 + 90), the L1 passes it on, interconnect 20,
# L2 hit 59, acknowledgement 20: VScnt drops 209 after issue
check "store, s_waitcnt_vscnt 0, 4 VALU, 4 warm iterations" "$(diff5 store)" $(( 4 * (209 + 1 + 5 * 3 + O) ))
# README.md "RDNA3" (WGP mode): four wave32 waves, 16 independent VALU and
# s_barrier an iteration.  From the cycle X the last wave issues s_barrier:
# all resume at X + 16.  WGP mode: two waves a CU, one a SIMD; both CUs'
# waves reach the branch together (X + 19); the redirect (X + 29) finds the
# WGP's shared I-cache (icache.sms = 2), whose bank holding the loop's line
# takes one lookup a cycle for both CUs: the four first-group lookups at
# X + 29 .. X + 32, the last wave's VALU from X + 36, s_barrier at X + 52:
# 16 + 36 cycles an iteration.  CU mode (one CU: one lookup a cycle anyway):
# two waves a SIMD; the older ones issue the loop's scalar instructions
# first, the younger ones' s_cmp takes the SIMD's scalar unit in the cycle
# of the older ones' branch (X + 19 -> X + 20), their first VALU at X + 34
# and X + 35 (one I-cache access a cycle), the younger ones' 16 VALU after
# them on the same SIMD: the last arrives at X + 35 + 32 = 2 x 16 + 35
check "WGP mode: 4 waves over 2 CUs, barrier each iteration, 4 warm iterations" "$(diff5 wgp4)" $(( 4 * (16 + 36) ))
check "CU mode: the same 4 waves on 1 CU, 4 warm iterations" "$(diff5 cu4)" $(( 4 * (2 * 16 + 35) ))
# the waves show on the CU they run on: WGP mode waves 0, 2 on SM 0 and
# 1, 3 on SM 1 (the same instructions each); CU mode all on SM 0
check "WGP mode: SM 1 issues as many instructions as SM 0" "${SM1[wgp4_m1]:-missing}" "${SM0[wgp4_m1]:-none}"
check "CU mode: SM 1 issues none" "${SM1[cu4_m1]:-missing}" 0
# the VGPR budget by wave size (occ32.s, occ64_w64.s: derivation there): on
# one CU, the most one-wave work-groups resident at once
{ cat "$cfgf"; printf '\n[gpu]\nnum_sms = 1\nsms_per_wgp = 1\n[sim]\nsample_interval = 50\n'; } > "$tmp/onecu.ini"
maxres() {
  "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(int(max(r[0] for r in d["launches"][0]["timing"]["workgroups"]["occupancy"]["samples"])))' "$1"
}
for name in occ32 occ64_w64; do
  VENTSIM_MODE=timing VENTSIM_CONFIG=$tmp/onecu.ini VENTSIM_STATS=$tmp/$name.occ.json \
    "$RUN" "$DIR/$name.hsaco" "$SRC/amd/timing/gfx1100/$name.s" > "$tmp/$name.occ.log" 2>&1 ||
    { echo "FAIL: $name on one CU: $(cat "$tmp/$name.occ.log")"; fail=1; }
done
check "wave32, 240 VGPRs: work-groups resident on one CU" "$(maxres "$tmp/occ32.occ.json" 2>/dev/null)" 12
check "wave64, 240 VGPRs: half as many" "$(maxres "$tmp/occ64_w64.occ.json" 2>/dev/null)" 6
# s_clause (README.md "RDNA3", clauses): consumed ahead of issue in zero
# cycles, so one wave's clause of 8 dependent VALU costs what the chain does
check "s_clause 0x7 + 8 dependent VALU, one wave, 4 warm iterations" "$(diff5 clause8)" $(( 4 * (5 * 7 + O) ))
# two waves on SIMD 0 of one CU (CU mode; wave 2's first add 2 cycles
# after wave 0's: README.md "Clauses"), 8 dependent
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
