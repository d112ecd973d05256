#!/usr/bin/env bash
# Every writer of output files (ventsim as -o, compile -o, run --dump/--stats/
# --timeline/--trace, plot, saved launches, the runtime's stats/trace/timeline)
# goes
# through one helper (src/common/outfile.c):
#  - a symbolic link is followed: the file it names is replaced, the link
#    stays a link (relative links too, chains of links);
#  - a device (/dev/null: it stays a character device), a FIFO and
#    /dev/stdout are written through;
#  - a regular file is replaced only when complete: a write error (a file
#    size limit) leaves the old file and no temporary file;
#  - a new file gets 0666 (0777 for `as`) minus the umask; an existing one
#    the same (it is a new file), and the umask of the process is unchanged.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
MK() { "$VENTSIM" mkcase "$@"; }
s="$VS_SOURCE_DIR/tests/timing/vecadd.s"
cd "$tmp"
MK -o v.metadata --kernel vecadd --grid 2 --warps 2 --threads 8 \
  --buf 256:iota --buf 256:rand:3 --buf 256 "$s" || fail "mkcase"
"$VENTSIM" as -o ref.elf "$s" || fail "as"

no_temps() { # no temporary file left behind anywhere under $tmp
  local left
  left=$(find "$tmp" -name '.ventsim-*' | head -3)
  [ -z "$left" ] || fail "$1: temporary files left: $left"
}
is_link_to() { # LINK TARGET-TEXT
  [ -L "$1" ] || fail "$1 is no longer a symbolic link"
  [ "$(readlink "$1")" = "$2" ] || fail "$1 now points to $(readlink "$1")"
}

# ---- symbolic links: absolute, relative (from the link's directory), chains
mkdir -p d/sub
echo old > d/sub/real.elf
ln -s sub/real.elf d/rel.elf          # relative to d/, not to the cwd
ln -s "$tmp/d/rel.elf" chain.elf      # a chain of two links
"$VENTSIM" as -o chain.elf "$s" || fail "as -o through a chain of links"
is_link_to chain.elf "$tmp/d/rel.elf"
is_link_to d/rel.elf sub/real.elf
cmp -s d/sub/real.elf ref.elf || fail "as -o: the link's target does not hold the ELF"
ln -s d/sub/new.elf dangling.elf      # a link to a file that does not exist yet
"$VENTSIM" as -o dangling.elf "$s" || fail "as -o through a dangling link"
is_link_to dangling.elf d/sub/new.elf
cmp -s d/sub/new.elf ref.elf || fail "as -o: the dangling link's target was not created"
ln -s loop1 loop2; ln -s loop2 loop1
set +e
"$VENTSIM" as -o loop1 "$s" 2> err; rc=$?
set -e
[ $rc = 1 ] && grep -q "loop1: Too many levels of symbolic links" err || fail "a loop of links: $rc $(cat err)"

# ---- devices are written through (as root, a rename would replace /dev/null)
for out in /dev/null; do
  "$VENTSIM" as -o "$out" "$s" || fail "as -o $out"
  "$VENTSIM" run -q --dump "$out" --stats "$out" --trace "$out" --timeline "$out" v.metadata ||
    fail "run with outputs to $out"
  [ -c "$out" ] || fail "$out is no longer a character device"
done
ln -s /dev/null null-link
"$VENTSIM" as -o null-link "$s" || fail "as -o a link to /dev/null"
is_link_to null-link /dev/null
[ -c /dev/null ] || fail "/dev/null is no longer a character device"
set +e
"$VENTSIM" as -o /dev/full "$s" 2> err; rc=$?
set -e
[ $rc = 1 ] && grep -q "/dev/full: write error: No space left on device" err || fail "/dev/full: $rc $(cat err)"

