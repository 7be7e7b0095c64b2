// Text boards in: the engine's board parser, then the set-up it describes under the rules asked for.
#include "tictactrace/exchange/text_board.hpp"

#include "tictactrace/engine/board_text.hpp"
#include "tictactrace/engine/set_up.hpp"

namespace ttt::exchange {

Result<GameRecord, ExchangeError> read_text_board(std::string_view text, const ImportOptions& options) {
    auto parsed = parse_board_text(text);
    if (!parsed) {
        const auto& error = parsed.error();
        SourceSpot where;
        where.line = error.line;
        return fail(ExchangeError{ExchangeErrorKind::Malformed, error.message, where, -1});
    }
    const Board& board = parsed.value();
    // About the whole file: no line to point at, and the file's only game needs no number.
    if (!options.rules)
        return fail(
            ExchangeError{ExchangeErrorKind::Unsupported,
                          "a text board carries no rules: give --rules (classic, fullline, gomoku, mnk, "
                          "score, renju or caro), played on its " +
                              std::to_string(board.rows()) + "x" + std::to_string(board.cols()) + " board",
                          {},
                          -1});
    auto rules = rules_for_board(*options.rules, board.rows(), board.cols());
    if (!rules)
        return fail(ExchangeError{ExchangeErrorKind::BadBoard,
                                  "the board is " + std::to_string(board.rows()) + "x" +
                                      std::to_string(board.cols()) + ": " + rules.error(),
                                  {},
                                  -1});
    GameRecord game;
    game.rules = rules.value();
    game.setup = set_up_of(board, options.to_move);
    game.created_ms = options.now_ms;
    game.source_format = "board";
    game.where.line = 1;
    return game;
}

}  // namespace ttt::exchange
