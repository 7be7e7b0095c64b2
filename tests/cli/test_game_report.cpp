// The game commands' reports from known positions: the exact JSON of `show`, the move numbers of
// `history` around a takeback, and the outcome sentences.
#include "cli/game_report.hpp"

#include <tictactrace/engine/game_state.hpp>
#include <tictactrace/engine/position.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace ttt;

namespace {

store::Snapshot played(const Rules& rules, const std::vector<Pos>& moves) {
    store::Snapshot snap;
    REQUIRE(apply(snap.state, GameCreated{rules, "Ann", "Bo"}));
    for (const Pos p : moves) REQUIRE(apply(snap.state, MovePlayed{snap.state.position.to_move(), p}));
    snap.at = static_cast<store::Seq>(moves.size());
    snap.last_seq = snap.at;
    return snap;
}

}  // namespace

TEST_CASE("show_json of a won classic game has every documented key, 1-based") {
    const auto snap = played(Rules::classic(), {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}});
    CHECK(
        cli::show_json(7, snap) ==
        R"({"id":7,"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},)"
        R"("players":{"x":"Ann","o":"Bo"},"moves":5,"set_up_marks":0,"at":5,"to_move":null,"status":"won",)"
        R"("winner":"x","winning_line":[[1,1],[1,2],[1,3]],"score":null,"board":["xxx","oo.","..."],"steps":5,"node":5,"annotation":null,"line":null,"tree":null})");
}

TEST_CASE("outcome_text says whose turn, who won and with which cells, a draw, a resignation") {
    CHECK(cli::outcome_text(played(Rules::classic(), {}).state.position) == "X to move");
    CHECK(cli::outcome_text(played(Rules::classic(), {{1, 1}}).state.position) == "O to move");
    CHECK(cli::outcome_text(played(Rules::gomoku(),
                                   {{7, 3}, {0, 0}, {7, 4}, {0, 1}, {7, 5}, {0, 2}, {7, 6}, {0, 3}, {7, 7}})
                                .state.position) == "X wins with (8, 4) (8, 5) (8, 6) (8, 7) (8, 8)");
    CHECK(cli::outcome_text(played(Rules::classic(),
                                   {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 0}, {1, 2}, {2, 1}, {2, 0}, {2, 2}})
                                .state.position) == "draw");
    auto resigned = played(Rules::classic(), {{1, 1}});
    REQUIRE(apply(resigned.state, Resigned{Player::O}));
    CHECK(cli::outcome_text(resigned.state.position) == "O resigned: X wins");
    auto forfeited = played(Rules::classic(), {{1, 1}});
    REQUIRE(apply(forfeited.state, Forfeited{Player::X, ForfeitReason::Timeout, "no answer"}));
    CHECK(cli::outcome_text(forfeited.state.position) == "X forfeited (ran out of time): O wins");
}

TEST_CASE("history shows a forfeit with its reason and detail, the JSON with all three members") {
    const std::vector<store::StoredEvent> events = {
        {0, GameCreated{Rules::gomoku(), "Ann", "Bo"}, 1000},
        {1, MovePlayed{Player::X, {7, 7}}, 2000},
        {2, Forfeited{Player::O, ForfeitReason::IllegalMove, "played (8, 8), which is taken"}, 3000},
    };
    CHECK(cli::history_text(4, events, false)
              .ends_with("   2  O forfeits (illegal_move): played (8, 8), which is taken\n"));
    CHECK(cli::history_json(4, events, false)
              .ends_with(
                  R"({"seq":2,"type":"forfeited","recorded_ms":3000,"player":"o","reason":"illegal_move",)"
                  R"("detail":"played (8, 8), which is taken"}]})"));
}

TEST_CASE("history numbers moves through a takeback and lists the newest first with --desc") {
    const std::vector<store::StoredEvent> events = {
        {0, GameCreated{Rules::classic(), "Ann", "Bo"}, 1000},
        {1, MovePlayed{Player::X, {1, 1}}, 2000},
        {2, MovePlayed{Player::O, {0, 0}}, 3000},
        {3, MoveTakenBack{Player::O, {0, 0}}, 4000},
        {4, MovePlayed{Player::O, {2, 2}}, 5000},
    };
    CHECK(cli::history_text(3, events, false) == "game 3: classic 3x3, three in a row; X: Ann, O: Bo\n"
                                                 "step  event\n"
                                                 "   0  created\n"
                                                 "   1  move 1: X (2, 2)\n"
                                                 "   2  move 2: O (1, 1)\n"
                                                 "   3  takeback of move 2: O (1, 1)\n"
                                                 "   4  move 2: O (3, 3)\n");
    const std::string desc = cli::history_json(3, events, true);
    CHECK(desc.starts_with(
        R"({"id":3,"events":[{"seq":4,"type":"move_played","recorded_ms":5000,"move":2,)"
        R"("player":"o","row":3,"col":3},{"seq":3,"type":"move_taken_back","recorded_ms":4000,)"
        R"("move":2,"player":"o","row":1,"col":1},)"));
}

