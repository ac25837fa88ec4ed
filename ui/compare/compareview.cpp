#include "compareview.h"

#include "compareverdict.h"
#include "comparisonmodel.h"
#include "crossdevicebox.h"
#include "crossdevicemodel.h"
#include "model/resultfigure.h"
#include "plots/groupedbarchart.h"
#include "plots/overlaidhistogram.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace tb {

namespace {

QWidget *titled(const QString &title, QWidget *content, QWidget *extra = nullptr)
{
    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()));
    layout->addWidget(label);
    layout->addWidget(content, 1);
    if (extra)
        layout->addWidget(extra, 1);
    return box;
}

double resourceOrNaN(const CompareEntry &entry, const char *key)
{
    return entry.event.result.resource(key).value_or(std::numeric_limits<double>::quiet_NaN());
}

} // namespace

CompareView::CompareView(QWidget *parent)
    : QWidget(parent), m_model(new ComparisonModel(this)), m_size(new QComboBox(this)),
      m_sizeLabel(new QLabel(tr("Problem &size:"), this)), m_baseline(new QComboBox(this)),
      m_copy(new QAction(tr("Copy as &Table"), this)), m_hint(new QLabel(this)),
      m_note(new QLabel(this)), m_verdicts(new QLabel(this)), m_table(new QTableView(this)),
      m_histogram(new OverlaidHistogram(this)), m_resourceBars(new GroupedBarChart(this)),
      m_noResources(new QLabel(this)), m_devices(new CrossDeviceBox(this))
{
    m_table->setModel(m_model);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionMode(QAbstractItemView::ContiguousSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_table->addAction(m_copy);

    m_resourceBars->setAxisLabels(tr("registers"), tr("spill bytes"));
    m_noResources->setText(
        tr("The backend reported no registers or spills for these results "
           "(CPU kernels have none; files imported from other tools record none)."));
    m_noResources->setWordWrap(true);
    m_noResources->setAlignment(Qt::AlignCenter);
    m_noResources->hide();

    m_note->setObjectName(QStringLiteral("compareNote"));
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("font-weight: bold"));
    m_note->hide();
    m_verdicts->setObjectName(QStringLiteral("compareVerdicts"));
    m_verdicts->setWordWrap(true);
    m_verdicts->setTextFormat(Qt::RichText);
    m_verdicts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdicts->setToolTip(
        tr("Per result: is its median time apart from the baseline's by more than both medians' "
           "confidence intervals (process rounds' spread included) and, on a GPU, the SM clock "
           "step between them if they were timed at different clocks? Within it, another run "
           "may order the two the other way."));

    // Named: the main window keeps splitter states by objectName.
    auto *plots = new QSplitter(Qt::Horizontal, this);
    plots->setObjectName(QStringLiteral("compareplots"));
    plots->addWidget(titled(tr("Sample distributions"), m_histogram));
    plots->addWidget(titled(tr("Registers and spills"), m_resourceBars, m_noResources));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("comparesplit"));
    // The cross-device table shares the top pane with the comparison: the splitter keeps its
    // two panes, so its saved state still fits.
    auto *tables = new QWidget(this);
    auto *tablesLayout = new QVBoxLayout(tables);
    tablesLayout->setContentsMargins(0, 0, 0, 0);
    tablesLayout->addWidget(m_devices);
    tablesLayout->addWidget(m_table, 1);
    split->addWidget(tables);
    split->addWidget(plots);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(createToolbar());
    layout->addWidget(m_note);
    layout->addWidget(m_verdicts);
    layout->addWidget(split, 1);

    connect(m_baseline, &QComboBox::currentIndexChanged, this, &CompareView::setBaseline);
    connect(m_size, &QComboBox::currentIndexChanged, this, &CompareView::showSize);
    connect(m_model, &ComparisonModel::baselineChanged, this, [this](int column) {
        const QSignalBlocker blocker(m_baseline);
        m_baseline->setCurrentIndex(column);
        updateVerdicts();
        emit baselineChanged(column);
    });
    setResults({});
}

CrossDeviceModel *CompareView::crossDeviceModel() const
{
    return m_devices->model();
}

QTableView *CompareView::crossDeviceTable() const
{
    return m_devices->table();
}

QLabel *CompareView::crossDeviceHeading() const
{
    return m_devices->heading();
}

void CompareView::setAcrossDevices(const CrossDevicePair &pair)
{
    m_devices->setPair(pair);
}

QWidget *CompareView::createToolbar()
{
    m_copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_copy->setToolTip(tr("Copy the whole comparison as tab-separated text, for a spreadsheet "
                          "(Ctrl+Shift+C)"));
    connect(m_copy, &QAction::triggered, this, &CompareView::copyAsTable);
    addAction(m_copy);

    auto *copyButton = new QToolButton(this);
    copyButton->setDefaultAction(m_copy);
    copyButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_sizeLabel->setBuddy(m_size);
    m_size->setToolTip(tr("The results compare one problem size at a time, matched by the "
                          "size's values: a time at one size says nothing against another's"));
    m_size->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *label = new QLabel(tr("&Baseline:"), this);
    label->setBuddy(m_baseline);
    m_baseline->setToolTip(tr("The result the others are compared with: differences are in "
                              "percent of its value"));
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_hint->setStyleSheet(QStringLiteral("color: palette(mid)"));

    auto *bar = new QWidget(this);
    auto *layout = new QHBoxLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_sizeLabel);
    layout->addWidget(m_size);
    layout->addSpacing(12);
    layout->addWidget(label);
    layout->addWidget(m_baseline);
    layout->addSpacing(12);
    layout->addWidget(m_hint, 1);
    layout->addWidget(copyButton);
    return bar;
}

