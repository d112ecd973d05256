#!/usr/bin/env bash
# ventsim as: linking several files with the start code, the result read
# back by ventsim disasm and by GNU readelf/objdump (when installed).
set -u
: "${VENTSIM:?}" "${VS_SOURCE_DIR:?}"
IN=$VS_SOURCE_DIR/tests/asm
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
fails=0 passes=0
check() { # check NAME CONDITION...
  local name=$1; shift
  if "$@"; then passes=$((passes + 1)); else echo "FAIL $name"; fails=$((fails + 1)); fi
}

# a kernel calling a function in another file, with the start code
"$VENTSIM" as -o prog.elf "$IN/vecadd.s" "$IN/helper.s" 2> err.txt
check "assemble two files" [ $? -eq 0 ] && check "no diagnostics" [ ! -s err.txt ]
"$VENTSIM" disasm prog.elf > dis.txt
check "disasm exit status" [ $? -eq 0 ]
# _start is the first symbol of .text, at 0x80000000, then the kernel
first=$(grep -m1 '^[0-9a-f]* <' dis.txt)
check "_start first" [ "$first" = "80000000 <_start>:" ]
check "kernel symbol" grep -q '^[0-9a-f]* <vecadd>:$' dis.txt
check "helper symbol" grep -q '^[0-9a-f]* <add_and_scale>:$' dis.txt
# call from vecadd reaches add_and_scale: auipc ra + jalr ra, off(ra)
va=$(grep '<vecadd>:' dis.txt | cut -d' ' -f1)
ha=$(grep '<add_and_scale>:' dis.txt | cut -d' ' -f1)
# the auipc/jalr pair sits at vecadd + 0x38
call=$(printf '%x' $((0x$va + 0x38)))
jalr=$(grep "^ *$(printf '%x' $((0x$va + 0x3c))):" dis.txt)
off=$((0x$ha - 0x$call))
check "call target (jalr $off(ra))" grep -q "jalr	$off(ra)" <<< "$jalr"
# numeric labels are per file: bnez in vecadd goes back to vecadd+0x48, j in helper forward to +0x1c
check "1b in vecadd" grep -q "bnez	t4, 0x$(printf '%x' $((0x$va + 0x48)))" dis.txt
check "1f in helper" grep -q "j	0x$(printf '%x' $((0x$ha + 0x1c)))" dis.txt

if command -v readelf > /dev/null; then
  readelf -h -l -S -s prog.elf > re.txt 2> re_err.txt
  check "readelf exit status" [ $? -eq 0 ]
  check "readelf no warnings" [ ! -s re_err.txt ]
  check "ET_EXEC" grep -q 'Type: *EXEC' re.txt
  check "RISC-V" grep -q 'Machine: *RISC-V' re.txt
  check "entry" grep -q 'Entry point address: *0x80000000' re.txt
  check "text segment" grep -Eq 'LOAD +0x001000 0x80000000 0x80000000 .* R E 0x1000' re.txt
  check "four segments" [ "$(grep -c ' LOAD ' re.txt)" -eq 4 ]
  check "vecadd is a global function" grep -Eq 'FUNC +GLOBAL +DEFAULT +[0-9]+ vecadd$' re.txt
  check "two local 'loop' symbols" [ "$(grep -Ec 'NOTYPE +LOCAL +DEFAULT +[0-9]+ loop$' re.txt)" -eq 2 ]
  for s in __global_pointer\$ __bss_start __BSS_END__ _end _etext __vs_print_addr __vs_print_size; do
    check "symbol $s" grep -q " $s\$" re.txt
  done
  # .sdata went into .data; .data/.rodata/.bss are page aligned
  check "no .sdata section" eval "! grep -q '\.sdata' re.txt"
  for s in .rodata .data .bss; do
    check "$s page aligned" grep -Eq "\\$s +(PROGBITS|NOBITS) +[0-9a-f]{5}000 " re.txt
  done
fi
if command -v riscv64-unknown-elf-objdump > /dev/null; then
  riscv64-unknown-elf-objdump -d prog.elf > od.txt 2> /dev/null
  check "objdump exit status" [ $? -eq 0 ]
  check "objdump _start" grep -q '^80000000 <_start>:' od.txt
  check "objdump vecadd" grep -q "<vecadd>:" od.txt
  check "objdump decodes vsetvli" grep -q 'vsetvli	t4,t4,e32,m1,ta,ma' od.txt
  check "objdump decodes vadd.vx" grep -q 'vadd.vx	v1,v1,t3' od.txt
  riscv64-unknown-elf-readelf -A prog.elf > attr.txt
  check "arch attribute" grep -q 'Tag_RISCV_arch: "rv32i2p1_m2p0_a2p1_zicsr2p0_zifencei2p0_zfinx1p0_zve32f1p0' attr.txt
fi

# one file with the start code, default output name a.out
"$VENTSIM" as "$IN/helper.s" 2> err.txt
check "default output a.out" [ -s a.out ]
# -Ttext and --nostartfiles: entry is _start if defined, else the text start
printf '  nop\n  .globl _start\n_start: ret\n' > s.s
"$VENTSIM" as --nostartfiles -Ttext 0x1000 -o t.elf s.s
"$VENTSIM" disasm t.elf > t.txt
check "-Ttext" grep -q '^00001004 <_start>:' t.txt
if command -v readelf > /dev/null; then
  check "entry = _start" grep -q 'Entry point address: *0x1004' <(readelf -h t.elf)
  printf '  nop\n' > n.s
  "$VENTSIM" as --nostartfiles -Ttext=0x2000 -o n.elf n.s
  check "entry = text start" grep -q 'Entry point address: *0x2000' <(readelf -h n.elf)
fi
# the built-in start code is share/ventsim/start.s, and --start-file replaces it
"$VENTSIM" as --print-start-code > start.txt
check "built-in start code" cmp -s start.txt "$VS_SOURCE_DIR/share/ventsim/start.s"
printf '  .globl _start\n_start: j vecadd\n' > mystart.s
"$VENTSIM" as --start-file mystart.s -o my.elf "$IN/vecadd.s" "$IN/helper.s"
"$VENTSIM" disasm my.elf > my.txt
check "--start-file" grep -q '^80000000 <_start>:' my.txt
check "--start-file replaces" eval "! grep -q vsetvli my.txt"

echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
