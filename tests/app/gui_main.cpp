// The window suite's one main. CTest runs each of its cases under xvfb-run (see CMakeLists.txt).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
