#include "comparisonmodel.h"

#include "analysis/timedifference.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

#include <cmath>

namespace tb {

namespace {

// Mid-tones that read on both the light and the dark palette.
const QColor betterColor(0x2e, 0x9d, 0x4f);
const QColor worseColor(0xd6, 0x45, 0x41);

QString formatPercent(double percent)
{
    if (percent == 0)
        return QStringLiteral("0%");
    const int decimals = std::abs(percent) >= 100 ? 0 : 2; // as formatPercent() everywhere
    return (percent > 0 ? QStringLiteral("+") : QString()) +
           QLocale::c().toString(percent, 'f', decimals) + QLatin1Char('%');
}

// A cell of a copied table: tabs and line breaks would split it.
QString tableCell(QString text)
{
    text.replace(QLatin1Char('\t'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

} // namespace

ComparisonModel::ComparisonModel(QObject *parent) : QAbstractTableModel(parent) {}

void ComparisonModel::setEntries(const QVector<CompareEntry> &entries)
{
    beginResetModel();
    m_entries = entries;
    m_baseline = entries.isEmpty() ? -1 : 0;
    rebuildRows();
    endResetModel();
    emit baselineChanged(m_baseline);
}

void ComparisonModel::setBaseline(int column)
{
    if (column == m_baseline || column < 0 || column >= columnCount())
        return;
    m_baseline = column;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    emit baselineChanged(m_baseline);
}

void ComparisonModel::setMetricDirection(const QString &metric, MetricDirection direction)
{
    m_directions.insert(metric, direction);
    const int row = rowForKey(QStringLiteral("metric:") + metric);
    if (row < 0)
        return;
    m_rows[row].direction = direction;
    emit dataChanged(index(row, 0), index(row, columnCount() - 1));
    emit headerDataChanged(Qt::Vertical, row, row);
}

void ComparisonModel::rebuildRows()
{
    m_rows = comparisonRows(m_entries, m_directions);
}

int ComparisonModel::rowForKey(const QString &key) const
{
    for (int row = 0; row < m_rows.size(); ++row)
        if (m_rows.at(row).key == key)
            return row;
    return -1;
}

int ComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

QVariant ComparisonModel::value(int row, int column) const
{
    return m_rows.at(row).value(m_entries.at(column));
}

QVariant ComparisonModel::difference(int row, int column) const
{
    if (column == m_baseline || !m_rows.at(row).isNumeric())
        return QVariant();
    const QVariant current = value(row, column);
    const QVariant base = value(row, m_baseline);
    if (!current.isValid() || !base.isValid())
        return QVariant();
    const double x = current.toDouble();
    const double b = base.toDouble();
    if (b == 0) // no percentage of nothing: "48 B of spills against none" is told by the colour
        return x == 0 ? QVariant(0.0) : QVariant();
    // One convention for every figure, times included (relativeChange()): a change against the
    // baseline, the percentage a reader computes from the two numbers shown. "Faster" is the
    // verdict's word (compareVerdict()), not the table's.
    const double percent = relativeChange(b, x) * 100.0;
    // An unbounded figure (a median's interval from too few samples) has no percentage either.
    return std::isfinite(percent) ? QVariant(percent) : QVariant();
}

ComparisonModel::Verdict ComparisonModel::verdict(int row, int column) const
{
    const ComparisonRow &spec = m_rows.at(row);
    if (column == m_baseline || !spec.isNumeric() || spec.direction == MetricDirection::Neutral)
        return NotRated;
    const QVariant current = value(row, column);
    const QVariant base = value(row, m_baseline);
    if (!current.isValid() || !base.isValid())
        return NotRated;
    const double x = current.toDouble();
    const double b = base.toDouble();
    // x == b for two unbounded (infinite) figures; a finite one is never the same as those.
    const bool finite = std::isfinite(x) && std::isfinite(b);
    if (x == b || (finite && std::abs(x - b) <= 1e-12 * std::max(std::abs(x), std::abs(b))))
        return Same;
    const bool lower = x < b;
    return lower == (spec.direction == MetricDirection::LowerIsBetter) ? Better : Worse;
}

QString ComparisonModel::displayText(int row, int column) const
{
    const QString text = formatRowValue(m_rows.at(row), value(row, column));
    const QVariant percent = difference(row, column);
    // "(0%)" after every equal figure is noise: the plain value says it is the same.
    if (!percent.isValid() || percent.toDouble() == 0)
        return text;
    return text + QStringLiteral("  (") + formatPercent(percent.toDouble()) + QLatin1Char(')');
}

QString ComparisonModel::toolTip(int row, int column) const
{
    const QVariant percent = difference(row, column);
    if (!percent.isValid())
        return QString();
    const Verdict v = verdict(row, column);
    const QString judgement = v == Better ? tr(", better") : v == Worse ? tr(", worse") : QString();
    return tr("%1 against %2%3")
        .arg(formatPercent(percent.toDouble()), m_entries.at(m_baseline).caption, judgement);
}

QVariant ComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const int row = index.row();
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayText(row, column);
    case ValueRole:
        return value(row, column);
    case DifferenceRole:
        return difference(row, column);
    case VerdictRole:
        return int(verdict(row, column));
    case RowKeyRole:
        return m_rows.at(row).key;
    case Qt::ToolTipRole: {
        const QString tip = toolTip(row, column);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    case Qt::ForegroundRole: {
        const Verdict v = verdict(row, column);
        return v == Better  ? QVariant(QBrush(betterColor))
               : v == Worse ? QVariant(QBrush(worseColor))
                            : QVariant();
    }
    case Qt::FontRole: {
        // A parameter or status that differs from the baseline's is what the eye looks for.
        if (m_rows.at(row).isNumeric() || column == m_baseline ||
            value(row, column) == value(row, m_baseline))
            return QVariant();
        QFont font;
        font.setBold(true);
        return font;
    }
    case Qt::TextAlignmentRole:
        return m_rows.at(row).isNumeric() ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                          : QVariant(int(Qt::AlignLeft | Qt::AlignVCenter));
    default:
        return QVariant();
    }
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    const int count = orientation == Qt::Horizontal ? columnCount() : rowCount();
    if (section < 0 || section >= count)
        return QVariant();
    if (orientation == Qt::Vertical) {
        const ComparisonRow &row = m_rows.at(section);
        if (role == Qt::DisplayRole)
            return row.label;
        if (role == Qt::ToolTipRole && row.direction != MetricDirection::Neutral)
            return row.direction == MetricDirection::LowerIsBetter ? tr("Lower is better")
                                                                   : tr("Higher is better");
        return QVariant();
    }
    const QString caption = m_entries.at(section).caption;
    switch (role) {
    case Qt::DisplayRole:
        return section == m_baseline ? tr("%1 (baseline)").arg(caption) : caption;
    case Qt::ToolTipRole:
        return section == m_baseline
                   ? tr("%1: the baseline the others are compared with").arg(caption)
                   : caption;
    case Qt::FontRole: {
        if (section != m_baseline)
            return QVariant();
        QFont font;
        font.setBold(true);
        return font;
    }
    default:
        return QVariant();
    }
}

QString ComparisonModel::toTabSeparated() const
{
    QStringList header{tr("Field")};
    for (const CompareEntry &entry : m_entries)
        header << tableCell(entry.caption);
    for (int column = 0; column < columnCount(); ++column)
        if (column != m_baseline)
            header << tableCell(
                tr("%1 vs %2").arg(m_entries.at(column).caption, m_entries.at(m_baseline).caption));
    QStringList lines{header.join(QLatin1Char('\t'))};
    for (int row = 0; row < rowCount(); ++row) {
        const ComparisonRow &spec = m_rows.at(row);
        QStringList cells{spec.unit.isEmpty()
                              ? spec.label
                              : QStringLiteral("%1 (%2)").arg(spec.label, spec.unit)};
        for (int column = 0; column < columnCount(); ++column) {
            const QVariant raw = value(row, column);
            cells << (!raw.isValid()     ? QString()
                      : spec.isNumeric() ? QString::number(raw.toDouble(), 'g', 12)
                                         : tableCell(raw.toString()));
        }
        for (int column = 0; column < columnCount(); ++column) {
            if (column == m_baseline)
                continue;
            const QVariant percent = difference(row, column);
            cells << (percent.isValid()
                          ? QLocale::c().toString(percent.toDouble(), 'f', 2) + QLatin1Char('%')
                          : QString());
        }
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace tb
