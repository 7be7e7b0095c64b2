// A poll's answers as a teacher's spreadsheet: one row a student with their answer, when they gave it and
// whether it is one of the accepted answers. `tictactrace poll results --csv` prints it and the window's
// Class > The answers saves it, so both write the same file.
#pragma once

#include "tictactrace/store/live_lesson.hpp"

#include <cstdint>
#include <string>

namespace ttt::exchange {

// "2026-03-04T09:15:02Z": a time of the live streams (ms since the epoch, UTC) as a spreadsheet reads it.
[[nodiscard]] std::string iso_time_utc(std::int64_t ms);

// The header `student,answer,time,correct`, then a row a student in the order of `results.answers`; the
// answer is "ROW,COL" from 1 (quoted), correct is "yes" or "no", empty when the poll has no accepted answers.
[[nodiscard]] std::string poll_answers_csv(const store::PollResults& results);

}  // namespace ttt::exchange
