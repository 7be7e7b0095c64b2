// The store's backend-neutral cases again, on the PostgreSQL server: the same sources as test_store's,
// run with TTT_TEST_BACKEND=postgresql. The few cases that reach into an SQLite file itself (its
// triggers, its bytes) are in the test suite "sqlite" and left out here, by name, also when CTest lists
// the cases, so none is registered only to run nothing.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdlib>

int main(int argc, char** argv) {
    ::setenv("TTT_TEST_BACKEND", "postgresql", 1);
    doctest::Context context;
    context.addFilter("test-suite-exclude", "sqlite");
    context.applyCommandLine(argc, argv);
    return context.run();
}
