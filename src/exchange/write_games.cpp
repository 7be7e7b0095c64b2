// Games to any supported format.
#include "tictactrace/exchange/write_games.hpp"

#include "tictactrace/exchange/archive.hpp"
#include "tictactrace/exchange/psq.hpp"
#include "tictactrace/exchange/sgf.hpp"

namespace ttt::exchange {

std::variant<std::string, ExchangeError> write_games(std::span<const GameRecord> games, Format format) {
    switch (format) {
    case Format::Json:
    case Format::Xml:
    case Format::Binary: return write_archive(games, format);
    case Format::Sgf: return write_sgf(games);
    case Format::Psq:
        if (games.size() != 1)
            return ExchangeError{ExchangeErrorKind::Unsupported,
                                 "a PSQ file holds exactly one game, not " + std::to_string(games.size()),
                                 {},
                                 -1};
        return write_psq(games.front());
    }
    return ExchangeError{ExchangeErrorKind::Unknown, "unknown format", {}, -1};
}

}  // namespace ttt::exchange
