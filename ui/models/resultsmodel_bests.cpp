// ResultsModel: rows appended and replaced, and each size's best they are judged by ("% of
// best", the highlighted row), per device model in a run over mixed nodes.
#include "resultsmodel.h"

#include "resultrowtext.h"

namespace tb {

using resultrow::rankedObjective;

void ResultsModel::appendResults(const QVector<ResultEvent> &batch)
{
    if (batch.isEmpty())
        return;
    const int firstRow = rowCount();
    beginInsertRows(QModelIndex(), firstRow, firstRow + int(batch.size()) - 1);
    m_rows += batch;
    // Counted before the views hear of the rows: the device-model selector and the table's
    // filter read the tally when they do.
    for (const ResultEvent &event : batch)
        m_deviceModels.add(event.result.device);
    endInsertRows();
    trackBests(firstRow);
}

// A new best changes "% of best" and the highlight of every row of its size, so those rows
// are announced changed, once per size and batch (rows of one size mostly arrive together).
void ResultsModel::trackBests(int firstRow)
{
    // A second device model arrived: from now on every row is judged by its own model's best.
    const bool regrouped = m_bests.perDeviceModel() != m_deviceModels.mixed();
    m_bests.setPerDeviceModel(m_deviceModels.mixed());
    QVector<std::size_t> improved;
    for (int row = firstRow; row < rowCount(); ++row) {
        const ResultEvent &event = m_rows.at(row);
        if (m_bests.add(event.sizeIndex, event.result.device, row, rankedObjective(event)) &&
            !improved.contains(event.sizeIndex))
            improved.append(event.sizeIndex);
    }
    if (regrouped && firstRow > 0) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        return;
    }
    for (const std::size_t sizeIndex : improved)
        if (m_bests.firstRow(sizeIndex) < firstRow)
            refreshSizeRows(sizeIndex);
}

void ResultsModel::refreshSizeRows(std::size_t sizeIndex)
{
    emit dataChanged(index(m_bests.firstRow(sizeIndex), 0),
                     index(m_bests.lastRow(sizeIndex), columnCount() - 1));
}

bool ResultsModel::replaceResult(const RoundEvent &event)
{
    for (int row = 0; row < rowCount(); ++row) {
        ResultEvent &shown = m_rows[row];
        if (shown.sizeIndex != event.sizeIndex || shown.configKey != event.configKey)
            continue;
        // The combined result carries no samples: keep the rounds' so far and add this one's,
        // so the histogram shows every sample the combined summary counts. Stored rounds
        // come without theirs: the reused result already shows what the store holds.
        std::vector<double> samples = std::move(shown.result.samples);
        if (!event.stored && event.measured.status == ResultStatus::Ok)
            samples.insert(samples.end(), event.measured.samples.begin(),
                           event.measured.samples.end());
        // The row stays with the device model it was counted under (the tally's).
        std::string device = std::move(shown.result.device);
        shown.result = event.combined;
        shown.result.samples = std::move(samples);
        shown.result.device = std::move(device);
        shown.objective = event.objective;
        shown.roundMedians = event.medians;
        shown.roundClocks = event.clocks;
        std::vector<std::pair<std::string, double>> objectives;
        for (const ResultEvent &other : std::as_const(m_rows))
            if (other.sizeIndex == event.sizeIndex)
                objectives.emplace_back(other.result.device, rankedObjective(other));
        m_bests.recompute(event.sizeIndex, objectives);
        refreshSizeRows(event.sizeIndex);
        return true;
    }
    return false;
}

} // namespace tb
