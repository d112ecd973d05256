#!/usr/bin/env bash
# Bad inputs to ventsim run: truncated or garbled .metadata/.data, buffers
# that overlap or leave the 32-bit address space, a bad start address, and
# kernels that fail (wild pc, illegal instruction, unmapped and misaligned
# accesses, endprg under divergence, instruction limit): each gives its own
# message and exit status 1, never a crash.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
MK() { "$VENTSIM" mkcase "$@"; }
F=$VS_SOURCE_DIR/tests/func

expect_fail() { # expect_fail PATTERN METADATA [options...]
  local pat=$1 meta=$2
  shift 2
  set +e
  "$VENTSIM" run -q "$@" "$meta" > "$tmp/out" 2> "$tmp/err"
  local rc=$?
  set -e
  [ $rc = 1 ] || fail "$meta: exit $rc, expected 1 ($(head -c 300 "$tmp/err"))"
  grep -q -- "$pat" "$tmp/err" || fail "$meta: no '$pat' in: $(head -c 500 "$tmp/err")"
  [ "$(grep -c '' "$tmp/err")" -le 12 ] || fail "$meta: more than a message: $(head -c 500 "$tmp/err")"
}

MK -o "$tmp/good.metadata" --kernel scale --grid 2 --warps 2 --threads 4 \
  --buf 64:iota --buf 64 --buf 64 "$F/twolaunch.s" || fail mkcase
"$VENTSIM" run -q "$tmp/good.metadata" || fail "the unmodified launch fails"
nm=$(grep -c '' "$tmp/good.metadata")
nd=$(grep -c '' "$tmp/good.data")

# variant NAME: copy good.* to NAME.* (then edit)
variant() { cp "$tmp/good.metadata" "$tmp/$1.metadata"; cp "$tmp/good.data" "$tmp/$1.data"; }
# set line N of FILE to TEXT
setline() { awk -v n="$2" -v t="$3" 'NR == n { print t; next } { print }' "$1" > "$1.new" && mv "$1.new" "$1"; }

# ---- .metadata ----
variant odd; head -n $(( nm - 1 )) "$tmp/good.metadata" > "$tmp/odd.metadata"
expect_fail "odd.metadata: $(( nm - 1 )) lines; the file holds 64-bit values as pairs of lines" "$tmp/odd.metadata"
variant short; head -n $(( nm - 2 )) "$tmp/good.metadata" > "$tmp/short.metadata"
expect_fail "short.metadata: $(( nm / 2 - 1 )) values do not form a launch record" "$tmp/short.metadata"
variant empty; : > "$tmp/empty.metadata"
expect_fail "empty.metadata: 0 values do not form a launch record" "$tmp/empty.metadata"
variant garbled; setline "$tmp/garbled.metadata" 11 "0000zz04"
expect_fail "garbled.metadata:11: expected a 32-bit word of up to 8 hexadecimal digits, found '0000zz04'" "$tmp/garbled.metadata"
variant long; setline "$tmp/long.metadata" 3 "123456789"
expect_fail "long.metadata:3: expected a 32-bit word" "$tmp/long.metadata"
variant binary; head -c 100 /dev/urandom > "$tmp/binary.metadata"
expect_fail "binary.metadata" "$tmp/binary.metadata"
expect_fail "missing.metadata" "$tmp/missing.metadata"
expect_fail "expected a file name ending in .metadata" "$tmp/good.data"

