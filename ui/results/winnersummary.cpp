#include "winnersummary.h"

#include "analysis/winnermargin.h"
#include "models/devicemodellist.h"
#include "models/durationformat.h"
#include "models/resultsfeed.h"
#include "models/resultsmodel.h"
#include "session/specoutline.h"

#include <cmath>
#include <map>

namespace tb {

namespace {

// Counts `row` into its size's two best, by objective: rows that failed, have no objective or
// were measured on another device model than the one ranked are no contenders.
void countRow(const ResultsModel &model, int row, bool minimize, const DeviceModelList &devices,
              std::map<std::size_t, WinnerSummary::TopTwo> &tops)
{
    const ResultEvent &event = model.resultAt(row);
    if (event.result.status != ResultStatus::Ok || std::isnan(event.objective) ||
        !devices.accepts(event.result.device))
        return;
    const auto better = [&](int a, int b) {
        const double x = model.resultAt(a).objective;
        const double y = model.resultAt(b).objective;
        return minimize ? x < y : x > y;
    };
    WinnerSummary::TopTwo &top = tops[event.sizeIndex];
    if (top.best < 0 || better(row, top.best)) {
        top.second = top.best;
        top.best = row;
    } else if (top.second < 0 || better(row, top.second)) {
        top.second = row;
    }
}

QString verdict(const WinnerMargin &margin, const ResultEvent &best, const ResultEvent &second)
{
    const QString bestKey = QString::fromStdString(best.configKey);
    const QString clock =
        margin.clockStep > 0
            ? WinnerSummary::tr(", %1 of it an SM clock step").arg(formatPercent(margin.clockStep))
            : QString();
    const QString uncertainty = std::isfinite(margin.uncertainty)
                                    ? formatPercent(margin.uncertainty) + clock
                                    : WinnerSummary::tr("unbounded: too few samples");
    if (margin.decided())
        return WinnerSummary::tr("%1 best by %2 (uncertain by %3)")
            .arg(bestKey, formatPercent(margin.lead), uncertainty);
    return WinnerSummary::tr("tie: %1 and %2, %3 apart (uncertain by %4)")
        .arg(bestKey, QString::fromStdString(second.configKey), formatPercent(margin.lead),
             uncertainty);
}

// The winner's figures, the objective first and time second: "1,234 GFLOP/s in 0.52 ms, 78.0 %
// of peak"; "0.52 ms" for a time objective.
QString figures(const ResultsModel &model, int row, const SpecOutline &outline)
{
    const ResultEvent &best = model.resultAt(row);
    QString text = formatDuration(best.result.summary.median);
    if (outline.objectiveMetric == QLatin1String(kObjectiveEnergy))
        text = WinnerSummary::tr("%1 J per launch in %2").arg(formatNumber(best.objective), text);
    else if (outline.objectiveMetric == QLatin1String(kObjectiveEdp))
        text = WinnerSummary::tr("%1 J s in %2").arg(formatNumber(best.objective), text);
    else if (outline.objectiveMetric != QLatin1String(kObjectiveTime) &&
             outline.metricNames.contains(outline.objectiveMetric))
        text = WinnerSummary::tr("%1 %2 in %3")
                   .arg(formatNumber(best.objective), outline.objectiveMetric, text);
    const int peak = model.column(ResultsModel::PercentOfPeak);
    if (peak >= 0) {
        const QString share = model.index(row, peak).data().toString();
        if (!share.isEmpty())
            text += WinnerSummary::tr(", %1 of peak").arg(share);
    }
    return text;
}

} // namespace

WinnerSummary::WinnerSummary(ResultsFeed *feed, const DeviceModelList *deviceModels,
                             QWidget *parent)
    : QLabel(parent), m_feed(feed), m_deviceModels(deviceModels)
{
    setObjectName(QStringLiteral("winnerSummary"));
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setToolTip(tr("Per problem size: is the best configuration ahead of the runner-up by more "
                  "than their medians' confidence intervals (process rounds' spread included; "
                  "their energies' for an energy objective) "
                  "and, on a GPU, the SM clock step between them if they were timed at "
                  "different clocks? A tie may go the other way in another run. Then the "
                  "best's objective, its time and its share of the device's peak."));
    const ResultsModel *model = feed->model();
    // Rows appended (a live run's batches) are counted on their own: a full pass per batch
    // cost 8% of the GUI thread's time with 100,000 results streaming in.
    connect(model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int first, int last) { countAppended(first, last); });
    connect(model, &QAbstractItemModel::rowsRemoved, this, &WinnerSummary::refresh);
    connect(model, &QAbstractItemModel::modelReset, this, &WinnerSummary::refresh);
    connect(model, &QAbstractItemModel::dataChanged, this, &WinnerSummary::refresh);
    connect(deviceModels, &DeviceModelList::choiceChanged, this, &WinnerSummary::refresh);
    refresh();
}

void WinnerSummary::countAppended(int first, int last)
{
    const ResultsModel &model = *m_feed->model();
    if (first != m_counted || last + 1 != model.rowCount()) {
        refresh(); // rows inserted elsewhere move the rows counted: count them all again
        return;
    }
    for (int row = first; row <= last; ++row)
        countRow(model, row, m_feed->outline().minimize, *m_deviceModels, m_tops);
    m_counted = model.rowCount();
    showTops();
}

void WinnerSummary::refresh()
{
    const ResultsModel &model = *m_feed->model();
    m_tops.clear();
    for (int row = 0; row < model.rowCount(); ++row)
        countRow(model, row, m_feed->outline().minimize, *m_deviceModels, m_tops);
    m_counted = model.rowCount();
    showTops();
}

void WinnerSummary::showTops()
{
    const ResultsModel &model = *m_feed->model();
    const bool minimize = m_feed->outline().minimize;
    QStringList parts;
    for (const auto &[size, top] : m_tops) {
        if (top.second < 0)
            continue;
        const ResultEvent &best = model.resultAt(top.best);
        const ResultEvent &second = model.resultAt(top.second);
        const auto margin = winnerMargin(best.objective, second.objective, minimize,
                                         m_feed->outline().objectiveMetric.toStdString(),
                                         best.result, second.result);
        if (margin)
            parts << model.sizeLabel(size) + QStringLiteral(": ") + verdict(*margin, best, second) +
                         QStringLiteral("; ") + figures(model, top.best, m_feed->outline());
    }
    setText(parts.join(QLatin1Char('\n')));
    setVisible(!parts.isEmpty());
}

} // namespace tb
