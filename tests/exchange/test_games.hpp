// Games for the exchange tests: deterministic random play under any rules, and fold comparisons.
#pragma once

#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/exchange/format.hpp"
#include "tictactrace/exchange/game_record.hpp"
#include "tictactrace/exchange/read_games.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::exchange::test {

struct PlayOptions {
    int moves = 20;  // moves to try; fewer when the game ends first
    std::uint32_t seed = 1;
    bool takebacks = false;  // take a move back now and then
    bool resign = false;     // the side to move resigns at the end when the game is still on
    std::string x_name = "Xavier";
    std::string o_name = "Olga";
};

// A legal game under `rules`, every event timed one second or so after the one before.
[[nodiscard]] GameRecord random_game(const Rules& rules, const PlayOptions& options);

// The scoring article's 7x7 example as a set-up: X's 18 marks, O none, O to move.
[[nodiscard]] SetUp article_set_up();

// A game that starts from `setup` under `rules`, then up to `moves` moves on the first empty cells in
// reading order, turn about, with the last taken back when `takeback` (played until the game ends).
[[nodiscard]] GameRecord set_up_game(const Rules& rules, const SetUp& setup, int moves,
                                     bool takeback = false);

// The fold of every prefix of `a` equals the fold of the same prefix of `b` (and both fold).
void check_same_fold_at_every_step(const GameRecord& a, const GameRecord& b);

// The final state of a record's fold; fails the test when it does not fold.
[[nodiscard]] GameState fold_all(const GameRecord& game);

// The error reading `bytes` gives (as `format`, else recognised); fails the test when they read.
[[nodiscard]] ExchangeError read_error(std::string_view bytes, std::optional<Format> format = std::nullopt);
// The same under `options`.
[[nodiscard]] ExchangeError read_error(std::string_view bytes, const ImportOptions& options);
// What reading `bytes` under `options` gives; fails the test (with the error) when they do not read.
[[nodiscard]] GamesRead read_ok(std::string_view bytes, const ImportOptions& options = {});
// `text` with the first `from` replaced by `to`; fails the test when there is none.
[[nodiscard]] std::string replace_once(std::string text, std::string_view from, std::string_view to);

[[nodiscard]] std::string read_text_file(const std::filesystem::path& path);
[[nodiscard]] std::filesystem::path fixture_path(const std::string& name);  // tests/fixtures/<name>
[[nodiscard]] std::filesystem::path sample_path(const std::string& name);   // samples/<name>

}  // namespace ttt::exchange::test
