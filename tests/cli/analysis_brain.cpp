// Scripted Gomocup brains for `analyse`, one dialect each (docs/brains.md, "Analysing with a brain"). Each
// plays the first empty cell (row by row) and says what it "thinks" in its dialect, its evaluation 10 points
// a stone on the board, so that a test knows every number it should read:
//
//   --dialect rapfi    "MESSAGE Depth D-D | Eval E | Time 1ms | a1 b1" and "MESSAGE Bestline a1 b1" (D is
//                      INFO max_depth when told, else 3)
//   --dialect yixin    takes YXBOARD ... DONE and YXNBEST n: "MESSAGE REALTIME BEST x,y" and n lines
//                      "MESSAGE (i) E-i | 3-5 | a1 b1"; to BOARD it says only REALTIME, no evaluation
//   --dialect garbage  "MESSAGE Depth 3-5 | Eval banana | Time 1ms | a1"
//   --dialect silent   no MESSAGE at all
//   --dialect illegal  Rapfi's lines, but its Bestline plays its own move twice
//   --die-at N         exits with status 3 instead of the N-th move (counted from 1)
//   --log FILE         appends every line received to FILE
#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <utility>

namespace {

std::string dialect = "rapfi";
int die_at = 0;
std::string log_file;
int size = 15;
std::set<std::pair<int, int>> taken;  // (x, y)
int moves = 0;
std::string depth = "3";

void say(const std::string& line) {
    std::cout << line << "\r\n" << std::flush;
}

std::pair<int, int> first_empty(const std::set<std::pair<int, int>>& used) {
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x)
            if (!used.count({x, y})) return {x, y};
    return {0, 0};
}

std::string rapfi(std::pair<int, int> c) {
    return std::string(1, static_cast<char>('a' + c.first)) + std::to_string(c.second + 1);
}

// The answer to a move command: messages in the dialect, then the move (the first empty cell).
void move(int nbest) {
    if (++moves == die_at) {
        std::fprintf(stderr, "analysis brain: dying as told\n");
        std::exit(3);
    }
    const auto best = first_empty(taken);
    auto after = taken;
    after.insert(best);
    const auto next = first_empty(after);
    const std::string eval = std::to_string(10 * taken.size());
    const std::string line = rapfi(best) + " " + rapfi(next);
    if (dialect == "rapfi" || dialect == "illegal") {
        const std::string said = dialect == "illegal" ? rapfi(best) + " " + rapfi(best) : line;
        say("MESSAGE Depth " + depth + "-" + depth + " | Eval " + eval + " | Time 1ms | " + said);
        say("MESSAGE Bestline " + said);
    } else if (dialect == "garbage") {
        say("MESSAGE Depth 3-5 | Eval banana | Time 1ms | " + rapfi(best));
    } else if (dialect == "yixin") {
        say("MESSAGE REALTIME REFRESH");
        say("MESSAGE REALTIME BEST " + std::to_string(best.first) + "," + std::to_string(best.second));
        auto used = taken;
        for (int i = 1; i <= nbest; ++i) {
            const auto c = first_empty(used);
            used.insert(c);
            auto then = used;
            const auto reply = first_empty(then);
            say("MESSAGE (" + std::to_string(i) + ") " +
                std::to_string(10 * static_cast<int>(taken.size()) - i) + " | 3-5 | " + rapfi(c) + " " +
                rapfi(reply));
        }
    }
    taken.insert(best);
    say(std::to_string(best.first) + "," + std::to_string(best.second));
}

}  // namespace

int main(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--dialect")
            dialect = argv[i + 1];
        else if (a == "--die-at")
            die_at = std::stoi(argv[i + 1]);
        else if (a == "--log")
            log_file = argv[i + 1];
    }
    std::string line;
    bool in_board = false;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!log_file.empty()) std::ofstream(log_file, std::ios::app) << line << '\n';
        const std::string word = line.substr(0, line.find(' '));
        if (in_board) {
            if (line == "DONE") {
                in_board = false;
                continue;
            }
            const auto c1 = line.find(',');
            taken.insert({std::stoi(line.substr(0, c1)), std::stoi(line.substr(c1 + 1))});
            continue;
        }
        if (word == "START") {
            size = std::stoi(line.substr(6));
            say("OK");
        } else if (word == "INFO") {
            if (line.rfind("INFO max_depth ", 0) == 0) depth = line.substr(15);
        } else if (word == "ABOUT") {
            say("name=\"analysis brain " + dialect + "\", version=\"0.9\", author=\"tictactrace tests\"");
        } else if (word == "RESTART") {
            taken.clear();
            say("OK");
        } else if (word == "BOARD" || word == "YXBOARD") {
            if (word == "YXBOARD" && dialect != "yixin") {
                say("UNKNOWN YXBOARD");
                continue;
            }
            taken.clear();
            in_board = true;
            if (word == "BOARD") {
                // The move follows DONE.
                while (std::getline(std::cin, line)) {
                    if (!line.empty() && line.back() == '\r') line.pop_back();
                    if (!log_file.empty()) std::ofstream(log_file, std::ios::app) << line << '\n';
                    if (line == "DONE") break;
                    const auto c1 = line.find(',');
                    taken.insert({std::stoi(line.substr(0, c1)), std::stoi(line.substr(c1 + 1))});
                }
                in_board = false;
                move(dialect == "yixin" ? 0 : 1);  // to BOARD Yixin says only REALTIME
            }
        } else if (word == "YXNBEST") {
            move(std::stoi(line.substr(8)));
        } else if (word == "END") {
            return 0;
        } else {
            say("UNKNOWN " + word);
        }
    }
    return 0;
}
