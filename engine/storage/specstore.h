#pragma once

#include "database.h"
#include "model/expected.h"
#include "model/spec.h"
#include "storerecords.h"

#include <cstdint>

namespace tb {

// A workspace's spec documents (Store::specs()): each saved once, found again by the hash of
// its text (Store::contentHash()); runs point at them.
class SpecStore
{
public:
    explicit SpecStore(Database &db) : m_db(db) {}

    // Saved once per distinct document; returns the existing id if present.
    Expected<std::int64_t> save(const Spec &spec);
    Expected<StoredSpec> read(std::int64_t specId);

private:
    Database &m_db;
};

} // namespace tb
