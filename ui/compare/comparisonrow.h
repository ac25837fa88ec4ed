#pragma once

#include "compareentry.h"
#include "metricdirection.h"

#include <QHash>
#include <QString>
#include <QVariant>
#include <QVector>

#include <functional>

namespace tb {

// One line of a comparison: a figure read the same way from every entry. The value is a double
// for numbers, a QString for text, or invalid where an entry has no such figure (a failed
// config has no timings; a CPU kernel reports no registers).
struct ComparisonRow
{
    enum class Format
    {
        Text,
        Duration, // seconds
        Count,
        Number,
        Bytes,
        Fraction, // 0..1, shown as a percentage
    };

    QString key;   // stable identity: "param:BM", "median", "metric:GB/s", "resource:registers"
    QString label; // what the user reads
    QString unit;  // of the raw value in a copied table: "s", "B", ""
    Format format = Format::Number;
    MetricDirection direction = MetricDirection::Neutral;
    std::function<QVariant(const CompareEntry &)> value;

    bool isNumeric() const { return format != Format::Text; }
};

// Every row worth showing for these entries, in reading order: parameters, status and timer,
// timings, derived metrics, resources. Rows no entry has a value for are left out.
// `directions` overrides the guessed direction of derived metrics (e.g. the spec's objective).
QVector<ComparisonRow> comparisonRows(const QVector<CompareEntry> &entries,
                                      const QHash<QString, MetricDirection> &directions);

// The value as the table shows it ("2.50 ms", "48 B", "62.5%"); empty for an invalid value.
QString formatRowValue(const ComparisonRow &row, const QVariant &value);

} // namespace tb
