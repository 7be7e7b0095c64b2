// Reading the writers' lines back.
#include "writer_lines.hpp"

#include <sstream>

namespace ttt::reliability {

void Said::add(const std::string& line) {
    std::istringstream in(line);
    std::string word;
    in >> word;
    if (word == "ack") {
        Ack a;
        in >> a.game >> a.seq >> a.row >> a.col;
        if (in) {
            acks.push_back(a);
            return;
        }
    } else if (word == "rejected") {
        ++rejected;
        return;
    } else if (word == "conflict") {
        ++conflicts;
        return;
    } else if (word == "failed") {
        failed.push_back(line);
        std::string command;
        in >> command;
        if (command == "move") ++failed_moves;
        return;
    } else if (word == "stray") {
        stray.push_back(line);
        return;
    } else if (word == "game") {
        long long g = 0;
        if (in >> g) {
            games.insert(g);
            return;
        }
    } else if (word == "done") {
        done = true;
        return;
    }
    unexpected.push_back(line);  // "unexpected", "hung", or a line the writer never writes
}

void Said::add(const Said& other) {
    acks.insert(acks.end(), other.acks.begin(), other.acks.end());
    rejected += other.rejected;
    conflicts += other.conflicts;
    failed.insert(failed.end(), other.failed.begin(), other.failed.end());
    failed_moves += other.failed_moves;
    stray.insert(stray.end(), other.stray.begin(), other.stray.end());
    unexpected.insert(unexpected.end(), other.unexpected.begin(), other.unexpected.end());
    games.insert(other.games.begin(), other.games.end());
}

Said said_in(const std::vector<std::string>& lines, std::size_t from) {
    Said s;
    for (std::size_t i = from; i < lines.size(); ++i) s.add(lines[i]);
    return s;
}

}  // namespace ttt::reliability
