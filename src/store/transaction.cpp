// BEGIN in the constructor, ROLLBACK in the destructor unless commit() ran.
#include "tictactrace/store/transaction.hpp"

#include "tictactrace/store/database.hpp"

#include <sqlite3.h>

namespace ttt::store {

Transaction::Transaction(Database& db, TransactionMode mode) : m_db(&db) {
    switch (mode) {
    case TransactionMode::Deferred: db.exec("BEGIN DEFERRED"); break;
    case TransactionMode::Immediate: db.exec("BEGIN IMMEDIATE"); break;
    case TransactionMode::Exclusive: db.exec("BEGIN EXCLUSIVE"); break;
    }
}

Transaction::~Transaction() {
    // SQLite may already have rolled back on its own (a full disk, an I/O error): then there is
    // nothing to undo and ROLLBACK would fail, so ask first. A destructor never throws.
    if (!m_committed && m_db->in_transaction())
        sqlite3_exec(m_db->handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    m_db->exec("COMMIT");
    m_committed = true;
}

}  // namespace ttt::store
