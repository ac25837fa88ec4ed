#include "resultspage.h"

#include "columnchooser.h"
#include "devicemodelbar.h"
#include "energyview.h"
#include "failuresummarybar.h"
#include "importanceview.h"
#include "models/chosenmodelresults.h"
#include "models/devicemodellist.h"
#include "models/enginetext.h"
#include "models/resultsfeed.h"
#include "models/resultsmodel.h"
#include "models/statusicon.h"
#include "pages/resultdetails.h"
#include "plots/parametereffectplot.h"
#include "resultrowactions.h"
#include "resultsfilterproxy.h"
#include "rooflineview.h"
#include "winnersummary.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QStyleOptionViewItem>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace tb {

namespace {

// Wide enough for every state with its icon ("skipped_by_constraint", "compile_error"), as the
// view's delegate lays a cell out: a state is never cut off, whichever rows have come so far.
int statusColumnWidth(const QTableView &view)
{
    QStringList names = {QStringLiteral("compiled")};
    for (int status = 0; status <= int(ResultStatus::ReferenceFailed); ++status)
        names << resultStatusText(ResultStatus(status));
    QStyleOptionViewItem option;
    option.initFrom(view.viewport());
    option.features = QStyleOptionViewItem::HasDisplay | QStyleOptionViewItem::HasDecoration;
    option.icon = cautionIcon();
    const int icon = view.style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, &view);
    option.decorationSize = view.iconSize().isValid() ? view.iconSize() : QSize(icon, icon);
    int widest = 0;
    for (const QString &name : std::as_const(names)) {
        option.text = name;
        widest = std::max(widest,
                          view.style()
                              ->sizeFromContents(QStyle::CT_ItemViewItem, &option, QSize(), &view)
                              .width());
    }
    return widest + (view.showGrid() ? 1 : 0);
}

} // namespace

ResultsPage::ResultsPage(ResultsFeed *feed, DeviceModelList *deviceModels, QWidget *parent)
    : QWidget(parent), m_feed(feed), m_deviceModels(deviceModels),
      m_chosen(new ChosenModelResults(feed, deviceModels, this)),
      m_proxy(new ResultsFilterProxy(this)), m_filter(new QLineEdit(this)),
      m_status(new QComboBox(this)), m_count(new QLabel(this)), m_runNote(new QLabel(this)),
      m_deviceBar(new DeviceModelBar(deviceModels, this)),
      m_winners(new WinnerSummary(feed, deviceModels, this)),
      m_columnsButton(new QToolButton(this)), m_table(new QTableView(this)),
      m_details(new ResultDetails(this)), m_effect(new ParameterEffectPlot(this)),
      m_importance(new ImportanceView(feed, deviceModels, this)),
      m_roofline(new RooflineView(feed, deviceModels, this)),
      m_energy(new EnergyView(feed, deviceModels, this)), m_plotTabs(new QTabWidget(this)),
      m_splitter(new QSplitter(Qt::Horizontal, this))
{
    setObjectName(QStringLiteral("resultsPage"));
    m_proxy->setResultsModel(feed->model());
    m_proxy->setDeviceModels(deviceModels);
    setUpTable();
    m_runNote->setObjectName(QStringLiteral("resultsRunNote"));
    m_runNote->setWordWrap(true);
    m_runNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_runNote->hide();

    auto *tablePane = new QWidget(this);
    auto *tableLayout = new QVBoxLayout(tablePane);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(buildToolBar());
    tableLayout->addWidget(m_runNote);
    tableLayout->addWidget(m_deviceBar);
    tableLayout->addWidget(m_winners);
    m_failures = new FailureSummaryBar(m_chosen, this);
    connect(m_failures, &FailureSummaryBar::statusClicked, this, &ResultsPage::showStatus);
    tableLayout->addWidget(m_failures);
    tableLayout->addWidget(m_table, 1);

    // The table over the plots (the parameter effect; which parameter matters); the details of
    // the selected result beside both.
    m_plotTabs->setObjectName(QStringLiteral("resultsPlotTabs"));
    m_plotTabs->setDocumentMode(true);
    m_plotTabs->addTab(m_effect, tr("Parameter effect"));
    m_plotTabs->addTab(m_importance, tr("Importance"));
    m_plotTabs->setTabToolTip(1, tr("Which parameter matters: each one's best objective per "
                                    "value, ranked, and a heatmap of a chosen pair"));
    m_plotTabs->addTab(m_roofline, tr("Roofline"));
    m_plotTabs->setTabToolTip(2, tr("Achieved GFLOP/s against arithmetic intensity (the spec's "
                                    "FLOP metric over its byte metric) under the device's "
                                    "roofs, per problem size"));
    m_plotTabs->addTab(m_energy, tr("Energy"));
    m_plotTabs->setTabToolTip(3, tr("Energy per launch against time, per problem size: the "
                                    "results no other one beats on both, and what the most "
                                    "frugal saves (a run with an energy objective or energy "
                                    "run)"));
    auto *left = new QSplitter(Qt::Vertical, this);
    left->setObjectName(QStringLiteral("resultsPageTableSplitter")); // its state is kept
    left->addWidget(tablePane);
    left->addWidget(m_plotTabs);
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 2);
    m_splitter->setObjectName(QStringLiteral("resultsPageSplitter"));
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_details);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_splitter);

    connectFeed();
    updateCount();
}

