#!/usr/bin/env bash
# No legal configuration trips the deadlock watchdog (issue 17): memory
# requests in flight never count as "no progress", and the default
# (sim.watchdog = 0) is derived from the configuration, so the longest
# latencies the parameters allow -- DRAM at 100000 cycles (the old default
# watchdog), 1 byte per cycle, the slowest interconnect, L2, atomics,
# divider and dispatch -- run to completion on our kernels (memory, atomics,
# divides, barriers), with and without skipping idle cycles.  An explicit
# sim.watchdog still stops a launch that waits on a unit, with a report.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
MK() { "$VENTSIM" mkcase "$@"; }
for k in vecadd atomic diverge lds_mirror; do
  s="$VS_SOURCE_DIR/tests/timing/$k.s"
  # shellcheck disable=SC2046
  MK -o "$tmp/$k.metadata" $(grep -m1 '^# mkcase:' "$s" | sed 's/^# mkcase://') "$s" || fail "mkcase $k"
  "$VENTSIM" run -q --dump "$tmp/$k.ref" "$tmp/$k.metadata" || fail "functional $k"
done

slow=(--set dram.latency=100000)
slowest=(--set dram.latency=100000 --set dram.bytes_per_cycle=1 --set icnt.latency=1000
         --set icnt.flit_bytes=1 --set l2.hit_latency=1000 --set l2.atomic_cycles=1000
         --set exec.div_latency=1000 --set exec.sfu_latency=1000 --set exec.sfu_lanes=1
         --set sim.start_latency=1000000 --set dispatch.latency=1000000
         --set dispatch.wg_interval=1000000 --set dispatch.warp_interval=1000
         --set lsu.agu_latency=100 --set dcache.hit_latency=100 --set lds.latency=100
         --set core.opc_latency=100 --set core.barrier_latency=100)
for k in vecadd atomic diverge lds_mirror; do
  for cfg in slow slowest; do
    declare -n opts=$cfg
    for skip in 1 0; do
      [ "$cfg$skip" = slowest0 ] && continue # millions of single cycles: skip_idle=1 only
      "$VENTSIM" run -q --timing "${opts[@]}" --set sim.skip_idle=$skip --dump "$tmp/$k.out" \
        "$tmp/$k.metadata" 2> "$tmp/err" || fail "$k, $cfg, skip_idle=$skip: $(head -c 400 "$tmp/err")"
      cmp -s "$tmp/$k.ref" "$tmp/$k.out" || fail "$k, $cfg: memory differs from the functional run"
    done
  done
done

# the derived default shows as 0 in the configuration
"$VENTSIM" config --dump | grep -qx "watchdog = 0" || fail "sim.watchdog default is not 0 (derived)"
# an explicit watchdog shorter than a divide stops the launch, with the report
set +e
"$VENTSIM" run -q --timing --set exec.div_latency=1000 --set sim.watchdog=500 \
  "$tmp/diverge.metadata" 2> "$tmp/err"
rc=$?
set -e
[ $rc = 1 ] && grep -q "deadlock in kernel 'diverge'" "$tmp/err" || fail "explicit watchdog: $rc $(cat "$tmp/err")"
echo "PASS: the watchdog stops no legal configuration"
