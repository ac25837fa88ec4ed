#pragma once

#include "model/expected.h"

#include <string>

namespace tb {

class Database;

// A write transaction that rolls back unless commit() succeeded: every early return of a
// failed operation leaves the workspace as it was.
class Transaction
{
public:
    // BEGIN IMMEDIATE takes the write lock up front (waiting up to the busy timeout), so a
    // second writer cannot make us fail half way with SQLITE_BUSY.
    static Expected<Transaction> begin(Database &db, const std::string &operation);

    Transaction(Transaction &&other) noexcept;
    Transaction &operator=(Transaction &&) = delete;
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;
    ~Transaction();

    Status commit();

private:
    Transaction(Database *db, std::string operation);

    Database *m_db = nullptr; // null once committed or rolled back
    std::string m_operation;
};

} // namespace tb
