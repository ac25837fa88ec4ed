#include "store.h"

#include "workspacefile.h"

#include <cstdio>
#include <utility>

namespace tb {

Expected<Store> Store::open(const std::string &path)
{
    auto opened = openWorkspace(path);
    if (!opened)
        return opened.error();
    return Store(std::move(opened->db), opened->schemaVersion);
}

Expected<Store> Store::openToRead(const std::string &path)
{
    auto opened = openWorkspaceReadOnly(path);
    if (!opened)
        return opened.error();
    return Store(std::move(opened->db), opened->schemaVersion);
}

Store::Store(Database db, int schemaVersion) : m_db(std::move(db)), m_schemaVersion(schemaVersion)
{}

Store::Store(Store &&) noexcept = default;
Store &Store::operator=(Store &&) noexcept = default;
Store::~Store() = default;

std::string Store::contentHash(const std::string &text)
{
    std::uint64_t hash = 14695981039346656037ull; // FNV-1a 64 offset basis
    for (unsigned char byte : text) {
        hash ^= byte;
        hash *= 1099511628211ull; // FNV-1a 64 prime
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return std::string("fnv1a64:") + hex;
}

Expected<std::string> Store::integrityCheck()
{
    auto query = m_db.prepare("PRAGMA integrity_check", "check the integrity of " + path());
    if (!query)
        return query.error();
    std::string text;
    while (true) {
        auto row = query->step();
        if (!row)
            return row.error();
        if (!*row)
            return text;
        if (!text.empty())
            text += '\n';
        text += query->textAt(0);
    }
}

} // namespace tb
