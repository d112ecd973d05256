/* The toy ISA: a front end of twelve instructions written only against the
 * ISA interface (core/isa.h, core/launch.h, sim/registry.h,
 * timing/profile.h), to show and test the seams a real front end plugs
 * into.  docs/dev/isa-interface.md walks through it.
 *
 * Registers: a scalar file "s" (4 registers of 64 bits; the launch sets
 * s0 = the input buffer, s1 = the output buffer, s2 = the global id of the
 * warp's lane 0, s3 = its id in the work-group) and a vector file "v" (16
 * registers of one 32-bit word per lane).  Instructions are one 32-bit
 * word, op << 24 | a << 16 | b << 8 | c, LI one more word with its
 * immediate (8 bytes):
 *
 *   TID  va, sc        va = sc + lane                  vector ALU
 *   LI   va, imm       va = imm                        vector ALU (8 bytes)
 *   ADD  va, vb, vc    va = vb + vc                    vector ALU
 *   DIV  va, vb, vc    va = vb / vc (unsigned; /0: all ones)   vector divide
 *   LD   va, vb, sc    va = 32 bits at sc + vb         vector load
 *   LD64 va, vb, sc    va, va+1 = 64 bits at sc + vb   vector load (a pair)
 *   ST   va, vb, sc    32 bits at sc + va = vb         vector store
 *   LLD  va, vb        va = 32 bits at local offset vb   local memory
 *   LST  va, vb        32 bits at local offset va = vb   local memory
 *   WAIT n             until at most n loads are outstanding (s_waitcnt vmcnt)
 *   BAR                work-group barrier
 *   END                the warp ends
 *
 * Only active lanes act.  Global memory: any alignment (the core's
 * unaligned path).  Local memory: each work-group slot has a window of
 * 64 KiB at TOY_LDS_BASE + slot * 64 KiB, the launch's lds_bytes of it
 * usable; offsets beyond are kernel errors.  The launch's ABI block is a
 * toy_abi; launches are 1-D, without private memory. */
#ifndef VS_TESTS_TOY_H
#define VS_TESTS_TOY_H

#include <stdint.h>

#include "ventsim/error.h"

enum { TOY_TID = 1, TOY_LI, TOY_ADD, TOY_DIV, TOY_LD, TOY_LD64, TOY_ST, TOY_WAIT, TOY_BAR, TOY_END,
       TOY_LLD, TOY_LST };

#define TOY_LDS_BASE 0x7f0000000000ull /* local-memory windows, near the top of 48 bits */
#define TOY_LDS_WINDOW 0x10000u

#define TOY_I(op, a, b, c) ((uint32_t)(op) << 24 | (uint32_t)(a) << 16 | (uint32_t)(b) << 8 | (uint32_t)(c))

/* The launch's ABI block (vs_launch.abi) */
#define TOY_MAGIC 0x31594f54u /* "TOY1" */
typedef struct toy_abi {
  uint32_t magic;
  uint32_t reserved;
  uint64_t in, out;          /* buffer addresses: s0, s1 */
} toy_abi;

/* Registers the toy ISA as "toy" (once per process; later calls do nothing) */
int toy_register(vs_error *err);

struct vs_tprofile;
/* Timing profiles for the toy (timing/profile.h; after toy_register):
 *   TOY_PROFILE        the Ventus units and issue ports, but wait counters
 *                      instead of a scoreboard for memory results (WAIT),
 *                      stores counted in VMcnt;
 *   TOY_PROFILE_SIMD2  the same with two SIMD units (warp slot i issues to
 *                      SIMD i mod 2);
 *   TOY_PROFILE_BANK0  the same with every register in bank 0 of the
 *                      operand collector. */
enum { TOY_PROFILE = 0, TOY_PROFILE_SIMD2, TOY_PROFILE_BANK0 };
const struct vs_tprofile *toy_profile(int which);

#endif
