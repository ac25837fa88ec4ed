#pragma once

#include "savablefunctions.h"

#include "document/jsonpointer.h"

#include <QObject>

namespace tb {

class KernelPage;
class SpacePage;
class SpecDocument;

// The spec being edited and its two pages: the Space page edits the spec's JSON, the Kernel
// page its kernel source. Whenever the spec validates, the Kernel page follows it (its
// parameters and the source it names).
class SpecPages : public QObject
{
    Q_OBJECT
public:
    explicit SpecPages(QWidget *parentWidget);

    SpecDocument *document() const { return m_document; }
    SpacePage *spacePage() const { return m_space; }
    KernelPage *kernelPage() const { return m_kernel; }
    Savable *specSavable() { return &m_specSavable; }
    Savable *kernelSavable() { return &m_kernelSavable; }

    // Loads the spec into both pages; false (and message() says why) when it cannot be read.
    bool open(const QString &path);
    // Loads a spec made here (File > New spec from kernel...) into both pages, unsaved: Save
    // spec writes it to `path`. The caller has resolved the edits of the spec open.
    void openUnsaved(const SpecJson &json, const QString &path);
    // The spec or its kernel has edits not yet written.
    bool isModified() const;

signals:
    void message(const QString &title, const QString &text);
    // Either document's unsaved state changed; isModified() says the whole.
    void modificationChanged();

private:
    void followValidSpec();

    SpecDocument *m_document;
    SpacePage *m_space;
    KernelPage *m_kernel;
    SavableFunctions m_specSavable;
    SavableFunctions m_kernelSavable;
};

} // namespace tb
