// Rule sets from the CLI's words, and the checks that refuse unplayable ones.
#include "test_util.hpp"

#include "tictactrace/engine/rules.hpp"

using namespace ttt;

TEST_CASE("rules from names with defaults") {
    std::string err;
    CHECK(Rules::from_name("classic", 0, 0, 0, false, &err) == Rules::classic());
    CHECK(Rules::from_name("gomoku", 0, 0, 0, true, &err) == Rules::gomoku(true));
    CHECK(Rules::from_name("fullline", 4, 5, 0, false, &err) == Rules::fullline(4, 5));
    CHECK(Rules::from_name("mnk", 7, 0, 4, false, &err) == Rules::mnk(7, 7, 4));
    CHECK(Rules::from_name("score", 7, 7, 0, false, &err) == Rules::score(7, 7));
}

TEST_CASE("bad rule words are refused with a reason") {
    std::string err;
    CHECK_FALSE(Rules::from_name("chess", 0, 0, 0, false, &err));
    CHECK(err.find("unknown rule set 'chess'") != std::string::npos);
    CHECK_FALSE(Rules::from_name("classic", 4, 4, 0, false, &err));
    CHECK_FALSE(Rules::from_name("mnk", 3, 3, 4, false, &err));
    CHECK(err.find("cannot fit") != std::string::npos);
    CHECK_FALSE(Rules::from_name("mnk", kMaxSide + 1, 3, 3, false, &err));
    CHECK_FALSE(Rules::from_name("score", 5, 5, 3, false, &err));
    CHECK_FALSE(Rules::from_name("mnk", -1, 3, 3, false, &err));
}

TEST_CASE("validate") {
    CHECK_FALSE(Rules::mnk(1000, 1000, 5).validate());
    CHECK(Rules::mnk(0, 5, 3).validate());
    CHECK(Rules::score(5, 5, 0).validate());
    CHECK(describe(Rules::gomoku(true)) == "gomoku 15x15, five in a row (exactly five)");
}