void CompareView::setResults(const QVector<CompareEntry> &entries, const QString &note)
{
    m_entries = entries;
    setAcrossDevices({});
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    QStringList sizes;
    for (const CompareEntry &entry : entries)
        if (!sizes.contains(entry.sizeLabel))
            sizes << entry.sizeLabel;
    {
        const QSignalBlocker blocker(m_size);
        m_size->clear();
        m_size->addItems(sizes);
    }
    m_size->setVisible(sizes.size() > 1);
    m_sizeLabel->setVisible(sizes.size() > 1);
    showSize(0);
}

void CompareView::showSize(int index)
{
    if (m_size->count() < 2) {
        showEntries(m_entries);
        return;
    }
    const QString size = m_size->itemText(index);
    QVector<CompareEntry> shown;
    for (const CompareEntry &entry : m_entries)
        if (entry.sizeLabel == size)
            shown << entry;
    showEntries(shown);
}

void CompareView::showEntries(const QVector<CompareEntry> &entries)
{
    {
        const QSignalBlocker blocker(m_baseline);
        m_baseline->clear();
        for (const CompareEntry &entry : entries)
            m_baseline->addItem(entry.caption);
    }
    m_model->setEntries(entries);
    m_baseline->setEnabled(entries.size() > 1);
    m_copy->setEnabled(!entries.isEmpty());
    m_hint->setText(entries.size() >= 2 ? tr("Green: better than the baseline; red: worse.")
                    : m_size->count() > 1
                        ? tr("Only one result of this problem size: pick another size.")
                        : tr("Select two or more results to compare them."));
    updateHistogram(entries);
    updateResourceBars(entries);
    updateVerdicts();
}

void CompareView::setMetricDirection(const QString &metric, MetricDirection direction)
{
    m_model->setMetricDirection(metric, direction);
}

int CompareView::baseline() const
{
    return m_model->baseline();
}

void CompareView::setBaseline(int entry)
{
    m_model->setBaseline(entry);
}

void CompareView::setBaselineEntry(const CompareEntry &entry)
{
    const auto same = [&entry](const CompareEntry &other) {
        return other.caption == entry.caption && other.sizeLabel == entry.sizeLabel &&
               other.event.configKey == entry.event.configKey &&
               other.event.sizeIndex == entry.event.sizeIndex;
    };
    if (std::none_of(m_entries.cbegin(), m_entries.cend(), same))
        setResults(QVector<CompareEntry>(m_entries) << entry, m_note->text());
    // The baseline is one of the size shown: show the entry's size first.
    if (m_size->count() > 1)
        m_size->setCurrentIndex(m_size->findText(entry.sizeLabel));
    const QVector<CompareEntry> &shown = m_model->entries();
    const auto found = std::find_if(shown.cbegin(), shown.cend(), same);
    if (found != shown.cend())
        setBaseline(int(found - shown.cbegin()));
}

void CompareView::copyAsTable()
{
    if (m_model->columnCount() == 0)
        return;
    QString text = m_model->toTabSeparated();
    // Across devices, the cross-device table follows, after a blank line.
    if (m_devices->model()->rowCount() > 0)
        text += QLatin1Char('\n') + m_devices->model()->toTabSeparated();
    QApplication::clipboard()->setText(text);
}

void CompareView::updateHistogram(const QVector<CompareEntry> &entries)
{
    QVector<OverlaidHistogram::Series> series;
    for (const CompareEntry &entry : entries)
        series.append({entry.caption, entry.event.result.samples});
    m_histogram->setSeries(series);
}

void CompareView::updateResourceBars(const QVector<CompareEntry> &entries)
{
    QStringList categories;
    GroupedBarChart::Series registers{tr("registers"), {}, false};
    GroupedBarChart::Series stores{tr("spill stores (B)"), {}, true};
    GroupedBarChart::Series loads{tr("spill loads (B)"), {}, true};
    bool reported = false;
    for (const CompareEntry &entry : entries) {
        categories << entry.caption;
        registers.values << resourceOrNaN(entry, figures::kRegisters);
        stores.values << resourceOrNaN(entry, figures::kSpillStores);
        loads.values << resourceOrNaN(entry, figures::kSpillLoads);
        reported = reported || entry.event.result.resource(figures::kRegisters).has_value();
    }
    if (reported)
        m_resourceBars->setData(categories, {registers, stores, loads});
    else
        m_resourceBars->clear();
    m_resourceBars->setVisible(reported);
    m_noResources->setVisible(!reported && !entries.isEmpty());
}

void CompareView::updateVerdicts()
{
    const QVector<CompareEntry> &entries = m_model->entries();
    const int base = m_model->baseline();
    QStringList lines;
    for (int i = 0; i < entries.size(); ++i) {
        if (i == base || base < 0 || base >= entries.size())
            continue;
        const QString line = compareVerdict(entries.at(base), entries.at(i));
        if (!line.isEmpty())
            lines << line.toHtmlEscaped();
    }
    m_verdicts->setText(lines.join(QStringLiteral("<br>")));
    m_verdicts->setVisible(!lines.isEmpty());
}

} // namespace tb
