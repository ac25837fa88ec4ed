#include "importanceview.h"

#include "sizechoice.h"
#include "throttledrecompute.h"

#include "analysis/parameterimportance.h"
#include "models/devicemodellist.h"
#include "models/resultsfeed.h"
#include "parameterimportancemodel.h"
#include "plots/importancemultiplesplot.h"
#include "plots/pairheatmapplot.h"
#include "session/specoutline.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tb {

ImportanceView::ImportanceView(ResultsFeed *feed, const DeviceModelList *deviceModels,
                               QWidget *parent)
    : QWidget(parent), m_deviceModels(deviceModels), m_model(new ParameterImportanceModel(this)),
      m_sizeCombo(new QComboBox(this)), m_status(new QLabel(this)), m_table(new QTableView(this)),
      m_multiples(new ImportanceMultiplesPlot(this)), m_heatmap(new PairHeatmapPlot(this))
{
    setObjectName(QStringLiteral("importanceView"));
    m_sizes = new SizeChoice(m_sizeCombo, this);
    m_table->setObjectName(QStringLiteral("importanceTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setWordWrap(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buildControls());
    layout->addWidget(buildPanes(), 1);

    m_recompute = new ThrottledRecompute(this, kRecomputeMs, [this] { recompute(); });
    connect(m_sizes, &SizeChoice::changed, this, [this](std::size_t size) {
        recompute();
        emit sizeChanged(size);
    });
    connect(m_heatmap, &PairHeatmapPlot::pairChanged, this, &ImportanceView::updatePair);
    // A click on a ranked parameter puts it along the heatmap's columns, as picking it would.
    connect(m_table, &QTableView::clicked, this, [this](const QModelIndex &index) {
        const QVariant parameter =
            m_model->index(index.row(), ParameterImportanceModel::ParameterColumn)
                .data(ParameterImportanceModel::RawRole);
        m_heatmap->xCombo()->setCurrentIndex(parameter.toInt());
    });
    connect(feed, &ResultsFeed::cleared, this, &ImportanceView::reset);
    connect(feed, &ResultsFeed::sizeLabelChanged, m_sizes, &SizeChoice::setLabel);
    connect(feed, &ResultsFeed::resultsAdded, this, &ImportanceView::addResults);
    if (m_deviceModels)
        connect(m_deviceModels, &DeviceModelList::choiceChanged, m_recompute,
                &ThrottledRecompute::schedule);
}

// The small plots need the width most: they take the right, in a scroll area that keeps each
// readable (ImportanceMultiplesPlot::kMinPanelWidth); the ranking and the pair's heatmap share
// the left. Both splitters have names, so the main window keeps their sizes (WindowSettings).
QWidget *ImportanceView::buildPanes()
{
    auto *left = new QSplitter(Qt::Vertical, this);
    left->setObjectName(QStringLiteral("importanceTableSplitter"));
    left->addWidget(m_table);
    left->addWidget(m_heatmap);
    left->setStretchFactor(0, 1);
    left->setStretchFactor(1, 2);
    m_heatmap->setMinimumHeight(120); // under the table in a short tab
    auto *panes = new QSplitter(Qt::Horizontal, this);
    panes->setObjectName(QStringLiteral("importanceSplitter"));
    panes->addWidget(left);
    panes->addWidget(m_multiples);
    panes->setStretchFactor(0, 2);
    panes->setStretchFactor(1, 3);
    panes->setChildrenCollapsible(false);
    // The table's wide columns would otherwise claim the room first: start at 2:3, scaled to
    // the view's width (a size the user left is restored over it).
    panes->setSizes({400, 600});
    left->setSizes({100, 200});
    return panes;
}

QWidget *ImportanceView::buildControls()
{
    auto *controls = new QWidget(this);
    auto *row = new QHBoxLayout(controls);
    row->setContentsMargins(4, 2, 4, 0);
    auto *label = new QLabel(tr("Si&ze:"), controls);
    label->setBuddy(m_sizeCombo);
    m_sizeCombo->setObjectName(QStringLiteral("importanceSizeCombo"));
    m_sizeCombo->setToolTip(tr("The problem size ranked: each size is tuned separately"));
    m_status->setObjectName(QStringLiteral("importanceStatus"));
    auto *refresh = new QToolButton(controls);
    refresh->setObjectName(QStringLiteral("importanceRecompute"));
    refresh->setText(tr("Recompute"));
    refresh->setToolTip(tr("Rank again now (it does so by itself twice a second while results "
                           "arrive)"));
    connect(refresh, &QToolButton::clicked, this, &ImportanceView::recompute);
    row->addWidget(label);
    row->addWidget(m_sizeCombo);
    row->addWidget(m_status, 1);
    row->addWidget(refresh);
    return controls;
}

void ImportanceView::reset(const SpecOutline &outline)
{
    m_tables.clear();
    m_shown = nullptr;
    m_devices.clear();
    m_sizes->reset();
    // An empty outline is "nothing shown yet" (a run starting): its spec's comes later.
    if (!outline.parameterNames.isEmpty()) {
        m_names = outline.parameterNames;
        m_objective = outline.objectiveMetric;
        m_minimize = outline.minimize;
        m_multiples->setObjective(m_objective, m_minimize);
        m_heatmap->setObjective(m_objective, m_minimize);
        m_model->setObjective(m_objective, m_minimize);
    }
    recompute();
}

std::uint16_t ImportanceView::deviceIndex(const std::string &device)
{
    const auto found = std::find(m_devices.begin(), m_devices.end(), device);
    if (found != m_devices.end())
        return std::uint16_t(found - m_devices.begin());
    m_devices.push_back(device);
    return std::uint16_t(m_devices.size() - 1);
}

void ImportanceView::addResults(const QVector<ResultEvent> &batch)
{
    const std::size_t sizesBefore = m_tables.size();
    for (const ResultEvent &event : batch) {
        SizeTable &size = m_tables[event.sizeIndex];
        ObjectiveTable &table = size.table;
        if (table.rows() == 0 && table.parameterCount == 0)
            table.parameterCount =
                m_names.isEmpty() ? event.config.values.size() : std::size_t(m_names.size());
        // Only a timed ok result says anything of the objective; a failed one counts against
        // its values, and the others still place their values on the heatmap's axes.
        const bool ok = event.result.status == ResultStatus::Ok;
        const bool measured = ok && !compiledOnly(event.result) && std::isfinite(event.objective);
        table.add(event.config.values,
                  measured ? event.objective : std::numeric_limits<double>::quiet_NaN(), !ok);
        size.devices.push_back(deviceIndex(event.result.device));
    }
    if (m_tables.size() != sizesBefore)
        updateSizes();
    if (!batch.isEmpty())
        m_recompute->schedule();
}

void ImportanceView::selectShownTable()
{
    const auto found = m_tables.find(m_sizes->current());
    m_shown = nullptr;
    if (found == m_tables.end())
        return;
    const SizeTable &size = found->second;
    if (!m_deviceModels || !m_deviceModels->mixed()) {
        m_shown = &size.table;
        return;
    }
    // Configurations measured on different models are never ranked together.
    std::vector<bool> accepted;
    for (const std::string &device : m_devices)
        accepted.push_back(m_deviceModels->accepts(device));
    m_chosenModelTable = ObjectiveTable();
    m_chosenModelTable.parameterCount = size.table.parameterCount;
    std::vector<double> values(size.table.parameterCount);
    for (std::size_t row = 0; row < size.table.rows(); ++row) {
        if (!accepted[size.devices[row]])
            continue;
        for (std::size_t parameter = 0; parameter < values.size(); ++parameter)
            values[parameter] = size.table.value(row, parameter);
        m_chosenModelTable.add(values, size.table.objectives[row], size.table.failed[row]);
    }
    m_shown = &m_chosenModelTable;
}

void ImportanceView::recompute()
{
    m_recompute->done();
    selectShownTable();
    std::vector<ParameterImportance> ranked;
    if (m_shown)
        ranked = rankParameters(*m_shown, m_minimize);
    const QStringList parameterNames = names();
    m_heatmap->setParameters(parameterNames);
    if (ranked.size() > 1)
        m_heatmap->setDefaultPair(int(ranked[0].parameter), int(ranked[1].parameter));
    m_multiples->setRanking(parameterNames, ranked);
    m_model->setRanking(parameterNames, std::move(ranked));
    updatePair();
    const std::size_t rows = resultCount();
    m_status->setText(rows == 1 ? tr("Ranked from 1 result")
                                : tr("Ranked from %1 results").arg(rows));
}

void ImportanceView::updatePair()
{
    const int x = m_heatmap->xParameter();
    const int y = m_heatmap->yParameter();
    if (!m_shown || x < 0 || y < 0) {
        m_heatmap->setGrid({});
        return;
    }
    m_heatmap->setGrid(bestPerPair(*m_shown, std::size_t(x), std::size_t(y), m_minimize));
}

void ImportanceView::setSizeIndex(std::size_t sizeIndex)
{
    m_sizes->choose(sizeIndex);
}

std::size_t ImportanceView::sizeIndex() const
{
    return m_sizes->current();
}

std::size_t ImportanceView::resultCount() const
{
    const auto found = m_tables.find(m_sizes->current());
    if (found == m_tables.end())
        return 0;
    const SizeTable &size = found->second;
    if (!m_deviceModels || !m_deviceModels->mixed())
        return size.table.rows();
    return std::size_t(
        std::count_if(size.devices.begin(), size.devices.end(), [this](std::uint16_t device) {
            return m_deviceModels->accepts(m_devices[device]);
        }));
}

void ImportanceView::updateSizes()
{
    std::vector<std::size_t> sizes;
    for (const auto &entry : m_tables)
        sizes.push_back(entry.first);
    m_sizes->setSizes(std::move(sizes));
}

QStringList ImportanceView::names() const
{
    if (!m_names.isEmpty())
        return m_names;
    QStringList placeholders; // no spec told us the names
    for (std::size_t i = 0; m_shown && i < m_shown->parameterCount; ++i)
        placeholders.append(tr("parameter %1").arg(i + 1));
    return placeholders;
}

} // namespace tb
