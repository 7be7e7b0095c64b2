// A poll's answers as the teacher's spreadsheet: the rows a spreadsheet reads back (RFC 4180 quoting), the
// time in UTC, and "correct" against the accepted answers.
#include <doctest/doctest.h>

#include "tictactrace/exchange/csv_field.hpp"
#include "tictactrace/exchange/poll_answers_csv.hpp"

using namespace ttt;

TEST_CASE("a CSV field is quoted only when it holds a comma, a quote or a line break, its quotes doubled") {
    CHECK(exchange::csv_field("ann") == "ann");
    CHECK(exchange::csv_field("8,8") == "\"8,8\"");
    CHECK(exchange::csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
    CHECK(exchange::csv_field("two\nlines") == "\"two\nlines\"");
    CHECK(exchange::csv_field("") == "");
}

TEST_CASE("a poll's answers: one row a student, the cell from 1, the time in UTC, correct against the "
          "accepted answers") {
    store::PollResults r;
    r.poll.id = 3;
    r.answers = {store::PollAnswer{"ann", Pos{7, 7}, 1772615702000, 0},
                 store::PollAnswer{"O'Brien, Bob", Pos{2, 2}, 1772615703999, 2}};
    // 1772615702 s is 2026-03-04T09:15:02Z.
    CHECK(exchange::iso_time_utc(1772615702000) == "2026-03-04T09:15:02Z");
    CHECK(exchange::poll_answers_csv(r) == "student,answer,time,correct\n"
                                           "ann,\"8,8\",2026-03-04T09:15:02Z,\n"
                                           "\"O'Brien, Bob\",\"3,3\",2026-03-04T09:15:03Z,\n");
    r.poll.accepted = {Pos{7, 7}, Pos{0, 0}};
    CHECK(exchange::poll_answers_csv(r) == "student,answer,time,correct\n"
                                           "ann,\"8,8\",2026-03-04T09:15:02Z,yes\n"
                                           "\"O'Brien, Bob\",\"3,3\",2026-03-04T09:15:03Z,no\n");
    r.answers.clear();
    CHECK(exchange::poll_answers_csv(r) == "student,answer,time,correct\n");
}
