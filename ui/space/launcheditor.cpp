#include "launcheditor.h"

#include "document/specdocument.h"
#include "errorlabel.h"
#include "formrows.h"
#include "geometryfield.h"
#include "jsonfield.h"
#include "specnames.h"

#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace tb {

LaunchEditor::LaunchEditor(SpecDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document),
      m_note(
          new QLabel(tr("CPU kernels are called directly: they have no launch geometry."), this)),
      m_fields(new QWidget(this))
{
    auto *form = new QFormLayout(m_fields);
    form->setContentsMargins(0, 0, 0, 0);
    m_grid = new GeometryField(document, QStringLiteral("/launch/grid"), m_fields);
    m_grid->setToolTip(tr("Blocks per grid in x, y, z, e.g. ceil_div(N, BM)"));
    form->addRow(tr("Grid:"), m_grid);
    m_block = new GeometryField(document, QStringLiteral("/launch/block"), m_fields);
    m_block->setToolTip(tr("Threads per block in x, y, z, e.g. BM * BN / 4"));
    form->addRow(tr("Block:"), m_block);
    m_sharedMemory = formrows::addField(
        form, document, FieldCodec::Kind::Expression,
        {tr("Dynamic shared memory:"), QStringLiteral("/launch/shared_memory"),
         tr("Bytes of dynamic shared memory per block: an expression of parameters and sizes"),
         tr("0 bytes")});
    m_sharedMemory->setCheck([this](const QString &text) {
        return text.trimmed().isEmpty()
                   ? QString()
                   : specnames::checkExpression(
                         text, specnames::expressionNames(m_document->json(), false));
    });
    auto *sectionError = new ErrorLabel(m_fields);
    form->addRow(sectionError);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_note);
    layout->addWidget(m_fields);

    connect(m_document, &SpecDocument::changed, this, [this](const QString &pointer) {
        if (jsonpointer::overlaps(pointer, QStringLiteral("/backend")))
            refresh();
    });
    connect(m_document, &SpecDocument::validated, this, [this, sectionError] {
        sectionError->setErrors(m_document->errorsAt(QStringLiteral("/launch")));
    });
    refresh();
}

void LaunchEditor::refresh()
{
    const bool cuda = m_document->value("/backend") == "cuda";
    m_note->setVisible(!cuda);
    m_fields->setEnabled(cuda || m_document->contains("/launch"));
}

} // namespace tb
