#!/usr/bin/env bash
# Compares two builds on the same machine in one run: bench_functional.sh
# (or bench_timing.sh with --timing) of BASE and of NEW alternately, ROUNDS
# times (which goes first alternates too), so that both see the same load.
# Per kernel it prints the median and the best rate of each build, new/base
# of both, and "paired": the median over the rounds of new/base within a
# round, which cancels slow changes of the machine's speed.
#
#   bench/bench_compare.sh BASE_BUILD NEW_BUILD [--rounds N] [--timing] [--quick] [--scale N]
#
# Functional: warp instructions per CPU second (cpu-warp-i/s of
# bench_functional.sh).  Timing: simulated SM-cycles per second, and the
# check that both builds simulate the same cycles.  The best of several
# rounds is the least disturbed by other work on the machine; the median
# shows how much that matters.  Both builds need src/ventsim with its
# `mkcase` subcommand (each makes its own kernels).  --scale N (functional only)
# makes the kernels N times longer, for machines where they take under a
# second.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage() { echo "usage: $0 BASE_BUILD NEW_BUILD [--rounds N] [--timing] [--quick] [--scale N]" >&2; exit 2; }
[ $# -ge 2 ] || usage
base=$1 new=$2
shift 2
rounds=5 timing=0 quick=() scale=()
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) [ $# -ge 2 ] || usage; rounds=$2; shift 2 ;;
    --timing) timing=1; shift ;;
    --quick) quick=(--quick); shift ;;
    --scale) [ $# -ge 2 ] || usage; scale=(--scale "$2"); shift 2 ;;
    *) usage ;;
  esac
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || usage
for b in "$base" "$new"; do [ -x "$b/src/ventsim" ] || { echo "$0: no $b/src/ventsim" >&2; exit 2; }; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# one round: "kernel rate [cycles]" lines of one build
round() {
  if [ "$timing" = 1 ]; then
    VENTSIM=$1/src/ventsim "$here/bench_timing.sh" "$1" "${quick[@]}" |
      awk '$2 == "timing" { print $1, $6, $4 }'
  else
    VENTSIM=$1/src/ventsim "$here/bench_functional.sh" "$1" --runs 1 "${quick[@]}" "${scale[@]}" |
      awk '$1 ~ /^func_/ { print $1, $10 }'
  fi
}

for ((r = 0; r < rounds; r++)); do # which build goes first alternates too
  if ((r % 2 == 0)); then
    round "$base" >> "$tmp/base"
    round "$new" >> "$tmp/new"
  else
    round "$new" >> "$tmp/new"
    round "$base" >> "$tmp/base"
  fi
done

unit=$([ "$timing" = 1 ] && echo "M SM-cycles/s" || echo "M warp-insn per CPU s")
printf '%-14s %11s %11s %7s %11s %11s %7s %9s\n' kernel base-median new-median new/base base-best new-best new/base "paired"
awk -v timing="$timing" '
  FNR == 1 { f++ }
  { k = $1; if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
    n[f, k]++; v[f, k, n[f, k]] = $2; if (timing) cyc[f, k, n[f, k]] = $3 }
  function med(f, k,   i, j, t, a, m) {
    m = n[f, k]; for (i = 1; i <= m; i++) a[i] = v[f, k, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
  function best(f, k,   i, b) { b = 0; for (i = 1; i <= n[f, k]; i++) if (v[f, k, i] > b) b = v[f, k, i]; return b }
  # the median over rounds of new/base within the round (the two runs
  # minutes apart at most: slow changes of the machine cancel)
  function paired(k,   i, j, t, a, m) {
    m = n[1, k]; for (i = 1; i <= m; i++) a[i] = v[2, k, i] / v[1, k, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
  END {
    same = 1
    for (i = 1; i <= nk; i++) {
      k = order[i]; mb = med(1, k); mn = med(2, k); bb = best(1, k); bn = best(2, k)
      printf "%-14s %11.2f %11.2f %7.3f %11.2f %11.2f %7.3f %9.3f\n", k, mb, mn, mn / mb, bb, bn, bn / bb, paired(k)
      if (timing) for (j = 1; j <= n[1, k]; j++) if (cyc[1, k, j] != cyc[2, k, j]) same = 0
    }
    if (timing) print (same ? "simulated cycles: identical in every round" : "simulated cycles: DIFFERENT")
  }' "$tmp/base" "$tmp/new"
echo "($unit; $rounds rounds, the builds alternating; base = $base, new = $new)"