void ResultsPage::setRunNote(const QString &note)
{
    m_runNote->setText(note);
    m_runNote->setVisible(!note.isEmpty());
}

void ResultsPage::showStatus(const QString &status)
{
    // The filter compares a row's state by name: it picks exactly that status (not a message
    // that mentions it), where the status box knows only ok and failed.
    m_status->setCurrentIndex(m_status->findData(ResultsFilterProxy::AnyStatus));
    m_filter->setText(QStringLiteral("status=") + status);
}

QWidget *ResultsPage::buildToolBar()
{
    auto *bar = new QWidget(this);
    m_filter->setObjectName(QStringLiteral("resultsFilter"));
    m_filter->setPlaceholderText(
        tr("Filter: BM>=64 N=512 median<2ms, or words in the status, size, config or message"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(
        tr("Rows that pass every term: NAME=VALUE (also != < <= > >=) compares a parameter, size, "
           "metric or column (median, registers, occupancy, ci, status) by its whole name; any "
           "other word, or a \"quoted phrase\", must appear in the status, size, config or "
           "failure message"));
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &ResultsFilterProxy::setFilterText);
    auto *focusFilter = new QAction(this);
    focusFilter->setShortcut(QKeySequence::Find);
    focusFilter->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(focusFilter, &QAction::triggered, m_filter, [this] {
        m_filter->setFocus(Qt::ShortcutFocusReason);
        m_filter->selectAll();
    });
    addAction(focusFilter);

    m_status->setObjectName(QStringLiteral("statusFilter"));
    m_status->addItem(tr("All results"), ResultsFilterProxy::AnyStatus);
    m_status->addItem(tr("Ok only"), ResultsFilterProxy::OkOnly);
    m_status->addItem(tr("Failed only"), ResultsFilterProxy::FailedOnly);
    m_status->addItem(tr("Compiled, not timed"), ResultsFilterProxy::CompiledOnly);
    m_status->setToolTip(tr("Show every result, only the measured ones or only the failures"));
    connect(m_status, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_proxy->setStatusFilter(
            ResultsFilterProxy::StatusFilter(m_status->itemData(index).toInt()));
    });

    m_count->setObjectName(QStringLiteral("resultsCount"));
    m_columnsButton->setObjectName(QStringLiteral("columnsButton"));
    m_columnsButton->setText(tr("Columns"));
    m_columnsButton->setToolTip(tr("Choose the columns shown (also on the header's context menu)"));
    m_columnsButton->setPopupMode(QToolButton::InstantPopup);
    m_columnsButton->setMenu(m_chooser->menu());

    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_filter, 1);
    row->addWidget(m_status);
    row->addWidget(m_count);
    row->addWidget(m_columnsButton);
    return bar;
}

void ResultsPage::setUpTable()
{
    m_table->setObjectName(QStringLiteral("resultsTable"));
    m_table->setModel(m_proxy);
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // arrival order
    m_table->setSortingEnabled(true);
    // The first click on a column sorts its best values first (a maximised objective:
    // descending); the next click reverses, as usual.
    connect(m_table->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            [this](int section, Qt::SortOrder order) {
                const bool firstClick = section != m_sortedSection;
                m_sortedSection = section;
                if (!firstClick || section < 0 || !m_proxy->resultsModel())
                    return;
                const Qt::SortOrder best = m_proxy->resultsModel()->bestFirstOrder(section);
                if (order != best)
                    m_table->horizontalHeader()->setSortIndicator(section, best);
            });
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setDefaultSectionSize(90);
    m_table->horizontalHeader()->setMinimumSectionSize(50);
    m_table->horizontalHeader()->setSectionsMovable(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_chooser = new ColumnChooser(m_table, ResultsModel::ColumnIdRole,
                                  QStringLiteral("results/hiddenColumns"), this);

    // The rows' own actions first; the window adds its actions on selected results (Compare)
    // to the table's context menu after them.
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_rowActions = new ResultRowActions(m_table, m_proxy, m_feed, this);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ResultsPage::showCurrent);
    // The config text is wide, and every state must read whole: room for both once a spec sets
    // the columns.
    connect(m_proxy, &QAbstractItemModel::modelReset, this, [this] {
        m_table->setColumnWidth(ResultsModel::StatusColumn, statusColumnWidth(*m_table));
        m_table->setColumnWidth(ResultsModel::ConfigColumn, 200);
    });
}

