// Something a user should know about an import that still goes ahead (a result the fold disagrees
// with, variations or move-like lines left out).
#pragma once

#include "tictactrace/exchange/source_spot.hpp"

#include <string>

namespace ttt::exchange {

struct ImportNote {
    int game = -1;     // 0-based index of the game in the file; -1 for the whole file
    SourceSpot where;  // where in the file
    std::string message;
    bool disagreement = false;  // the file's declared result and the fold disagree
    bool warning = false;       // otherwise worth a warning: the file may hold moves the import left out
    std::string
        property;  // what in the file it is about: "RE", "DT", "the trailer's result line"; may be empty

    // Whether a user should be warned (declared result disagreeing, moves left out) or just told.
    [[nodiscard]] bool warns() const noexcept { return disagreement || warning; }

    // "line 9, column 1: game 1: RE: the file declares ... but ..."
    [[nodiscard]] std::string describe() const;
};

}  // namespace ttt::exchange
