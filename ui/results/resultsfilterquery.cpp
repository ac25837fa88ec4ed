#include "resultsfilterquery.h"

#include <QStringList>

#include <array>
#include <cmath>
#include <utility>

namespace tb {

namespace {

// Two-character operators first: "<=" must not be read as "<" with the value "=5".
constexpr std::array<std::pair<const char *, int>, 7> kOperators = {
    {{">=", 5}, {"<=", 3}, {"!=", 1}, {"==", 0}, {"=", 0}, {"<", 2}, {">", 4}}};

// Equal within rounding: a value typed as "0.1" and one computed as 0.1 are the same.
bool same(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

} // namespace

QStringList filterWords(const QString &text)
{
    QStringList words;
    QString word;
    bool quoted = false;
    for (const QChar c : text) {
        if (c == QLatin1Char('"')) {
            quoted = !quoted;
            continue;
        }
        if (c.isSpace() && !quoted) {
            if (!word.isEmpty())
                words << std::exchange(word, QString());
            continue;
        }
        word += c;
    }
    if (!word.isEmpty())
        words << word;
    return words;
}

std::optional<double> filterNumber(const QString &text)
{
    static const std::array<std::pair<const char *, double>, 6> units = {
        {{"ns", 1e-9}, {"us", 1e-6}, {"\u00b5s", 1e-6}, {"ms", 1e-3}, {"s", 1.0}, {"%", 0.01}}};
    QString digits = text.trimmed();
    double scale = 1.0;
    for (const auto &[unit, factor] : units) {
        const QString suffix = QString::fromUtf8(unit);
        if (digits.endsWith(suffix, Qt::CaseInsensitive)) {
            digits.chop(suffix.size());
            scale = factor;
            break;
        }
    }
    bool ok = false;
    const double value = digits.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value * scale;
}

ResultsFilterQuery::ResultsFilterQuery(const QString &text)
{
    for (const QString &word : filterWords(text)) {
        // A config key typed or pasted whole ("BM=64,BN=32") is one comparison per parameter.
        QVector<Term> parts;
        for (const QString &part : word.split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (auto term = comparison(part))
                parts.append(*term);
        if (word.contains(QLatin1Char(',')) &&
            parts.size() == word.split(QLatin1Char(','), Qt::SkipEmptyParts).size()) {
            m_terms += parts;
        } else if (auto term = comparison(word)) {
            m_terms.append(*term);
        } else {
            m_terms.append(Term{word, {}, Op::Equal, {}, std::nullopt});
        }
    }
}

std::optional<ResultsFilterQuery::Term> ResultsFilterQuery::comparison(const QString &word)
{
    // The first operator character splits the word: "BM<=64" is BM, "<=", 64.
    qsizetype at = 0;
    while (at < word.size() && !QStringLiteral("<>=!").contains(word.at(at)))
        ++at;
    if (at == 0 || at == word.size())
        return std::nullopt;
    for (const auto &[symbol, op] : kOperators) {
        const QLatin1String text(symbol);
        if (!QStringView(word).mid(at).startsWith(text))
            continue;
        const QString value = word.mid(at + text.size());
        if (value.isEmpty())
            return std::nullopt;
        return Term{word, word.left(at), Op(op), value, filterNumber(value)};
    }
    return std::nullopt;
}

bool ResultsFilterQuery::holds(const Term &term, const Field &field)
{
    if (!field.text.isEmpty()) { // a named text: equal or not, by name
        const bool equal = field.text.compare(term.value, Qt::CaseInsensitive) == 0;
        return term.op == Op::Equal ? equal : term.op == Op::NotEqual && !equal;
    }
    if (!field.number || !term.number)
        return false;
    const double a = *field.number;
    const double b = *term.number;
    switch (term.op) {
    case Op::Equal:
        return same(a, b);
    case Op::NotEqual:
        return !same(a, b);
    case Op::Less:
        return a < b && !same(a, b);
    case Op::LessEqual:
        return a < b || same(a, b);
    case Op::Greater:
        return a > b && !same(a, b);
    case Op::GreaterEqual:
        return a > b || same(a, b);
    }
    return false;
}

bool ResultsFilterQuery::accepts(const QString &rowText, const FieldLookup &lookup) const
{
    for (const Term &term : m_terms) {
        if (!term.name.isEmpty()) {
            const Field field = lookup(term.name);
            if (field.known) {
                if (!holds(term, field))
                    return false;
                continue;
            }
        }
        if (!rowText.contains(term.word, Qt::CaseInsensitive))
            return false;
    }
    return true;
}

} // namespace tb
