#!/usr/bin/env bash
# Packaging: install ventsim into a temporary prefix, build an outside
# program exactly as a user would -- cc host.c $(pkg-config --cflags --libs
# ventsim) -- and run it against the installed shared library.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cmake --install "$VS_BINARY_DIR" --prefix "$tmp/prefix" >/dev/null
pc=$(find "$tmp/prefix" -name ventsim.pc)
[ -n "$pc" ] || { echo "ventsim.pc was not installed"; exit 1; }
export PKG_CONFIG_PATH=$(dirname "$pc")
for f in include/ventus.h include/ventsim/launch.h include/ventsim/driver.h; do
  [ -f "$tmp/prefix/$f" ] || { echo "$f was not installed"; exit 1; }
done

# the flags point into the temporary prefix
flags=$(pkg-config --cflags --libs ventsim)
echo "pkg-config --cflags --libs ventsim: $flags"
case "$flags" in *"$tmp/prefix"*) ;; *) echo "flags do not point into the prefix"; exit 1;; esac

# a sanitizer build's library needs the sanitizer runtime in the program
${CC:-cc} ${VS_EXTRA_CFLAGS:-} -o "$tmp/host" "$VS_SOURCE_DIR/tests/cli/runtime_pkgconfig_host.c" $flags
libs=$(ldd "$tmp/host")
case "$libs" in *"$tmp/prefix/"*libventsim.so*) ;; *) echo "not linked against the installed library:"; echo "$libs"; exit 1;; esac

"$tmp/prefix/bin/ventsim" as -o "$tmp/vecadd.elf" "$VS_SOURCE_DIR/examples/vecadd/vecadd.s"
out=$("$tmp/host" "$tmp/vecadd.elf")
echo "$out"
[ "$out" = "PASSED" ]

# the installed ventsim makes and runs a launch: as -> mkcase -> run
"$tmp/prefix/bin/ventsim" mkcase --help | grep -q "usage: ventsim mkcase" || { echo "mkcase --help"; exit 1; }
"$tmp/prefix/bin/ventsim" mkcase -o "$tmp/v.metadata" --kernel vecadd --grid 2 --warps 2 --threads 8 \
  --buf 128:f32iota --buf 128:f32iota --buf 128 "$tmp/vecadd.elf"
"$tmp/prefix/bin/ventsim" run -q --dump "$tmp/dump.txt" "$tmp/v.metadata"
grep -q "^9000400c 40c00000$" "$tmp/dump.txt" || { echo "installed mkcase/run: c[3] is not 6.0f"; exit 1; }
