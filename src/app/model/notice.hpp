// The one sentence for the user about the last thing that happened (or could not happen), said by every
// part of the model: the controller, the play driver, the lessons, the imports.
#pragma once

#include "tictactrace/store/storage_error.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace ttt::app {

struct Notice {
    enum class Level : int { Info = 0, Warning = 1, Error = 2 };
    Level level = Level::Info;
    std::string text;
    std::int64_t serial = 0;  // grows with every notice, so views can tell a new one from an old one
    std::optional<store::StorageErrorKind> storage;  // set when the store failed (locked, corrupt, ...)
};

// The notice shown now: a new one replaces it.
class Notices {
public:
    // A sentence begins with a capital, also one that begins with a game's name ("Game #7 starts ...").
    void say(Notice::Level level, std::string text,
             std::optional<store::StorageErrorKind> storage = std::nullopt);
    void clear() noexcept { m_notice.reset(); }
    [[nodiscard]] const std::optional<Notice>& current() const noexcept { return m_notice; }

private:
    std::optional<Notice> m_notice;
    std::int64_t m_serial = 0;
};

}  // namespace ttt::app
