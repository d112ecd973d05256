#!/usr/bin/env bash
# Runs the AMD microbenchmarks (bench/amd/ubench.py) on ventsim's AMD timing
# model through the ventsim OpenCL platform and prints each result beside what
# the configuration intends (docs/amd-ubench.md).
#
#     bench/amd/run_ubench.sh BUILD_DIR CONFIG [ubench.py options...]
#
# CONFIG is vega64, mi50 or rx7900xtx: the timing configuration
# share/ventsim/configs/CONFIG.ini (VENTSIM_CONFIG) and the parameter set of
# bench/amd/ubench.json the predictions use.  The kernels run on the OpenCL
# device of the configuration's target (gfx900, gfx906, gfx1100) in timing
# mode; cycles = (END - START profiling ns) x the device clock / 1000, which
# the platform derives from the simulated cycles (docs/opencl.md, Profiling).
# Example: bench/amd/run_ubench.sh build vega64 --bench chase_vector,lds_stride
#
# Exit status: 0 ran, 1 a result was wrong, 2 bad usage, 77 skipped: the
# configuration or AMD execution does not exist yet (issue 15 / issue 12).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
PY=${PYTHON3:-/usr/bin/python3}   # Debian's python3, which has python3-pyopencl
[ $# -ge 2 ] || { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
BUILD=$1 CONFIG=$2
shift 2
case "$CONFIG" in
  vega64) TARGET=gfx900 ;;
  mi50) TARGET=gfx906 ;;
  rx7900xtx) TARGET=gfx1100 ;;
  *) echo "run_ubench.sh: unknown configuration '$CONFIG' (vega64, mi50, rx7900xtx)" >&2; exit 2 ;;
esac
ICD="$BUILD/etc/OpenCL/vendors/ventsim.icd"
[ -r "$ICD" ] || { echo "run_ubench.sh: no $ICD (build ventsim first)" >&2; exit 2; }
if [ ! -r "$SRC/share/ventsim/configs/$CONFIG.ini" ]; then
  echo "SKIP: no timing configuration $CONFIG yet (share/ventsim/configs/$CONFIG.ini, issue 15)"
  exit 77
fi
export OCL_ICD_VENDORS="$ICD" VENTSIM_MODE=timing VENTSIM_CONFIG="$CONFIG"
exec "$PY" "$HERE/ubench.py" --measure --platform ventsim --device "$TARGET" --config "$CONFIG" "$@"
