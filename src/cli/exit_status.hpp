// The exit statuses of every command, so that scripts can tell a refusal from a mistake.
#pragma once

namespace ttt::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitRefused = 1;  // the request was understood but cannot be done (a game too large)
inline constexpr int kExitUsage = 2;    // a bad command line or bad input (a ragged board, a bad file)

}  // namespace ttt::cli
