#pragma once

#include "model/expected.h"

#include <string>

namespace tb {

// The SQLite file behind a workspace path, ready to open read-only: the file itself, or, for a
// gzip- or xz-compressed workspace (ws.tbw.gz, ws.tbw.xz: how recorded spaces are committed), an
// inflated copy in a private temporary directory that is removed with this object. SQLite
// cannot read compressed pages, so a copy on disk is the simple way; it costs the inflated size
// in the temporary directory for as long as the object lives.
class WorkspaceSource
{
public:
    // Fails with IoError when the file cannot be read, or its compressed data is corrupt, and
    // InvalidArgument naming the file when its (inflated) bytes are not an SQLite database.
    static Expected<WorkspaceSource> resolve(const std::string &path);

    WorkspaceSource(WorkspaceSource &&other) noexcept;
    WorkspaceSource &operator=(WorkspaceSource &&other) noexcept;
    WorkspaceSource(const WorkspaceSource &) = delete;
    WorkspaceSource &operator=(const WorkspaceSource &) = delete;
    ~WorkspaceSource();

    const std::string &path() const { return m_path; }         // as the caller named it
    const std::string &sqlitePath() const { return m_sqlite; } // what to open
    bool inflated() const { return !m_temporaryDirectory.empty(); }

private:
    WorkspaceSource(std::string path, std::string sqlitePath, std::string temporaryDirectory);
    void removeCopy();

    std::string m_path;
    std::string m_sqlite;
    std::string m_temporaryDirectory; // empty: nothing to remove
};

// Whether `path` should be read as a workspace rather than as recorded JSON: SQLite's header,
// plain or gzip- or xz-compressed (xz data that cannot be inflated too: WorkspaceSource then
// says why). False when the file cannot be read: the JSON readers then report why.
bool looksLikeWorkspace(const std::string &path);

} // namespace tb
