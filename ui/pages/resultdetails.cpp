#include "resultdetails.h"

#include "measure/roundsummary.h"
#include "model/measurementcaveats.h"
#include "model/resultfigure.h"
#include "models/durationformat.h"
#include "models/enginetext.h"
#include "models/resultrowtext.h"
#include "plots/samplehistogram.h"
#include "run/sessionevents.h"

#include <QFontDatabase>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QStringList>
#include <QTextDocument>
#include <QVBoxLayout>

#include <cmath>
#include <vector>

namespace tb {

namespace {

QString row(const QString &name, const QString &value)
{
    return QStringLiteral("<tr><td>%1</td><td>&nbsp;%2</td></tr>")
        .arg(name.toHtmlEscaped(), value.toHtmlEscaped());
}

QString section(const QString &title, const QStringList &rows)
{
    if (rows.isEmpty())
        return QString();
    return QStringLiteral("<p><b>%1</b><table>%2</table></p>")
        .arg(title.toHtmlEscaped(), rows.join(QString()));
}

// "block=64,unroll=4" -> one row per parameter (values never contain '=' or ',').
QStringList parameterRows(const std::string &configKey)
{
    QStringList rows;
    const QStringList pairs =
        QString::fromStdString(configKey).split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &pair : pairs)
        rows << row(pair.section(QLatin1Char('='), 0, 0), pair.section(QLatin1Char('='), 1));
    return rows;
}

QStringList timingRows(const Result &result)
{
    const SampleSummary &s = result.summary;
    if (s.count == 0)
        return {};
    return {row(QObject::tr("median"), formatDuration(s.median)),
            row(QObject::tr("min"), formatDuration(s.min)),
            row(QObject::tr("mean"), formatDuration(s.mean)),
            row(QObject::tr("stddev"), formatDuration(s.stddev)),
            row(QObject::tr("samples"), QString::number(s.count))};
}

// One row per process round (with its SM clock when the rounds were timed at different clock
// steps), and how far apart their medians are relative to the combined median.
QStringList roundRows(const std::vector<double> &medians, const std::vector<double> &clocks,
                      double combined)
{
    if (medians.size() < 2 || combined <= 0)
        return {};
    const bool namesClocks = clocks.size() == medians.size() && atDifferentClockSteps(clocks);
    QStringList rows;
    for (std::size_t i = 0; i < medians.size(); ++i) {
        const QString clock = namesClocks && clocks[i] > 0
                                  ? QObject::tr(" at %1 MHz").arg(clocks[i], 0, 'f', 0)
                                  : QString();
        rows << row(QObject::tr("round %1").arg(i + 1), formatDuration(medians[i]) + clock);
    }
    rows << row(QObject::tr("spread"), formatPercent(relativeSpread(medians, combined)));
    return rows;
}

// A backend figure as the table reads its kind, by its declaration's display hint or, for a
// key no declaration knows, by its name's unit: counts whole ("32", not "32.0"), times in
// their unit, a fraction of the SM as a percentage; other figures to three digits.
QString resourceText(const QString &name, double value)
{
    const auto figure = findResultFigure(name.toStdString());
    const auto shows = [&figure](FigureDisplay display) {
        return figure && figure->display == display;
    };
    if (shows(FigureDisplay::Seconds) || name.endsWith(QLatin1String("_seconds")) ||
        name.endsWith(QLatin1String("_s")))
        return formatDuration(value);
    if (shows(FigureDisplay::Fraction) || name.endsWith(QLatin1String("_fraction")))
        return QStringLiteral("%1 %").arg(value * 100, 0, 'f', 1);
    if (std::nearbyint(value) == value && std::abs(value) < 9.0e15)
        return QLocale::c().toString(qlonglong(value));
    return formatNumber(value);
}

QStringList metricRows(const std::map<std::string, double> &values)
{
    QStringList rows;
    for (const auto &[name, value] : values)
        rows << row(QString::fromStdString(name), formatNumber(value));
    return rows;
}

QStringList resourceRows(const std::map<std::string, double> &values)
{
    QStringList rows;
    for (const auto &[name, value] : values) {
        const QString key = QString::fromStdString(name);
        rows << row(key, resourceText(key, value));
    }
    return rows;
}

} // namespace

