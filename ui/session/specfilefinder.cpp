#include "specfilefinder.h"

#include "spec/specloader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <optional>

namespace tb {

namespace {

bool sameSpecIdentity(const Spec &a, const Spec &b)
{
    return a.name == b.name && a.backend == b.backend && a.kernel.entry == b.kernel.entry &&
           a.kernel.sourcePath == b.kernel.sourcePath;
}

// The file's text when it is a regular file small enough to be a spec; nullopt otherwise.
std::optional<QByteArray> readCandidate(const QFileInfo &file)
{
    if (!file.isFile() || file.size() > kMaxSpecFileBytes)
        return std::nullopt;
    QFile in(file.absoluteFilePath());
    if (!in.open(QIODevice::ReadOnly))
        return std::nullopt;
    return in.read(kMaxSpecFileBytes + 1);
}

// Whether the name reads the same in any JSON text: a name that JSON may escape ("\u00e9") is
// not looked for in the raw text.
bool plainInJson(const std::string &name)
{
    for (const char c : name)
        if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20 ||
            static_cast<unsigned char>(c) >= 0x80)
            return false;
    return true;
}

} // namespace

SpecFileMatch findSpecFile(const Spec &ran)
{
    if (ran.baseDirectory.empty())
        return {}; // an imported run: it ran no spec file
    const QDir directory(QString::fromStdString(ran.baseDirectory));
    SpecFileMatch found;
    found.directory = directory.absolutePath();
    const QFileInfoList files = directory.entryInfoList({QStringLiteral("*.json")},
                                                        QDir::Files | QDir::Readable, QDir::Name);
    // The stored document wrote out the measurement defaults it ran with: read the candidates
    // with the same defaults, so that an unchanged file gives the same document.
    SpecLoader loader(ran.measurement);
    const QByteArray name = QByteArray::fromStdString(ran.name);
    const bool lookForName = plainInJson(ran.name);
    int read = 0;
    for (const QFileInfo &file : files) {
        if (read == kMaxSpecCandidates)
            break;
        const auto text = readCandidate(file);
        if (!text || text->size() > kMaxSpecFileBytes)
            continue;
        ++read;
        // Most JSON files of a folder are not this spec: skip those that cannot name it.
        if (lookForName && !text->contains(name))
            continue;
        auto candidate = loader.parse(text->toStdString(), ran.baseDirectory);
        if (!candidate || !sameSpecIdentity(*candidate, ran))
            continue;
        if (candidate->document == ran.document) {
            found.path = file.absoluteFilePath();
            found.edited = false;
            return found;
        }
        if (found.path.isEmpty()) {
            found.path = file.absoluteFilePath();
            found.edited = true;
        }
    }
    return found;
}

} // namespace tb
