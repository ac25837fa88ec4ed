#pragma once

#include <QString>
#include <QVector>

#include <functional>
#include <optional>

namespace tb {

// The Results page's filter text, read once: every term must hold for a row to pass.
// - `NAME OP VALUE` (OP one of = == != < <= > >=) compares the field NAME of the row: a
//   parameter, a problem-size variable, a metric or a column ("median", "registers", ...), the
//   name whole and case-insensitive, so `N=256` never matches `BN=256`. The value is a number,
//   with a time unit (ns, us, ms, s) or a percent sign where that reads better ("median<2ms",
//   "ci>5%"); for `status` it is a state's name. A row without that value fails the term.
// - Any other word (or "a quoted phrase") must appear, case-insensitive, in the row's text: its
//   state, size, config and failure message. So does a comparison whose NAME the run has no
//   field of (a message may well say "size=0").
class ResultsFilterQuery
{
public:
    // What a row holds under one name: `known` false when the run has no field of that name.
    struct Field
    {
        bool known = false;
        std::optional<double> number; // none: the row has no value there (a failure's median)
        QString text;                 // a field compared by name, such as the state
    };
    using FieldLookup = std::function<Field(const QString &name)>;

    explicit ResultsFilterQuery(const QString &text = QString());

    bool isEmpty() const { return m_terms.isEmpty(); }
    // `rowText`: what plain words are looked for in; `lookup`: the row's fields by name.
    bool accepts(const QString &rowText, const FieldLookup &lookup) const;

private:
    enum class Op
    {
        Equal,
        NotEqual,
        Less,
        LessEqual,
        Greater,
        GreaterEqual,
    };
    struct Term
    {
        QString word; // as typed: what a plain word (or an unknown name) looks for
        QString name; // empty: a plain word
        Op op = Op::Equal;
        QString value;                // as typed, for a text field
        std::optional<double> number; // the value read as a number (units applied)
    };

    static std::optional<Term> comparison(const QString &word);
    static bool holds(const Term &term, const Field &field);

    QVector<Term> m_terms;
};

// The filter's words: split at spaces, a "quoted phrase" kept whole (without its quotes).
QStringList filterWords(const QString &text);
// "2ms" -> 0.002, "5%" -> 0.05, "64" -> 64; none when the text is no number.
std::optional<double> filterNumber(const QString &text);

} // namespace tb
