// A transaction that rolls back in its destructor unless commit() ran: a failure half way writes nothing.
#pragma once

namespace ttt::store {

class Database;

enum class TransactionMode : int {
    Deferred = 0,   // takes locks as statements need them (reads)
    Immediate = 1,  // takes the write lock at once, waiting up to the busy timeout (every write we do)
    Exclusive = 2,
};

class Transaction {
public:
    explicit Transaction(Database& db, TransactionMode mode = TransactionMode::Immediate);
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    // Rolls back when commit() did not run. Never throws.
    ~Transaction();

    void commit();
    [[nodiscard]] bool committed() const noexcept { return m_committed; }

private:
    Database* m_db;
    bool m_committed = false;
};

}  // namespace ttt::store
