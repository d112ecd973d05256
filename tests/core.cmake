# Core: memory, launches, launch files (src/core, src/io)
vs_unit_test(test_memory unit/test_memory.c)
vs_unit_test(test_launch_shape unit/test_launch_shape.c)
vs_unit_test(test_testcase unit/test_testcase.c)
