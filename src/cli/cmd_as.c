/* ventsim as: assemble and link Ventus assembly into an ELF program. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "common/util.h"
#include "ventsim/asm.h"

static const char usage[] =
  "usage: ventsim as [options] FILE.s...\n"
  "\n"
  "Assembles RISC-V / Ventus assembly (GNU as syntax) and links the files into\n"
  "one ELF32 executable.  Each file is assembled separately (its own local\n"
  "symbols and numeric labels); .globl symbols are shared.  The Ventus start\n"
  "code is linked first, so the program's _start sets up a warp and calls the\n"
  "kernel named by the launch; kernels are found by their (global) symbol.\n"
  "\n"
  "Layout: .text at 0x80000000, then .rodata, .data (with .sdata), other\n"
  "allocated sections and .bss, each on a new 4 KiB page with its own PT_LOAD.\n"
  "Linker symbols: __global_pointer$ (.data + 0x800), _etext, _edata,\n"
  "__bss_start, __BSS_END__, _end.\n"
  "\n"
  "options:\n"
  "  -o FILE            output file (default a.out); written only on success\n"
  "  -Ttext ADDR        address of .text (default 0x80000000); also -Ttext=ADDR\n"
  "  --nostartfiles     do not link the start code (entry: _start if defined,\n"
  "                     else the start of .text)\n"
  "  --start-file FILE  use FILE as the start code instead of the built-in one\n"
  "  --print-start-code print the built-in start code and exit\n"
  "  --isa NAME         the target ISA (default ventus)\n"
  "  -h, --help         this help\n"
  "\n"
  "Syntax: GNU as for RISC-V.  Comments # // /* */, ';' separates statements.\n"
  "Directives: .text .data .rodata .bss .section NAME[,\"FLAGS\"[,@progbits|@nobits]]\n"
  "  .previous .globl/.global .local .type .size .equ/.set (and NAME = EXPR)\n"
  "  .align N (2^N bytes) .p2align .balign .word/.long/.4byte .half/.short/.2byte\n"
  "  .byte .dword/.quad/.8byte .zero .space/.skip .string/.asciz .ascii .end;\n"
  "  accepted without effect: .option, .file, .ident, .attribute, .cfi_*.\n"
  "Pseudo-instructions: li la lla call tail, vmslt(u).vi vmsge(u).vi, and the\n"
  "aliases of the instruction table (nop mv not neg j jr ret beqz bgt csrr csrw\n"
  "fmv.s fneg.s vnot.v vmsgt.vv ...).  Operators %hi %lo %pcrel_hi %pcrel_lo.\n"
  "Registers above x31/v31 and .vi immediates beyond 5 bits get a regext or\n"
  "regexti prefix automatically; an explicit prefix applies to the next\n"
  "instruction, which must follow it directly.\n"
  "\n"
  "Errors are reported as file:line:column: error: message (at most 20, then\n"
  "the assembler stops); the exit status is then 1 and no output is written.\n"
  "Limits: input files up to 512 MiB, lines up to 16384 characters,\n"
  "expressions nested up to 64 levels.\n";

static int parse_addr(const char *s, uint32_t *out)
{
  uint64_t v;
  if (vs_parse_u64(s, &v) || v > 0xffffffffu || (v & 3)) {
    vs_cli_error("as", "-Ttext: '%s' is not a 4-byte aligned 32-bit address", s);
    return -1;
  }
  *out = (uint32_t)v;
  return 0;
}

static int run(int argc, char **argv)
{
  enum { OPT_NOSTART = 256, OPT_START, OPT_PRINT, OPT_TTEXT, OPT_ISA };
  static const struct option longopts[] = {
    {"nostartfiles", no_argument, NULL, OPT_NOSTART},
    {"start-file", required_argument, NULL, OPT_START},
    {"print-start-code", no_argument, NULL, OPT_PRINT},
    {"Ttext", required_argument, NULL, OPT_TTEXT},
    {"isa", required_argument, NULL, OPT_ISA},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};
  vs_asm_options opt;
  vs_asm_options_init(&opt);
  opt.diag = stderr;
  const char *out = "a.out";
  int c, print_start = 0;
  optind = 1;
  /* -Ttext ADDR is a GNU ld spelling; getopt_long_only-style handling keeps
   * it working with one dash */
  while ((c = getopt_long_only(argc, argv, "o:h", longopts, NULL)) != -1) {
    switch (c) {
    case 'o': out = optarg; break;
    case OPT_NOSTART: opt.no_start_files = 1; break;
    case OPT_START: opt.start_file = optarg; break;
    case OPT_TTEXT:
      if (parse_addr(optarg, &opt.text_addr)) return VS_EXIT_USAGE;
      opt.has_text_addr = 1;
      break;
    case OPT_ISA: opt.isa = optarg; break;
    case OPT_PRINT: print_start = 1; break;
    case 'h': fputs(usage, stdout); return VS_EXIT_OK;
    default: fputs(usage, stderr); return VS_EXIT_USAGE;
    }
  }
  if (print_start) {
    const char *code = vs_asm_start_code(opt.isa);
    if (!code) {
      vs_cli_error("as", "--isa: ISA '%s' has no assembler", opt.isa);
      return VS_EXIT_USAGE;
    }
    fputs(code, stdout);
    return VS_EXIT_OK;
  }
  if (optind >= argc) {
    vs_cli_error("as", "no input file (see 'ventsim as --help')");
    return VS_EXIT_USAGE;
  }
  vs_error err = {0};
  if (vs_assemble_files((const char *const *)argv + optind, (size_t)(argc - optind), out, &opt, &err)) {
    if (err.code == VS_E_USAGE) vs_cli_error("as", "%s", err.msg); /* the others are printed already */
    return VS_EXIT_FAIL;
  }
  return VS_EXIT_OK;
}

const vs_command vs_cmd_as = {"as", "assemble and link Ventus assembly into an ELF program", run, usage};
