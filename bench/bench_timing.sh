#!/usr/bin/env bash
# Timing-model benchmark: simulated SM-cycles per second and warp
# instructions per second of `ventsim run --timing` on kernels of more than
# 10^7 warp instructions, and the same launches on the functional simulator
# in the same run for the ratio.
#
#   bench/bench_timing.sh [BUILD_DIR] [--config NAME] [--quick]
#
# BUILD_DIR (default: build) holds src/ventsim; `ventsim mkcase` makes the
# launches.  --config selects the timing configuration (default:
# the built-in Chisel RTL defaults, 2 SMs).  --quick uses sizes 10x smaller.
# Kernels: bench/kernels/timing_*.s (our own assembly).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
[ $# -gt 0 ] && shift
config=()
scale=1
while [ $# -gt 0 ]; do
  case $1 in
    --config) config=(--config "$2"); shift 2 ;;
    --quick) scale=10; shift ;;
    *) echo "usage: $0 [BUILD_DIR] [--config NAME] [--quick]" >&2; exit 2 ;;
  esac
done
V=${VENTSIM:-$build/src/ventsim}
MK() { "$V" mkcase "$@"; }
[ -x "$V" ] || { echo "need $V (build ventsim)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name | mkcase options (16 work-groups x 4 warps x 32 threads = 64 warps)
cases=(
  "timing_fma|--grid 16 --warps 4 --threads 32 --buf 8192:f32rand:1 --buf 8192 --arg $((20000 / scale))"
  "timing_stream|--grid 16 --warps 4 --threads 32 --buf 1048576:f32rand:1 --buf 1048576:f32rand:2 --buf 1048576 --arg 262144 --arg $((128 / scale))"
  "timing_lds|--grid 16 --warps 4 --threads 32 --lds 4096 --buf 16384:rand:3 --buf 16384 --arg $((12500 / scale))"
)
# value of a top-level key (one tab) / a key in "totals" (two tabs)
top() { grep -P "^\t\"$2\":" "$1" | head -1 | sed 's/.*:[[:space:]]*//; s/,$//'; }
tot() { grep -P "^\t\t\"$2\":" "$1" | head -1 | sed 's/.*:[[:space:]]*//; s/,$//'; }

printf '%-14s %10s %12s %10s %9s %12s %12s %12s %9s\n' kernel mode warp-insns cycles seconds \
  "SM-cycles/s" "cycles/s" "warp-insn/s" slowdown
nsm=$("$V" config "${config[@]}" --get gpu.num_sms)
for c in "${cases[@]}"; do
  name=${c%%|*}
  opts=${c#*|}
  # shellcheck disable=SC2086
  MK -o "$tmp/$name.metadata" --kernel "$name" $opts "$here/kernels/$name.s"
  "$V" run -q --stats "$tmp/f.json" "$tmp/$name.metadata"
  "$V" run -q --timing "${config[@]}" --stats "$tmp/t.json" "$tmp/$name.metadata"
  fs=$(top "$tmp/f.json" seconds)
  ts=$(top "$tmp/t.json" seconds)
  wi=$(tot "$tmp/t.json" warp_instructions)
  cy=$(top "$tmp/t.json" cycles)
  awk -v n="$name" -v fs="$fs" -v ts="$ts" -v wi="$wi" -v cy="$cy" -v nsm="$nsm" 'BEGIN {
    printf "%-14s %10s %12d %10s %9.3f %12s %12s %10.2f M %9s\n", n, "functional", wi, "-", fs, "-", "-", wi / fs / 1e6, "1.0x";
    printf "%-14s %10s %12d %10d %9.3f %10.2f M %10.2f M %10.2f M %8.1fx\n", n, "timing", wi, cy, ts,
           cy * nsm / ts / 1e6, cy / ts / 1e6, wi / ts / 1e6, ts / fs }'
done
echo "($nsm SMs; SM-cycles/s = simulated cycles x SMs / wall second; one host thread)"
