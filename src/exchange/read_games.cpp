// Any supported file to validated games: recognise, parse, fold.
#include "tictactrace/exchange/read_games.hpp"

#include "tictactrace/exchange/limits.hpp"

#include "tictactrace/exchange/archive.hpp"
#include "tictactrace/exchange/psq.hpp"
#include "tictactrace/exchange/sgf.hpp"
#include "tictactrace/exchange/text_board.hpp"
#include "tictactrace/exchange/validate.hpp"

#include "fork_links.hpp"
#include "imported_name.hpp"
#include "renju_fouls.hpp"
#include "renlib.hpp"

namespace ttt::exchange {

Result<GamesRead, ExchangeError> read_games(std::string_view bytes, const ImportOptions& options) {
    if (bytes.size() > static_cast<std::size_t>(kMaxImportBytes))
        return fail(ExchangeError{ExchangeErrorKind::Unsupported,
                                  "the file is " + std::to_string(bytes.size()) +
                                      " bytes; an import reads at most " + std::to_string(kMaxImportBytes) +
                                      " (256 MiB)",
                                  {},
                                  -1});
    if (auto usable = check_import_options(options); !usable)
        return fail(ExchangeError{ExchangeErrorKind::Unsupported, std::move(usable).error(), {}, -1});
    GamesRead read;
    read.format = options.format.value_or(sniff_format(bytes));
    if (options.to_move && read.format != Format::Board)
        return fail(ExchangeError{ExchangeErrorKind::Unsupported,
                                  std::string("--to-move is for text boards; a file in ") +
                                      name_of(read.format) + " says who moves by its moves" +
                                      (read.format == Format::Sgf ? " (or PL[])" : ""),
                                  {},
                                  -1});
    switch (read.format) {
    case Format::Json:
    case Format::Xml:
    case Format::Binary: {
        if (options.rules)
            return fail(ExchangeError{ExchangeErrorKind::Unsupported,
                                      "an archive carries its own rules: --rules is for SGF and PSQ files",
                                      {},
                                      -1});
        auto contents = read_archive_contents(bytes, read.format);
        if (!contents) return fail(std::move(contents).error());
        read.games = std::move(contents.value().games);
        read.lesson = std::move(contents.value().lesson);
        // cereal has read the names whole; from here on they are held to the name rule like any other.
        for (std::size_t g = 0; g < read.games.size(); ++g) {
            GameRecord& game = read.games[g];
            const int index = static_cast<int>(g);
            game.x_name =
                detail::imported_name(game.x_name, "x_name", Player::X, index, game.where, read.notes);
            game.o_name =
                detail::imported_name(game.o_name, "o_name", Player::O, index, game.where, read.notes);
        }
        break;
    }
    case Format::Sgf: {
        auto games = read_sgf(bytes, options, read.notes);
        if (!games) return fail(std::move(games).error());
        read.games = std::move(games).value();
        break;
    }
    case Format::Psq: {
        auto game = read_psq(bytes, options, read.notes);
        if (!game) return fail(std::move(game).error());
        read.games.push_back(std::move(game).value());
        break;
    }
    case Format::Renlib: {
        auto game = read_renlib_game(bytes, options, read.notes);
        if (!game) return fail(std::move(game).error());
        read.games.push_back(std::move(game).value());
        break;
    }
    case Format::Board: {
        auto game = read_text_board(bytes, options);
        if (!game) return fail(std::move(game).error());
        read.games.push_back(std::move(game).value());
        break;
    }
    }
    // Another program's book may play Black on a forbidden point to show it is one; an archive of ours
    // never holds such a line, and one that does is refused by the fold.
    if (read.format == Format::Sgf || read.format == Format::Renlib)
        for (std::size_t g = 0; g < read.games.size(); ++g)
            detail::set_fouls_aside(read.games[g], static_cast<int>(g), read.format == Format::Renlib,
                                    read.notes);
    if (auto valid = validate_games(read.games, read.notes); !valid) return fail(std::move(valid).error());
    if (read.lesson) {
        if (auto fits = check_lesson_plan(*read.lesson, read.games); !fits)
            return fail(
                ExchangeError{ExchangeErrorKind::Malformed, "broken lesson: " + fits.error(), {}, -1});
    }
    detail::note_unlinked_forks(read.games, detail::link_forks(read.games), read.notes);
    return read;
}

}  // namespace ttt::exchange
