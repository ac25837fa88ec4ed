#pragma once

#include "tasks/compileoutcome.h"

#include <QMap>
#include <QWidget>

class QFormLayout;
class QLabel;

namespace tb {

// What the last "Compile config" produced, as figures: for CUDA the registers per thread,
// spill stores/loads, stack frame, static and dynamic shared memory, threads per block and the
// theoretical occupancy (blocks and warps per SM); for a cpu spec whether it built and how long
// it took. The headline says whether the compile succeeded and for which target.
class ResourceUsageView : public QWidget
{
    Q_OBJECT
public:
    explicit ResourceUsageView(QWidget *parent = nullptr);

    void showOutcome(const CompileOutcome &outcome, bool cuda);
    void showPlaceholder(const QString &text);

    QString headline() const;
    // The shown text of one figure row ("registers", "spill_stores", "spill_loads",
    // "stack_frame", "shared", "threads_per_block", "occupancy", "built", "compile_time"),
    // empty when the row is hidden.
    QString figure(const QString &key) const;

private:
    void addRow(const QString &key, const QString &label, const QString &toolTip);
    void setFigure(const QString &key, const QString &text);
    void hideFigures();
    void showCudaFigures(const Result &result);

    QLabel *m_headline;
    QFormLayout *m_form;
    QMap<QString, QLabel *> m_figures;
};

} // namespace tb
