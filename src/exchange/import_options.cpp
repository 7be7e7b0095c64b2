// Rules for the board of a file that does not carry its own.
#include "tictactrace/exchange/import_options.hpp"

namespace ttt::exchange {

Result<void, std::string> check_import_options(const ImportOptions& options) {
    if (options.rules) {
        const auto kind = rule_kind_from_name(options.rules->name);
        // The file gives the board; the largest one (classic's only one) shows whether --k and --exact
        // can be played at all, so a size alone never refuses the options before the file is read.
        const int side = kind == RuleKind::Classic ? 3 : kMaxSide;
        auto rules =
            Rules::from_name(options.rules->name, side, side, options.rules->k, options.rules->exact);
        if (!rules) return fail(std::move(rules).error());
    }
    if (options.format && (*options.format == Format::Json || *options.format == Format::Xml ||
                           *options.format == Format::Binary)) {
        if (options.rules) return fail("an archive carries its own rules: --rules is for SGF and PSQ files");
    }
    if (options.to_move && options.format && *options.format != Format::Board)
        return fail(std::string("--to-move is for text boards; a file in ") + name_of(*options.format) +
                    " says who moves by its moves" + (*options.format == Format::Sgf ? " (or PL[])" : ""));
    return {};
}

Result<Rules, std::string> rules_for_board(const RulesChoice& choice, int rows, int cols) {
    auto rules = Rules::from_name(choice.name, rows, cols, choice.k, choice.exact);
    if (rules && (rules->rows != rows || rules->cols != cols))
        return fail("the rule set " + choice.name + " is played on " + std::to_string(rules->rows) + "x" +
                    std::to_string(rules->cols) + ", not on the file's " + std::to_string(rows) + "x" +
                    std::to_string(cols) + " board");
    return rules;
}

}  // namespace ttt::exchange
