// One field of a CSV file a spreadsheet reads (RFC 4180): the class list, a poll's answers.
#pragma once

#include <string>
#include <string_view>

namespace ttt::exchange {

// `text` as a field: quoted when it holds a comma, a quote or a line break, its quotes doubled.
[[nodiscard]] std::string csv_field(std::string_view text);

}  // namespace ttt::exchange
