#!/bin/bash
# CI fuzzing pass: builds the libFuzzer harnesses (needs clang and
# libclang-rt) and runs each of them for ${VS_FUZZ_CI_SECONDS:-30} s, one
# after the other (measured on 2 cores: 266 s in total for the first 8
# harnesses including a fresh build; the AMD harnesses amd and amdco add
# 62 s).  Fails if any harness finds a crash, leak, sanitizer report or hang.
# Reproduce a failure with build-fuzz/fuzz/fuzz_<name> <artifact>.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v "${CC:-clang}" >/dev/null; then
  echo "fuzz-ci: ${CC:-clang} not found (the fuzz harnesses need clang with libFuzzer)" >&2
  exit 2
fi
start=$(date +%s)
"$ROOT/fuzz/run.sh" "${VS_FUZZ_CI_SECONDS:-30}"
rc=$?
echo "fuzz-ci: $(( $(date +%s) - start )) s in total, exit $rc"
exit $rc
