// Messages for the store's expected refusals.
#include "tictactrace/store/rejection.hpp"

namespace ttt::store {

std::string describe(const Conflict& c) {
    return "game " + std::to_string(c.game) + " changed meanwhile: expected its last event to be " +
           std::to_string(c.expected) + " but it is " + std::to_string(c.actual) + "; nothing was written";
}

}  // namespace ttt::store
