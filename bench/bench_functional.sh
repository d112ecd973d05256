#!/usr/bin/env bash
# Functional-simulator benchmark: warp and thread instructions per second of
# `ventsim run` (the whole process: reading the launch, simulating, exiting)
# on kernels of more than 10^7 warp instructions, the median of several runs.
#
#   bench/bench_functional.sh [BUILD_DIR] [--runs N] [--quick] [--scale N] [-j N]
#
# BUILD_DIR (default: build) holds src/ventsim (measure a Release or
# RelWithDebInfo build); `ventsim mkcase` makes the launches.  --runs
# sets the number of runs per kernel (default 5, median reported).  --quick
# uses sizes 10x smaller and, unless --runs is given, one run (a smoke
# test, not a measurement).  --scale N multiplies the sizes by N (fast
# machines: longer runs measure more precisely).
# -j N passes `-j N` to ventsim run (default: one host thread).
# Kernels: bench/kernels/func_*.s (our own assembly), 64 warps of 32 threads.
# `rel` is each kernel's warp instructions per CPU second divided by that of
# func_ref (a trivial loop) measured in the same run: it cancels most of the
# machine's speed and load; see bench/README.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=build
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then build=$1; shift; fi
usage() { echo "usage: $0 [BUILD_DIR] [--runs N] [--quick] [--scale N] [-j N]" >&2; exit 2; }
runs=
scale=1
mult=1
jobs=()
while [ $# -gt 0 ]; do
  case $1 in
    --runs) [ $# -ge 2 ] || usage; runs=$2; shift 2 ;;
    --quick) scale=10; shift ;;
    --scale) [ $# -ge 2 ] || usage; mult=$2; shift 2 ;;
    -j) [ $# -ge 2 ] || usage; jobs=(-j "$2"); shift 2 ;;
    *) usage ;;
  esac
done
[ -n "$runs" ] || runs=$((scale == 1 ? 5 : 1))
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "$0: --runs needs a positive number" >&2; exit 2; }
[[ $mult =~ ^[1-9][0-9]*$ ]] || { echo "$0: --scale needs a positive number" >&2; exit 2; }
V=${VENTSIM:-$build/src/ventsim}
MK() { "$V" mkcase "$@"; }
if ! [ -x "$V" ]; then echo "need $V (build ventsim)" >&2; exit 2; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name | mkcase options.  16 work-groups x 4 warps (func_bar: 8 x 8) of 32
# threads = 64 warps; func_ref first (the reference of `rel`).
cases=(
  "func_ref|--grid 16 --warps 4 --threads 32 --buf 8192 --arg $((53400 * mult / scale))"
  "func_alu|--grid 16 --warps 4 --threads 32 --buf 8192:f32rand:1 --buf 8192 --arg $((10000 * mult / scale))"
  "func_mem|--grid 16 --warps 4 --threads 32 --buf 262144:rand:1 --buf 262144:rand:2 --buf 262144 --buf 262144 --arg 65536 --arg $((260 * mult / scale))"
  "func_div|--grid 16 --warps 4 --threads 32 --buf 8192:rand:5 --buf 8192 --arg $((3000 * mult / scale))"
  "func_bar|--grid 8 --warps 8 --threads 32 --lds 9216 --buf 8192:rand:3 --buf 8192 --arg $((12500 * mult / scale))"
)

# median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-9s %12s %13s %8s %8s %12s %14s %12s %6s\n' kernel warp-insns thread-insns wall-s cpu-s \
  "warp-insn/s" "thread-insn/s" "cpu-warp-i/s" rel
ref_rate=
TIMEFORMAT='%R %U %S'
for c in "${cases[@]}"; do
  name=${c%%|*}
  opts=${c#*|}
  # shellcheck disable=SC2086
  MK -o "$tmp/$name.metadata" --kernel "$name" $opts "$here/kernels/$name.s"
  : > "$tmp/wall"
  : > "$tmp/cpu"
  for ((r = 0; r < runs; r++)); do
    { time "$V" run "${jobs[@]}" "$tmp/$name.metadata" 2> "$tmp/err"; } 2> "$tmp/time" ||
      { cat "$tmp/err" >&2; echo "$0: ventsim run failed on $name" >&2; exit 1; }
    read -r wall user sys < "$tmp/time"
    echo "$wall" >> "$tmp/wall"
    awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }' >> "$tmp/cpu"
  done
  # summary line: "ventsim: 1 launch, W warp instructions, T thread instructions, ..."
  wi=$(sed -n 's/.* \([0-9][0-9]*\) warp instructions.*/\1/p' "$tmp/err" | tail -1)
  ti=$(sed -n 's/.* \([0-9][0-9]*\) thread instructions.*/\1/p' "$tmp/err" | tail -1)
  if [ -z "$wi" ] || [ -z "$ti" ]; then
    cat "$tmp/err" >&2
    echo "$0: no summary line for $name" >&2
    exit 1
  fi
  wall=$(median < "$tmp/wall")
  cpu=$(median < "$tmp/cpu")
  # rates per wall and per CPU second (times of at least 1 ms: clock resolution)
  wall=$(awk -v s="$wall" 'BEGIN { print (s > 0.001 ? s : 0.001) }')
  crate=$(awk -v w="$wi" -v c="$cpu" 'BEGIN { printf "%.6g", w / (c > 0.001 ? c : 0.001) }')
  [ -n "$ref_rate" ] || ref_rate=$crate
  awk -v n="$name" -v wi="$wi" -v ti="$ti" -v s="$wall" -v cpu="$cpu" -v cr="$crate" -v rr="$ref_rate" 'BEGIN {
    printf "%-9s %12d %13d %8.3f %8.3f %10.2f M %12.2f M %10.2f M %6.2f\n", n, wi, ti, s, cpu, wi / s / 1e6,
           ti / s / 1e6, cr / 1e6, cr / rr }'
done
echo "(median of $runs run(s) of the whole ventsim process, ${jobs[*]:-one host thread}; warp-insn/s and"
echo " thread-insn/s per wall second, cpu-warp-i/s per CPU second (user + system);"
echo " rel = cpu-warp-i/s / that of func_ref in this run)"
