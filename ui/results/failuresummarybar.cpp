#include "failuresummarybar.h"

#include "models/chosenmodelresults.h"
#include "models/statusicon.h"

namespace tb {

namespace {

QString fromStd(const std::string &text)
{
    return QString::fromStdString(text);
}

// One status's line as rich text: its count a link to the status, the cause after it.
QString linkedLine(const StatusFailures &failures, const QString &plain)
{
    const QString status = fromStd(std::string(toString(failures.status)));
    const QString head = QStringLiteral("%1 x %2").arg(failures.count).arg(status);
    return QStringLiteral("<a href=\"%1\" style=\"color:%2\">%3</a>%4")
        .arg(status, statusColor(failures.status).name(), head.toHtmlEscaped(),
             plain.mid(head.size()).toHtmlEscaped());
}

} // namespace

FailureSummaryBar::FailureSummaryBar(ChosenModelResults *results, QWidget *parent) : QLabel(parent)
{
    setObjectName(QStringLiteral("failureSummary"));
    setTextFormat(Qt::RichText);
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextBrowserInteraction);
    setToolTip(tr("Each failure status with its most common cause; click a count to show only "
                  "those results"));
    connect(this, &QLabel::linkActivated, this, &FailureSummaryBar::statusClicked);
    connect(results, &ChosenModelResults::restarted, this, &FailureSummaryBar::clearSummary);
    connect(results, &ChosenModelResults::resultsAdded, this, &FailureSummaryBar::addResults);
    // A stored run's rows may already be in the model when this bar is made.
    for (const ResultEvent &event : results->results())
        m_summary.add(event.result);
    refresh();
}

void FailureSummaryBar::clearSummary()
{
    m_summary.clear();
    refresh();
}

void FailureSummaryBar::addResults(const QVector<ResultEvent> &batch)
{
    const std::size_t before = m_summary.failureCount();
    for (const ResultEvent &event : batch)
        m_summary.add(event.result);
    // Most batches of a healthy run hold no failure: nothing to redo then.
    if (m_summary.failureCount() != before)
        refresh();
}

void FailureSummaryBar::refresh()
{
    m_lines.clear();
    QStringList html;
    for (const StatusFailures &failures : m_summary.byStatus()) {
        const QString plain = fromStd(describeFailures(failures));
        m_lines << plain;
        html << linkedLine(failures, plain);
    }
    setText(html.isEmpty() ? QString()
                           : tr("<b>Failures:</b> %1").arg(html.join(QStringLiteral("<br>"))));
    setVisible(!html.isEmpty());
}

} // namespace tb