# ---- a FIFO is written through (a reader gets the bytes, the FIFO stays)
mkfifo fifo
cat fifo > from-fifo.elf &
reader=$!
"$VENTSIM" as -o fifo "$s" || fail "as -o a FIFO"
wait $reader
[ -p fifo ] || fail "the FIFO was replaced"
cmp -s from-fifo.elf ref.elf || fail "the FIFO's reader did not get the ELF"
cat fifo > from-fifo.txt &
reader=$!
"$VENTSIM" run -q --dump fifo v.metadata || fail "run --dump a FIFO"
wait $reader
"$VENTSIM" run -q --dump dump.txt v.metadata || fail "run --dump"
cmp -s from-fifo.txt dump.txt || fail "--dump through a FIFO differs"

# ---- /dev/stdout is written through to whatever stdout is
"$VENTSIM" as -o /dev/stdout "$s" > stdout.elf || fail "as -o /dev/stdout"
cmp -s stdout.elf ref.elf || fail "as -o /dev/stdout > file"
{ echo first; "$VENTSIM" run -q --dump /dev/stdout v.metadata; } > both.txt || fail "--dump /dev/stdout"
[ "$(head -1 both.txt)" = first ] || fail "/dev/stdout: the shell's earlier output was replaced"
[ "$(tail -n +2 both.txt)" = "$(cat dump.txt)" ] || fail "/dev/stdout: the dump is not after it"
"$VENTSIM" run -q --stats /dev/stdout v.metadata | python3 -m json.tool > /dev/null ||
  fail "--stats /dev/stdout into a pipe"

# ---- every run output through links
for opt in dump stats trace timeline; do
  echo old > "d/sub/$opt.real"
  ln -s "sub/$opt.real" "d/$opt.link"
done
"$VENTSIM" run -q --dump d/dump.link --stats d/stats.link --trace d/trace.link \
  --timeline d/timeline.link v.metadata || fail "run with outputs through links"
for opt in dump stats trace timeline; do
  is_link_to "d/$opt.link" "sub/$opt.real"
  [ "$(head -c 3 "d/sub/$opt.real")" != old ] || fail "--$opt: the link's target was not written"
done
cmp -s d/sub/dump.real dump.txt || fail "--dump through a link differs"
python3 -m json.tool d/sub/stats.real > /dev/null || fail "--stats through a link: not JSON"
python3 -m json.tool d/sub/timeline.real > /dev/null || fail "--timeline through a link: not JSON"

# ---- a write error leaves the old file in place and no temporary file
head -c 20000 /dev/zero > big.bin
echo "old dump" > keep.txt
MK -o big.metadata --kernel vecadd --grid 2 --warps 2 --threads 8 \
  --buf 65536:iota --buf 65536 --buf 65536 "$s" || fail "mkcase big"
set +e
( ulimit -f 8; trap '' XFSZ; "$VENTSIM" run -q --dump keep.txt big.metadata ) 2> err
rc=$?
set -e
[ $rc = 1 ] || fail "a dump over the file size limit: exit $rc"
grep -q "keep.txt: write error: File too large" err || fail "no write error message: $(cat err)"
[ "$(cat keep.txt)" = "old dump" ] || fail "the old file was changed by a failed write"
no_temps "failed dump"
echo "old elf" > keep.elf
set +e
( ulimit -f 2; trap '' XFSZ; "$VENTSIM" as -o keep.elf "$s" ) 2> err
rc=$?
set -e
[ $rc = 1 ] && [ "$(cat keep.elf)" = "old elf" ] || fail "as over the size limit: $rc, $(head -c 40 keep.elf)"
no_temps "failed as"
set +e
"$VENTSIM" as -o no/such/dir/k.elf "$s" 2> err; rc=$?
set -e
[ $rc = 1 ] && grep -q "no/such/dir/k.elf: cannot create the file: No such file or directory" err ||
  fail "as -o into a missing directory: $rc $(cat err)"

