// The compact form of an imported event.
#include "tictactrace/store/import_batch.hpp"

#include "tictactrace/engine/overloaded.hpp"

namespace ttt::store {

Event ImportEvent::event() const {
    switch (m_kind) {
    case Kind::Move: return MovePlayed{m_player, m_pos};
    case Kind::TakeBack: return MoveTakenBack{m_player, m_pos};
    case Kind::Resign: return Resigned{m_player};
    case Kind::Other: break;
    }
    return m_other ? *m_other : Event{};
}

void ImportEvent::set_event(const Event& event) {
    m_other.reset();
    std::visit(
        Overloaded{
            [&](const MovePlayed& e) { m_kind = Kind::Move, m_player = e.player, m_pos = e.pos; },
            [&](const MoveTakenBack& e) { m_kind = Kind::TakeBack, m_player = e.player, m_pos = e.pos; },
            [&](const Resigned& e) { m_kind = Kind::Resign, m_player = e.player; },
            [&](const auto& other) {
                m_kind = Kind::Other;
                m_other = std::make_shared<const Event>(other);
            },
        },
        event);
}

}  // namespace ttt::store
