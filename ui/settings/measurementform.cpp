#include "measurementform.h"

#include "appsettings.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

namespace tb {

namespace {

QSpinBox *intBox(int low, int high, const QString &tip, QWidget *parent)
{
    auto *box = new QSpinBox(parent);
    box->setRange(low, high);
    box->setToolTip(tip);
    box->setAccelerated(true);
    return box;
}

QDoubleSpinBox *doubleBox(double low, double high, int decimals, const QString &suffix,
                          const QString &tip, QWidget *parent)
{
    auto *box = new QDoubleSpinBox(parent);
    box->setDecimals(decimals);
    box->setRange(low, high);
    box->setSuffix(suffix);
    box->setToolTip(tip);
    box->setAccelerated(true);
    return box;
}

} // namespace

MeasurementForm::MeasurementForm(QWidget *parent)
    : QWidget(parent),
      m_warmupRuns(intBox(0, AppSettings::kMaxWarmupRuns,
                          tr("Untimed launches before sampling (spec: warmup_runs)"), this)),
      m_minSamples(intBox(1, AppSettings::kMaxSamples,
                          tr("Samples taken whatever the spread (spec: min_samples)"), this)),
      m_maxSamples(intBox(1, AppSettings::kMaxSamples,
                          tr("Sampling stops here even if the target is not met "
                             "(spec: max_samples)"),
                          this)),
      m_targetPercent(doubleBox(AppSettings::kMinTargetHalfWidth * 100,
                                AppSettings::kMaxTargetHalfWidth * 100, 2, QStringLiteral(" %"),
                                tr("Sampling stops once the median's ~95% confidence interval "
                                   "half-width is under this share of the median "
                                   "(spec: target_rel_ci)"),
                                this)),
      m_minSeconds(doubleBox(0, AppSettings::kMaxSecondsPerConfig, 3, QStringLiteral(" s"),
                             tr("Sampling goes on at least this long even when the target is "
                                "met, so the median covers the GPU's runs of fast and slow "
                                "samples (spec: min_seconds_per_config)"),
                             this)),
      m_maxSeconds(doubleBox(0.01, AppSettings::kMaxSecondsPerConfig, 2, QStringLiteral(" s"),
                             tr("Sampling time cap per configuration "
                                "(spec: max_seconds_per_config)"),
                             this)),
      m_timeout(doubleBox(0.1, AppSettings::kMaxTimeoutSeconds, 1, QStringLiteral(" s"),
                          tr("A configuration running longer is killed and recorded as "
                             "timeout (spec: timeout_seconds)"),
                          this)),
      m_flushL2(new QCheckBox(tr("&Flush the L2 cache before every sample (GPU)"), this))
{
    m_flushL2->setToolTip(tr("Off: warm-cache timing (spec: warm_cache = true)"));
    auto *layout = new QFormLayout(this);
    layout->addRow(tr("Warm-&up launches:"), m_warmupRuns);
    layout->addRow(tr("Mi&nimum samples:"), m_minSamples);
    layout->addRow(tr("Ma&ximum samples:"), m_maxSamples);
    layout->addRow(tr("&Target confidence half-width:"), m_targetPercent);
    layout->addRow(tr("M&inimum sampling time per config:"), m_minSeconds);
    layout->addRow(tr("Sampling time &cap per config:"), m_maxSeconds);
    layout->addRow(tr("Time&out per config:"), m_timeout);
    layout->addRow(m_flushL2);
    auto *note = new QLabel(tr("New specs start from these values; a spec's own measurement "
                               "settings always win."),
                            this);
    note->setWordWrap(true);
    layout->addRow(note);

    // Every keystroke, half-typed numbers included: the spin boxes' own textChanged fires
    // only for acceptable values, and a half-typed one must disable OK at once.
    for (QAbstractSpinBox *box : std::initializer_list<QAbstractSpinBox *>{
             m_warmupRuns, m_minSamples, m_maxSamples, m_targetPercent, m_minSeconds, m_maxSeconds,
             m_timeout})
        connect(box->findChild<QLineEdit *>(), &QLineEdit::textChanged, this,
                &MeasurementForm::changed);
    connect(m_flushL2, &QCheckBox::toggled, this, &MeasurementForm::changed);
    setValue(MeasurementSettings());
}

MeasurementSettings MeasurementForm::value() const
{
    MeasurementSettings m;
    m.warmupRuns = m_warmupRuns->value();
    m.minSamples = m_minSamples->value();
    m.maxSamples = m_maxSamples->value();
    m.targetRelativeHalfWidth = m_targetPercent->value() / 100;
    m.minSecondsPerConfig = m_minSeconds->value();
    m.maxSecondsPerConfig = m_maxSeconds->value();
    m.timeoutSeconds = m_timeout->value();
    m.warmCache = !m_flushL2->isChecked();
    return m;
}

void MeasurementForm::setValue(const MeasurementSettings &m)
{
    m_warmupRuns->setValue(m.warmupRuns);
    m_minSamples->setValue(m.minSamples);
    m_maxSamples->setValue(m.maxSamples);
    m_targetPercent->setValue(m.targetRelativeHalfWidth * 100);
    m_minSeconds->setValue(m.minSecondsPerConfig);
    m_maxSeconds->setValue(m.maxSecondsPerConfig);
    m_timeout->setValue(m.timeoutSeconds);
    m_flushL2->setChecked(!m.warmCache);
}

QString MeasurementForm::problem() const
{
    // A half-typed number (empty, "1e") keeps the box's last value: refuse it, do not guess.
    const QList<QAbstractSpinBox *> boxes{m_warmupRuns,    m_minSamples, m_maxSamples,
                                          m_targetPercent, m_maxSeconds, m_timeout};
    for (QAbstractSpinBox *box : boxes) {
        if (!box->hasAcceptableInput()) {
            auto *label =
                qobject_cast<QLabel *>(static_cast<QFormLayout *>(layout())->labelForField(box));
            const QString name =
                label ? label->text().remove(QLatin1Char('&')).chopped(1) : QString();
            return tr("%1: enter a number in range.").arg(name);
        }
    }
    return AppSettings::measurementProblem(value());
}

} // namespace tb
