#include "comparisonrow.h"

#include "measure/statistics.h"
#include "model/resultfigure.h"
#include "models/durationformat.h"
#include "models/enginetext.h"

#include <QLocale>

#include <cmath>
#include <limits>
#include <set>

namespace tb {

namespace {

using Format = ComparisonRow::Format;
using Direction = MetricDirection;

bool measured(const Result &result)
{
    return result.status == ResultStatus::Ok && result.summary.count > 0;
}

// "BM=64,BN=32" -> the value of `name` ("64"); keys never hold ',' or '=' inside a value.
QVariant parameterValue(const std::string &configKey, const QString &name)
{
    const QStringList pairs =
        QString::fromStdString(configKey).split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &pair : pairs) {
        if (pair.section(QLatin1Char('='), 0, 0) == name)
            return pair.section(QLatin1Char('='), 1);
    }
    return QVariant();
}

QVector<ComparisonRow> parameterRows(const QVector<CompareEntry> &entries)
{
    QStringList names; // first-appearance order: the spec's parameter order
    for (const CompareEntry &entry : entries) {
        const QStringList pairs = QString::fromStdString(entry.event.configKey)
                                      .split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (const QString &pair : pairs) {
            const QString name = pair.section(QLatin1Char('='), 0, 0);
            if (!names.contains(name))
                names << name;
        }
    }
    QVector<ComparisonRow> rows;
    for (const QString &name : names) {
        rows.append({QStringLiteral("param:") + name, name, QString(), Format::Text,
                     Direction::Neutral, [name](const CompareEntry &entry) {
                         return parameterValue(entry.event.configKey, name);
                     }});
    }
    return rows;
}

ComparisonRow timingRow(const QString &key, const QString &label,
                        double (*pick)(const SampleSummary &))
{
    return {key,
            label,
            QStringLiteral("s"),
            Format::Duration,
            Direction::LowerIsBetter,
            [pick](const CompareEntry &entry) {
                const Result &result = entry.event.result;
                return measured(result) ? QVariant(pick(result.summary)) : QVariant();
            }};
}

QVector<ComparisonRow> summaryRows()
{
    const auto text = [](const std::string &value) {
        return value.empty() ? QVariant() : QVariant(QString::fromStdString(value));
    };
    return {
        {QStringLiteral("size"), QObject::tr("problem size"), QString(), Format::Text,
         Direction::Neutral,
         [](const CompareEntry &e) {
             return e.sizeLabel.isEmpty() ? QVariant() : QVariant(e.sizeLabel);
         }},
        {QStringLiteral("status"), QObject::tr("status"), QString(), Format::Text,
         Direction::Neutral,
         [](const CompareEntry &e) { return QVariant(resultStatusText(e.event.result.status)); }},
        {QStringLiteral("timer"), QObject::tr("timer"), QString(), Format::Text, Direction::Neutral,
         [text](const CompareEntry &e) { return text(e.event.result.timer); }},
        timingRow(QStringLiteral("median"), QObject::tr("median"),
                  [](const SampleSummary &s) { return s.median; }),
        timingRow(QStringLiteral("min"), QObject::tr("min"),
                  [](const SampleSummary &s) { return s.min; }),
        timingRow(QStringLiteral("mean"), QObject::tr("mean"),
                  [](const SampleSummary &s) { return s.mean; }),
        timingRow(QStringLiteral("stddev"), QObject::tr("stddev"),
                  [](const SampleSummary &s) { return s.stddev; }),
        {QStringLiteral("samples"), QObject::tr("samples"), QString(), Format::Count,
         Direction::Neutral,
         [](const CompareEntry &e) {
             const Result &r = e.event.result;
             return measured(r) ? QVariant(double(r.summary.count)) : QVariant();
         }},
        {QStringLiteral("ci"), QObject::tr("CI half-width"), QStringLiteral("fraction"),
         Format::Fraction, Direction::LowerIsBetter,
         [](const CompareEntry &e) {
             const Result &r = e.event.result;
             if (!measured(r))
                 return QVariant();
             // Too few samples to bound the interval: infinite, shown as "unbounded".
             return isBoundedHalfWidth(r.summary.relativeHalfWidth)
                        ? QVariant(r.summary.relativeHalfWidth)
                        : QVariant(std::numeric_limits<double>::infinity());
         }},
    };
}

QVector<ComparisonRow> metricRows(const QVector<CompareEntry> &entries,
                                  const QHash<QString, MetricDirection> &directions)
{
    std::set<std::string> names;
    for (const CompareEntry &entry : entries)
        for (const auto &metric : entry.event.result.metrics)
            names.insert(metric.first);
    QVector<ComparisonRow> rows;
    for (const std::string &name : names) {
        const QString label = QString::fromStdString(name);
        rows.append({QStringLiteral("metric:") + label, label, QString(), Format::Number,
                     directions.value(label, guessMetricDirection(label)),
                     [name](const CompareEntry &entry) {
                         const auto &metrics = entry.event.result.metrics;
                         const auto found = metrics.find(name);
                         return found == metrics.end() ? QVariant() : QVariant(found->second);
                     }});
    }
    return rows;
}

// The backend figures engineers read first, in that order. Their labels, formats and which
// way is better are their declarations' (model/resultfigure.h).
const char *const knownResources[] = {
    figures::kRegisters,       figures::kSpillStores,    figures::kSpillLoads,
    figures::kStackFrame,      figures::kLocalMemory,    figures::kStaticShared,
    figures::kDynamicShared,   figures::kConstantMemory, figures::kOccupancy,
    figures::kThreadsPerBlock, figures::kBlocksPerSm,    figures::kWarpsPerSm,
    figures::kBarriers,
};

Format rowFormat(FigureDisplay display)
{
    switch (display) {
    case FigureDisplay::Count:
        return Format::Count;
    case FigureDisplay::Bytes:
        return Format::Bytes;
    case FigureDisplay::Fraction:
        return Format::Fraction;
    case FigureDisplay::Seconds:
        return Format::Duration;
    default:
        return Format::Number;
    }
}

Direction rowDirection(FigureTrend trend)
{
    switch (trend) {
    case FigureTrend::LowerIsBetter:
        return Direction::LowerIsBetter;
    case FigureTrend::HigherIsBetter:
        return Direction::HigherIsBetter;
    default:
        return Direction::Neutral;
    }
}

ComparisonRow resourceRow(const std::string &key, const QString &label, Format format,
                          Direction direction)
{
    const QString unit = format == Format::Bytes      ? QStringLiteral("B")
                         : format == Format::Duration ? QStringLiteral("s")
                                                      : QString();
    return {QStringLiteral("resource:") + QString::fromStdString(key),
            label,
            unit,
            format,
            direction,
            [key](const CompareEntry &entry) {
                const auto value = entry.event.result.resource(key);
                return value ? QVariant(*value) : QVariant();
            }};
}

QVector<ComparisonRow> resourceRows(const QVector<CompareEntry> &entries)
{
    QVector<ComparisonRow> rows;
    std::set<std::string> others;
    for (const CompareEntry &entry : entries)
        for (const auto &resource : entry.event.result.resources)
            others.insert(resource.first);
    for (const char *key : knownResources) {
        others.erase(key);
        const ResultFigure figure = findResultFigure(key).value();
        const QString label = viewText(figure.label);
        rows.append(resourceRow(key, label, rowFormat(figure.display), rowDirection(figure.trend)));
    }
    // Phase times and clock figures: shown as reported, neither way better.
    for (const std::string &key : others) {
        const QString name = QString::fromStdString(key);
        const bool seconds =
            name.endsWith(QLatin1String("_seconds")) || name.endsWith(QLatin1String("_s"));
        rows.append(resourceRow(key, name, seconds ? Format::Duration : Format::Number,
                                Direction::Neutral));
    }
    rows.append({QStringLiteral("compile"), QObject::tr("compile time"), QStringLiteral("s"),
                 Format::Duration, Direction::Neutral, [](const CompareEntry &entry) {
                     const Result &r = entry.event.result;
                     return r.compileSeconds > 0 ? QVariant(r.compileSeconds) : QVariant();
                 }});
    return rows;
}

bool anyValue(const ComparisonRow &row, const QVector<CompareEntry> &entries)
{
    for (const CompareEntry &entry : entries)
        if (row.value(entry).isValid())
            return true;
    return false;
}

QString formatPlain(double value)
{
    // formatNumber rounds small magnitudes away ("0.00"): keep three significant digits.
    if (value != 0 && std::abs(value) < 0.01)
        return QLocale::c().toString(value, 'g', 3);
    return formatNumber(value);
}

} // namespace

QVector<ComparisonRow> comparisonRows(const QVector<CompareEntry> &entries,
                                      const QHash<QString, MetricDirection> &directions)
{
    QVector<ComparisonRow> all =
        parameterRows(entries) + summaryRows() + metricRows(entries, directions);
    all += resourceRows(entries);
    QVector<ComparisonRow> rows;
    for (ComparisonRow &row : all)
        if (anyValue(row, entries))
            rows.append(std::move(row));
    return rows;
}

QString formatRowValue(const ComparisonRow &row, const QVariant &value)
{
    if (!value.isValid())
        return QString();
    const double number = value.toDouble();
    switch (row.format) {
    case Format::Text:
        return value.toString();
    case Format::Duration:
        return formatDuration(number);
    case Format::Count:
        return std::nearbyint(number) == number ? QString::number(qint64(number))
                                                : formatPlain(number);
    case Format::Bytes:
        return QString::number(qint64(std::llround(number))) + QStringLiteral(" B");
    case Format::Fraction:
        if (std::isinf(number))
            return QObject::tr("unbounded");
        return QLocale::c().toString(number * 100, 'f', 1) + QLatin1Char('%');
    case Format::Number:
        return formatPlain(number);
    }
    return QString();
}

} // namespace tb
