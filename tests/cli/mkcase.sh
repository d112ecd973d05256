#!/usr/bin/env bash
# ventsim mkcase: the command-line route from an assembled kernel to
# `ventsim run` (README's first example).  The launch files follow spec 8
# and the layout its --help describes, checked against values computed here
# (ELF header and symbol table read by python, float sums by python); the
# ELF and the assembly routes give the same files; bad options and inputs
# are usage errors (2) or errors (1) with messages naming them.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$tmp"
src="$VS_SOURCE_DIR/examples/vecadd/vecadd.s"

"$VENTSIM" help | grep -qE '^  mkcase +make a launch' || fail "mkcase is not in 'ventsim help'"
"$VENTSIM" mkcase --help | grep -q '^usage: ventsim mkcase -o NAME.metadata --kernel SYMBOL' ||
  fail "mkcase --help"
[ "$("$VENTSIM" help mkcase)" = "$("$VENTSIM" mkcase --help)" ] || fail "help mkcase"

# ---- README's first example: as, mkcase, run
"$VENTSIM" as -o vecadd.elf "$src" || fail "as"
"$VENTSIM" mkcase -o vecadd.metadata --kernel vecadd --grid 4 --warps 2 --threads 8 \
  --buf 256:f32iota --buf 256:f32iota --buf 256 vecadd.elf || fail "mkcase from the ELF"
"$VENTSIM" run -q --dump dump.txt vecadd.metadata || fail "run"
# the assembly route makes the same files
"$VENTSIM" mkcase -o asm.metadata --kernel vecadd --grid 4 --warps 2 --threads 8 \
  --buf 256:f32iota --buf 256:f32iota --buf 256 "$src" || fail "mkcase from assembly"
cmp -s vecadd.metadata asm.metadata && cmp -s vecadd.data asm.data || fail "ELF and assembly routes differ"

python3 - "$tmp" <<'EOF' || fail "launch files"
import struct, sys
d = sys.argv[1]
elf = open(d + "/vecadd.elf", "rb").read()
entry = struct.unpack_from("<I", elf, 24)[0]
shoff, = struct.unpack_from("<I", elf, 32)
shentsize, shnum = struct.unpack_from("<HH", elf, 46)
secs = [struct.unpack_from("<10I", elf, shoff + i * shentsize) for i in range(shnum)]
sym = None
for s in secs:
    if s[1] == 2:  # SHT_SYMTAB
        strtab = secs[s[6]]
        for off in range(s[4], s[4] + s[5], 16):
            name, value = struct.unpack_from("<II", elf, off)
            n = elf[strtab[4] + name: elf.index(b"\0", strtab[4] + name)]
            if n == b"vecadd":
                sym = value
