# The toy ISA: a front end written only against the ISA interface, run
# functionally and on the timing model (tests/toy, docs/dev/isa-interface.md)
vs_unit_test(test_toy toy/toy.c toy/test_toy.c)
vs_unit_test(test_toy_gdb toy/toy.c toy/test_toy_gdb.c)
