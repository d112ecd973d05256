#!/usr/bin/env bash
# The build's layers (src/CMakeLists.txt, VS_LAYERS) form a DAG: every
# symbol of ours (vs_*, vt_*, vtu_*, amd_*, cc_*) that a layer's archive uses and does
# not define itself must be defined by a layer listed before it.
#     layers.sh LIB_LOWEST.a ... LIB_HIGHEST.a
# Exit 0 when that holds; 1 with one line per offending use otherwise.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 LIB.a..." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
name() { local b; b=$(basename "$1" .a); echo "${b#lib}"; }
# every definition: "symbol layer"
for lib in "$@"; do
  [ -r "$lib" ] || { echo "$0: cannot read $lib" >&2; exit 2; }
  nm -g --defined-only "$lib" | awk -v l="$(name "$lib")" 'NF == 3 { print $3, l }'
done | sort -u > "$tmp/defs"
: > "$tmp/below"
fail=0
for lib in "$@"; do
  l=$(name "$lib")
  nm -g --defined-only "$lib" | awk 'NF == 3 { print $3 }' | sort -u > "$tmp/own"
  nm -u "$lib" | awk '{ print $NF }' | grep -E '^(vs|vt|vtu|amd|cc)_' | sort -u > "$tmp/used" || true
  comm -23 "$tmp/used" "$tmp/own" | comm -23 - "$tmp/below" > "$tmp/up"
  while read -r sym; do
    where=$(awk -v s="$sym" '$1 == s { print $2 }' "$tmp/defs" | paste -sd, -)
    echo "layer $l uses $sym, defined ${where:+in $where, }not in a layer below it"
    fail=1
  done < "$tmp/up"
  sort -u "$tmp/below" "$tmp/own" -o "$tmp/below"
done
[ $fail = 0 ] && echo "PASS: $# layers, no use of a symbol from a layer above"
exit $fail
