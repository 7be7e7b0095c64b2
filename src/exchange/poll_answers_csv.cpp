// A poll's answers as CSV.
#include "tictactrace/exchange/poll_answers_csv.hpp"

#include "tictactrace/exchange/csv_field.hpp"

#include <algorithm>
#include <ctime>

namespace ttt::exchange {

std::string iso_time_utc(std::int64_t ms) {
    const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
    std::tm utc{};
    ::gmtime_r(&seconds, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

std::string poll_answers_csv(const store::PollResults& results) {
    const auto& accepted = results.poll.accepted;
    std::string out = "student,answer,time,correct\n";
    for (const store::PollAnswer& a : results.answers) {
        const bool right = std::find(accepted.begin(), accepted.end(), a.cell) != accepted.end();
        const char* correct = accepted.empty() ? "" : right ? "yes" : "no";
        out += csv_field(a.student) + "," +
               csv_field(std::to_string(a.cell.row + 1) + "," + std::to_string(a.cell.col + 1)) + "," +
               iso_time_utc(a.answered_ms) + "," + correct + "\n";
    }
    return out;
}

}  // namespace ttt::exchange
