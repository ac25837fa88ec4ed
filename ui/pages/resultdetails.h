#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace tb {

struct ResultEvent;
class SampleHistogram;

// The details of one result, shown beside the results table: status and error message, the
// configuration's parameters and the compiler defines they became, timing summary, derived
// metrics, resources (when the backend reports them), the compiler log and a histogram of the
// samples.
class ResultDetails : public QWidget
{
    Q_OBJECT
public:
    explicit ResultDetails(QWidget *parent = nullptr);

    void showResult(const ResultEvent &event);
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
};

} // namespace tb