# buffers: values 14.. are base[nb], size[nb], allocsize[nb]; find the line
# of the base 0x90003000 (buffer B) and the index of buffer A (0x90002000)
nb=$(( 16#$(sed -n 27p "$tmp/good.metadata") ))
lineof() { awk -v v="$1" '$1 == v { print NR; exit }' "$tmp/good.metadata"; }
lb=$(lineof 90003000)
la=$(lineof 90002000)
[ -n "$lb" ] && [ -n "$la" ] || fail "buffers not found in good.metadata"
variant overlap; setline "$tmp/overlap.metadata" "$lb" 90002020
expect_fail "overlap.metadata: buffer [0-9]* \[0x90002020, +0x1000) overlaps buffer [0-9]* \[0x90002000, +0x1000)" "$tmp/overlap.metadata"
variant top; setline "$tmp/top.metadata" "$lb" fffff800
expect_fail "top.metadata: buffer [0-9]* (base 0xfffff800, allocsize 0x1000) exceeds the 32-bit address space" "$tmp/top.metadata"
variant high; setline "$tmp/high.metadata" $(( lb + 1 )) 00000001
expect_fail "high.metadata: buffer [0-9]* (base 0x190003000, allocsize 0x1000) exceeds the 32-bit address space" "$tmp/high.metadata"
variant big; setline "$tmp/big.metadata" $(( la + 2 * nb )) 00002000
expect_fail "big.metadata: buffer [0-9]* at 0x90002000: buffer_size 0x2000 is larger than buffer_allocsize 0x1000" "$tmp/big.metadata"
variant wf; setline "$tmp/wf.metadata" 11 00000041
expect_fail "kernel 'wf': 65 threads per warp (wf_size) is outside 1..32" "$tmp/wf.metadata"
variant start; setline "$tmp/start.metadata" 1 12345678
expect_fail "kernel 'start': start address 0x12345678 is not mapped" "$tmp/start.metadata"
variant odds; setline "$tmp/odds.metadata" 1 80000002
expect_fail "kernel 'odds': start address 0x80000002 is not word aligned" "$tmp/odds.metadata"

# ---- .data ----
variant dshort; head -n $(( nd - 1 )) "$tmp/good.data" > "$tmp/dshort.data"
expect_fail "dshort.data: $(( nd - 1 )) words, but the buffer sizes in .*dshort.metadata need $nd" "$tmp/dshort.metadata"
variant dlong; { cat "$tmp/good.data"; echo 00000000; } > "$tmp/dlong.data"
expect_fail "dlong.data: $(( nd + 1 )) words, but the buffer sizes in .*dlong.metadata need $nd" "$tmp/dlong.metadata"
variant dgarbled; setline "$tmp/dgarbled.data" 5 "hello"
expect_fail "dgarbled.data:5: expected a 32-bit word of up to 8 hexadecimal digits, found 'hello'" "$tmp/dgarbled.metadata"
variant dmissing; rm "$tmp/dmissing.data"
expect_fail "dmissing.data" "$tmp/dmissing.metadata"

# ---- kernels that fail: warp 1 of work-group 0 ----
kfail() { # kfail KERNEL PATTERN [run options...]
  local k=$1 pat=$2
  shift 2
  MK -o "$tmp/$k.metadata" --kernel "$k" --grid 2 --warps 2 --threads 4 --buf 64 "$F/errors.s" || fail "mkcase $k"
  expect_fail "$pat" "$tmp/$k.metadata" "$@"
  expect_fail "kernel error in '$k', work-group [01] ([01],0,0), warp [01], pc 0x" "$tmp/$k.metadata" "$@" -j 2 --interleave 1
}
kfail wild "kernel error in 'wild', work-group 0 (0,0,0), warp 1, pc 0x12345678 \`(no instruction: pc not in mapped memory)\`: pc 0x12345678 is not in mapped memory"
kfail illegal "kernel error in 'illegal', work-group 0 (0,0,0), warp 1, pc 0x8000[0-9a-f]* \`[^\`]*\`: illegal instruction 0xffffffff"
kfail unmapped "warp 1, pc 0x8000[0-9a-f]* \`vlw12.v v2, 12(v1)\`: load from unmapped address 0x5000000c"
kfail misaligned "warp 1, pc 0x8000[0-9a-f]* \`lw t2, 0(t1)\`: misaligned 4-byte load from address 0x90000002"
kfail divergent_end "warp 1, pc 0x8000[0-9a-f]* \`endprg\`: endprg inside divergent control flow (SIMT stack depth 1, active mask 0xc)"
kfail forever "warp 1, pc 0x8000[0-9a-f]* \`j [^\`]*\`: instruction limit reached (--max-instructions 10000)" --max-instructions 10000
# ---- the device's ISA ----
set +e
"$VENTSIM" run -q --isa nope "$tmp/good.metadata" > "$tmp/out" 2> "$tmp/err"
rc=$?
"$VENTSIM" as --isa nope -o "$tmp/x.elf" "$F/twolaunch.s" > "$tmp/out" 2> "$tmp/aerr"
arc=$?
set -e
[ $rc = 2 ] || fail "run --isa nope: exit $rc, expected 2"
grep -q -- "--isa: unknown ISA 'nope' (known: ventus" "$tmp/err" || fail "run --isa nope: $(cat "$tmp/err")"
[ $arc = 1 ] || fail "as --isa nope: exit $arc, expected 1"
grep -q -- "unknown ISA 'nope' (known: ventus" "$tmp/aerr" || fail "as --isa nope: $(cat "$tmp/aerr")"
[ ! -e "$tmp/x.elf" ] || fail "as --isa nope wrote an output file"
"$VENTSIM" run -q --isa ventus "$tmp/good.metadata" || fail "run --isa ventus"
kfail misaligned_pc "warp 1, pc 0x8000[0-9a-f]*[26ae] \`(no instruction: misaligned pc)\`: misaligned pc 0x8000"
# the memory limit: a warp writes a new page of private memory 256 times
MK -o "$tmp/memlimit.metadata" --kernel memlimit --grid 2 --warps 2 --threads 4 --pds 262144 --buf 64 \
  "$F/errors.s" || fail "mkcase memlimit"
expect_fail "warp 1, pc 0x8000[0-9a-f]* \`sw t2, 0(t1)\`: store to 0x[0-9a-f]* exceeds the device memory limit" \
  "$tmp/memlimit.metadata" --mem-limit 131072
# ---- range errors of options: one wording (exit 2); --help says 0 = no limit
usage_fail() { # PATTERN ARGS...
  local pat=$1 rc
  shift
  set +e
  "$VENTSIM" run "$@" "$tmp/good.metadata" > /dev/null 2> "$tmp/err"
  rc=$?
  set -e
  [ $rc = 2 ] || fail "run $*: exit $rc, expected 2"
  grep -qx -- "ventsim run: $pat" "$tmp/err" || fail "run $*: message $(cat "$tmp/err")"
}
usage_fail "-j: '0' is not a number in 1..1024" -j 0
usage_fail "-j: '2000' is not a number in 1..1024" -j 2000
usage_fail "--interleave: 'x' is not a number in 0..1073741824" --interleave x
"$VENTSIM" run --help | grep -A1 -- "--max-instructions N" | grep -q "0 = no limit" ||
  fail "run --help: --max-instructions 0"
echo "PASS: func errors"
