#!/usr/bin/env bash
# Kernel-checker cost (docs/checker.md): CPU seconds of `ventsim run` on the
# functional bench kernels (bench/kernels/func_*.s, the sizes of
# bench_functional.sh) unchecked and with --check, alternating in the same
# run, the median of N runs each; the slowdown is checked / unchecked, and
# the shadow memory is what the checker's summary line reports.
#
#   bench/bench_check.sh [BUILD_DIR] [--runs N] [--quick]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=build
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then build=$1; shift; fi
runs=3 scale=1
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --quick) scale=10; runs=1; shift ;;
    *) echo "usage: $0 [BUILD_DIR] [--runs N] [--quick]" >&2; exit 2 ;;
  esac
done
V=$build/src/ventsim
[ -x "$V" ] || { echo "need $V (build ventsim)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cases=(
  "func_ref|--grid 16 --warps 4 --threads 32 --buf 8192 --arg $((53400 / scale))"
  "func_alu|--grid 16 --warps 4 --threads 32 --buf 8192:f32rand:1 --buf 8192 --arg $((10000 / scale))"
  "func_mem|--grid 16 --warps 4 --threads 32 --buf 262144:rand:1 --buf 262144:rand:2 --buf 262144 --buf 262144 --arg 65536 --arg $((260 / scale))"
  "func_div|--grid 16 --warps 4 --threads 32 --buf 8192:rand:5 --buf 8192 --arg $((3000 / scale))"
  "func_bar|--grid 8 --warps 8 --threads 32 --lds 9216 --buf 8192:rand:3 --buf 8192 --arg $((12500 / scale))"
)
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
TIMEFORMAT='%U %S'
cpu() { { time "$V" run -q "$@" 2> "$tmp/err"; } 2> "$tmp/time" || { cat "$tmp/err" >&2; exit 1; }
        awk '{ print $1 + $2 }' "$tmp/time"; }
printf '%-9s %12s %12s %9s %12s\n' kernel unchecked-s check-s slowdown shadow-MiB
for c in "${cases[@]}"; do
  name=${c%%|*}
  # shellcheck disable=SC2086
  "$V" mkcase -o "$tmp/$name.metadata" --kernel "$name" ${c#*|} "$here/kernels/$name.s"
  : > "$tmp/u"; : > "$tmp/c"
  for ((r = 0; r < runs; r++)); do
    cpu "$tmp/$name.metadata" >> "$tmp/u"
    cpu --check "$tmp/$name.metadata" >> "$tmp/c"
  done
  shadow=$(sed -n 's/.*shadow memory \([0-9.]*\) MiB.*/\1/p' "$tmp/err")
  u=$(median < "$tmp/u") k=$(median < "$tmp/c")
  printf '%-9s %12s %12s %9s %12s\n' "$name" "$u" "$k" \
    "$(awk -v u="$u" -v k="$k" 'BEGIN { printf "%.1fx", k / (u > 0.001 ? u : 0.001) }')" "$shadow"
done
