#pragma once

#include "jsonpointer.h"

#include <QCoreApplication>
#include <QString>

#include <string>

namespace tb {

// A spec file on disk as last read or written: its text exactly as the user wrote it and the
// JSON that text holds. Saving patches that text (patchJsonText), so that only the values
// edited since are rewritten and the user's formatting stays. A spec never read or written
// (a new one) has no text and is formatted afresh.
class SpecFile
{
    Q_DECLARE_TR_FUNCTIONS(SpecFile)
public:
    // Reads the file's JSON. On failure (file unreadable, not JSON: "line L, column C", not an
    // object) this is unchanged and `error` says why.
    bool read(const QString &path, QString *error);
    // Writes `json` to `absolutePath` atomically (temporary file + rename): on failure the file
    // on disk is untouched and `error` names the path and the reason.
    bool write(const QString &absolutePath, const SpecJson &json, QString *error);
    const SpecJson &json() const { return m_json; }

private:
    std::string m_text;
    SpecJson m_json;
};

} // namespace tb
