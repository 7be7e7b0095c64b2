// The stable type names and versions of the log's events.
#include "tictactrace/engine/events.hpp"

#include "tictactrace/engine/overloaded.hpp"

namespace ttt {

const char* type_name_of(const Event& e) noexcept {
    return std::visit(Overloaded{
                          [](const GameCreated&) { return "game_created"; },
                          [](const GameForked&) { return "game_forked"; },
                          [](const MovePlayed&) { return "move_played"; },
                          [](const MoveTakenBack&) { return "move_taken_back"; },
                          [](const Resigned&) { return "resigned"; },
                          [](const GameSetUp&) { return "game_set_up"; },
                          [](const Forfeited&) { return "forfeited"; },
                          [](const Adjudicated&) { return "game_adjudicated"; },
                      },
                      e);
}

bool is_creating(const Event& e) noexcept {
    return std::holds_alternative<GameCreated>(e) || std::holds_alternative<GameForked>(e) ||
           std::holds_alternative<GameSetUp>(e);
}

int type_version_of(const Event& e) noexcept {
    return std::visit([](const auto& ev) { return std::decay_t<decltype(ev)>::kVersion; }, e);
}

}  // namespace ttt
