#!/bin/bash
# The AMD timing tests (docs/timing-model.md "The GCN profile"): every
# kernel of tests/amd/timing and tests/amd/exec runs through the launch
# helper with VENTSIM_MODE=timing and the configuration CONFIG (vega64 or
# mi50).  run_asm checks each kernel's hand-derived memory results, so the
# timing run leaves the memory the functional run leaves; each kernel runs
# twice and the two stats JSON timing objects must be identical
# (deterministic cycles); stats and a timeline must be written.  The cycle
# counts of the loop kernels are checked against the hand derivations of
# tests/amd/timing/README.md.
# Usage: run_timing.sh RUN_ASM TIMING_HSACO_DIR EXEC_HSACO_DIR SRC_DIR CONFIG
set -u
RUN=$1 TDIR=$2 EDIR=$3 SRC=$4 CONFIG=$5
PY=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
cycles() { # stats.json -> the cycles of its only launch
  "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["launches"][0]["timing"]["cycles"])' "$1"
}
timing_of() {
  "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps([l["timing"] for l in d["launches"]], sort_keys=True))' "$1"
}
run() { # name hsaco source run
  VENTSIM_MODE=timing VENTSIM_CONFIG=$CONFIG VENTSIM_STATS=$tmp/$1.$4.json \
    VENTSIM_TIMELINE=$tmp/$1.$4.tl.json "$RUN" "$2" "$3" > "$tmp/$1.$4.log" 2>&1
}
declare -A CYC
for src in "$SRC"/amd/timing/*.s "$SRC"/amd/exec/*.s; do
  name=$(basename "$src" .s)
  # host-thread tests (// THREADS n: atomic_contention, 64 waves in a CAS
  # retry loop on one address) spin ~20x more instructions under the timing
  # model's latencies: 90 s each, testing nothing the others do not
  grep -q '^// THREADS' "$src" && { echo "skip $name: a host-threads test"; continue; }
  case $src in */amd/timing/*) co=$TDIR/$name.hsaco ;; *) co=$EDIR/$name.hsaco ;; esac
  if ! run "$name" "$co" "$src" 1; then
    echo "FAIL: $name (timing, $CONFIG): $(cat "$tmp/$name.1.log")"; fail=1; continue
  fi
  grep -q '^// ERROR' "$src" && { echo "ok $name: error as expected"; continue; }
  run "$name" "$co" "$src" 2 || { echo "FAIL: $name second run"; fail=1; continue; }
  for f in "$tmp/$name.1.json" "$tmp/$name.1.tl.json"; do
    [ -s "$f" ] || { echo "FAIL: $name: $f not written"; fail=1; }
  done
  if [ "$(timing_of "$tmp/$name.1.json")" != "$(timing_of "$tmp/$name.2.json")" ]; then
    echo "FAIL: $name: two runs give different timing statistics"; fail=1
  fi
  case $src in */amd/timing/*) # skipping idle cycles changes nothing (docs/timing-model.md)
    cfgf=$(cd "$SRC/.." && pwd)/share/ventsim/configs/$CONFIG.ini
    { cat "$cfgf"; printf '\n[sim]\nskip_idle = 0\n'; } > "$tmp/noskip.ini"
    VENTSIM_MODE=timing VENTSIM_CONFIG=$tmp/noskip.ini VENTSIM_STATS=$tmp/$name.3.json \
      "$RUN" "$co" "$src" > "$tmp/$name.3.log" 2>&1 || { echo "FAIL: $name with sim.skip_idle = 0"; fail=1; }
    if [ "$(timing_of "$tmp/$name.1.json")" != "$(timing_of "$tmp/$name.3.json")" ]; then
      echo "FAIL: $name: sim.skip_idle = 0 gives different timing statistics"; fail=1
    fi ;;
  esac
  CYC[$name]=$(cycles "$tmp/$name.1.json")
  echo "ok $name: ${CYC[$name]} cycles, memory as derived, deterministic"
done
check() { # what got want
  if [ "$2" = "$3" ]; then echo "ok $1 = $2"; else echo "FAIL: $1 = $2, derived $3"; fail=1; fi
}
if [ -n "${CYC[valu16_m5]:-}" ] && [ -n "${CYC[valu16_m1]:-}" ] && [ -n "${CYC[valu32_m5]:-}" ] &&
   [ -n "${CYC[valu32_m1]:-}" ] && [ -n "${CYC[wait_m5]:-}" ] && [ -n "${CYC[wait_m1]:-}" ]; then
  d16=$(( CYC[valu16_m5] - CYC[valu16_m1] ))
  d32=$(( CYC[valu32_m5] - CYC[valu32_m1] ))
  dw=$(( CYC[wait_m5] - CYC[wait_m1] ))
  # README.md: a warm iteration of K VALU + s_sub + s_cmp + s_cbranch is
  # 4 (K + 2) cycles of issue turns + 16 for the taken branch = 4K + 24
  check "4 warm iterations, K=16" "$d16" $(( 4 * (4 * 16 + 24) ))
  check "4 warm iterations, K=32" "$d32" $(( 4 * (4 * 32 + 24) ))
  check "64 more VALU instructions" $(( d32 - d16 )) $(( 4 * 16 * 4 ))
  # README.md: load at T, L1 hit returns at T + 20 + 100, s_waitcnt issues
  # then; 1 + 4 VALU + s_sub + s_cmp + s_cbranch follow at 4-cycle turns,
  # the taken branch adds 16: 120 + 4 * 8 + 16 = 168 per warm iteration
  check "4 warm iterations with an L1-hit load and s_waitcnt" "$dw" $(( 4 * 168 ))
else
  echo "FAIL: a loop kernel did not run"; fail=1
fi
# README.md "Scalar loads": a scalar load goes to the LSU the cycle after
# its issue, a scalar-cache hit is back kcache.hit_latency = 44 later
# (T + 45), s_waitcnt lgkmcnt(0) issues on the next turn (T + 48); then 8
# instructions at turns and the taken branch: 48 + 4 * 8 + 16 = 96
if [ -n "${CYC[sload_hit_m5]:-}" ] && [ -n "${CYC[sload_hit_m1]:-}" ]; then
  check "4 warm iterations with a scalar-cache hit and s_waitcnt" \
    $(( CYC[sload_hit_m5] - CYC[sload_hit_m1] )) $(( 4 * 96 ))
else
  echo "FAIL: sload_hit did not run"; fail=1
fi
# a new line each iteration: the miss is requested at T + 45, crosses the
# interconnect (25), misses in the L2 (port at T + 70, DRAM from T + 71:
# ceil(64 / dram.bytes_per_cycle) cycles of transfer and 200 of latency),
# the L2's 80 and the way back (25): filled at T + 379 (vega64: 4 transfer
# cycles) or T + 377 (mi50: 2), data at + 1; s_waitcnt on the next turn
# T + 380; 9 instructions and the branch: 380 + 4 * 9 + 16 = 432
if [ -n "${CYC[sload_miss_m5]:-}" ] && [ -n "${CYC[sload_miss_m1]:-}" ]; then
  check "4 iterations with a scalar-cache and L2 miss" \
    $(( CYC[sload_miss_m5] - CYC[sload_miss_m1] )) $(( 4 * 432 ))
else
  echo "FAIL: sload_miss did not run"; fail=1
fi
# README.md "Caches shared by a group of CUs": share_m1's two work-groups
# on CUs 0 and 1, the second placed 3000 cycles after the first (which has
# ended by then)
kv() { # stats.json cache key -> the value
  "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["launches"][0]["timing"]["caches"][sys.argv[2]][sys.argv[3]])' "$1" "$2" "$3"
}
cfgf=$(cd "$SRC/.." && pwd)/share/ventsim/configs/$CONFIG.ini
share_run() { # name extra-ini-text
  { cat "$cfgf"; printf '\n[dispatch]\nwg_interval = 3000\n%b' "$2"; } > "$tmp/$1.ini"
  VENTSIM_MODE=timing VENTSIM_CONFIG=$tmp/$1.ini VENTSIM_STATS=$tmp/$1.json \
    "$RUN" "$TDIR/share_m1.hsaco" "$SRC/amd/timing/share_m1.s" > "$tmp/$1.log" 2>&1 ||
    { echo "FAIL: share_m1 ($1): $(cat "$tmp/$1.log")"; fail=1; return 1; }
}
if share_run shared "" && share_run kc1 "[kcache]\nsms = 1\n" && share_run ic1 "[icache]\nsms = 1\n" &&
   VENTSIM_MODE=timing VENTSIM_CONFIG=$CONFIG VENTSIM_STATS=$tmp/one.json \
     "$RUN" "$TDIR/sload_hit_m1.hsaco" "$SRC/amd/timing/sload_hit_m1.s" > "$tmp/one.log" 2>&1; then
  # the second CU finds the kernel arguments' and in[0]'s lines in the
  # shared scalar cache: its 4 scalar loads hit; the first CU's 4 made 2
  # misses and 2 pending hits
  check "shared scalar cache: misses" "$(kv "$tmp/shared.json" kcache load_misses)" 2
  check "shared scalar cache: pending hits" "$(kv "$tmp/shared.json" kcache load_pending_hits)" 2
  check "shared scalar cache: hits" "$(kv "$tmp/shared.json" kcache load_hits)" 4
  check "own scalar caches: misses" "$(kv "$tmp/kc1.json" kcache load_misses)" 4
  check "own scalar caches: hits" "$(kv "$tmp/kc1.json" kcache load_hits)" 0
  # cycles: with its own scalar cache the second CU's arguments come from
  # the L2 (T0 + 176 instead of the hits' last T0 + 56: 120 more) and so
  # does in[0] (T1 + 176 instead of T1 + 48: 128 more)
  check "own scalar caches cost the second CU 120 + 128 cycles" \
    $(( $(cycles "$tmp/kc1.json") - $(cycles "$tmp/shared.json") )) 248
  # the same code as sload_hit_m1: the second CU misses no I-cache line
  # with the shared I-cache, and all of them with its own
  one=$(kv "$tmp/one.json" icache misses)
  check "shared I-cache: the second CU's fetches hit" "$(kv "$tmp/shared.json" icache misses)" "$one"
  check "own I-caches: the second CU misses every line" "$(kv "$tmp/ic1.json" icache misses)" $(( 2 * one ))
fi
if [ -n "${CYC[flat_m5]:-}" ] && [ -n "${CYC[flat_m1]:-}" ] && [ -n "${CYC[glgkm_m5]:-}" ] &&
   [ -n "${CYC[glgkm_m1]:-}" ]; then
  # README.md: a FLAT load counts in LGKMcnt too, so s_waitcnt lgkmcnt(0)
  # waits for it as vmcnt(0) does in wait_*: 168 per warm iteration
  check "4 warm iterations: flat_load, s_waitcnt lgkmcnt(0)" $(( CYC[flat_m5] - CYC[flat_m1] )) $(( 4 * 168 ))
  # a GLOBAL load does not count in LGKMcnt: lgkmcnt(0) issues on the next
  # turn; load, s_waitcnt, 5 VALU, s_sub, s_cmp, s_cbranch at 4-cycle
  # turns (36) + 16 for the taken branch = 52 per iteration
  check "4 warm iterations: global_load, s_waitcnt lgkmcnt(0) (no wait)" $(( CYC[glgkm_m5] - CYC[glgkm_m1] )) $(( 4 * 52 ))
else
  echo "FAIL: a FLAT/GLOBAL counter kernel did not run"; fail=1
fi
# Write-back throttling (README.md): wbstore_* with a 1 KiB L2 (16 banks
# x 1 set x 1 way of 64 B) and one DRAM channel of 1 byte a cycle: every
# line stored after the first 16 evicts a dirty line, whose write-back
# takes the channel 64 cycles; a KiB (16 lines) per iteration, so 128 more
# iterations take 128 x 16 x 64 = 131072 more cycles.
# With write-back buffers (the configuration's l2.wb_buffers) the stores
# wait for them; with posted write-backs (l2.wb_buffers = 0, the old
# model) nothing waits and the same stores take far fewer cycles.
wb() { # name wb_buffers: sets WB to its cycles (empty if it failed)
  { cat "$cfgf"; printf '\n[l2]\nsets = 1\nways = 1\nwb_buffers = %s\n[dram]\nchannels = 1\nbytes_per_cycle = 1\n' "$2"; } > "$tmp/wb$2.ini"
  WB=
  if VENTSIM_MODE=timing VENTSIM_CONFIG=$tmp/wb$2.ini VENTSIM_STATS=$tmp/$1.wb$2.json \
       "$RUN" "$TDIR/$1.hsaco" "$SRC/amd/timing/$1.s" > "$tmp/$1.wb$2.log" 2>&1; then
    WB=$(cycles "$tmp/$1.wb$2.json")
  else
    echo "FAIL: $1 (wb_buffers $2): $(cat "$tmp/$1.wb$2.log")"; fail=1
  fi
}
nwb=$(sed -n 's/^wb_buffers *= *\([0-9]*\).*/\1/p' "$cfgf" | head -1)
if [ -z "$nwb" ] || [ "$nwb" = 0 ]; then
  echo "FAIL: $CONFIG.ini has no l2.wb_buffers"; fail=1
else
  wb wbstore_m128 "$nwb"; a=$WB; wb wbstore_m256 "$nwb"; b=$WB
  wb wbstore_m128 0; a0=$WB; wb wbstore_m256 0; b0=$WB
  if [ -n "$a" ] && [ -n "$b" ] && [ -n "$a0" ] && [ -n "$b0" ]; then
    check "128 more KiB stored at DRAM write bandwidth (l2.wb_buffers = $nwb)" $(( b - a )) $(( 128 * 16 * 64 ))
    if [ $(( b0 - a0 )) -lt $(( 128 * 16 * 64 )) ]; then
      echo "ok posted write-backs (l2.wb_buffers = 0) do not throttle: $(( b0 - a0 )) < $(( 128 * 16 * 64 ))"
    else
      echo "FAIL: posted write-backs: $(( b0 - a0 )) cycles, expected fewer than $(( 128 * 16 * 64 ))"; fail=1
    fi
  fi
fi
exit $fail
