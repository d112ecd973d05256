#!/usr/bin/env bash
# Timing mode (--timing) leaves the same memory as the functional mode:
#  - every kernel of tests/timing/*.s and bench/kernels/*.s (small sizes from
#    their "# mkcase:" line), under several configurations;
#  - every launch file shipped in the source tree (examples/, tests/);
#  - the launches the project's example programs make (saved with
#    VENTSIM_SAVE_LAUNCHES and replayed).
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
MK() { "$VENTSIM" mkcase "$@"; }
configs=("" "--config ventus-verilog" "--set core.scheduler=gto"
         "--set dcache.write_policy=write-through --set dcache.write_allocate=1"
         "--set sim.skip_idle=0 --set gpu.num_sms=3 --set core.issue_per_warp=2 --set core.issue_width=2")

# compare one sequence of launches (arguments: metadata files)
check() {
  local what=$1
  shift
  "$VENTSIM" run -q --dump "$tmp/f.txt" "$@" 2> "$tmp/err" || { cat "$tmp/err"; fail "functional run of $what"; }
  for cfg in "${configs[@]}"; do
    # shellcheck disable=SC2086
    "$VENTSIM" run -q --timing $cfg --dump "$tmp/t.txt" "$@" 2> "$tmp/err" ||
      { cat "$tmp/err"; fail "timing run of $what ($cfg)"; }
    cmp -s "$tmp/f.txt" "$tmp/t.txt" || fail "memory differs after $what ($cfg)"
    runs=$((runs + 1))
  done
}

runs=0
kernels=0
for s in "$VS_SOURCE_DIR"/tests/timing/*.s "$VS_SOURCE_DIR"/bench/kernels/*.s; do
  [ -e "$s" ] || continue
  spec=$(grep -m1 '^# mkcase:' "$s" | sed 's/^# mkcase://' || true)
  [ -n "$spec" ] || continue
  name=$(basename "$s" .s)
  # shellcheck disable=SC2086
  MK -o "$tmp/$name.metadata" $spec "$s" || fail "ventsim mkcase $name"
  check "$name" "$tmp/$name.metadata"
  kernels=$((kernels + 1))
done
[ "$kernels" -ge 5 ] || fail "only $kernels kernels found"

# launch files in the source tree, each directory's files in name order
while IFS= read -r dir; do
  mapfile -t files < <(find "$dir" -maxdepth 1 -name '*.metadata' | sort)
  [ "${#files[@]}" -gt 0 ] && check "$dir" "${files[@]}"
done < <(find "$VS_SOURCE_DIR/examples" "$VS_SOURCE_DIR/tests" -name '*.metadata' -printf '%h\n' 2>/dev/null | sort -u)

# the example programs' launches
if [ -d "$VS_BINARY_DIR/examples" ]; then
  while IFS= read -r exe; do
    d="$tmp/ex/$(basename "$exe")"
    mkdir -p "$d"
    if VENTSIM_SAVE_LAUNCHES="$d" VENTSIM_QUIET=1 timeout 120 "$exe" > /dev/null 2>&1 &&
       [ -s "$d/launches.list" ]; then
      mapfile -t files < <(sed "s|^|$d/|" "$d/launches.list")
      check "example $(basename "$exe")" "${files[@]}"
    fi
  done < <(find "$VS_BINARY_DIR/examples" -type f -perm -u+x ! -name '*.so*' | sort)
fi
echo "PASS: $runs timing runs left the functional run's memory"
