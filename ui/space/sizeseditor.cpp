#include "sizeseditor.h"

#include "document/specdocument.h"
#include "errorlabel.h"
#include "fieldcodec.h"
#include "fieldlineedit.h"
#include "sizesmodel.h"
#include "specnames.h"
#include "tableeditorsupport.h"

#include <QFormLayout>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>

namespace tb {

namespace {

const QString kSizes = QStringLiteral("/problem_sizes");

QStringList splitNames(const QString &text)
{
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    return text.split(separators, Qt::SkipEmptyParts);
}

// One size with the variables `to` (was `from`): a kept name keeps its value, a renamed one
// (same place, old name gone) too, a new one starts at 1; other keys stay as they are.
SpecJson withVariables(const SpecJson &size, const QStringList &from, const QStringList &to)
{
    SpecJson out = SpecJson::object();
    for (int k = 0; k < to.size(); ++k) {
        QString source;
        if (from.contains(to[k]))
            source = to[k];
        else if (k < from.size() && !to.contains(from[k]))
            source = from[k];
        const std::string key = source.toStdString();
        out[to[k].toStdString()] =
            size.is_object() && !key.empty() && size.contains(key) ? size[key] : SpecJson(1);
    }
    if (size.is_object()) {
        for (const auto &[key, value] : size.items()) {
            if (!from.contains(QString::fromStdString(key)) && !out.contains(key))
                out[key] = value;
        }
    }
    return out;
}

} // namespace

SizesEditor::SizesEditor(SpecDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_model(new SizesModel(document, this)),
      m_variables(new FieldLineEdit(this)), m_view(new QTableView(this)),
      m_add(tableeditor::button(this, tr("Add"), tr("Add a problem size (Insert)"),
                                QStringLiteral("addSize"))),
      m_remove(tableeditor::button(this, tr("Remove"),
                                   tr("Remove the selected problem size (Delete)"),
                                   QStringLiteral("removeSize"))),
      m_error(new ErrorLabel(this))
{
    m_variables->setObjectName(QStringLiteral("sizeVariables"));
    m_variables->setPlaceholderText(tr("e.g. M, N, K"));
    m_variables->setToolTip(tr("The size variables, separated by commas; Enter applies. "
                               "Each problem size gives every variable a value."));
    m_view->setObjectName(QStringLiteral("sizesView"));
    m_view->setModel(m_model);
    tableeditor::setUp(m_view);
    tableeditor::onKey(m_view, QKeySequence(Qt::Key_Insert), [this] { addSize(); });
    tableeditor::onKey(m_view, QKeySequence(Qt::Key_Delete), [this] { removeCurrent(); });

    auto *variables = new QFormLayout;
    variables->addRow(tr("Variables:"), m_variables);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(variables);
    layout->addWidget(m_view);
    layout->addLayout(buttons);
    layout->addWidget(m_error);

    connect(m_variables, &QLineEdit::editingFinished, this, &SizesEditor::applyVariables);
    connect(m_add, &QPushButton::clicked, this, &SizesEditor::addSize);
    connect(m_remove, &QPushButton::clicked, this, &SizesEditor::removeCurrent);
    connect(m_document, &SpecDocument::changed, this, [this](const QString &pointer) {
        if (jsonpointer::overlaps(pointer, kSizes))
            refreshVariables();
    });
    connect(m_document, &SpecDocument::validated, this,
            [this] { m_error->setErrors(m_model->problems()); });
    refreshVariables();
}

void SizesEditor::addSize()
{
    const SpecJson sizes = m_document->value(kSizes);
    const int row = sizes.is_array() ? int(sizes.size()) : 0;
    SpecJson size = SpecJson::object();
    if (row > 0 && sizes.back().is_object()) {
        size = sizes.back(); // the next size up: every number doubled
        for (auto &[key, value] : size.items()) {
            if (value.is_number())
                value = FieldCodec::number(value.get<double>() * 2);
        }
    } else {
        for (const auto &name : splitNames(m_variables->text()))
            size[name.toStdString()] = 1;
    }
    if (!m_document->insertElement(kSizes, row, size, tr("Add problem size")))
        return;
    m_view->setCurrentIndex(m_model->index(row, 0));
}

void SizesEditor::removeCurrent()
{
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid())
        m_document->removeElement(kSizes, current.row(), tr("Remove problem size"));
}

void SizesEditor::applyVariables()
{
    const QStringList from = specnames::sizes(m_document->json());
    const QStringList to = splitNames(m_variables->text());
    if (to == from || to.isEmpty()) {
        refreshVariables(); // nothing to change: show what the document has
        return;
    }
    SpecJson sizes = m_document->value(kSizes);
    if (!sizes.is_array() || sizes.empty())
        sizes = SpecJson::array({SpecJson::object()});
    for (auto &size : sizes)
        size = withVariables(size, from, to);
    m_document->setValue(kSizes, sizes, SpecDocument::Merge::Separate, tr("Change size variables"));
}

void SizesEditor::refreshVariables()
{
    const QStringList names = specnames::sizes(m_document->json());
    if (splitNames(m_variables->text()) != names)
        m_variables->setText(names.join(QStringLiteral(", ")));
}

} // namespace tb