ResultDetails::ResultDetails(QWidget *parent)
    : QWidget(parent), m_status(new QLabel(this)), m_message(new QLabel(this)),
      m_summary(new QLabel(this)), m_defines(new QLineEdit(this)),
      m_compilerLog(new QPlainTextEdit(this)), m_histogram(new SampleHistogram(this))
{
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_summary);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_defines->setObjectName(QStringLiteral("definesEdit"));
    m_defines->setReadOnly(true);
    m_defines->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_defines->setToolTip(tr("The defines this configuration was compiled with, as the backends "
                             "name them (a template parameter's macro is TB_PARAM_<name>); "
                             "select to copy"));
    m_compilerLog->setReadOnly(true);
    m_compilerLog->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_compilerLog->setPlaceholderText(tr("No compiler output"));
    m_compilerLog->setMaximumHeight(110);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_status);
    layout->addWidget(m_message);
    layout->addWidget(scroll, 2);
    layout->addWidget(m_defines);
    layout->addWidget(m_histogram, 2);
    layout->addWidget(m_compilerLog, 1);
    clear();
}

void ResultDetails::setDefinesSource(DefinesSource source)
{
    m_definesSource = std::move(source);
}

void ResultDetails::clear()
{
    m_status->setText(tr("Select a result to see its details"));
    m_message->clear();
    m_message->hide();
    m_summary->clear();
    m_defines->clear();
    m_compilerLog->clear();
    m_histogram->setSamples({});
}

void ResultDetails::showResult(const ResultEvent &event, double roundsAgreeWithin)
{
    const Result &result = event.result;
    m_status->setText(tr("<b>%1</b>%2")
                          .arg(resultStatusText(result.status),
                               event.reused ? tr(" (reused from the workspace)") : QString()));
    // A failure's message and what it likely means, or what to keep in mind about an ok
    // result's time.
    QStringList message;
    if (!result.message.empty())
        message << QString::fromStdString(result.message);
    if (const QString hint = resultrow::hintLine(result.message); !hint.isEmpty())
        message << hint;
    for (const QString &caveat : resultrow::caveats(event, roundsAgreeWithin))
        message << tr("Caveat: %1").arg(caveat);
    m_message->setText(message.join('\n'));
    m_message->setVisible(!message.isEmpty());
    m_summary->setText(
        section(tr("Configuration"), parameterRows(event.configKey)) +
        section(tr("Timing"), timingRows(result)) +
        section(tr("Process rounds (median of their medians)"),
                roundRows(event.roundMedians, event.roundClocks, result.summary.median)) +
        section(tr("Metrics"), metricRows(result.metrics)) +
        section(tr("Resources"), resourceRows(result.resources)));
    // Only the spec knows which parameters are template arguments: without it, nothing rather
    // than flags that may name the wrong macros.
    m_defines->setText(m_definesSource ? m_definesSource(event) : QString());
    m_defines->setPlaceholderText(m_definesSource ? tr("Compiler defines")
                                                  : tr("Open the run's spec to see its -D flags"));
    m_defines->setCursorPosition(0);
    m_compilerLog->setPlainText(QString::fromStdString(result.compilerLog));
    m_histogram->setSamples(result.samples);
}

QString ResultDetails::statusText() const
{
    return m_status->text();
}

QString ResultDetails::messageText() const
{
    return m_message->text();
}

QString ResultDetails::summaryText() const
{
    QTextDocument document;
    document.setHtml(m_summary->text());
    return document.toPlainText();
}

QString ResultDetails::definesText() const
{
    return m_defines->text();
}

QString ResultDetails::compilerLog() const
{
    return m_compilerLog->toPlainText();
}

} // namespace tb
