# The suite's throwaway PostgreSQL cluster, as a CTest fixture: "postgresql: cluster start" makes it before
# the first test that requires it and "postgresql: cluster stop" removes it after the last. A test that
# needs a server requires the fixture `postgresql` and reads the cluster's admin URI from $TTT_TEST_PG;
# when the cluster cannot start, CTest runs none of them and the suite fails.
#
# Included from tests/CMakeLists.txt before the layers' suites, which get:
#   ttt_requires_postgresql(TEST...)  the fixture and $TTT_TEST_PG on tests registered with add_test
#   TTT_TEST_PG_URI        the admin URI, for tests only known at build time:
#                          doctest_discover_tests(... PROPERTIES FIXTURES_REQUIRED postgresql
#                                                 ENVIRONMENT "TTT_TEST_PG=${TTT_TEST_PG_URI}")
#   TTT_PG_CLUSTER_SCRIPT  tests/pg/pg_cluster.sh, for a test that starts (and kills) a cluster of its own
#   TTT_PG_TEST_DIR        the fixture cluster's folder; a test's own cluster takes a folder beside it

set(TTT_PG_CLUSTER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/pg_cluster.sh)

# Known at configure time, so that the URI can be too; one per build folder, so that two builds' suites
# run side by side; short, as the socket's path must fit a sockaddr_un.
string(SHA1 ttt_pg_build_hash "${CMAKE_BINARY_DIR}")
string(SUBSTRING "${ttt_pg_build_hash}" 0 8 ttt_pg_build_hash)
set(TTT_PG_TEST_DIR /tmp/tictactrace-pg-${ttt_pg_build_hash})

# The script derives the port from the folder: it says what the URI is.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${TTT_PG_CLUSTER_SCRIPT})
execute_process(COMMAND bash ${TTT_PG_CLUSTER_SCRIPT} uri ${TTT_PG_TEST_DIR}
                OUTPUT_VARIABLE TTT_TEST_PG_URI OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
# Also global: a folder outside tests/ (the benchmarks' smoke tests) does not see this folder's variables.
set_property(GLOBAL PROPERTY TTT_TEST_PG_URI "${TTT_TEST_PG_URI}")

add_test(NAME "postgresql: cluster start" COMMAND bash ${TTT_PG_CLUSTER_SCRIPT} start ${TTT_PG_TEST_DIR})
set_tests_properties("postgresql: cluster start" PROPERTIES FIXTURES_SETUP postgresql TIMEOUT 120)
add_test(NAME "postgresql: cluster stop" COMMAND bash ${TTT_PG_CLUSTER_SCRIPT} stop ${TTT_PG_TEST_DIR})
set_tests_properties("postgresql: cluster stop" PROPERTIES FIXTURES_CLEANUP postgresql TIMEOUT 120)

# Appends, so that a test's other fixtures and environment stay.
function(ttt_requires_postgresql)
    if(NOT ARGN)
        message(FATAL_ERROR "ttt_requires_postgresql: name at least one test")
    endif()
    get_property(uri GLOBAL PROPERTY TTT_TEST_PG_URI)
    set_property(TEST ${ARGN} APPEND PROPERTY FIXTURES_REQUIRED postgresql)
    set_property(TEST ${ARGN} APPEND PROPERTY ENVIRONMENT "TTT_TEST_PG=${uri}")
endfunction()
