#pragma once

#include "model/spec.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace tb {

struct CompilerMessage;

// The kernel source a spec names, as the Kernel page edits it: where the file is, reading it
// as the engine does, saving it in place, and whether a compiler's message is about it. No
// widgets: the page shows what this says. A spec with inline code (kernel.code) has no file.
class KernelSourceFile
{
    Q_DECLARE_TR_FUNCTIONS(KernelSourceFile)
public:
    // What a load gives the editor: the text, or the error that left it empty and read-only.
    struct Loaded
    {
        QString text;
        QString error;
        bool ok() const { return error.isEmpty(); }
    };

    // The spec's kernel.source, resolved against the spec's base directory (else the spec
    // file's); empty for inline code.
    static QString resolvePath(const Spec &spec, const QString &specPath);

    // Reads `path` (a device or a FIFO refused unread, a size limit), or the spec's inline code
    // when `path` is empty. The file is this one from now on, read or not.
    Loaded load(const Spec &spec, const QString &path);
    QString path() const { return m_path; }
    bool isInline() const { return m_path.isEmpty(); }
    // Whether `text` could be saved: a file that was read.
    bool canSave() const { return !isInline() && !m_loadFailed; }
    // Writes `text` over the file atomically; empty on success, else why (the file untouched).
    QString save(const QByteArray &text) const;
    // Whether a compiler's `message` names this file. Compilers name it as we named it to them
    // (NVRTC's program name, the #line of the host build): the path, or a bare name for inline
    // code.
    bool isAbout(const CompilerMessage &message) const;

private:
    QString m_path;
    bool m_loadFailed = false; // the file could not be read: nothing to save
};

} // namespace tb
