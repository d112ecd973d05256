#!/usr/bin/env bash
# ventsim run on launches of our own kernels (tests/func/*.s, made into
# .metadata/.data by ventsim mkcase): a 3-D NDRange of several work-groups, a
# two-launch sequence where the second launch reads what the first wrote,
# -j 2 dumps equal to -j 1, the instruction limit, the summary line and
# --quiet.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
MK() { "$VENTSIM" mkcase "$@"; }
F=$VS_SOURCE_DIR/tests/func

# value of the word at ADDR (hex, no 0x) in a dump
word() { awk -v a="$2" '$1 == a { print $2 }' "$1"; }

# ---- 3-D NDRange: 3 x 2 x 2 work-groups of 2 warps x 4 threads ----------
MK -o "$tmp/ndrange.metadata" --kernel ndrange --grid 3,2,2 --warps 2 --threads 4 \
  --buf 4096 "$F/ndrange.s" || fail mkcase ndrange
"$VENTSIM" run -q --dump "$tmp/nd1.dump" "$tmp/ndrange.metadata" || fail "run ndrange"
"$VENTSIM" run -q -j 2 --dump "$tmp/nd2.dump" "$tmp/ndrange.metadata" || fail "run ndrange -j 2"
cmp -s "$tmp/nd1.dump" "$tmp/nd2.dump" || fail "ndrange: -j 2 dump differs from -j 1"
# the output buffer is the first one after the kernel metadata and arguments
out=$(awk '$1 !~ /^#/ && $1 >= "90002000" { print $1; exit }' "$tmp/nd1.dump")
[ "$out" = 90002000 ] || fail "ndrange: no output buffer at 0x90002000 in the dump"
GX=24; GY=2; GZ=2
for z in 0 1; do for y in 0 1; do for x in $(seq 0 23); do
  idx=$(( (z * GY + y) * GX + x ))
  addr=$(printf '%08x' $(( 0x90002000 + 4 * idx )))
  want=$(printf '%08x' $(( (x + 1) | y << 12 | z << 20 )))
  got=$(word "$tmp/nd1.dump" "$addr")
  [ "$got" = "$want" ] || fail "ndrange: ($x,$y,$z) at $addr: $got, expected $want"
done; done; done
# nothing beyond the NDRange was written
after=$(printf '%08x' $(( 0x90002000 + 4 * GX * GY * GZ )))
[ "$(word "$tmp/nd1.dump" "$after")" = 00000000 ] || fail "ndrange: wrote past the NDRange"

# ---- two launches on one memory image --------------------------------
N=64
MK -o "$tmp/scale_0.metadata" --kernel scale --grid 4 --warps 2 --threads 8 \
  --buf 256:iota --buf 256 --buf 256 "$F/twolaunch.s" || fail mkcase scale
MK -o "$tmp/accum_1.metadata" --kernel accum --grid 4 --warps 2 --threads 8 \
  --buf 256:iota --buf 256 --buf 256 "$F/twolaunch.s" || fail mkcase accum
