// --db and --busy-timeout before the command are moved after it; every other command line is left alone.
#include "cli/global_options.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using ttt::cli::is_global_option;
using ttt::cli::with_global_options_after_command;
using Args = std::vector<std::string>;

TEST_CASE("global options before the command go to just after its name, in the order typed") {
    CHECK(with_global_options_after_command({"--db", "a.db", "list"}) == Args{"list", "--db", "a.db"});
    CHECK(with_global_options_after_command({"--db=a.db", "show", "1", "--json"}) ==
          Args{"show", "--db=a.db", "1", "--json"});
    CHECK(
        with_global_options_after_command({"--busy-timeout", "200", "--db", "a.db", "move", "1", "2", "2"}) ==
        Args{"move", "--busy-timeout", "200", "--db", "a.db", "1", "2", "2"});
}

TEST_CASE("a command line with nothing to move, or no command after the options, is left as it was") {
    CHECK(with_global_options_after_command({"list", "--db", "a.db"}) == Args{"list", "--db", "a.db"});
    CHECK(with_global_options_after_command({"--db", "a.db"}) == Args{"--db", "a.db"});
    CHECK(with_global_options_after_command({"--db", "a.db", "--help"}) == Args{"--db", "a.db", "--help"});
    CHECK(with_global_options_after_command({"--json", "--db", "a.db", "list"}) ==
          Args{"--json", "--db", "a.db", "list"});
    CHECK(with_global_options_after_command({}).empty());
}

TEST_CASE("is_global_option knows --db and --busy-timeout, with or without =VALUE, and nothing else") {
    CHECK(is_global_option("--db"));
    CHECK(is_global_option("--db=x"));
    CHECK(is_global_option("--busy-timeout=5"));
    CHECK_FALSE(is_global_option("--dbx"));
    CHECK_FALSE(is_global_option("--json"));
    CHECK_FALSE(is_global_option("db"));
}