TEST_CASE("list_text and list_json show rules, players, status, winner and moves") {
    store::GameSummary g;
    g.id = 12;
    g.rules = Rules::mnk(6, 7, 4, true);
    g.x_name = "Ann";
    g.o_name = "Bo \"the\" O";
    g.status = Status::Won;
    g.winner = Player::O;
    g.moves = 14;
    g.last_seq = 15;
    g.created_ms = 1;
    g.updated_ms = 2;
    g.forked_from = 3;
    CHECK(cli::list_text({g}) ==
          "   id  rules               status    winner  moves  players\n"
          "   12  mnk 6x7 k4 exact    won       O          14  X: Ann, O: Bo \"the\" O (fork of game 3)\n");
    CHECK(cli::list_json({g}) ==
          R"([{"id":12,"rules":{"name":"mnk","rows":6,"cols":7,"k":4,"exact":true,"min_run":3,"points":100},)"
          R"("players":{"x":"Ann","o":"Bo \"the\" O"},"status":"won","winner":"o","moves":14,"steps":15,)"
          R"("created_ms":1,"updated_ms":2,"forked_from":3}])");
    CHECK(cli::list_text({}).find("no games yet") != std::string::npos);
}

TEST_CASE("stored names reach the text reports escaped and the JSON reports quoted, whatever the log holds") {
    // Names an older version or a hand-edited log may hold; today's store refuses them on the way in.
    const std::string x = "\x1b[2J\x1b[31mRed";
    const std::string o = std::string("nul\0", 4) + "\x07\xff\xE2\x80\xAE";
    const std::string shown = "X: \\x1b[2J\\x1b[31mRed, O: nul\\x00\\x07\\xff\\u202e";

    store::Snapshot snap;
    REQUIRE(apply(snap.state, GameCreated{Rules::classic(), x, o}));
    CHECK(cli::show_text(1, snap).find(shown) != std::string::npos);
    CHECK(cli::show_json(1, snap).find(R"("players":{"x":"\u001b[2J\u001b[31mRed","o":"nul\u0000\u0007)"
                                       "\xEF\xBF\xBD"
                                       R"(\u202e"})") != std::string::npos);

    const std::vector<store::StoredEvent> events = {{0, GameCreated{Rules::classic(), x, o}, 1000}};
    CHECK(cli::history_text(1, events, false).find(shown) != std::string::npos);
    CHECK(cli::history_json(1, events, false).find(R"("x":"\u001b[2J\u001b[31mRed")") != std::string::npos);

    store::GameSummary g;
    g.id = 1;
    g.rules = Rules::classic();
    g.x_name = x;
    g.o_name = o;
    const std::string list = cli::list_text({g});
    CHECK(list.find(shown) != std::string::npos);
    CHECK(cli::list_json({g}).find(R"("x":"\u001b[2J\u001b[31mRed")") != std::string::npos);
    for (const std::string& text : {cli::show_text(1, snap), cli::history_text(1, events, false), list}) {
        for (const char c : text) {
            const auto u = static_cast<unsigned char>(c);
            CHECK_FALSE(((u < 0x20 && c != '\n') || u == 0x7f || u == 0xff));
        }
        CHECK(text.find("\xE2\x80\xAE") == std::string::npos);
    }
}

TEST_CASE("a history printed a window at a time is the history printed whole, oldest or newest first") {
    // 40 events with take-backs, printed in windows of 7 as `history` does with its windows of 65,536.
    std::vector<store::StoredEvent> events;
    // Built in place: GCC 12 warns falsely about a braced temporary holding the variant.
    const auto add = [&](store::Seq seq, const Event& event) {
        auto& e = events.emplace_back();
        e.seq = seq;
        e.event = event;
        e.recorded_ms = seq;
    };
    add(0, GameCreated{Rules::gomoku(), "Ann", "Bo"});
    Position pos(Rules::gomoku());
    for (store::Seq seq = 1; seq < 40; ++seq) {
        if (seq % 5 == 0) {
            const Pos last = *pos.last_move();
            add(seq, MoveTakenBack{other(pos.to_move()), last});
            REQUIRE(pos.take_back());
        } else {
            const Pos p{static_cast<int>(seq) / 15, static_cast<int>(seq) % 15};
            add(seq, MovePlayed{pos.to_move(), p});
            REQUIRE(pos.play(p));
        }
    }
    for (const bool json : {false, true}) {
        for (const bool desc : {false, true}) {
            CAPTURE(json);
            CAPTURE(desc);
            std::vector<std::vector<store::StoredEvent>> windows;
            for (std::size_t from = 0; from < events.size(); from += 7)
                windows.emplace_back(events.begin() + static_cast<std::ptrdiff_t>(from),
                                     events.begin() +
                                         static_cast<std::ptrdiff_t>(std::min(events.size(), from + 7)));
            std::vector<cli::HistoryReport::Before> before;
            cli::HistoryReport::Before at;
            for (const auto& w : windows) {
                before.push_back(at);
                at = cli::HistoryReport::after(w, at);
            }
            cli::HistoryReport report(1, json, desc);
            std::string printed = report.begin(events.front());
            for (std::size_t i = 0; i < windows.size(); ++i) {
                const std::size_t w = desc ? windows.size() - 1 - i : i;
                printed += report.window(windows[w], before[w]);
            }
            printed += report.end();
            const std::string whole =
                json ? cli::history_json(1, events, desc) + "\n" : cli::history_text(1, events, desc);
            CHECK(printed == whole);
        }
    }
}