assert sym is not None, "no vecadd symbol"
w = [int(l, 16) for l in open(d + "/vecadd.metadata")]
v = [w[2 * i] | w[2 * i + 1] << 32 for i in range(len(w) // 2)]
nb = v[13]
assert v[0] == entry, ("start_addr", hex(v[0]), hex(entry))
assert v[1:7] == [0, 4, 1, 1, 8, 2], ("kernel_id, grid, wf_size, wg_size", v[1:7])
assert v[7] == 0x90000000 and v[8:12] == [0, 0, 32, 32], v[7:12]
bases, sizes = v[14:14 + nb], v[14 + nb:14 + 2 * nb]
assert bases[-5:] == [0x90000000, 0x90001000, 0x90002000, 0x90003000, 0x90004000], [hex(b) for b in bases]
assert sizes[-5:] == [64, 12, 256, 256, 256], sizes
dump = {}
for line in open(d + "/dump.txt"):
    if not line.startswith("#"):
        a, x = line.split()
        dump[int(a, 16)] = int(x, 16)
# kernel metadata buffer (spec 6.2): entry, args, work dim, global and local size
knl = [dump[0x90000000 + 4 * i] for i in range(9)]
assert knl == [sym, 0x90001000, 1, 64, 1, 1, 16, 1, 1], [hex(k) for k in knl]
assert [dump[0x90001000 + 4 * i] for i in range(3)] == [0x90002000, 0x90003000, 0x90004000]
for i in range(64):
    f = struct.unpack("<f", struct.pack("<I", dump[0x90004000 + 4 * i]))[0]
    assert f == 2.0 * i, (i, f)
EOF

# ---- 2-D grid, scalar arguments, private memory, registers
"$VENTSIM" mkcase -o g.metadata --kernel vecadd --grid 3,2 --warps 1 --threads 4 --pds 16 \
  --regs 40,12 --buf 16:const:0x11 --arg 0x90002000 --arg 0x90002000 vecadd.elf || fail "mkcase 2-D"
python3 - "$tmp" <<'EOF' || fail "2-D launch files"
import sys
w = [int(l, 16) for l in open(sys.argv[1] + "/g.metadata")]
v = [w[2 * i] | w[2 * i + 1] << 32 for i in range(len(w) // 2)]
assert v[2:5] == [3, 2, 1] and v[5:7] == [4, 1], v[2:7]
assert v[8:13] == [0, 16, 12, 40, 0x90003000], v[8:13]   # lds, pds, sgpr, vgpr, pdsBase
nb = v[13]
assert v[14 + nb - 1] == 0x90003000 and v[14 + 3 * nb - 1] == 4096  # 6 x 4 threads x 16 bytes
d = [int(l, 16) for l in open(sys.argv[1] + "/g.data")]
assert d[-7:] == [0x90002000] * 3 + [0x11] * 4, d[-7:]  # arguments, then the buffer
EOF
"$VENTSIM" run -q --dump g.txt g.metadata || fail "run 2-D"
grep -q "^90001008 90002000$" g.txt || fail "scalar arguments"
grep -q "^90000008 00000002$" g.txt || fail "work dimension of a 2-D grid"

"$VENTSIM" mkcase -o s.metadata --kernel vecadd --arg 0xffffffff --arg 7 --buf 8:iota vecadd.elf ||
  fail "mkcase with scalars"
[ "$(tail -5 s.data | tr '\n' ' ')" = "ffffffff 00000007 90002000 00000000 00000001 " ] ||
  fail "argument words and an iota buffer: $(tail -5 s.data | tr '\n' ' ')"

# ---- bad options: usage errors (2); bad input: errors (1)
expect() { # STATUS PATTERN ARGS...
  local want=$1 pat=$2 rc
  shift 2
  set +e
  "$VENTSIM" mkcase "$@" > out 2> err
  rc=$?
  set -e
  [ $rc = "$want" ] || fail "mkcase $*: exit $rc, expected $want ($(cat err))"
  grep -q -- "$pat" err || fail "mkcase $*: no '$pat' in: $(cat err)"
  [ ! -e bad.metadata ] || fail "mkcase $*: wrote a launch"
}
expect 2 "no output given" vecadd.elf
expect 2 "no kernel file given" -o bad.metadata
expect 2 "'bad.meta' does not end in .metadata" -o bad.meta vecadd.elf
expect 2 "\-\-grid: '0' is not a number in 1..16777216" -o bad.metadata --grid 0 vecadd.elf
expect 2 "\-\-grid: '1,2,3,4' is not X\[,Y\[,Z\]\]" -o bad.metadata --grid 1,2,3,4 vecadd.elf
expect 2 "4096 x 4096 x 2 work-groups is more than 16777216" -o bad.metadata --grid 4096,4096,2 vecadd.elf
expect 2 "\-\-warps: '33' is not a number in 1..32" -o bad.metadata --warps 33 vecadd.elf
expect 2 "\-\-threads: 'x' is not a number" -o bad.metadata --threads x vecadd.elf
expect 2 "\-\-buf: '0' is not BYTES" -o bad.metadata --buf 0 vecadd.elf
expect 2 "\-\-buf: '64:bogus' is not BYTES" -o bad.metadata --buf 64:bogus vecadd.elf
expect 2 "\-\-arg: '4294967296' is not a number in 0..4294967295" -o bad.metadata --arg 4294967296 vecadd.elf
expect 2 "more than 64 --buf and --arg" -o bad.metadata $(for i in $(seq 65); do echo --arg 1; done) vecadd.elf
expect 2 "bytes of private memory do not fit" -o bad.metadata --grid 16777216 --threads 32 --pds 1024 vecadd.elf
expect 1 "no symbol 'nokernel' (--kernel)" -o bad.metadata --kernel nokernel vecadd.elf
expect 1 "vecadd.elf is an ELF program: give it alone" -o bad.metadata vecadd.elf "$src"
expect 1 "missing.s: No such file or directory" -o bad.metadata missing.s
echo "junk here" > bad.s
expect 1 "bad.s:1:1: error: unknown instruction mnemonic 'junk'" -o bad.metadata bad.s
[ "$(grep -c junk err)" = 1 ] || fail "an assembly error is reported more than once"
echo "PASS: ventsim mkcase"
