// BEGIN in the constructor, ROLLBACK in the destructor unless commit() ran.
#include "tictactrace/store/transaction.hpp"

#include "database.hpp"

namespace ttt::store {

Transaction::Transaction(Database& db, TransactionMode mode) : m_db(&db) {
    switch (mode) {
    case TransactionMode::Deferred: db.begin(false); break;
    case TransactionMode::Immediate: db.begin(true); break;
    case TransactionMode::Exclusive: db.begin_exclusive(); break;
    }
}

Transaction::~Transaction() {
    if (!m_committed) m_db->rollback();
}

void Transaction::commit() {
    m_db->commit();
    m_committed = true;
}

}  // namespace ttt::store
