#!/bin/bash
# fuzz/run.sh [SECONDS] [HARNESS...]
#
# Builds the libFuzzer harnesses (clang, -DVENTSIM_FUZZ=ON) in build-fuzz/
# (or $VS_FUZZ_BUILD) and runs each named harness (default: all) for
# SECONDS (default 60) one after the other.  Each harness starts from its
# seed corpus fuzz/corpus/<name>/ plus what earlier runs found (kept in
# build-fuzz/corpus/<name>/; the checked-in seeds are never modified).
# Crashing, leaking or hanging inputs are written to
# build-fuzz/artifacts/<name>/<date-time>/; copy them to fuzz/regressions/<name>/ once
# fixed (docs/fuzzing.md).  Exit status: 0 if no harness found anything.
#
# Environment: VS_FUZZ_BUILD (build directory), VS_FUZZ_ARGS (extra
# libFuzzer options, e.g. "-fork=2"), CC (default clang).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECS=${1:-60}
shift 2>/dev/null || true
ALL="asm disasm elf vmem testcase tconfig run amd amdco"
[ -f "$ROOT/src/debug/rsp.h" ] && ALL="$ALL rsp"  # the gdb server's packet layer
HARNESSES=${*:-$ALL}
B=${VS_FUZZ_BUILD:-$ROOT/build-fuzz}
case $SECS in ''|*[!0-9]*) echo "run.sh: SECONDS must be a number, not '$SECS'" >&2; exit 2;; esac
for h in $HARNESSES; do
  case " $ALL " in *" $h "*) ;; *) echo "run.sh: unknown harness '$h' (known: $ALL)" >&2; exit 2;; esac
done

# the longest input each harness takes
max_len() {
  case $1 in
    asm) echo 8192;; elf|amdco) echo 65536;; run) echo 4098;; disasm|amd) echo 1025;;
    tconfig|vmem|testcase) echo 16384;; rsp) echo 40000;;
  esac
}

echo "== building in $B"
CC=${CC:-clang} cmake -S "$ROOT" -B "$B" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVENTSIM_FUZZ=ON \
  -DVENTSIM_TESTS=OFF -DVENTSIM_WERROR=ON >"$B.configure.log" 2>&1 ||
  { cat "$B.configure.log"; exit 2; }
targets=""
for h in $HARNESSES; do targets="$targets fuzz_$h"; done
# shellcheck disable=SC2086
cmake --build "$B" -j"${VS_FUZZ_JOBS:-2}" --target $targets || exit 2

status=0
stamp=$(date +%Y%m%d-%H%M%S)
for h in $HARNESSES; do
  corpus=$B/corpus/$h art=$B/artifacts/$h/$stamp
  mkdir -p "$corpus" "$art"
  log=$B/fuzz_$h.log
  echo "== fuzz_$h for ${SECS}s (log: $log)"
  # shellcheck disable=SC2086
  "$B/fuzz/fuzz_$h" -max_total_time="$SECS" -rss_limit_mb=2048 -timeout=10 -max_len="$(max_len "$h")" \
    -print_final_stats=1 -artifact_prefix="$art/" ${VS_FUZZ_ARGS:-} \
    "$corpus" "$ROOT/fuzz/corpus/$h" >"$log" 2>&1
  rc=$?
  grep -E '^stat::number_of_executed_units|^Done [0-9]+ runs' "$log" | sed 's/^/   /'
  if [ $rc -ne 0 ] || [ -n "$(ls -A "$art" 2>/dev/null)" ]; then
    echo "   FOUND SOMETHING (exit $rc): see $log and $art/"
    grep -E 'ERROR:|SUMMARY:|runtime error' "$log" | head -5 | sed 's/^/   /'
    status=1
  fi
done
exit $status
