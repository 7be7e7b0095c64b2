// The body every fuzz target shares: read and validate the bytes as one format, and when they are
// accepted, check that writing the games back and reading them again gives the same games.
#pragma once

#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/write_games.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace ttt::exchange::fuzz {

[[noreturn]] inline void fail(const char* what) {
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

inline int import_bytes(const std::uint8_t* data, std::size_t size, Format format) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    ImportOptions options;
    options.format = format;
    auto read = read_games(bytes, options);
    if (failed_with<ExchangeError>(read)) {
        // A refusal must say why.
        if (read.error().message.empty()) fail("a refusal without a message");
        return 0;
    }
    const GamesRead& games = read.value();
    if (format == Format::Psq && games.games.size() != 1) fail("a PSQ file gave other than one game");

    // What was accepted must survive its own format.
    auto written = write_games(games.games, format);
    if (failed_with<ExchangeError>(written)) {
        // SGF and PSQ cannot write every board an import accepts (SGF letters stop at 52).
        if (format != Format::Sgf) fail("accepted games could not be written back");
        return 0;
    }
    ImportOptions again;
    again.format = format;
    again.now_ms = 0;
    auto reread = read_games(written.value(), again);
    if (!reread.has_value()) fail("games written back were refused");
    const GamesRead& back = reread.value();
    if (back.games.size() != games.games.size()) fail("games written back changed in number");
    for (std::size_t i = 0; i < back.games.size(); ++i) {
        const bool archive = format == Format::Json || format == Format::Xml || format == Format::Binary;
        if (archive && !(back.games[i] == games.games[i])) fail("an archive game changed on its way back");
        if (!archive) {
            // SGF and PSQ keep the line of play: the final positions must agree.
            const auto a = fold(to_events(games.games[i]));
            const auto b = fold(to_events(back.games[i]));
            if (!a.has_value() || !b.has_value()) fail("an accepted game no longer folds");
            if (!(a.value().position == b.value().position))
                fail("a game's final position changed on its way back");
        }
    }
    return 0;
}

}  // namespace ttt::exchange::fuzz
