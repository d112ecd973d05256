#!/usr/bin/env bash
# The AMD corpus on the timing model: every case listed as `pass` for
# TARGET LEVEL in ventsim_cases.txt runs functionally and with
# VENTSIM_MODE=timing VENTSIM_CONFIG=CONFIG; the timing run must leave
# every output buffer exactly as the functional run does (oclcmp with the
# functional results as the reference) and write timing statistics.
#     corpus_timing.sh OCLRUN OCLCMP OUT CO_DIR LIST TARGET LEVEL CONFIG CASE.json...
set -uo pipefail
oclrun=$1 oclcmp=$2 out=$3 co=$4 list=$5 target=$6 level=$7 config=$8
shift 8
cases=()
for c in "$@"; do
  name=$(basename "$c" .json)
  st=$(awk -v t="$target" -v l="$level" -v n="$name" '$1==t && $2==l && $3==n {print $4}' "$list")
  [ "$st" = pass ] && cases+=("$c")
done
[ ${#cases[@]} -gt 0 ] || { echo "FAIL: no pass cases for $target $level"; exit 1; }
rm -rf "$out"
mkdir -p "$out"
"$oclrun" --backend ventsim --co-dir "$co" --target "$target" --level "$level" --out "$out/functional" \
  "${cases[@]}" >"$out/functional.log" 2>&1
VENTSIM_MODE=timing VENTSIM_CONFIG=$config VENTSIM_STATS=$out/stats.json \
  "$oclrun" --backend ventsim --co-dir "$co" --target "$target" --level "$level" --out "$out/timing" \
  "${cases[@]}" >"$out/timing.log" 2>&1
bad=0
for c in "${cases[@]}"; do
  name=$(basename "$c" .json)
  for m in functional timing; do
    st=$(cat "$out/$m/$name/status" 2>/dev/null || echo "no result")
    [ "${st%%:*}" = ok ] || { echo "FAIL $name ($m): $st"; bad=1; }
  done
done
if ! "$oclcmp" --ref "$out/functional" --test "$out/timing" "${cases[@]}" >"$out/cmp.txt" 2>&1; then
  echo "FAIL: the timing run's buffers differ from the functional run's:"; grep -v ' pass$' "$out/cmp.txt" | head -30
  bad=1
fi
/usr/bin/python3 - "$out/stats.json" <<'PY' || bad=1
import json, sys
d = json.load(open(sys.argv[1]))
assert d["mode"] == "timing", "stats: mode is not timing"
L = d["launches"]
assert L and all(l["timing"]["cycles"] > 0 for l in L), "stats: a launch without cycles"
print(f"{len(L)} launches, {d['cycles']} cycles in all")
PY
echo "$target $level on $config: ${#cases[@]} pass cases, buffers as in the functional run"
exit $bad
