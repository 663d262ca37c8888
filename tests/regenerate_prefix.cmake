# A shipped collection file must be what its command in puzzles/collection/README.md makes,
# byte for byte (the README promises it on any machine and thread count). Regenerating a
# whole file takes minutes, so this makes its first COUNT puzzles and compares them with the
# start of the file (generation is sequential: a shorter run gives a prefix of a longer).
#   cmake -DLEAPFROG=... -DSHIPPED=... -DCOUNT=N -DARGS="generate;puzzles;..." -DOUT=... -P this
execute_process(COMMAND ${LEAPFROG} ${ARGS} --count ${COUNT} --out ${OUT} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "generate failed (${rc}): ${err}")
endif()
file(READ ${OUT} made)
string(LENGTH "${made}" length)
if(length LESS 100)
  message(FATAL_ERROR "generate wrote only ${length} bytes")
endif()
file(READ ${SHIPPED} head LIMIT ${length})
if(NOT made STREQUAL head)
  message(FATAL_ERROR "the first ${COUNT} puzzles differ from ${SHIPPED}:\n--- made\n${made}\n--- shipped\n${head}")
endif()
