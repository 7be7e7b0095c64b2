// The exit statuses of every command, so that scripts can tell a refusal from a mistake.
#pragma once

namespace ttt::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitRefused = 1;  // the request was understood but cannot be done (a game too large)
inline constexpr int kExitUsage = 2;    // a bad command line or bad input (a ragged board, a bad file)
inline constexpr int kExitRejected =
    3;  // a rejected move: cell taken, off the board, game over, unknown game
inline constexpr int kExitConflict = 4;  // another writer changed the game first; nothing was written
inline constexpr int kExitStorage = 5;   // a storage failure: locked, corrupt, full, newer schema
// The same status for the other way the system can fail a command: its result could not be written
// (standard output or -o FILE: the disk full, an I/O error, a closed output).
inline constexpr int kExitOutput = 5;
// A brain (--engine CMD) lost by forfeit: `play` wrote the forfeit to the game, `hint` wrote nothing.
inline constexpr int kExitForfeit = 6;
// Part of the request was done and the rest could not be, each part named on stderr: `copy --all` copied
// every game it could and left out the games it names.
inline constexpr int kExitPartial = 7;
// `solve` found no forced win: none exists, or none within its limits (the message says which).
inline constexpr int kExitNoProof = 8;
// `match` was stopped by Ctrl+C (SIGINT) and printed the games played so far: 128 + SIGINT, as shells say.
inline constexpr int kExitInterrupted = 130;

}  // namespace ttt::cli