# The second launch's files must not carry B (0x90003000): as in the Ventus
# runtime's dumps, a later launch only holds the buffers new at that launch.
# Drop B from accum_1.metadata (num_buffer - 1, its base, size and
# allocsize) and its words from accum_1.data.
awk_meta='
  function hex(s,   i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
  { line[NR] = $0 }
  END {
    nb = hex(line[27])                       # num_buffer: value 13
    words = 0; zb = -1
    for (b = 0; b < nb; b++) {
      sz = hex(line[29 + 2 * (nb + b)])      # buffer_size[b]: value 14 + nb + b
      if (line[29 + 2 * b] == "90003000") { zb = b; skip_from = words; skip_n = int((sz + 3) / 4) }
      words += int((sz + 3) / 4)
    }
    if (zb < 0) { print 0, 0 > INFO; exit }
    line[27] = sprintf("%08x", nb - 1)
    for (k = 0; k < 3; k++) drop[29 + 2 * (k * nb + zb)] = drop[30 + 2 * (k * nb + zb)] = 1
    for (i = 1; i <= NR; i++) if (!(i in drop)) print line[i] > META
    print skip_from, skip_n > INFO
  }'
mkdir "$tmp/full"
cp "$tmp/accum_1.metadata" "$tmp/accum_1.data" "$tmp/full/"
awk -v META="$tmp/m.new" -v INFO="$tmp/info" "$awk_meta" "$tmp/accum_1.metadata" || fail "awk"
mv "$tmp/m.new" "$tmp/accum_1.metadata"
read -r from n < "$tmp/info"
[ "$n" = 64 ] || fail "two launches: buffer B not found in accum_1.metadata"
awk -v f="$from" -v n="$n" 'NR <= f || NR > f + n' "$tmp/accum_1.data" > "$tmp/d.new"
mv "$tmp/d.new" "$tmp/accum_1.data"
"$VENTSIM" run --dump "$tmp/two.dump" "$tmp/scale_0.metadata" "$tmp/accum_1.metadata" \
  2> "$tmp/two.err" || fail "two launches: $(cat "$tmp/two.err")"
for i in 0 1 2 31 62 63; do
  b=$(word "$tmp/two.dump" "$(printf '%08x' $(( 0x90003000 + 4 * i )))")
  c=$(word "$tmp/two.dump" "$(printf '%08x' $(( 0x90004000 + 4 * i )))")
  [ "$b" = "$(printf '%08x' $(( 3 * i + 1 )))" ] || fail "two launches: B[$i] = $b"
  [ "$c" = "$(printf '%08x' $(( 3 * i + 1 + i * i )))" ] || fail "two launches: C[$i] = $c (the second launch did not see the first's B)"
done
# alone, the second launch finds B unmapped
set +e
"$VENTSIM" run -q "$tmp/accum_1.metadata" 2> "$tmp/alone.err"
rc=$?
set -e
[ $rc = 1 ] && grep -q "kernel error in 'accum_1'.*vlw12.v v4, 0(v3)\`: load from unmapped address 0x90003000" "$tmp/alone.err" \
  || fail "accum alone: exit $rc: $(cat "$tmp/alone.err")"
"$VENTSIM" run -q -j 2 --dump "$tmp/two2.dump" "$tmp/scale_0.metadata" "$tmp/accum_1.metadata" || fail "-j 2"
cmp -s "$tmp/two.dump" "$tmp/two2.dump" || fail "two launches: -j 2 dump differs from -j 1"
# A later launch may list an earlier buffer again with size 0 (no data): it
# keeps its contents, and --dump still writes it with its first size.
mkdir "$tmp/zero"
awk_zero='
  function hex(s,   i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
  { line[NR] = $0 }
  END {
    nb = hex(line[27]); words = 0
    for (b = 0; b < nb; b++) {
      sz = hex(line[29 + 2 * (nb + b)])
      if (line[29 + 2 * b] == "90003000") { line[29 + 2 * (nb + b)] = "00000000"; print words, int((sz + 3) / 4) > INFO }
      words += int((sz + 3) / 4)
    }
    for (i = 1; i <= NR; i++) print line[i] > META
  }'
awk -v META="$tmp/zero/accum_1.metadata" -v INFO="$tmp/info" "$awk_zero" "$tmp/full/accum_1.metadata" || fail "awk"
read -r from n < "$tmp/info"
awk -v f="$from" -v n="$n" 'NR <= f || NR > f + n' "$tmp/full/accum_1.data" > "$tmp/zero/accum_1.data"
"$VENTSIM" run -q --dump "$tmp/zero.dump" "$tmp/scale_0.metadata" "$tmp/zero/accum_1.metadata" \
  || fail "buffer listed again with size 0"
cmp -s "$tmp/two.dump" "$tmp/zero.dump" || fail "buffer listed again with size 0: dump differs"

# ---- summary line and --quiet ----------------------------------------
line=$(grep '^ventsim: ' "$tmp/two.err")
[[ "$line" =~ ^ventsim:\ 2\ launches,\ ([0-9]+)\ warp\ instructions,\ ([0-9]+)\ thread\ instructions,\ [0-9.]+\ s,\ [0-9.]+\ M\ warp\ instructions/s$ ]] \
  || fail "summary line: '$line'"
w=${BASH_REMATCH[1]}; t=${BASH_REMATCH[2]}
# no divergence in these kernels: every instruction runs on all 8 threads
[ "$t" = $(( 8 * w )) ] || fail "summary: $t thread instructions for $w warp instructions of 8 threads"
[ "$(grep -c '' "$tmp/two.err")" = 1 ] || fail "stderr has more than the summary: $(cat "$tmp/two.err")"
"$VENTSIM" run --quiet "$tmp/scale_0.metadata" 2> "$tmp/q.err" > "$tmp/q.out" || fail "--quiet"
[ ! -s "$tmp/q.err" ] && [ ! -s "$tmp/q.out" ] || fail "--quiet printed something"
"$VENTSIM" run "$tmp/scale_0.metadata" 2> "$tmp/one.err" || fail "one launch"
grep -q '^ventsim: 1 launch, ' "$tmp/one.err" || fail "summary of one launch: $(cat "$tmp/one.err")"
# the instruction counts per launch add up
w1=$(sed -n 's/^ventsim: 1 launch, \([0-9]*\) warp.*/\1/p' "$tmp/one.err")
"$VENTSIM" run "$tmp/full/accum_1.metadata" 2> "$tmp/one2.err" || fail "accum"
w2=$(sed -n 's/^ventsim: 1 launch, \([0-9]*\) warp.*/\1/p' "$tmp/one2.err")
[ $(( w1 + w2 )) = "$w" ] || fail "summary: $w1 + $w2 != $w"

# ---- --max-instructions ------------------------------------------------
set +e
"$VENTSIM" run -q --max-instructions 50 "$tmp/scale_0.metadata" 2> "$tmp/lim.err"
rc=$?
set -e
[ $rc = 1 ] || fail "--max-instructions: exit $rc"
grep -q "kernel error in 'scale_0', work-group 0 (0,0,0), warp 0, pc 0x8" "$tmp/lim.err" \
  || fail "--max-instructions message: $(cat "$tmp/lim.err")"
grep -q "instruction limit reached (--max-instructions 50)" "$tmp/lim.err" || fail "limit cause: $(cat "$tmp/lim.err")"
# exactly enough is no error: the limit counts warp instructions per launch
"$VENTSIM" run -q --max-instructions "$w1" "$tmp/scale_0.metadata" || fail "limit $w1 (= the launch's count) failed"
set +e
"$VENTSIM" run -q -j 2 --max-instructions $(( w1 - 1 )) "$tmp/scale_0.metadata" 2> "$tmp/lim2.err"
rc=$?
set -e
[ $rc = 1 ] && grep -q "instruction limit reached" "$tmp/lim2.err" || fail "limit $((w1 - 1)) with -j 2: exit $rc"
"$VENTSIM" run -q -j 2 --max-instructions "$w1" "$tmp/scale_0.metadata" || fail "limit $w1 with -j 2 failed"
echo "PASS: func run"
