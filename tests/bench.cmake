# Benchmarks (bench/, issue 3) are not part of the test suite; only a smoke
# test checks that bench/bench_functional.sh runs at its --quick size and
# prints a rate line per kernel with plausible instruction counts.
vs_cli_test(bench_smoke bench_smoke.sh)
