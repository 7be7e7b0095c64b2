// What the client's tests share: short limits for the fake brain, and the reading of a reply as what a
// case expects of it (a move, OK, a forfeit, a refusal), failing the case with what came instead.
#pragma once

#include "tictactrace/brains/brain_client.hpp"

#include "fake_brain.hpp"

#include <doctest/doctest.h>

#include <sys/types.h>

#include <string>

namespace ttt::testing {

// Short limits, so that a timeout costs the suite a fraction of a second.
inline brains::BrainOptions options_for(const std::string& fake_options) {
    brains::BrainOptions o;
    o.command = fake_brain(fake_options);
    o.limits.timeout_turn = brains::Millis(200);
    o.limits.tolerance = brains::Millis(200);
    o.limits.timeout_command = brains::Millis(1000);
    o.process.term_grace = brains::Millis(200);
    return o;
}

template <class Reply>
Pos move_of(const Reply& reply) {
    if (const auto* forfeit = brains::forfeit_of(reply)) FAIL("forfeit: " << forfeit->detail);
    if (const auto* refused = std::get_if<brains::Refused>(&reply)) FAIL("refused: " << refused->detail);
    return std::get<Pos>(reply);
}

template <class Reply>
void require_ok(const Reply& reply) {
    if (const auto* forfeit = brains::forfeit_of(reply)) FAIL("forfeit: " << forfeit->detail);
    if (const auto* refused = std::get_if<brains::Refused>(&reply)) FAIL("refused: " << refused->detail);
}

template <class Reply>
brains::Forfeit forfeit_in(const Reply& reply) {
    const auto* forfeit = brains::forfeit_of(reply);
    REQUIRE(forfeit != nullptr);
    return *forfeit;
}

template <class Reply>
std::string refusal_in(const Reply& reply) {
    const auto* refused = std::get_if<brains::Refused>(&reply);
    REQUIRE(refused != nullptr);
    return refused->detail;
}

// A started client; the brain's process group goes to `group` for the check afterwards.
inline brains::BrainClient started(const std::string& fake_options, pid_t& group,
                                   const Rules& rules = Rules::gomoku(), brains::BrainOptions options = {}) {
    if (options.command.empty()) options = options_for(fake_options);
    brains::BrainClient client(std::move(options));
    require_ok(client.start(rules));
    group = client.process_group();
    REQUIRE(group > 0);
    return client;
}

}  // namespace ttt::testing
