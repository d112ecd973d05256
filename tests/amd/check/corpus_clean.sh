#!/usr/bin/env bash
# Every kernel clang-19 compiled for the AMD corpus (tests/amd/cases) runs
# clean under the AMD checks (hazards, waits): LLVM inserts the wait states
# and s_waitcnt these checks look for, so a finding here is a checker bug
# (or a compiler bug worth reporting).  Cases that stop at an instruction
# ventsim does not execute yet are checked up to there.  Each device open
# prints a summary; all must say 0 findings, and there must be one per case.
#     corpus_clean.sh OCLRUN CO_DIR TARGET LEVEL OUT CASE.json...
set -uo pipefail
oclrun=$1 co=$2 target=$3 level=$4 out=$5
shift 5
rm -rf "$out" "$out.err"
mkdir -p "$(dirname "$out")"
VENTSIM_CHECK=hazards,waits "$oclrun" --backend ventsim --co-dir "$co" --target "$target" --level "$level" \
  --out "$out" "$@" >/dev/null 2>"$out.err"
summaries=$(grep -c '^ventsim check: [0-9]* finding' "$out.err" 2>/dev/null || true)
clean=$(grep -c '^ventsim check: 0 findings' "$out.err" 2>/dev/null || true)
summaries=${summaries:-0} clean=${clean:-0}
if [ "$summaries" -lt $# ] || [ "$clean" != "$summaries" ]; then
  echo "FAIL: $# cases, $summaries checker summaries, $clean of them clean:"
  grep '^ventsim check: ' "$out.err" | grep -v ': 0 findings' | head -20
  exit 1
fi
echo "$target $level: $# cases, no hazards or missing waits"
