#!/usr/bin/env bash
# Runs one bundled example end to end and shows what happens:
#     ./scripts/example.sh [BUILD_DIR]        (default: build)
# 1. assembles the vecadd kernel (examples/vecadd/vecadd.s) with `ventsim as`,
# 2. runs the host program (examples/vecadd/main.c), which loads the ELF
#    through the launch helper, launches the kernel on the simulated device,
#    checks the result and prints the device's counters (vt_dump_perf),
# 3. replays the launch it saved (VENTSIM_SAVE_LAUNCHES) with `ventsim run`.
# scripts/setup.sh calls it after building.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
ventsim="$build/src/ventsim"
host="$build/examples/vecadd/vecadd"
if [ ! -x "$ventsim" ] || [ ! -x "$host" ]; then
  echo "example.sh: $ventsim or $host is missing; build first:" >&2
  echo "    cmake -S . -B $build && cmake --build $build" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { echo "\$ $*"; "$@"; }

echo "== 1. assemble the kernel"
run "$ventsim" as -o "$tmp/vecadd.elf" examples/vecadd/vecadd.s
echo
echo "== 2. run the host program (it saves the launch in $tmp/saved)"
echo "\$ VENTSIM_SAVE_LAUNCHES=$tmp/saved $host $tmp/vecadd.elf"
VENTSIM_SAVE_LAUNCHES="$tmp/saved" "$host" "$tmp/vecadd.elf"
echo
echo "== 3. replay the saved launch with the command-line simulator"
run "$ventsim" run "$tmp/saved/vecadd_0.metadata"
