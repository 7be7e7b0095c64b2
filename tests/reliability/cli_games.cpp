// The reliability tests' own CLI steps.
#include "cli_games.hpp"

#include "../common/child_process.hpp"

#include <sstream>
#include <stdexcept>

#ifndef TTT_CLI
#error "TTT_CLI must name the tictactrace executable"
#endif

namespace ttt::reliability {

long long new_gomoku(const std::string& uri) {
    ttt::testing::ChildOptions o;
    o.argv = {TTT_CLI, "new", "--rules", "gomoku", "--db", uri};
    const auto done = ttt::testing::run_to_end(std::move(o));
    const long long id = done.status == 0 ? std::atoll(done.out.c_str()) : 0;
    if (id <= 0)
        throw std::runtime_error("tictactrace new exited " + std::to_string(done.status) + ": " + done.err +
                                 done.out);
    return id;
}

std::string sentence_of(const std::string& failed_line) {
    // "failed COMMAND STATUS " and then the sentence.
    std::istringstream in(failed_line);
    std::string word;
    for (int i = 0; i < 3; ++i) in >> word;
    std::string rest;
    std::getline(in, rest);
    return rest.empty() ? rest : rest.substr(1);
}

}  // namespace ttt::reliability
