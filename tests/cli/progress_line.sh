#!/usr/bin/env bash
# The progress line of long runs: shown on a terminal (a pseudo-terminal made
# by util-linux `script`), with the launch, work-groups and cycles; never when
# stderr is a pipe or a file.  VENTSIM_PROGRESS_DELAY=0 shortens the usual two
# seconds before the first line so the test stays quick.
set -u
: "${VENTSIM:?}" "${VS_SOURCE_DIR:?}" "${VS_BINARY_DIR:?}"
command -v script > /dev/null || { echo "SKIP: util-linux script not available"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$VENTSIM" mkcase -o "$T/fma.metadata" --kernel timing_fma --grid 8 --warps 4 \
  --threads 32 --buf 8192:f32rand:1 --buf 8192 --arg 16000 \
  "$VS_SOURCE_DIR/bench/kernels/timing_fma.s" || fail "ventsim mkcase"

# on a terminal: script(1) runs the command on a pty and copies what it
# writes (stdout and stderr) to the typescript file
VENTSIM_PROGRESS_DELAY=0 script -qefc "'$VENTSIM' run --timing '$T/fma.metadata'" "$T/tty.log" \
  > /dev/null || fail "run on a terminal failed"
grep -aq $'\r\e\\[Kventsim: launch 1/1 fma.metadata: [0-9]*/8 work-groups, [0-9.]* M warp instructions, [0-9.]* M cycles' \
  "$T/tty.log" || { cat -v "$T/tty.log"; fail "no progress line on the terminal"; }
# the line is cleared before the summary, which is still printed
grep -aq $'\r\e\\[Kventsim timing: kernel .fma.: [0-9]* cycles' "$T/tty.log" ||
  { cat -v "$T/tty.log"; fail "progress line not cleared before the summary"; }
grep -aq '^ventsim: 1 launch, ' "$T/tty.log" || fail "no summary line on the terminal"

# stderr to a pipe or a file: only the usual summary, no control characters
VENTSIM_PROGRESS_DELAY=0 "$VENTSIM" run --timing "$T/fma.metadata" 2>&1 >/dev/null | cat > "$T/pipe.log"
grep -q 'ventsim: 1 launch' "$T/pipe.log" || fail "summary missing in a pipe"
if grep -aq $'\r\|\e' "$T/pipe.log"; then cat -v "$T/pipe.log"; fail "control characters in a pipe"; fi
echo "PASS"
