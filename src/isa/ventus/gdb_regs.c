/* The Ventus warp as gdb sees it (debug/gdb_regmap.h): a riscv:rv32 target
 * whose registers are those of one warp.
 *
 * Remote register numbers: 0-31 x0-x31 (by their ABI names; x0 ignores
 * writes), 32 pc, 33 + N the vector register vN (N = 0 .. count-1 of the
 * vector register file), each a union of three vectors of `lanes` 32-bit
 * lanes (.u32, .i32, .f32), lane i being thread i of the warp.  (riscv:rv32
 * gdb knows x0-x31 only: the regext registers x32.. are not shown.)  The
 * register files give sizes, storage and the vector registers' count; this
 * is only what gdb calls them. */
#include "isa/ventus/frontend.h"
#include "isa/ventus/vexec.h"

static const char *const abi[32] = {"zero", "ra", "sp",  "gp",  "tp", "t0", "t1", "t2",
                                    "fp",   "s1", "a0",  "a1",  "a2", "a3", "a4", "a5",
                                    "a6",   "a7", "s2",  "s3",  "s4", "s5", "s6", "s7",
                                    "s8",   "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
static const char *const types[32] = {[1] = "code_ptr", [2] = "data_ptr"};

#define CPU "org.gnu.gdb.riscv.cpu"
static const vs_gdb_part parts[] = {
  {.feature = CPU, .kind = VS_GDB_FILE, .file = VTU_RF_X, .first = 0, .count = 32, .names = abi,
   .types = types, .flags = VS_GDB_ZERO_FIRST},
  {.feature = CPU, .kind = VS_GDB_PC},
  {.feature = "org.ventus.simt.vector", .kind = VS_GDB_FILE, .file = VTU_RF_V},
};

const vs_gdb_layout vs_gdb_layout_ventus = {"riscv:rv32", "ventus", parts, sizeof parts / sizeof parts[0]};
