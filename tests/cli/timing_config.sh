#!/usr/bin/env bash
# `ventsim config`: the dump is an INI file that --config reads back to the
# same configuration; the shipped configurations load by name; --get.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$VENTSIM" config --dump > "$tmp/a.ini" || fail "config --dump"
grep -q '^\[dcache\]' "$tmp/a.ini" || fail "no [dcache] section"
grep -q '^num_sms = 2$' "$tmp/a.ini" || fail "default num_sms"
"$VENTSIM" config --config "$tmp/a.ini" --dump > "$tmp/b.ini" || fail "reload"
cmp -s "$tmp/a.ini" "$tmp/b.ini" || fail "dump -> load -> dump changed it"
# the built-in defaults are what configs/ventus-chisel.ini says
cmp -s "$tmp/a.ini" "$VS_SOURCE_DIR/share/ventsim/configs/ventus-chisel.ini" ||
  fail "share/ventsim/configs/ventus-chisel.ini is not the built-in defaults"
# with changes
"$VENTSIM" config --config ventus-verilog --set core.scheduler=gto --set l2.banks=2 > "$tmp/c.ini"
grep -q '^scheduler = gto$' "$tmp/c.ini" || fail "--set not in the dump"
"$VENTSIM" config --config "$tmp/c.ini" > "$tmp/d.ini"
cmp -s "$tmp/c.ini" "$tmp/d.ini" || fail "round trip with changes"
[ "$("$VENTSIM" config --config ventus-verilog --get dcache.line)" = 8 ] || fail "verilog dcache.line"
[ "$("$VENTSIM" config --config ventus-verilog --get lds.size)" = 1024 ] || fail "verilog lds.size"
[ "$("$VENTSIM" config --get gpu.num_sms)" = 2 ] || fail "--get"
"$VENTSIM" config --path ventus-verilog | grep -q 'configs/ventus-verilog.ini$' || fail "--path"
# a run with a dumped configuration gives the same cycles as with the name
MK() { "$VENTSIM" mkcase "$@"; }
s="$VS_SOURCE_DIR/tests/timing/vecadd.s"
# shellcheck disable=SC2046
MK -o "$tmp/v.metadata" $(grep -m1 '^# mkcase:' "$s" | sed 's/^# mkcase://') "$s"
"$VENTSIM" config --config ventus-verilog > "$tmp/v.ini"
"$VENTSIM" run -q --config ventus-verilog --stats "$tmp/1.json" "$tmp/v.metadata"
"$VENTSIM" run -q --config "$tmp/v.ini" --stats "$tmp/2.json" "$tmp/v.metadata"
[ "$(grep -P '^\t"cycles"' "$tmp/1.json")" = "$(grep -P '^\t"cycles"' "$tmp/2.json")" ] ||
  fail "the dumped configuration runs differently"
echo "PASS: timing configuration"
