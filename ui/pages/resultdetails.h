#pragma once

#include <QWidget>

#include <functional>
#include <limits>

class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace tb {

struct ResultEvent;
class SampleHistogram;

// The details of one result, shown beside the results table: status and error message (with a
// hint where the driver's or compiler's words say little, failureHint), the
// configuration's parameters and the compiler defines they became, timing summary, derived
// metrics, resources (when the backend reports them), the compiler log and a histogram of the
// samples.
class ResultDetails : public QWidget
{
    Q_OBJECT
public:
    explicit ResultDetails(QWidget *parent = nullptr);

    // Where the -D flags of a result come from: whoever holds the run's spec (the backends'
    // parameterDefines() needs its parameters and code), or an empty text when the result is
    // of another spec. Without a source the flags stay empty and say why.
    using DefinesSource = std::function<QString(const ResultEvent &)>;
    void setDefinesSource(DefinesSource source);

    // `roundsAgreeWithin`: the spec's target for a finalist's process rounds, past which they
    // are named as a caveat (SpecOutline::roundsAgreeWithin); infinity judges none.
    void showResult(const ResultEvent &event,
                    double roundsAgreeWithin = std::numeric_limits<double>::infinity());
    void clear();

    QString statusText() const;
    QString messageText() const;
    QString summaryText() const; // parameters, timings, metrics and resources as plain text
    QString compilerLog() const;
    QString definesText() const; // "-DBM=64 -DBN=32", as the kernel was compiled
    SampleHistogram *histogram() const { return m_histogram; }

private:
    QLabel *m_status;
    QLabel *m_message;
    QLabel *m_summary;
    QLineEdit *m_defines;
    QPlainTextEdit *m_compilerLog;
    SampleHistogram *m_histogram;
    DefinesSource m_definesSource;
};

} // namespace tb
