#!/usr/bin/env bash
# scripts/ventus_fit.py, the fit and leave-one-out cross-validation of the
# calibrated Ventus latencies (docs/timing-accuracy.md):
# 1. selftest: coordinate descent and the folds on synthetic models with
#    known answers (finds the truth, holds the held-out case out, ends where
#    no single grid step improves);
# 2. check: docs/timing-accuracy.md's calibrated values are ventsim's
#    built-in defaults and lie on the fit's grids, its published cycles are
#    the script's; with the Verilog port's test cases (VENTUS_VERILOG_TC =
#    its testcase/test_gpgpu_top, not part of this repository) also every
#    case's modelled cycles and the stated 19-case error.
set -euo pipefail
: "${VENTSIM:?}" "${VS_SOURCE_DIR:?}"
PY=${PYTHON3:-/usr/bin/python3}
"$PY" "$VS_SOURCE_DIR/scripts/ventus_fit.py" selftest
"$PY" "$VS_SOURCE_DIR/scripts/ventus_fit.py" check --ventsim "$VENTSIM" \
  --doc "$VS_SOURCE_DIR/docs/timing-accuracy.md"
echo PASS
