// The notice shown.
#include "model/notice.hpp"

#include "model/describe.hpp"

#include <utility>

namespace ttt::app {

std::string game_name(store::GameId id) {
    return "game #" + std::to_string(id);
}

std::string storage_sentence(const store::StorageError& e, std::string_view not_done) {
    const std::string what(not_done);
    switch (e.kind()) {
    case store::StorageErrorKind::Locked:
        return "The database is locked by another program; " + what + " \u2014 try again.";
    case store::StorageErrorKind::Full:
        return "The disk is full; " + what + ". Free some space, then try again.";
    case store::StorageErrorKind::Corrupt:
        return "The database looks damaged (" + std::string(e.what()) + "); " + what +
               ". `tictactrace verify` checks it.";
    case store::StorageErrorKind::NewerSchema:
        return "The database was changed by a newer tictactrace; " + what + ".";
    case store::StorageErrorKind::Tampered:
        return "The database holds something tictactrace never writes (" + std::string(e.what()) + "); " +
               what + ".";
    case store::StorageErrorKind::Unavailable:
        return "The database server cannot be reached (" + std::string(e.what()) + "); " + what +
               ". The window reconnects by itself.";
    case store::StorageErrorKind::Denied:
        return "The database server refused (" + std::string(e.what()) + "); " + what + ".";
    case store::StorageErrorKind::Interrupted:  // a reader's own stop, never a write's: said as any other
    case store::StorageErrorKind::Io:
    case store::StorageErrorKind::Other: break;
    }
    return "The database could not be used (" + std::string(store::name_of(e.kind())) + ": " + e.what() +
           "); " + what + ".";
}

void Notices::say(Notice::Level level, std::string text, std::optional<store::StorageErrorKind> storage) {
    m_notice = Notice{level, as_sentence(std::move(text), false), ++m_serial, storage};
}

}  // namespace ttt::app