void ResultsPage::connectFeed()
{
    connect(m_feed, &ResultsFeed::cleared, this, [this](const SpecOutline &outline) {
        m_details->clear();
        m_effect->clear();
        // An empty outline is "nothing shown yet" (a run starting): the plot keeps the
        // parameters chosen on its axes until the spec's outline comes.
        if (outline.parameterNames.isEmpty())
            return;
        m_effect->setParameters(outline.parameterNames);
        m_effect->setObjective(outline.objectiveMetric, outline.minimize);
    });
    connect(m_feed, &ResultsFeed::sizeLabelChanged, m_effect, &ParameterEffectPlot::setSizeLabel);
    // One device model's times at a time: another model's would stack on the same values.
    connect(m_chosen, &ChosenModelResults::resultsAdded, m_effect,
            &ParameterEffectPlot::addResults);
    connect(m_chosen, &ChosenModelResults::restarted, m_effect,
            [this](const SpecOutline &, bool sameRun) {
                if (sameRun)
                    m_effect->clearResults();
            });
    connect(m_effect, &ParameterEffectPlot::resultClicked, this, &ResultsPage::selectResult);
    // One size on show below the table, whichever tab picks it.
    connect(m_effect, &ParameterEffectPlot::viewChanged, m_importance, [this] {
        if (m_effect->sizeIndex() != m_importance->sizeIndex())
            m_importance->setSizeIndex(m_effect->sizeIndex());
    });
    connect(m_importance, &ImportanceView::sizeChanged, m_effect,
            &ParameterEffectPlot::setSizeIndex);
    connect(m_effect, &ParameterEffectPlot::viewChanged, m_roofline, [this] {
        if (m_effect->sizeIndex() != m_roofline->sizeIndex())
            m_roofline->setSizeIndex(m_effect->sizeIndex());
    });
    connect(m_roofline, &RooflineView::sizeChanged, m_effect, &ParameterEffectPlot::setSizeIndex);
    // Rows the filter hides still count in the total: watch the model and the proxy.
    for (const QAbstractItemModel *model : {static_cast<QAbstractItemModel *>(m_proxy),
                                            static_cast<QAbstractItemModel *>(m_feed->model())}) {
        connect(model, &QAbstractItemModel::rowsInserted, this, &ResultsPage::updateCount);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &ResultsPage::updateCount);
        connect(model, &QAbstractItemModel::modelReset, this, &ResultsPage::updateCount);
        connect(model, &QAbstractItemModel::layoutChanged, this, &ResultsPage::updateCount);
    }
}

void ResultsPage::showCurrent(const QModelIndex &current)
{
    const QModelIndex source = m_proxy->mapToSource(current);
    if (!source.isValid()) {
        m_details->clear();
        return;
    }
    m_details->showResult(m_feed->model()->resultAt(source.row()),
                          m_feed->outline().roundsAgreeWithin);
}

void ResultsPage::updateCount()
{
    const int total = m_feed->model()->rowCount();
    const int shown = m_proxy->rowCount();
    const QString results = total == 1 ? tr("1 result") : tr("%1 results").arg(total);
    m_count->setText(shown == total ? results : tr("%1 of %2").arg(shown).arg(results));
}

QString ResultsPage::countText() const
{
    return m_count->text();
}

QVector<ResultEvent> ResultsPage::selectedResults() const
{
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    QVector<ResultEvent> results;
    for (const QModelIndex &index : rows)
        results.append(m_feed->model()->resultAt(m_proxy->mapToSource(index).row()));
    return results;
}

bool ResultsPage::selectResult(const QString &configKey, std::size_t sizeIndex)
{
    const ResultsModel *model = m_feed->model();
    const std::string key = configKey.toStdString();
    // The chosen device model's row of it first (the plots show that model's); another's only
    // when the chosen model has none.
    int row = -1;
    for (int at = 0; at < model->rowCount(); ++at) {
        const ResultEvent &event = model->resultAt(at);
        if (event.sizeIndex != sizeIndex || event.configKey != key)
            continue;
        if (row < 0 || m_deviceModels->accepts(event.result.device))
            row = at;
        if (m_deviceModels->accepts(event.result.device))
            break;
    }
    if (row < 0)
        return false;
    // The column the user is in, or the first shown: the table must not jump sideways.
    int column = m_table->currentIndex().isValid() ? m_table->currentIndex().column() : 0;
    while (column + 1 < model->columnCount() && m_table->isColumnHidden(column))
        ++column;
    const QModelIndex source = model->index(row, column);
    if (!m_deviceModels->accepts(model->resultAt(row).result.device))
        m_deviceModels->choose(model->resultAt(row).result.device);
    if (!m_proxy->mapFromSource(source).isValid()) { // filtered out: show every row again
        m_filter->clear();
        m_status->setCurrentIndex(0);
    }
    const QModelIndex index = m_proxy->mapFromSource(source);
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                          QItemSelectionModel::Rows);
    const int horizontal = m_table->horizontalScrollBar()->value();
    m_table->scrollTo(index, QAbstractItemView::PositionAtCenter);
    m_table->horizontalScrollBar()->setValue(horizontal);
    return true;
}

} // namespace tb
