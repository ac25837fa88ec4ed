#include "specstore.h"

#include "store.h"

namespace tb {

Expected<std::int64_t> SpecStore::save(const Spec &spec)
{
    const std::string operation = "save spec '" + spec.name + "'";
    const std::string hash = Store::contentHash(spec.document);
    auto insert = m_db.prepare("INSERT INTO specs (name, content_hash, document, base_directory)"
                               " VALUES (?1, ?2, ?3, ?4) ON CONFLICT (content_hash) DO NOTHING",
                               operation);
    if (!insert)
        return insert.error();
    insert->bindText(1, spec.name).bindText(2, hash).bindText(3, spec.document);
    insert->bindText(4, spec.baseDirectory);
    if (auto status = insert->run(); !status)
        return status.error();

    auto find = m_db.prepare("SELECT id, document FROM specs WHERE content_hash = ?1", operation);
    if (!find)
        return find.error();
    find->bindText(1, hash);
    auto row = find->step();
    if (!row)
        return row.error();
    if (!*row)
        return m_db.error(operation);
    // A 64-bit hash can collide; a different document under the same hash must not be merged.
    if (find->textAt(1) != spec.document) {
        return makeError(EngineError::Code::StoreError, "cannot " + operation,
                         "another spec document has the same content hash " + hash);
    }
    return find->intAt(0);
}

Expected<StoredSpec> SpecStore::read(std::int64_t specId)
{
    const std::string operation = "read spec " + std::to_string(specId);
    auto query = m_db.prepare(
        "SELECT id, name, document, base_directory, content_hash FROM specs WHERE id = ?1",
        operation);
    if (!query)
        return query.error();
    query->bindInt(1, specId);
    auto row = query->step();
    if (!row)
        return row.error();
    if (!*row) {
        return makeError(EngineError::Code::InvalidArgument,
                         "no spec " + std::to_string(specId) + " in workspace", m_db.path());
    }
    return StoredSpec{query->intAt(0), query->textAt(1), query->textAt(2), query->textAt(3),
                      query->textAt(4)};
}

} // namespace tb
