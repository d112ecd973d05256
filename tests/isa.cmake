# Instruction table, decoder, disassembler (src/isa/ventus)
vs_unit_test(test_isa_table unit/test_isa_table.c)
