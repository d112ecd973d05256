/* ventsim disasm: listing of an ELF program or a .vmem file. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "common/util.h"
#include "ventsim/amdgpu.h"
#include "ventsim/disasm.h"

static const char usage[] =
  "usage: ventsim disasm [options] FILE...\n"
  "\n"
  "Disassembles Ventus programs: ELF executables or objects (every executable\n"
  "section, symbols shown as labels) and .vmem hex files (32-bit words, one or\n"
  "more per line, '@index' lines allowed).  The output follows llvm-objdump -d:\n"
  "address, instruction word, mnemonic, operands.  A regext/regexti/regpair\n"
  "prefix is shown on its own line and the instruction after it shows the\n"
  "effective (extended) registers and immediate.\n"
  "AMD HSA code objects (ELF64, EM_AMDGPU) are listed as llvm-objdump-19 -d\n"
  "lists them, for the processor named in the ELF header (gfx900, gfx906,\n"
  "gfx1100); gfx1100 code is listed as wave64 when every kernel descriptor\n"
  "says so (llvm-objdump-19 needs --mattr=+wavefrontsize64 for that).\n"
  "\n"
  "options:\n"
  "  --base ADDR      address of the first word of a .vmem file (default 0x80000000)\n"
  "  --numeric        numeric register names (x10) instead of ABI names (a0)\n"
  "  --csr-names      names for the Ventus CSRs (tid, wid, lds, ...); LLVM prints numbers\n"
  "  --no-aliases     base instructions only (addi instead of li/mv/nop, ...)\n"
  "  --bytes          show the instruction bytes like llvm-objdump (97 41 00 00)\n"
  "                   instead of the word (00004197)\n"
  "  --mcpu CPU       AMD code objects: decode for CPU (gfx900, gfx906, gfx1100,\n"
  "                   gfx1100w64) instead of the processor in the ELF header\n"
  "  --mattr ATTR     AMD code objects: +wavefrontsize64 or +wavefrontsize32\n"
  "                   (-wavefrontsize64) sets the gfx1100 wave size\n"
  "  -h, --help       this help\n";

/* An ELF64 file whose e_machine is EM_AMDGPU (224). */
static int is_amdgpu_elf(const char *d, size_t len)
{
  return len >= 20 && memcmp(d, "\177ELF", 4) == 0 && d[4] == 2 && d[5] == 1 &&
         (unsigned char)d[18] == 224 && (unsigned char)d[19] == 0;
}

static int run(int argc, char **argv)
{
  static const struct option longopts[] = {
    {"base", required_argument, NULL, 'b'},
    {"numeric", no_argument, NULL, 'n'},
    {"csr-names", no_argument, NULL, 'c'},
    {"no-aliases", no_argument, NULL, 'a'},
    {"bytes", no_argument, NULL, 'B'},
    {"mcpu", required_argument, NULL, 'm'},
    {"mattr", required_argument, NULL, 'M'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};
  vs_disasm_options opt = {0};
  vs_addr base = 0x80000000u;
  amd_target mcpu = AMD_TARGET_NONE;
  int wave64 = -1; /* --mattr: -1 from the code object */
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
    switch (c) {
    case 'b': {
      uint64_t v;
      if (vs_parse_u64(optarg, &v) || v > 0xffffffffu || (v & 3)) {
        vs_cli_error("disasm", "--base: '%s' is not a word-aligned 32-bit address", optarg);
        return VS_EXIT_USAGE;
      }
      base = v;
      break;
    }
    case 'n': opt.numeric_regs = 1; break;
    case 'c': opt.csr_names = 1; break;
    case 'a': opt.no_aliases = 1; break;
    case 'B': opt.bytes = 1; break;
    case 'm':
      mcpu = amd_target_by_name(optarg);
      if (mcpu == AMD_TARGET_NONE) {
        vs_cli_error("disasm", "--mcpu: unknown processor '%s' (gfx900, gfx906, gfx1100, gfx1100w64)", optarg);
        return VS_EXIT_USAGE;
      }
      break;
    case 'M':
      if (!strcmp(optarg, "+wavefrontsize64")) wave64 = 1;
      else if (!strcmp(optarg, "+wavefrontsize32") || !strcmp(optarg, "-wavefrontsize64")) wave64 = 0;
      else {
        vs_cli_error("disasm", "--mattr: unsupported attribute '%s' (+wavefrontsize64, +wavefrontsize32)",
                     optarg);
        return VS_EXIT_USAGE;
      }
      break;
    case 'h': fputs(usage, stdout); return VS_EXIT_OK;
    default: fputs(usage, stderr); return VS_EXIT_USAGE;
    }
  }
  if (optind >= argc) {
    vs_cli_error("disasm", "no input file (see 'ventsim disasm --help')");
    return VS_EXIT_USAGE;
  }
  int status = VS_EXIT_OK;
  for (int i = optind; i < argc; i++) {
    const char *path = argv[i];
    vs_error err = {0};
    char *data;
    size_t len;
    if (vs_read_file(path, VS_MAX_INPUT_FILE, &data, &len, &err)) {
      vs_cli_error("disasm", "%s", err.msg);
      status = VS_EXIT_FAIL;
      continue;
    }
    int rc;
    if (is_amdgpu_elf(data, len)) {
      amd_target t = mcpu;
      if (wave64 >= 0) {
        if (t == AMD_TARGET_NONE && len >= 52) /* e_flags at byte 48 */
          t = amd_target_from_eflags((uint32_t)(unsigned char)data[48] |
                                     (uint32_t)(unsigned char)data[49] << 8);
        t = amd_target_with_wave64(t, wave64);
      }
      rc = amd_disasm_code_object(data, len, path, t, stdout, &err);
    } else if (len >= 4 && memcmp(data, "\177ELF", 4) == 0) {
      vs_elf *e;
      rc = vs_elf_load_mem(data, len, path, &e, &err);
      if (rc == 0) {
        rc = vs_disasm_elf(e, path, stdout, &opt, &err);
        vs_elf_free(e);
      }
    } else {
      vs_vmem v;
      rc = vs_vmem_parse(data, len, path, &v, &err);
      if (rc == 0) {
        rc = vs_disasm_vmem(&v, base, path, stdout, &opt, &err);
        vs_vmem_free(&v);
      }
    }
    free(data);
    if (rc) {
      vs_cli_error("disasm", "%s", err.msg);
      status = VS_EXIT_FAIL;
    }
  }
  if (fflush(stdout) != 0) {
    vs_cli_error("disasm", "error writing the listing");
    status = VS_EXIT_FAIL;
  }
  return status;
}

const vs_command vs_cmd_disasm = {"disasm", "disassemble an ELF program, a .vmem file or an AMD code object",
                                  run, usage};
