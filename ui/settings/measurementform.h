#pragma once

#include "model/spec.h"

#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QSpinBox;

namespace tb {

// The measurement defaults new specs start from: warm-up launches, samples, the confidence
// target, time caps and the L2 flush. Labels name the spec field each one fills.
class MeasurementForm : public QWidget
{
    Q_OBJECT
public:
    explicit MeasurementForm(QWidget *parent = nullptr);

    MeasurementSettings value() const;
    void setValue(const MeasurementSettings &measurement);
    QString problem() const; // why the values cannot be saved, or empty

    QSpinBox *warmupRunsBox() const { return m_warmupRuns; }
    QSpinBox *minSamplesBox() const { return m_minSamples; }
    QSpinBox *maxSamplesBox() const { return m_maxSamples; }
    QDoubleSpinBox *targetPercentBox() const { return m_targetPercent; }
    QDoubleSpinBox *minSecondsBox() const { return m_minSeconds; }
    QDoubleSpinBox *maxSecondsBox() const { return m_maxSeconds; }
    QDoubleSpinBox *timeoutBox() const { return m_timeout; }
    QCheckBox *flushL2Box() const { return m_flushL2; }

signals:
    void changed();

private:
    QSpinBox *m_warmupRuns;
    QSpinBox *m_minSamples;
    QSpinBox *m_maxSamples;
    QDoubleSpinBox *m_targetPercent;
    QDoubleSpinBox *m_minSeconds;
    QDoubleSpinBox *m_maxSeconds;
    QDoubleSpinBox *m_timeout;
    QCheckBox *m_flushL2;
};

} // namespace tb
