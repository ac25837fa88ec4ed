#include "specbasicseditor.h"

#include "document/specdocument.h"
#include "fieldlineedit.h"
#include "formrows.h"
#include "jsoncombofield.h"
#include "jsonfield.h"

#include <QFormLayout>

namespace tb {

using formrows::Row;

SpecBasicsEditor::SpecBasicsEditor(SpecDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_form(new QFormLayout(this))
{
    using Kind = FieldCodec::Kind;
    m_form->setContentsMargins(0, 0, 0, 0);
    m_name = formrows::addField(m_form, document, Kind::Text,
                                {tr("Name:"), "/name", tr("Name of the spec"), {}});
    m_backend = formrows::addCombo(m_form, document, {"cpu", "cuda"},
                                   {tr("Backend:"),
                                    "/backend",
                                    tr("cpu: a C/C++ function on this host; cuda: a GPU kernel"),
                                    {}});
    m_entry = formrows::addField(
        m_form, document, Kind::Text,
        {tr("Entry:"),
         "/kernel/entry",
         tr("Function name; for CUDA it may be a template expression such as gemm<BM, BN>"),
         {}});
    m_source =
        formrows::addField(m_form, document, Kind::Text,
                           {tr("Source file:"),
                            "/kernel/source",
                            tr("Kernel file, relative to the spec file's folder (or absolute)"),
                            {}});
    m_language = formrows::addCombo(
        m_form, document, {},
        {tr("Language:"), "/kernel/language", tr("cpu: c or c++; cuda: cuda"), {}});
    m_flags =
        formrows::addField(m_form, document, Kind::Words,
                           {tr("Compiler flags:"), "/kernel/flags",
                            tr("Extra flags after the defaults, separated by spaces"), tr("none")});
    m_arch = formrows::addField(
        m_form, document, Kind::Text,
        {tr("Architecture:"), "/kernel/arch",
         tr("CUDA: architecture to compile for when no GPU is present, e.g. sm_90"),
         tr("the GPU's own")});
    connect(m_document, &SpecDocument::changed, this, [this](const QString &pointer) {
        if (jsonpointer::overlaps(pointer, QStringLiteral("/backend")) ||
            jsonpointer::overlaps(pointer, QStringLiteral("/kernel")))
            refresh();
    });
    refresh();
}

void SpecBasicsEditor::refresh()
{
    const bool cuda = m_document->value("/backend") == "cuda";
    m_language->setChoices(cuda ? QStringList{"cuda"} : QStringList{"c", "c++"});
    m_language->setDefault(cuda ? "cuda" : "c");
    m_form->setRowVisible(m_arch, cuda || m_document->contains("/kernel/arch"));
    // Inline code (kernel.code) instead of a file: there is no path to edit.
    const bool inlineCode = m_document->contains("/kernel/code");
    m_source->setEnabled(!inlineCode);
    m_source->lineEdit()->setPlaceholderText(inlineCode ? tr("(the kernel is inline in the spec)")
                                                        : QString());
}

} // namespace tb
