// Games to any supported format.
#include "tictactrace/exchange/write_games.hpp"

#include "tictactrace/exchange/archive.hpp"
#include "tictactrace/exchange/limits.hpp"
#include "tictactrace/exchange/psq.hpp"
#include "tictactrace/exchange/sgf.hpp"

namespace ttt::exchange {

Result<std::string, ExchangeError> write_games(std::span<const GameRecord> games, Format format) {
    if (format == Format::Json || format == Format::Xml) {
        std::size_t events = 0;
        for (const GameRecord& game : games) events += game.events.size() + 1;
        if (events > static_cast<std::size_t>(kMaxTextArchiveEvents))
            return fail(ExchangeError{ExchangeErrorKind::Unsupported,
                                      std::to_string(events) + " events are more than a " + name_of(format) +
                                          " archive takes (" + std::to_string(kMaxTextArchiveEvents) +
                                          "): it would be too large to read back; export as binary instead",
                                      {},
                                      -1});
    }
    switch (format) {
    case Format::Json:
    case Format::Xml:
    case Format::Binary: return write_archive(games, format);
    case Format::Sgf: return write_sgf(games);
    case Format::Psq:
        if (games.size() != 1)
            return fail(
                ExchangeError{ExchangeErrorKind::Unsupported,
                              "a PSQ file holds exactly one game, not " + std::to_string(games.size()),
                              {},
                              -1});
        return write_psq(games.front());
    case Format::Renlib:
        return fail(
            ExchangeError{ExchangeErrorKind::Unsupported,
                          "RenLib libraries are read, not written: export a study as sgf, which keeps "
                          "its variations, comments and labels",
                          {},
                          -1});
    case Format::Board:
        return fail(
            ExchangeError{ExchangeErrorKind::Unsupported,
                          "a text board holds one position, not a game with its moves: export as json, xml, "
                          "binary, sgf or psq (`tictactrace show` prints the board)",
                          {},
                          -1});
    }
    return fail(ExchangeError{ExchangeErrorKind::Unknown, "unknown format", {}, -1});
}

}  // namespace ttt::exchange
