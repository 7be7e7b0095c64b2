// What --engine accepts, and how a hint is printed from a search's report.
#include "cli/engine_choice.hpp"
#include "cli/hint_report.hpp"

#include <doctest/doctest.h>

#include <string>
#include <variant>

using namespace ttt;
using cli::BrainEngine;
using cli::BuiltinEngine;
using cli::EngineChoice;
using cli::parse_engine;

namespace {

std::string refusal(std::string_view text, std::string_view option = "--engine") {
    const auto parsed = parse_engine(text, option);
    REQUIRE_FALSE(parsed.has_value());
    return parsed.error();
}

}  // namespace

TEST_CASE("--engine takes builtin, at the strong level, or builtin:LEVEL for every level") {
    CHECK(parse_engine("builtin").value() == EngineChoice{BuiltinEngine{Level::Strong}});
    for (const Level l : {Level::Random, Level::Easy, Level::Medium, Level::Strong, Level::Perfect}) {
        const EngineChoice choice = parse_engine(std::string("builtin:") + name_of(l)).value();
        CHECK(choice == EngineChoice{BuiltinEngine{l}});
        CHECK(cli::engine_label(choice) == std::string("builtin:") + name_of(l));
    }
}

TEST_CASE("--engine takes any other text as a brain's command line, kept as it was written") {
    CHECK(parse_engine("pbrain-embryo --threads 1").value() ==
          EngineChoice{BrainEngine{"pbrain-embryo --threads 1"}});
    CHECK(parse_engine("piskvork:brain.exe").value() == EngineChoice{BrainEngine{"piskvork:brain.exe"}});
    CHECK(cli::engine_label(EngineChoice{BrainEngine{"'my brain' -x"}}) == "'my brain' -x");
}

TEST_CASE("--engine refuses command lines that do not split and unknown levels, saying what to write") {
    CHECK(refusal("").find("write builtin, builtin:LEVEL") != std::string::npos);
    CHECK(refusal("brain 'open").find("is neither the built-in opponent nor a brain's command line") !=
          std::string::npos);
    CHECK(refusal("x 'y", "--o").starts_with("--o \"x 'y\""));
    CHECK(refusal("builtin:").find("names no level") != std::string::npos);
    CHECK(refusal("builtin:Strong").find("choose random, easy, medium, strong or perfect") !=
          std::string::npos);
    CHECK(refusal("builtin:strong:x").find("names no level") != std::string::npos);
    // What the user typed comes back escaped and cut short, never as raw control characters.
    const std::string wild = refusal("builtin:\x1b[2J" + std::string(100, 'a'));
    CHECK(wild.find("\\x1b[2J") != std::string::npos);
    CHECK(wild.find("...\"") != std::string::npos);
    CHECK(wild.find('\x1b') == std::string::npos);
}

TEST_CASE("a hint prints the cell 1-based, the evaluation and what the search cost") {
    SearchReport r;
    r.move = Pos{0, 2};
    r.evaluation = Evaluation{EvaluationKind::Win, 0, 1};
    r.method = SearchMethod::Solver;
    r.depth = 5;
    r.nodes = 1;
    r.elapsed_ms = 0;
    CHECK(cli::hint_text(Player::X, Level::Strong, r) ==
          "X to move: (1, 3), wins in 1 move (strong: solver, 5 plies, 1 node in 0 ms)");
    CHECK(cli::hint_json(4, Player::X, Level::Strong, r) ==
          R"({"id":4,"player":"x","row":1,"col":3,"level":"strong","evaluation":{"kind":"win","score":0,)"
          R"("plies":1,"text":"wins in 1 move"},"method":"solver","depth":5,"nodes":1,"elapsed_ms":0,)"
          R"("stopped":false,"line":[]})");
    // The line the search expects, 1-based like the move, on a line of its own.
    r.line = {Pos{0, 2}, Pos{1, 1}, Pos{2, 0}};
    CHECK(cli::hint_text(Player::X, Level::Strong, r) ==
          "X to move: (1, 3), wins in 1 move (strong: solver, 5 plies, 1 node in 0 ms)\n"
          "  expected line: (1, 3) (2, 2) (3, 1)");
    CHECK(cli::hint_json(4, Player::X, Level::Strong, r)
              .find(R"("line":[{"row":1,"col":3},{"row":2,"col":2},{"row":3,"col":1}]})") !=
          std::string::npos);
    r.line.clear();
    r.evaluation = Evaluation{EvaluationKind::Estimate, -150, 0};
    r.method = SearchMethod::ThreatSearch;
    r.depth = 1;
    r.nodes = 20000;
    r.elapsed_ms = 12;
    r.stopped = true;
    CHECK(cli::hint_text(Player::O, Level::Medium, r) == "O to move: (1, 3), -150 (medium: threat_search, 1 "
                                                         "ply, 20000 nodes in 12 ms, stopped by its budget)");
}

TEST_CASE("an engine a side is bound to must play the game's rules and show as it is") {
    using cli::bindable_engine;
    CHECK(bindable_engine("builtin:perfect", "--o-engine", Rules::classic()).value() ==
          EngineChoice{BuiltinEngine{Level::Perfect}});
    CHECK(std::holds_alternative<BrainEngine>(
        bindable_engine("pbrain-x --level 2", "--x-engine", Rules::gomoku()).value()));
    const auto refused = [](std::string_view text, const Rules& rules) {
        const auto bound = bindable_engine(text, "--o-engine", rules);
        REQUIRE_FALSE(bound.has_value());
        return bound.error();
    };
    CHECK(
        refused("builtin:perfect", Rules::gomoku()).starts_with("--o-engine: perfect play is offered only"));
    CHECK(refused("pbrain-x", Rules::classic()) ==
          "--o-engine: a Gomocup brain plays five in a row, not classic 3x3, three in a row");
    CHECK(refused("builtin:hard", Rules::classic()).find("names no level") != std::string::npos);
    CHECK(refused("pbrain\x1b[2J", Rules::gomoku()).find("control character") != std::string::npos);
    CHECK(refused(std::string(cli::kMaxBoundEngineBytes + 1, 'b'), Rules::gomoku()).find("1000") !=
          std::string::npos);
}
