# Floating point (src/fp): software binary32 arithmetic and the host FPU fast path.
vs_unit_test(test_softfloat unit/test_softfloat.c)
# The test's reference models run the host FPU under fesetround(): no
# contraction into fma, no constant folding or code motion that assumes
# round-to-nearest.
target_compile_options(test_softfloat PRIVATE -frounding-math -ffp-contract=off -fno-fast-math)
