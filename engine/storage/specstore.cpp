#include "specstore.h"

#include "store.h"

namespace tb {

Expected<std::int64_t> SpecStore::save(const Spec &spec)
{
    const std::string operation = "save spec '" + spec.name + "'";
    const std::string hash = Store::contentHash(spec.document);
    if (auto status = m_db.run("INSERT INTO specs (name, content_hash, document, base_directory)"
                               " VALUES (?1, ?2, ?3, ?4) ON CONFLICT (content_hash) DO NOTHING",
                               operation, {spec.name, hash, spec.document, spec.baseDirectory});
        !status)
        return status.error();

    auto found =
        m_db.firstRow("SELECT id, document FROM specs WHERE content_hash = ?1", operation, {hash});
    if (!found)
        return found.error();
    if (!*found)
        return m_db.error(operation);
    const Statement &row = **found;
    // A 64-bit hash can collide; a different document under the same hash must not be merged.
    if (row.textAt(1) != spec.document) {
        return makeError(EngineError::Code::StoreError, "cannot " + operation,
                         "another spec document has the same content hash " + hash);
    }
    return row.intAt(0);
}

Expected<StoredSpec> SpecStore::read(std::int64_t specId)
{
    const std::string operation = "read spec " + std::to_string(specId);
    auto found = m_db.firstRow(
        "SELECT id, name, document, base_directory, content_hash FROM specs WHERE id = ?1",
        operation, {specId});
    if (!found)
        return found.error();
    if (!*found) {
        return makeError(EngineError::Code::InvalidArgument,
                         "no spec " + std::to_string(specId) + " in workspace", m_db.path());
    }
    const Statement &row = **found;
    return StoredSpec{row.intAt(0), row.textAt(1), row.textAt(2), row.textAt(3), row.textAt(4)};
}

} // namespace tb
