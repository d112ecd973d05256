#!/usr/bin/env bash
# Start-up benchmark: wall time of whole `ventsim run` processes on small
# launches, where fixed costs (process start, launch-file parsing, memory
# set-up and tear-down) dominate -- the median (and minimum) of several runs,
# optionally against a baseline build measured in the same run, alternating
# runs so that the machine's load affects both alike.
#
#   bench/bench_startup.sh [BUILD_DIR] [--baseline BUILD_DIR] [--kmeans DIR] [--runs N]
#
# BUILD_DIR (default: build) holds src/ventsim.  --baseline: another build
# (e.g. of main) run on the same launches; its column and the ratio
# baseline / this are printed.  --kmeans DIR: also the 3-launch sequence of
# the compiled Rodinia kmeans test case of the Ventus tools (the files
# kmeans_swap_0, kmeans_kernel_c_0 and kmeans_kernel_c_1 .metadata/.data in
# DIR; not part of this repository).  --runs N: runs per case and build
# (default 21).
# Cases (our own kernels, made into launches by this build's `ventsim
# mkcase`): `help` (the process alone: `ventsim help`), `tiny` (vecadd, one
# warp of 4 threads), `three` (vecadd, atomic and diverge of tests/timing one
# after another on one memory image), `timing` (tiny on the timing model).
set -euo pipefail
[ -n "${EPOCHREALTIME:-}" ] || { echo "$0: needs bash 5 (EPOCHREALTIME)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
build=build
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then build=$1; shift; fi
usage() { echo "usage: $0 [BUILD_DIR] [--baseline BUILD_DIR] [--kmeans DIR] [--runs N]" >&2; exit 2; }
base= kmeans= runs=21
while [ $# -gt 0 ]; do
  case $1 in
    --baseline) [ $# -ge 2 ] || usage; base=$2; shift 2 ;;
    --kmeans) [ $# -ge 2 ] || usage; kmeans=$2; shift 2 ;;
    --runs) [ $# -ge 2 ] || usage; runs=$2; shift 2 ;;
    *) usage ;;
  esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "$0: --runs needs a positive number" >&2; exit 2; }
V=$build/src/ventsim
[ -x "$V" ] || { echo "$0: need $V (build ventsim)" >&2; exit 2; }
B=
if [ -n "$base" ]; then
  B=$base/src/ventsim
  [ -x "$B" ] || { echo "$0: need $B (build the baseline)" >&2; exit 2; }
fi
if [ -n "$kmeans" ]; then
  for f in kmeans_swap_0 kmeans_kernel_c_0 kmeans_kernel_c_1; do
    [ -r "$kmeans/$f.metadata" ] && [ -r "$kmeans/$f.data" ] ||
      { echo "$0: $kmeans/$f.metadata or .data is missing" >&2; exit 2; }
  done
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

t="$here/../tests/timing"
mk() { # NAME KERNEL-FILE: the file's "# mkcase:" launch, or OPTIONS after it
  local name=$1 file=$2
  shift 2
  local opts
  if [ $# -gt 0 ]; then opts="$*"; else opts=$(grep -m1 '^# mkcase:' "$file" | sed 's/^# mkcase://'); fi
  # shellcheck disable=SC2086
  "$V" mkcase -o "$tmp/$name.metadata" $opts "$file"
}
mk tiny "$t/vecadd.s" --kernel vecadd --grid 1 --warps 1 --threads 4 --buf 64:iota --buf 64:iota --buf 64
mk vecadd "$t/vecadd.s"
mk atomic "$t/atomic.s"
mk diverge "$t/diverge.s"

# name | ventsim arguments
cases=(
  "help|help"
  "tiny|run -q $tmp/tiny.metadata"
  "three|run -q $tmp/vecadd.metadata $tmp/atomic.metadata $tmp/diverge.metadata"
  "timing|run -q --timing $tmp/tiny.metadata"
)
if [ -n "$kmeans" ]; then
  cases+=("kmeans|run -q $kmeans/kmeans_swap_0.metadata $kmeans/kmeans_kernel_c_0.metadata $kmeans/kmeans_kernel_c_1.metadata")
fi

# one run of BINARY ARGS...; appends its wall time (ms) to FILE and its CPU
# time (user + system, ms) to FILE.cpu.  The wall clock is bash's
# EPOCHREALTIME (microseconds, no process of its own); CPU time comes from
# bash's `time` (millisecond resolution).
TIMEFORMAT='%3U %3S'
once() {
  local file=$1 bin=$2
  shift 2
  local t0 t1 u s
  t0=$EPOCHREALTIME
  { time "$bin" "$@" > /dev/null 2> "$tmp/err"; } 2> "$tmp/time" ||
    { cat "$tmp/err" >&2; echo "$0: $bin $* failed" >&2; exit 1; }
  t1=$EPOCHREALTIME
  read -r u s < "$tmp/time"
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", (b - a) * 1e3 }' >> "$file"
  awk -v u="$u" -v s="$s" 'BEGIN { printf "%.3f\n", (u + s) * 1e3 }' >> "$file.cpu"
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
minimum() { sort -g | head -1; }

if [ -n "$B" ]; then
  printf '%-7s %10s %8s %8s %12s %9s %9s %7s\n' case "median-ms" "min-ms" "cpu-ms" "base-median" \
    "base-min" "base-cpu" "ratio"
else
  printf '%-7s %10s %8s %8s\n' case "median-ms" "min-ms" "cpu-ms"
fi
for c in "${cases[@]}"; do
  name=${c%%|*}
  read -r -a args <<< "${c#*|}"
  once "$tmp/new" "$V" "${args[@]}" # warm the page cache
  [ -z "$B" ] || once "$tmp/base" "$B" "${args[@]}"
  : > "$tmp/new"
  : > "$tmp/new.cpu"
  : > "$tmp/base"
  : > "$tmp/base.cpu"
  for ((r = 0; r < runs; r++)); do
    once "$tmp/new" "$V" "${args[@]}"
    [ -z "$B" ] || once "$tmp/base" "$B" "${args[@]}"
  done
  m=$(median < "$tmp/new")
  lo=$(minimum < "$tmp/new")
  c=$(median < "$tmp/new.cpu")
  if [ -n "$B" ]; then
    bm=$(median < "$tmp/base")
    bl=$(minimum < "$tmp/base")
    bc=$(median < "$tmp/base.cpu")
    awk -v n="$name" -v m="$m" -v lo="$lo" -v c="$c" -v bm="$bm" -v bl="$bl" -v bc="$bc" 'BEGIN {
      printf "%-7s %10.2f %8.2f %8.1f %12.2f %9.2f %9.1f %6.2fx\n", n, m, lo, c, bm, bl, bc, bm / m }'
  else
    awk -v n="$name" -v m="$m" -v lo="$lo" -v c="$c" 'BEGIN { printf "%-7s %10.2f %8.2f %8.1f\n", n, m, lo, c }'
  fi
done
echo "(the whole ventsim process, ms: wall time median and minimum of $runs runs, median CPU time"
echo " (user + system; close to an idle machine's wall time when the machine is busy)${B:+; alternating}"
[ -z "$B" ] || echo " with the baseline $B; ratio = baseline wall median / this wall median)"
