// The window suites' one main. Each case starts its own X server when it needs one (WindowTest).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
