// The one-line text of an import note.
#include "tictactrace/exchange/import_note.hpp"

namespace ttt::exchange {

std::string ImportNote::describe() const {
    std::string text;
    const std::string at = exchange::describe(where);
    if (!at.empty()) text += at + ": ";
    if (game >= 0) text += "game " + std::to_string(game + 1) + ": ";
    if (!property.empty()) text += property + ": ";
    return text + message;
}

}  // namespace ttt::exchange
