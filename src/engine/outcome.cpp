// Names of the outcome states, as the CLI and the exports spell them.
#include "tictactrace/engine/outcome.hpp"

namespace ttt {

const char* name_of(Status s) noexcept {
    switch (s) {
    case Status::Playing: return "playing";
    case Status::Won: return "won";
    case Status::Draw: return "draw";
    case Status::Resigned: return "resigned";
    case Status::Forfeited: return "forfeited";
    case Status::Adjudicated: return "adjudicated";
    }
    return "?";
}

}  // namespace ttt
