#include "unsavedchanges.h"

#include "savable.h"

namespace tb {

UnsavedChanges::UnsavedChanges() : m_prompt(&UnsavedChanges::askWithMessageBox) {}

void UnsavedChanges::add(Savable *savable)
{
    if (savable && !m_savables.contains(savable))
        m_savables.append(savable);
}

void UnsavedChanges::remove(Savable *savable)
{
    m_savables.removeAll(savable);
}

QStringList UnsavedChanges::modifiedDocuments() const
{
    QStringList names;
    for (const Savable *savable : m_savables)
        if (savable->isModified())
            names << savable->documentName();
    return names;
}

bool UnsavedChanges::resolve(QWidget *parent)
{
    const QStringList modified = modifiedDocuments();
    if (modified.isEmpty())
        return true;
    switch (m_prompt(parent, modified)) {
    case QMessageBox::Save:
        // A page whose save fails has told the user why; the action stops there.
        for (Savable *savable : m_savables)
            if (savable->isModified() && !savable->save())
                return false;
        return true;
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

QMessageBox::StandardButton UnsavedChanges::askWithMessageBox(QWidget *parent,
                                                              const QStringList &documents)
{
    QMessageBox box(QMessageBox::Warning, QObject::tr("Unsaved changes"),
                    documents.size() == 1
                        ? QObject::tr("%1 has unsaved changes.").arg(documents.first())
                        : QObject::tr("%1 documents have unsaved changes.").arg(documents.size()),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, parent);
    box.setObjectName(QStringLiteral("unsavedChangesBox"));
    box.setInformativeText(QObject::tr("Save them before going on?"));
    if (documents.size() > 1)
        box.setDetailedText(documents.join(QLatin1Char('\n')));
    box.setDefaultButton(QMessageBox::Save);
    box.setEscapeButton(QMessageBox::Cancel);
    return QMessageBox::StandardButton(box.exec());
}

} // namespace tb
