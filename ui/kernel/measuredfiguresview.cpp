#include "measuredfiguresview.h"

#include "models/devicemodellist.h"
#include "models/resultsmodel.h"

#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace tb {

MeasuredFiguresView::MeasuredFiguresView(QWidget *parent)
    : QWidget(parent), m_headline(new QLabel(this)), m_form(new QFormLayout)
{
    setObjectName(QStringLiteral("measuredFigures"));
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    addRow(QStringLiteral("status"), tr("Status"));
    addRow(QStringLiteral("median"), tr("Median"));
    addRow(QStringLiteral("percent_of_best"), tr("% of best"));
    addRow(QStringLiteral("uncertainty"), tr("Uncertainty"));
    addRow(QStringLiteral("message"), tr("Message"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_headline);
    layout->addLayout(m_form);
    refresh();
}

void MeasuredFiguresView::addRow(const QString &key, const QString &label)
{
    auto *value = new QLabel(this);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    value->setWordWrap(true);
    m_form->addRow(new QLabel(label + QLatin1Char(':'), this), value);
    m_figures.insert(key, value);
}

void MeasuredFiguresView::setResultsModel(const ResultsModel *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        // A live run's batches bring new rows: only those can hold the pick's result.
        connect(m_model, &QAbstractItemModel::rowsInserted, this,
                [this](const QModelIndex &, int first, int last) { onRowsInserted(first, last); });
        // A new run (reset) or another round's figures (dataChanged): read it all again.
        connect(m_model, &QAbstractItemModel::modelReset, this,
                [this] { showConfiguration(QString::fromStdString(m_configKey), m_sizeIndex); });
        connect(m_model, &QAbstractItemModel::dataChanged, this, &MeasuredFiguresView::refresh);
    }
    showConfiguration(QString::fromStdString(m_configKey), m_sizeIndex);
}

void MeasuredFiguresView::setDeviceModels(const DeviceModelList *deviceModels)
{
    if (m_deviceModels)
        disconnect(m_deviceModels, nullptr, this, nullptr);
    m_deviceModels = deviceModels;
    if (m_deviceModels)
        connect(m_deviceModels, &DeviceModelList::choiceChanged, this,
                [this] { showConfiguration(QString::fromStdString(m_configKey), m_sizeIndex); });
    showConfiguration(QString::fromStdString(m_configKey), m_sizeIndex);
}

void MeasuredFiguresView::showConfiguration(const QString &configKey, std::size_t sizeIndex)
{
    m_configKey = configKey.toStdString();
    m_sizeIndex = sizeIndex;
    m_row = -1;
    if (m_model)
        findRow(0, m_model->rowCount() - 1);
    refresh();
}

void MeasuredFiguresView::onRowsInserted(int first, int last)
{
    if (m_row >= 0)
        return; // one result per configuration and size: the one found stays
    findRow(first, last);
    if (m_row >= 0)
        refresh();
}

void MeasuredFiguresView::findRow(int first, int last)
{
    if (m_configKey.empty())
        return;
    for (int row = first; row <= last; ++row) {
        const ResultEvent &event = m_model->resultAt(row);
        if (event.sizeIndex == m_sizeIndex && event.configKey == m_configKey &&
            (!m_deviceModels || m_deviceModels->accepts(event.result.device))) {
            m_row = row;
            return;
        }
    }
}

QString MeasuredFiguresView::modelText(int kind) const
{
    const int column = m_model->column(ResultsModel::ColumnKind(kind));
    return column < 0 ? QString() : m_model->index(m_row, column).data().toString();
}

void MeasuredFiguresView::refresh()
{
    const bool found = m_model && m_row >= 0 && m_row < m_model->rowCount();
    QString where = found ? m_model->sizeLabel(m_sizeIndex) : QString();
    if (found && m_deviceModels && m_deviceModels->mixed())
        where = tr("%1, on %2")
                    .arg(where, m_deviceModels->chosen().empty()
                                    ? tr("no device")
                                    : QString::fromStdString(m_deviceModels->chosen()));
    m_headline->setText(
        found ? tr("<b>Measured</b> in the run on show (%1)").arg(where.toHtmlEscaped())
              : tr("<b>Measured</b>: the run on show has no result for this "
                   "configuration and size."));
    const QMap<QString, QString> texts =
        found
            ? QMap<QString, QString>{{QStringLiteral("status"), modelText(ResultsModel::Status)},
                                     {QStringLiteral("median"), modelText(ResultsModel::Median)},
                                     {QStringLiteral("percent_of_best"),
                                      modelText(ResultsModel::PercentOfBest)},
                                     {QStringLiteral("uncertainty"),
                                      modelText(ResultsModel::Uncertainty)},
                                     {QStringLiteral("message"), modelText(ResultsModel::Message)}}
            : QMap<QString, QString>{};
    for (auto it = m_figures.cbegin(); it != m_figures.cend(); ++it) {
        const QString text = texts.value(it.key());
        it.value()->setText(text);
        m_form->setRowVisible(it.value(), !text.isEmpty());
    }
}

QString MeasuredFiguresView::headline() const
{
    return m_headline->text();
}

QString MeasuredFiguresView::figure(const QString &key) const
{
    const QLabel *label = m_figures.value(key);
    return label && !label->text().isEmpty() ? label->text() : QString();
}

} // namespace tb
