# A doctest case whose name holds ';' is split by CMake into two names that match no case, so CTest
# runs nothing and reports a pass. This check fails the suite instead. Run as: cmake -DROOT=... -P this
file(GLOB_RECURSE sources "${ROOT}/tests/*.cpp")
set(bad "")
foreach(source IN LISTS sources)
    file(STRINGS "${source}" lines REGEX "(TEST_CASE|SUBCASE)\\(\"[^\"]*;")
    foreach(line IN LISTS lines)
        string(APPEND bad "\n  ${source}: ${line}")
    endforeach()
endforeach()
if(bad)
    message(FATAL_ERROR "test names must not contain ';' (CTest would silently skip them):${bad}")
endif()
message(STATUS "no test name holds ';'")
