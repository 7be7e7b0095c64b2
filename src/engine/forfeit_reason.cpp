// The names of the forfeit reasons, as the log stores them and people read them.
#include "tictactrace/engine/forfeit_reason.hpp"

namespace ttt {

const char* name_of(ForfeitReason reason) noexcept {
    switch (reason) {
    case ForfeitReason::Crash: return "crash";
    case ForfeitReason::Timeout: return "timeout";
    case ForfeitReason::Garbage: return "garbage";
    case ForfeitReason::IllegalMove: return "illegal_move";
    case ForfeitReason::Foul: return "foul";
    }
    return "?";
}

std::optional<ForfeitReason> forfeit_reason_from_name(std::string_view name) noexcept {
    for (const ForfeitReason r : {ForfeitReason::Crash, ForfeitReason::Timeout, ForfeitReason::Garbage,
                                  ForfeitReason::IllegalMove, ForfeitReason::Foul})
        if (name == name_of(r)) return r;
    return std::nullopt;
}

const char* describe(ForfeitReason reason) noexcept {
    switch (reason) {
    case ForfeitReason::Crash: return "crashed";
    case ForfeitReason::Timeout: return "ran out of time";
    case ForfeitReason::Garbage: return "answered garbage";
    case ForfeitReason::IllegalMove: return "played an illegal move";
    case ForfeitReason::Foul: return "played a forbidden move";
    }
    return "?";
}

}  // namespace ttt
