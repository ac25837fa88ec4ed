#include "specpages.h"

#include "document/specdocument.h"
#include "kernel/kernelpage.h"
#include "space/spacepage.h"

#include <QAction>
#include <QFileInfo>

namespace tb {

SpecPages::SpecPages(QWidget *parentWidget)
    : QObject(parentWidget), m_document(new SpecDocument(this)),
      m_space(new SpacePage(m_document, parentWidget)), m_kernel(new KernelPage(parentWidget)),
      m_specSavable([this] { return m_document->isModified(); },
                    [this] {
                        if (m_document->save())
                            return true;
                        emit message(tr("Cannot save the spec"), m_document->errorString());
                        return false;
                    },
                    [this] { return QFileInfo(m_document->filePath()).fileName(); }),
      m_kernelSavable([this] { return m_kernel->isModified(); },
                      [this] { return m_kernel->save(); },
                      [this] { return QFileInfo(m_kernel->sourcePath()).fileName(); })
{
    m_space->setObjectName(QStringLiteral("spacePage"));
    m_kernel->setObjectName(QStringLiteral("kernelPage"));
    connect(m_document, &SpecDocument::validated, this, &SpecPages::followValidSpec);
    connect(m_space->saveAction(), &QAction::triggered, this, [this] { m_specSavable.save(); });
    connect(m_document, &SpecDocument::modificationChanged, this, &SpecPages::modificationChanged);
    connect(m_kernel, &KernelPage::modificationChanged, this, &SpecPages::modificationChanged);
}

bool SpecPages::isModified() const
{
    return m_document->isModified() || m_kernel->isModified();
}

bool SpecPages::open(const QString &path)
{
    if (path.isEmpty() || path == m_document->filePath())
        return true;
    if (m_document->load(path))
        return true;
    emit message(tr("Cannot open the spec"), m_document->errorString());
    return false;
}

void SpecPages::openUnsaved(const SpecJson &json, const QString &path)
{
    m_document->resetUnsaved(json, QFileInfo(path).absoluteFilePath());
}

void SpecPages::followValidSpec()
{
    if (const auto spec = m_document->spec())
        m_kernel->setSpec(*spec, m_document->filePath());
}

} // namespace tb
