// An engine for one side: the built-in opponent or a brain kept in step with the game.
#include "cli/engine_player.hpp"

#include <tictactrace/brains/game_sync.hpp>
#include <tictactrace/engine/opponent.hpp>
#include <tictactrace/engine/player_name.hpp>

#include <utility>

namespace ttt::cli {

EnginePlayer::EnginePlayer(EngineChoice choice, EngineBudget budget, std::string name)
    : m_choice(std::move(choice)), m_budget(budget),
      m_name(sanitize_player_name(name.empty() ? engine_label(m_choice) : name).name),
      m_named(!name.empty()) {}

brains::Reply EnginePlayer::prepare(const Rules& rules) {
    if (const auto* builtin = std::get_if<BuiltinEngine>(&m_choice)) {
        if (auto fits = check_level(rules, builtin->level); !fits)
            return brains::Refused{std::move(fits).error()};
        return brains::Ok{};
    }
    // A brain that runs on the same rules keeps its process; RESTART or BOARD start its next game.
    if (m_brain && m_brain->running() && !m_brain->forfeit() && m_rules == rules) return brains::Ok{};
    brains::BrainOptions options;
    options.command = std::get<BrainEngine>(m_choice).command;
    if (m_budget.time_ms > 0) options.limits.timeout_turn = brains::Millis(m_budget.time_ms);
    m_brain.reset();
    m_brain.emplace(std::move(options));
    m_rules = rules;
    brains::Reply started = m_brain->start(rules);
    if (!std::holds_alternative<brains::Ok>(started)) return started;
    const brains::AboutReply about = m_brain->about();
    if (const brains::Forfeit* lost = brains::forfeit_of(about)) return *lost;
    if (const auto* said = std::get_if<brains::BrainAbout>(&about); said && !said->name.empty() && !m_named)
        m_name = sanitize_player_name(said->name).name;
    return brains::Ok{};
}

brains::MoveReply EnginePlayer::move(const Position& game, std::uint64_t seed) {
    if (const auto* builtin = std::get_if<BuiltinEngine>(&m_choice)) {
        OpponentSettings settings;
        settings.level = builtin->level;
        settings.limits = SearchLimits{m_budget.time_ms, m_budget.nodes};
        settings.seed = m_budget.seed + seed;
        const SearchReport report = choose_move(game, settings);
        if (!report.move) return brains::Refused{"the game is over: there is no move to choose"};
        return *report.move;
    }
    return brain_move(game);
}

brains::MoveReply EnginePlayer::brain_move(const Position& game) {
    return brains::move_for(*m_brain, game);
}

void EnginePlayer::end() {
    if (m_brain) m_brain->end();
}

}  // namespace ttt::cli
