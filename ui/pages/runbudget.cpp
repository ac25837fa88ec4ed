#include "runbudget.h"

#include "search/searchstrategy.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

namespace tb {

RunBudget::RunBudget(QWidget *parent)
    : QWidget(parent), m_strategy(new QComboBox(this)), m_maxConfigs(new QSpinBox(this)),
      m_maxMinutes(new QDoubleSpinBox(this)), m_fresh(new QCheckBox(tr("&New run"), this))
{
    // Item data: the engine's strategy name; empty for the spec's own.
    m_strategy->addItem(tr("From spec"), QString());
    m_strategy->addItem(tr("Auto (every configuration, or a search under a budget)"),
                        QStringLiteral("auto"));
    m_strategy->addItem(tr("Brute force (every valid configuration)"),
                        QStringLiteral("brute_force"));
    m_strategy->addItem(tr("Random (in a random order)"), QStringLiteral("random"));
    for (const auto &name : strategyNames()) { // the searching ones, by the engine's names
        const QString id = QString::fromStdString(name);
        if (m_strategy->findData(id) < 0)
            m_strategy->addItem(QString(id).replace(QLatin1Char('_'), QLatin1Char(' ')), id);
    }
    m_strategy->setToolTip(tr("How configurations are chosen; with a budget, Random samples "
                              "the space and the searching strategies home in on the best "
                              "(the spec's strategy.options apply to the spec's own strategy)"));
    // 0 reads "From spec": the spin boxes' special value.
    m_maxConfigs->setRange(0, 100000000);
    m_maxConfigs->setSpecialValueText(tr("From spec"));
    m_maxConfigs->setToolTip(tr("At most this many configurations per problem size"));
    m_maxMinutes->setRange(0, 7 * 24 * 60);
    m_maxMinutes->setDecimals(1);
    m_maxMinutes->setSuffix(tr(" min"));
    m_maxMinutes->setSpecialValueText(tr("From spec"));
    m_maxMinutes->setToolTip(tr("Start no configuration after this long (the run's clock "
                                "stops while paused)"));
    m_fresh->setToolTip(tr("Start a new run even when the workspace holds an unfinished run of "
                           "this spec (otherwise that run is resumed)"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    const auto addLabelled = [&](const QString &text, QWidget *field) {
        auto *label = new QLabel(text, this);
        label->setBuddy(field);
        layout->addWidget(label);
        layout->addWidget(field);
    };
    addLabelled(tr("S&trategy:"), m_strategy);
    addLabelled(tr("Max &configs per size:"), m_maxConfigs);
    addLabelled(tr("Time &budget:"), m_maxMinutes);
    layout->addWidget(m_fresh);
    layout->addStretch(1);
}

void RunBudget::apply(RunRequest &request) const
{
    const QString strategy = m_strategy->currentData().toString();
    if (!strategy.isEmpty())
        request.strategy = strategy;
    if (m_maxConfigs->value() > 0)
        request.maxConfigs = m_maxConfigs->value();
    if (m_maxMinutes->value() > 0)
        request.maxSeconds = m_maxMinutes->value() * 60.0;
    request.fresh = m_fresh->isChecked();
}

void RunBudget::reset()
{
    m_strategy->setCurrentIndex(0);
    m_maxConfigs->setValue(0);
    m_maxMinutes->setValue(0);
    m_fresh->setChecked(false);
}

} // namespace tb
