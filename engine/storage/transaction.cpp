#include "transaction.h"

#include "database.h"

#include <utility>

namespace tb {

Expected<Transaction> Transaction::begin(Database &db, const std::string &operation)
{
    if (auto status = db.exec("BEGIN IMMEDIATE", operation + " (begin transaction)"); !status)
        return status.error();
    return Transaction(&db, operation);
}

Transaction::Transaction(Database *db, std::string operation)
    : m_db(db), m_operation(std::move(operation))
{}

Transaction::Transaction(Transaction &&other) noexcept
    : m_db(std::exchange(other.m_db, nullptr)), m_operation(std::move(other.m_operation))
{}

Transaction::~Transaction()
{
    if (m_db)
        (void)m_db->exec("ROLLBACK", m_operation + " (roll back)");
}

Status Transaction::commit()
{
    if (auto status = m_db->exec("COMMIT", m_operation + " (commit)"); !status)
        return status; // the destructor still rolls back
    m_db = nullptr;
    return ok();
}

} // namespace tb
