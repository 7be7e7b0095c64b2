// Rules for the board of a file that does not carry its own.
#include "tictactrace/exchange/import_options.hpp"

namespace ttt::exchange {

std::variant<Rules, std::string> rules_for_board(const RulesChoice& choice, int rows, int cols) {
    std::string why;
    if (auto rules = Rules::from_name(choice.name, rows, cols, choice.k, choice.exact, &why)) {
        if (rules->rows != rows || rules->cols != cols)
            return "the rule set " + choice.name + " is played on " + std::to_string(rules->rows) + "x" +
                   std::to_string(rules->cols) + ", not on the file's " + std::to_string(rows) + "x" +
                   std::to_string(cols) + " board";
        return *rules;
    }
    return why;
}

}  // namespace ttt::exchange
