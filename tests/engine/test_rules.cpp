// Rule sets from the CLI's words, and the checks that refuse unplayable ones.
#include "test_util.hpp"

#include "tictactrace/engine/rules.hpp"

using namespace ttt;

TEST_CASE("rules from names with defaults") {
    CHECK(Rules::from_name("classic", 0, 0, 0, false) == Rules::classic());
    CHECK(Rules::from_name("gomoku", 0, 0, 0, true) == Rules::gomoku(true));
    CHECK(Rules::from_name("fullline", 4, 5, 0, false) == Rules::fullline(4, 5));
    CHECK(Rules::from_name("mnk", 7, 0, 4, false) == Rules::mnk(7, 7, 4));
    CHECK(Rules::from_name("score", 7, 7, 0, false) == Rules::score(7, 7));
}

TEST_CASE("bad rule words are refused with a reason") {
    const auto chess = Rules::from_name("chess", 0, 0, 0, false);
    REQUIRE_FALSE(chess);
    CHECK(chess.error().find("unknown rule set 'chess'") != std::string::npos);
    CHECK_FALSE(Rules::from_name("classic", 4, 4, 0, false));
    const auto too_long = Rules::from_name("mnk", 3, 3, 4, false);
    REQUIRE_FALSE(too_long);
    CHECK(too_long.error().find("cannot fit") != std::string::npos);
    CHECK_FALSE(Rules::from_name("mnk", kMaxSide + 1, 3, 3, false));
    CHECK_FALSE(Rules::from_name("score", 5, 5, 3, false));
    CHECK_FALSE(Rules::from_name("mnk", -1, 3, 3, false));
}

TEST_CASE("validate") {
    CHECK(Rules::mnk(1000, 1000, 5).validate().has_value());
    CHECK_FALSE(Rules::mnk(0, 5, 3).validate().has_value());
    CHECK_FALSE(Rules::score(5, 5, 0).validate().has_value());
    CHECK(describe(Rules::gomoku(true)) == "gomoku 15x15, five in a row (exactly five)");
}

TEST_CASE("renju and caro from their names, and the Gomocup rule codes both ways") {
    CHECK(Rules::from_name("renju", 0, 0, 0, false) == Rules::renju());
    CHECK(Rules::from_name("caro", 19, 0, 0, false) == Rules::caro(19, 19));
    const auto renju_k = Rules::from_name("renju", 0, 0, 4, false);
    REQUIRE_FALSE(renju_k);
    CHECK(renju_k.error() == "renju is five in a row; use --rules mnk for another k");
    const auto caro_exact = Rules::from_name("caro", 0, 0, 0, true);
    REQUIRE_FALSE(caro_exact);
    CHECK(caro_exact.error().find("caro takes no --exact") == 0);
    const auto small_renju = Rules::renju(4, 4).validate();
    REQUIRE_FALSE(small_renju);
    CHECK(small_renju.error() == std::string("a renju board needs at least five cells in a line"));
    CHECK(rule_kind_from_name(name_of(RuleKind::Renju)) == RuleKind::Renju);
    CHECK(rule_kind_from_name("caro") == RuleKind::Caro);
    CHECK(describe(Rules::caro()) == "caro 15x15, five in a row not blocked at both ends");

    CHECK(gomocup_rule_code(Rules::gomoku()) == 0);
    CHECK(gomocup_rule_code(Rules::gomoku(true, 20, 20)) == 1);
    CHECK(gomocup_rule_code(Rules::mnk(9, 9, 5)) == 0);
    CHECK(gomocup_rule_code(Rules::renju()) == 4);
    CHECK(gomocup_rule_code(Rules::caro()) == 8);
    CHECK_FALSE(gomocup_rule_code(Rules::mnk(9, 9, 4)));
    CHECK_FALSE(gomocup_rule_code(Rules::score(9, 9)));
    CHECK_FALSE(gomocup_rule_code(Rules::classic()));
    for (const Rules& r :
         {Rules::gomoku(false, 20, 20), Rules::gomoku(true), Rules::renju(), Rules::caro(19, 19)}) {
        const auto code = gomocup_rule_code(r);
        REQUIRE(code);
        CHECK(rules_from_gomocup_code(*code, r.rows, r.cols) == r);
        const auto word = sgf_rule_name(r);
        REQUIRE(word);
        CHECK(rules_from_sgf_rule_name(*word, r.rows, r.cols) == r);
    }
    CHECK_FALSE(rules_from_gomocup_code(2, 15, 15));
    CHECK_FALSE(rules_from_gomocup_code(4, 4, 4));
    CHECK(rules_from_sgf_rule_name("Renju", 15, 15) == Rules::renju());
    CHECK(rules_from_sgf_rule_name("freestyle", 15, 15) == Rules::gomoku());
    CHECK_FALSE(rules_from_sgf_rule_name("go", 19, 19));
}
