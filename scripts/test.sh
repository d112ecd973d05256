#!/usr/bin/env bash
# Runs the whole test suite twice: in an optimised build with warnings as
# errors, and in a build with AddressSanitizer + UndefinedBehaviorSanitizer.
#     ./scripts/test.sh            (after ./scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
# both builds share the AMD code objects compiled from tests/amd/kernels
# (a cache keyed by the content hash of source and command lines)
amd_cache=(-DVENTSIM_AMD_CACHE="$PWD/.cache/amdgpu-co")

echo "== build (warnings are errors) and test"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVENTSIM_WERROR=ON "${amd_cache[@]}" >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"

echo "== build with AddressSanitizer + UndefinedBehaviorSanitizer and test"
cmake -S . -B build-san -DCMAKE_BUILD_TYPE=Debug -DVENTSIM_WERROR=ON -DVENTSIM_SANITIZE=ON "${amd_cache[@]}" \
  >/dev/null
cmake --build build-san -j"$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-san --output-on-failure -j"$jobs"
echo "== all tests passed"
