#include "argumentcontentsview.h"

#include "document/specdocument.h"
#include "errorlabel.h"
#include "space/variables.h"
#include "tasks/argumentpreview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tb {

namespace {

constexpr std::size_t kValuesShown = 8;

QString valuesText(const ArgumentPreview &preview)
{
    QStringList values;
    for (double value : preview.first)
        values << QString::number(value, 'g', 7);
    QString text = values.join(QStringLiteral(", "));
    if (preview.count > preview.first.size())
        text += QStringLiteral(", ...");
    return text;
}

QTableWidgetItem *cell(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setToolTip(text);
    return item;
}

} // namespace

ArgumentContentsView::ArgumentContentsView(SpecDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_size(new QComboBox(this)), m_note(new QLabel(this)),
      m_table(new QTableWidget(0, ColumnCount, this))
{
    setObjectName(QStringLiteral("argumentContents"));
    m_size->setObjectName(QStringLiteral("argumentContentsSize"));
    m_size->setToolTip(tr("The problem size whose contents are shown: a file name with {N} "
                          "reads a file of its own for each size"));
    m_table->setObjectName(QStringLiteral("argumentContentsTable"));
    m_table->setHorizontalHeaderLabels(
        {tr("Argument"), tr("Contents from"), tr("Elements"), tr("First values")});
    m_table->horizontalHeader()->setSectionResizeMode(Source, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(FirstValues, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_note->setWordWrap(true);

    auto *sizeRow = new QHBoxLayout;
    sizeRow->addWidget(new QLabel(tr("At problem size:"), this));
    sizeRow->addWidget(m_size);
    sizeRow->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(sizeRow);
    layout->addWidget(m_note);
    layout->addWidget(m_table);

    connect(m_document, &SpecDocument::validated, this, &ArgumentContentsView::refresh);
    connect(m_size, &QComboBox::currentIndexChanged, this, &ArgumentContentsView::refresh);
    refresh();
}

void ArgumentContentsView::fillSizes(const QStringList &labels)
{
    QStringList current;
    for (int i = 0; i < m_size->count(); ++i)
        current << m_size->itemText(i);
    if (current == labels)
        return;
    const QSignalBlocker blocker(m_size);
    const int keep = m_size->currentIndex();
    m_size->clear();
    m_size->addItems(labels);
    m_size->setCurrentIndex(keep >= 0 && keep < labels.size() ? keep : 0);
}

void ArgumentContentsView::refresh()
{
    const std::optional<Spec> spec = m_document->spec();
    m_table->setRowCount(0);
    if (!spec) {
        m_note->setText(tr("The contents show once the spec has no problems."));
        m_note->show();
        return;
    }
    m_note->hide();
    QStringList sizes;
    for (std::size_t i = 0; i < spec->sizes.values.size(); ++i)
        sizes << QString::fromStdString(problemSizeLabel(*spec, i));
    fillSizes(sizes);
    const auto sizeIndex = static_cast<std::size_t>(std::max(0, m_size->currentIndex()));
    const QLocale locale;
    for (std::size_t a = 0; a < spec->arguments.size(); ++a) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        m_table->setItem(row, Name, cell(QString::fromStdString(spec->arguments[a].name)));
        auto preview = previewArgument(*spec, a, sizeIndex, kValuesShown);
        if (!preview) {
            QTableWidgetItem *problem = cell(QString::fromStdString(preview.error().message));
            problem->setForeground(ErrorLabel::errorColor());
            m_table->setItem(row, Source, problem);
            continue;
        }
        m_table->setItem(row, Source, cell(QString::fromStdString(preview->source)));
        m_table->setItem(row, Elements,
                         cell(locale.toString(static_cast<qulonglong>(preview->count))));
        m_table->setItem(row, FirstValues, cell(valuesText(*preview)));
    }
    m_table->resizeColumnToContents(Name);
    m_table->resizeColumnToContents(Elements);
}

} // namespace tb
