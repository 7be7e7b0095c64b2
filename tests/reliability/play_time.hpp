// How long the reliability tests play: the 60 s, or $TTT_RELIABILITY_SECONDS for a quicker local
// run (ctest passes the variable on: TTT_RELIABILITY_SECONDS=5 ctest -R reliab).
#pragma once

#include <cstdlib>

namespace ttt::reliability {

inline double play_seconds() {
    if (const char* text = std::getenv("TTT_RELIABILITY_SECONDS"); text != nullptr && *text != '\0') {
        const double s = std::atof(text);
        if (s > 0) return s;
    }
    return 60;
}

}  // namespace ttt::reliability
