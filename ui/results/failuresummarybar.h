#pragma once

#include "model/failuresummary.h"
#include "session/sessionmetatypes.h"

#include <QLabel>
#include <QStringList>
#include <QVector>

namespace tb {

class ChosenModelResults;

// Over the results table, one line per failure status of the run on show: its count and most
// common cause, with a hint where the driver's or compiler's words say little
// ("8 x invalid_launch: ... (registers x threads over the limit: ...)"), the words `show` prints
// (FailureSummary, describeFailures). Each count is a link: a click asks for the table filtered
// to that status (statusClicked). Follows the results batch by batch; hidden while nothing
// failed. In a run over several device models it counts the chosen model's results only, as
// the table shows them (ChosenModelResults).
class FailureSummaryBar : public QLabel
{
    Q_OBJECT
public:
    explicit FailureSummaryBar(ChosenModelResults *results, QWidget *parent = nullptr);

    // The lines shown, as plain text, one per status.
    QStringList lines() const { return m_lines; }

signals:
    // The status name, "invalid_launch", of the count clicked.
    void statusClicked(const QString &status);

private:
    void clearSummary();
    void addResults(const QVector<ResultEvent> &batch);
    void refresh();

    FailureSummary m_summary;
    QStringList m_lines;
};

} // namespace tb
