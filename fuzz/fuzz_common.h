/* Shared declarations of the ventsim fuzz harnesses (fuzz/fuzz_*.c).
 *
 * Every harness defines LLVMFuzzerTestOneInput and is linked either with
 * libFuzzer (-DVENTSIM_FUZZ=ON, clang) or with replay_main.c, a small
 * driver that feeds it files (the regression ctests of tests/fuzz.cmake).
 * A harness must never crash, leak or loop for any input: every failure is
 * a returned error that the harness ignores. */
#ifndef VS_FUZZ_COMMON_H
#define VS_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Little-endian word at p (no alignment needed). */
static inline uint32_t fuzz_le32(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#endif