# ---- permissions: what a new file gets under the umask, for old files too
for um in 022 027 077; do
  ( umask $um
    rm -f p.elf p.txt
    echo x > p.txt; chmod 600 p.txt
    "$VENTSIM" as -o p.elf "$s"
    "$VENTSIM" run -q --dump p.txt v.metadata
    [ "$(umask)" = "0$um" ] || exit 3
    printf '%s %s\n' "$(stat -c %a p.elf)" "$(stat -c %a p.txt)" ) > perms || fail "umask $um"
  want=$(printf '%o %o' $(( 0777 & ~8#$um )) $(( 0666 & ~8#$um )))
  [ "$(cat perms)" = "$want" ] || fail "umask $um: modes $(cat perms), expected $want"
done
no_temps "all runs"

# ---- saved launches and the runtime's files through links
host="$VS_BINARY_DIR/examples/vecadd/vecadd"
mkdir -p saved real
ln -s ../real/vecadd_0.metadata saved/vecadd_0.metadata
ln -s ../real/launches.list saved/launches.list
ln -s real/stats.json rt-stats.json
VENTSIM_SAVE_LAUNCHES="$tmp/saved" VENTSIM_STATS="$tmp/rt-stats.json" "$host" > host.out ||
  fail "vecadd host with saved launches: $(cat host.out)"
is_link_to saved/vecadd_0.metadata ../real/vecadd_0.metadata
is_link_to saved/launches.list ../real/launches.list
is_link_to rt-stats.json real/stats.json
[ "$(cat real/launches.list)" = vecadd_0.metadata ] || fail "launches.list through a link"
grep -q '^00000000$' real/vecadd_0.metadata || fail "the saved .metadata is not in the link's target"
python3 -m json.tool real/stats.json > /dev/null || fail "VENTSIM_STATS through a link"
"$VENTSIM" run -q saved/vecadd_0.metadata || fail "the saved launch does not replay"
no_temps "saved launches"

# ---- plots through a link, to /dev/null
if python3 -c 'import matplotlib' 2> /dev/null || /usr/bin/python3 -c 'import matplotlib' 2> /dev/null; then
  "$VENTSIM" run -q --stats st.json v.metadata || fail "stats for plot"
  mkdir -p charts real-charts
  ln -s ../real-charts/mix.png charts/instruction_mix.png
  mkdir ptmp
  TMPDIR="$tmp/ptmp" "$VENTSIM" plot -o charts st.json > plot.out || fail "plot"
  is_link_to charts/instruction_mix.png ../real-charts/mix.png
  [ "$(head -c 4 real-charts/mix.png | tail -c 3)" = PNG ] || fail "plot: the link's target is not a PNG"
  grep -qx charts/instruction_mix.png plot.out || fail "plot: the chart is not listed"
  [ -z "$(ls ptmp)" ] || fail "plot left its staging directory"
  no_temps "plot"
fi
# ---- ventsim compile -o (clang-19): a link is followed, a device stays, a
# write error keeps the old file (it was truncated and removed before)
if command -v clang-19 > /dev/null; then
  export VENTSIM_CACHE_DIR="$tmp/cc-cache"
  k="$VS_SOURCE_DIR/tests/amd/codeobj_args.cl"
  "$VENTSIM" compile --mcpu gfx900 "$k" -o ref.hsaco || fail "compile"
  echo old > d/sub/code.real
  ln -s sub/code.real d/code.hsaco
  "$VENTSIM" compile --mcpu gfx900 "$k" -o d/code.hsaco || fail "compile -o a link"
  is_link_to d/code.hsaco sub/code.real
  cmp -s d/sub/code.real ref.hsaco || fail "compile -o: the link's target does not hold the code object"
  "$VENTSIM" compile --mcpu gfx900 "$k" -o /dev/null || fail "compile -o /dev/null"
  [ -c /dev/null ] || fail "compile -o /dev/null: no longer a character device"
  echo "old code" > keep.hsaco
  set +e
  ( ulimit -f 1; trap '' XFSZ; "$VENTSIM" compile --mcpu gfx900 "$k" -o keep.hsaco ) 2> err
  rc=$?
  set -e
  # (the code object comes from the cache the first compile filled: no clang
  # runs under the limit, the write is ventsim's)
  [ $rc = 1 ] && grep -q "keep.hsaco: write error: File too large" err ||
    fail "compile over the size limit: exit $rc: $(cat err)"
  [ "$(cat keep.hsaco 2> /dev/null)" = "old code" ] ||
    fail "compile over the size limit: keep.hsaco: $(head -c 20 keep.hsaco 2>&1)"
  no_temps "compile"
fi
echo "PASS: output files"
