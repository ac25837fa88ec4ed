#include "resourceusageview.h"
#include "model/resultfigure.h"
#include "models/enginetext.h"

#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

namespace tb {

namespace {

QString bytes(double value)
{
    return QObject::tr("%1 B").arg(QString::number(value, 'f', 0));
}

QString seconds(double value)
{
    return value < 1 ? QObject::tr("%1 ms").arg(QString::number(value * 1000, 'f', 0))
                     : QObject::tr("%1 s").arg(QString::number(value, 'f', 2));
}

} // namespace

ResourceUsageView::ResourceUsageView(QWidget *parent)
    : QWidget(parent), m_headline(new QLabel(this)), m_form(new QFormLayout)
{
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    addRow(QStringLiteral("built"), tr("Built"),
           tr("Whether the host compiler produced the "
              "shared object"));
    addRow(QStringLiteral("compile_time"), tr("Compile time"),
           tr("Wall time of the compile (a cached build is instant)"));
    addRow(QString::fromLatin1(figures::kRegisters), tr("Registers"),
           tr("Registers per thread (ptxas)"));
    addRow(QString::fromLatin1(figures::kSpillStores), tr("Spill stores"),
           tr("Bytes per thread stored to local memory because registers ran out"));
    addRow(QString::fromLatin1(figures::kSpillLoads), tr("Spill loads"),
           tr("Bytes per thread loaded back from local memory"));
    addRow(QString::fromLatin1(figures::kStackFrame), tr("Stack frame"),
           tr("Bytes of stack per thread"));
    addRow(QStringLiteral("shared"), tr("Shared memory"),
           tr("Per block: static (declared __shared__) + dynamic (the spec's "
              "launch.dynamic_shared_memory; for a Triton kernel, what Triton's build asks "
              "for)"));
    addRow(QString::fromLatin1(figures::kThreadsPerBlock), tr("Threads / block"),
           tr("From the spec's launch geometry for this configuration and size"));
    addRow(QString::fromLatin1(figures::kOccupancy), tr("Occupancy"),
           tr("Theoretical: resident blocks and warps per SM on the target, and the fraction "
              "of the SM's warp slots they fill"));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_headline);
    layout->addLayout(m_form);
    layout->addStretch();
    showPlaceholder(tr("Pick a configuration and press Compile config (Ctrl+B) to see its "
                       "resource usage."));
}

void ResourceUsageView::addRow(const QString &key, const QString &label, const QString &toolTip)
{
    auto *value = new QLabel(this);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    value->setToolTip(toolTip);
    auto *name = new QLabel(label + QLatin1Char(':'), this);
    name->setToolTip(toolTip);
    m_form->addRow(name, value);
    m_figures.insert(key, value);
}

void ResourceUsageView::setFigure(const QString &key, const QString &text)
{
    QLabel *label = m_figures.value(key);
    label->setText(text);
    m_form->setRowVisible(label, true);
}

void ResourceUsageView::hideFigures()
{
    for (QLabel *label : std::as_const(m_figures)) {
        label->clear();
        m_form->setRowVisible(label, false);
    }
}

QString ResourceUsageView::headline() const
{
    return m_headline->text();
}

QString ResourceUsageView::figure(const QString &key) const
{
    const QLabel *label = m_figures.value(key);
    return label ? label->text() : QString();
}

void ResourceUsageView::showPlaceholder(const QString &text)
{
    hideFigures();
    m_headline->setToolTip(QString());
    m_headline->setText(text);
}

void ResourceUsageView::showOutcome(const CompileOutcome &outcome, bool cuda)
{
    hideFigures();
    const Result &result = outcome.result;
    const QString target = QString::fromStdString(outcome.target);
    if (!outcome.failure.empty()) {
        m_headline->setText(
            tr("Could not compile: %1").arg(QString::fromStdString(outcome.failure)));
        return;
    }
    m_headline->setToolTip(
        outcome.targetReason.empty()
            ? QString()
            : tr("Target %1: %2").arg(target, QString::fromStdString(outcome.targetReason)));
    if (result.status == ResultStatus::Ok)
        m_headline->setText(cuda ? tr("Compiled for %1.").arg(target)
                                 : tr("Built with %1.").arg(target));
    else
        m_headline->setText(tr("%1: %2").arg(resultStatusText(result.status),
                                             QString::fromStdString(result.message)));
    setFigure(QStringLiteral("compile_time"),
              result.cachedBuild ? tr("%1 (cached)").arg(seconds(result.compileSeconds))
                                 : seconds(result.compileSeconds));
    if (cuda)
        showCudaFigures(result);
    else
        setFigure(QStringLiteral("built"), outcome.built ? tr("yes") : tr("no"));
}

void ResourceUsageView::showCudaFigures(const Result &result)
{
    const auto value = [&result](const char *key) { return result.resource(key); };
    if (!value(figures::kRegisters))
        return; // nothing compiled: no figures to show
    setFigure(QString::fromLatin1(figures::kRegisters),
              QString::number(*value(figures::kRegisters)));
    setFigure(QString::fromLatin1(figures::kSpillStores),
              bytes(value(figures::kSpillStores).value_or(0)));
    setFigure(QString::fromLatin1(figures::kSpillLoads),
              bytes(value(figures::kSpillLoads).value_or(0)));
    setFigure(QString::fromLatin1(figures::kStackFrame),
              bytes(value(figures::kStackFrame).value_or(0)));
    setFigure(QStringLiteral("shared"),
              tr("%1 static + %2 dynamic")
                  .arg(bytes(value(figures::kStaticShared).value_or(0)),
                       bytes(value(figures::kDynamicShared).value_or(0))));
    setFigure(QString::fromLatin1(figures::kThreadsPerBlock),
              QString::number(value(figures::kThreadsPerBlock).value_or(0)));
    setFigure(QString::fromLatin1(figures::kOccupancy),
              tr("%1 blocks, %2 warps per SM (%3%)")
                  .arg(value(figures::kBlocksPerSm).value_or(0))
                  .arg(value(figures::kWarpsPerSm).value_or(0))
                  .arg(std::round(value(figures::kOccupancy).value_or(0) * 100)));
}

} // namespace tb
