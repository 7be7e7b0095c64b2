// Reading the log through the CLI and holding the writers' acknowledgements against it.
#include "logged_games.hpp"

#include "../common/child_process.hpp"

#include <regex>
#include <set>
#include <stdexcept>
#include <utility>

#ifndef TTT_CLI
#error "TTT_CLI must name the tictactrace executable"
#endif

namespace ttt::reliability {

namespace {

std::string cli(const std::vector<std::string>& words, const std::string& uri) {
    ttt::testing::ChildOptions o;
    o.argv = {TTT_CLI};
    o.argv.insert(o.argv.end(), words.begin(), words.end());
    o.argv.insert(o.argv.end(), {"--db", uri});
    const auto done = ttt::testing::run_to_end(std::move(o));
    if (done.status != 0) {
        std::string command;
        for (const auto& w : words) command += " " + w;
        throw std::runtime_error("tictactrace" + command + " exited " + std::to_string(done.status) + ": " +
                                 done.err);
    }
    return done.out;
}

}  // namespace

std::map<long long, LoggedGame> read_log(const std::string& uri) {
    std::map<long long, LoggedGame> log;
    // list --json: [{"id":N,"rules":{...},...},...]
    const std::string list = cli({"list", "--json"}, uri);
    static const std::regex game_id(R"re(\{"id":([0-9]+),"rules")re");
    for (std::sregex_iterator it(list.begin(), list.end(), game_id), end; it != end; ++it)
        log[std::stoll((*it)[1].str())];
    // history --json: {"id":N,"events":[{"seq":0,"type":"game_created",...},{"seq":1,"type":
    // "move_played","recorded_ms":...,"move":1,"player":"x","row":8,"col":8},...]}
    static const std::regex event(R"re(\{"seq":([0-9]+),"type":"([a-z_]+)"([^{}]*))re");
    static const std::regex cell(R"re("row":([0-9]+),"col":([0-9]+))re");
    for (auto& [id, game] : log) {
        const std::string history = cli({"history", std::to_string(id), "--json"}, uri);
        for (std::sregex_iterator it(history.begin(), history.end(), event), end; it != end; ++it) {
            const long long seq = std::stoll((*it)[1].str());
            game.seqs.push_back(seq);
            if ((*it)[2].str() != "move_played") continue;
            const std::string rest = (*it)[3].str();
            std::smatch m;
            if (!std::regex_search(rest, m, cell))
                throw std::runtime_error("a move of game " + std::to_string(id) +
                                         " without its cell: " + rest);
            game.moves.push_back({seq, std::stoi(m[1].str()), std::stoi(m[2].str())});
        }
    }
    return log;
}

Comparison compare(const std::vector<Ack>& acks, const std::map<long long, LoggedGame>& log) {
    Comparison c;
    const auto name = [](long long game, long long seq) {
        return "game " + std::to_string(game) + " step " + std::to_string(seq);
    };
    std::map<std::pair<long long, long long>, std::pair<int, int>> logged;
    for (const auto& [id, game] : log) {
        for (std::size_t i = 0; i < game.seqs.size(); ++i)
            if (game.seqs[i] != static_cast<long long>(i))
                c.problems.push_back("game " + std::to_string(id) + " lists step " +
                                     std::to_string(game.seqs[i]) + " as its event number " +
                                     std::to_string(i));
        std::set<std::pair<int, int>> cells;
        for (const LoggedMove& m : game.moves) {
            logged[{id, m.seq}] = {m.row, m.col};
            if (!cells.insert({m.row, m.col}).second)
                c.problems.push_back(name(id, m.seq) + " plays (" + std::to_string(m.row) + ", " +
                                     std::to_string(m.col) + ") a second time");
        }
        c.logged_moves += static_cast<long>(game.moves.size());
    }
    std::set<std::pair<long long, long long>> told;
    for (const Ack& a : acks) {
        if (!told.insert({a.game, a.seq}).second) {
            c.problems.push_back(name(a.game, a.seq) + " was acknowledged twice");
            continue;
        }
        const auto it = logged.find({a.game, a.seq});
        if (it == logged.end())
            c.problems.push_back(name(a.game, a.seq) + " was acknowledged and is not in the log");
        else if (it->second != std::pair{a.row, a.col})
            c.problems.push_back(name(a.game, a.seq) + " was acknowledged as (" + std::to_string(a.row) +
                                 ", " + std::to_string(a.col) + ") and the log has (" +
                                 std::to_string(it->second.first) + ", " + std::to_string(it->second.second) +
                                 ")");
    }
    for (const auto& [key, cell] : logged)
        if (told.count(key) == 0) ++c.unacknowledged;
    return c;
}

std::string verify_problems(const std::string& uri) {
    ttt::testing::ChildOptions o;
    o.argv = {TTT_CLI, "verify", "--db", uri};
    const auto done = ttt::testing::run_to_end(std::move(o));
    if (done.status == 0 && done.out.rfind("ok: ", 0) == 0) return "";
    return "verify exited " + std::to_string(done.status) + ": " + done.out + done.err;
}

}  // namespace ttt::reliability
