// The one-line text of an exchange error: where, which game, why.
#include "tictactrace/exchange/exchange_error.hpp"

namespace ttt::exchange {

std::string ExchangeError::describe() const {
    std::string text;
    const std::string at = exchange::describe(where);
    if (!at.empty()) text += at + ": ";
    if (game >= 0) text += "game " + std::to_string(game + 1) + ": ";
    return text + message;
}

const char* name_of(ExchangeErrorKind kind) noexcept {
    switch (kind) {
    case ExchangeErrorKind::Malformed: return "malformed";
    case ExchangeErrorKind::Truncated: return "truncated";
    case ExchangeErrorKind::BadBoard: return "bad board";
    case ExchangeErrorKind::IllegalEvent: return "illegal event";
    case ExchangeErrorKind::Unsupported: return "unsupported";
    case ExchangeErrorKind::TooNew: return "too new";
    case ExchangeErrorKind::Unknown: return "unknown format";
    }
    return "?";
}

}  // namespace ttt::exchange
