#!/usr/bin/env bash
# AMD timing-model speed (bench/README.md): the corpus's matmul_naive
# (-O3) on the timing model with each AMD configuration, in the same run:
# vega64 (gfx900 code object) and rx7900xtx (gfx1100, wave32).  Prints per
# configuration the simulated cycles, the median wall rate of cycles and
# CU-cycles (cycles x the configuration's gpu.num_sms) per second and wave
# instructions per second.
#
#   bench/bench_amd_timing.sh [BUILD_DIR] [N] [RUNS]
set -euo pipefail
build=${1:-build}
n=${2:-128}
runs=${3:-3}
V=$build/src/ventsim
B=$build/bench/bench_amd
CO=$build/tests/amd/co
[ -x "$B" ] && [ -x "$V" ] || { echo "need $B and $V (build bench_amd ventsim)" >&2; exit 2; }
printf '| config | code object | cycles | CUs | M cycles/s | M CU-cycles/s | M wave instructions/s |\n'
printf '|---|---|---|---|---|---|---|\n'
for pair in vega64:gfx900 rx7900xtx:gfx1100; do
  cfg=${pair%%:*} target=${pair#*:}
  co=$CO/$target/O3/matmul.hsaco
  [ -f "$co" ] || { echo "need $co (build amd_code_objects)" >&2; exit 2; }
  cus=$("$V" config --config "$cfg" --get gpu.num_sms)
  line=$(VENTSIM_MODE=timing VENTSIM_CONFIG=$cfg "$B" "$co" "$n" "$runs")
  insn=$(sed -n 's/.*median \([0-9.]*\) M instructions.*/\1/p' <<<"$line")
  cyc=$(sed -n 's/.*; \([0-9]*\) cycles.*/\1/p' <<<"$line")
  crate=$(sed -n 's/.*median \([0-9.]*\) M cycles.*/\1/p' <<<"$line")
  cu=$(awk -v r="$crate" -v c="$cus" 'BEGIN { printf "%.2f", r * c }')
  printf '| %s | %s -O3 matmul %sx%s | %s | %s | %s | %s | %s |\n' "$cfg" "$target" "$n" "$n" "$cyc" "$cus" "$crate" "$cu" "$insn"
done
# The Ventus timing model in the same run, as the baseline the AMD rates are
# compared with: bench_timing.sh's compute-bound kernel (timing_fma, --quick
# size) on the built-in Chisel RTL configuration.
vline=$("$(dirname "$0")/bench_timing.sh" "$build" --quick | awk '$1 == "timing_fma" && $2 == "timing"')
awk '{ printf "| ventus (Chisel RTL) | timing_fma (bench_timing.sh --quick) | %s | 2 | %s | %s | %s |\n", $4, $8, $6, $10 }' <<<"$vline"
