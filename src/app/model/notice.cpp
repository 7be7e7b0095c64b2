// The notice shown.
#include "model/notice.hpp"

#include "model/describe.hpp"

#include <utility>

namespace ttt::app {

void Notices::say(Notice::Level level, std::string text, std::optional<store::StorageErrorKind> storage) {
    m_notice = Notice{level, as_sentence(std::move(text), false), ++m_serial, storage};
}

}  // namespace ttt::app
