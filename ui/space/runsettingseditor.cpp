#include "runsettingseditor.h"

#include "formrows.h"
#include "jsoncheckbox.h"
#include "jsoncombofield.h"
#include "jsonfield.h"
#include "search/searchstrategy.h"
#include "strategyoptionseditor.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>

namespace tb {

RunSettingsEditor::RunSettingsEditor(SpecDocument *document, QWidget *parent) : QWidget(parent)
{
    using Kind = FieldCodec::Kind;
    auto *strategy = new QGroupBox(tr("Search"), this);
    auto *search = new QFormLayout(strategy);
    QStringList strategies;
    for (const auto &name : strategyNames()) // the engine's list: one policy, not two
        strategies << QString::fromStdString(name);
    m_strategy = formrows::addCombo(
        search, document, strategies,
        {tr("Strategy:"), "/strategy/name",
         tr("auto (the default) walks every valid configuration when the budget allows, else "
            "searches with model_handover; brute_force walks every valid configuration in "
            "order; random draws them without replacement; the others search (coordinate "
            "descent, iterated local search, annealing, genetic algorithms, Bayesian "
            "optimisation) and suit spaces too large to walk. The options of the one chosen are "
            "below the seed"),
         "auto"});
    m_fields << formrows::addField(search, document, Kind::Integer,
                                   {tr("Max configurations:"), "/strategy/max_configs",
                                    tr("Configurations to evaluate per problem size"),
                                    tr("0 (no limit)")})
             << formrows::addField(search, document, Kind::Number,
                                   {tr("Max seconds:"), "/strategy/max_seconds",
                                    tr("Time budget of the search"), tr("0 (no limit)")})
             << formrows::addField(
                    search, document, Kind::Integer,
                    {tr("Seed:"), "/strategy/seed",
                     tr("Seed of the strategies that draw at random: same seed, same order"),
                     tr("1")})
             << formrows::addField(
                    search, document, Kind::Integer,
                    {tr("Stop after no improvement:"), "/strategy/stop_after_no_improvement",
                     tr("Stop a problem size after this many evaluations in a row found "
                        "nothing better (failures count)"),
                     tr("0 (never)")});
    // Last in the group: its rows come and go with the strategy, the fields above stay put.
    m_options = new StrategyOptionsEditor(document, strategy);
    search->addRow(m_options);

    auto *measurement = new QGroupBox(tr("Measurement"), this);
    auto *measure = new QFormLayout(measurement);
    m_fields << formrows::addField(measure, document, Kind::Integer,
                                   {tr("Warm-up runs:"), "/measurement/warmup_runs",
                                    tr("Untimed runs before sampling"), tr("1")})
             << formrows::addField(measure, document, Kind::Integer,
                                   {tr("Min samples:"), "/measurement/min_samples",
                                    tr("Samples taken at least"), tr("5")})
             << formrows::addField(measure, document, Kind::Integer,
                                   {tr("Max samples:"), "/measurement/max_samples",
                                    tr("Samples taken at most"), tr("200")})
             << formrows::addField(
                    measure, document, Kind::Number,
                    {tr("Target relative CI:"), "/measurement/target_rel_ci",
                     tr("Stop sampling once the median's confidence interval half-width is "
                        "below this fraction of the median"),
                     tr("0.01")})
             << formrows::addField(measure, document, Kind::Number,
                                   {tr("Min seconds per config:"),
                                    "/measurement/min_seconds_per_config",
                                    tr("Sampling goes on at least this long even when the target "
                                       "is met"),
                                    tr("0.01")})
             << formrows::addField(measure, document, Kind::Number,
                                   {tr("Max seconds per config:"),
                                    "/measurement/max_seconds_per_config",
                                    tr("Sampling time cap per configuration"), tr("2")})
             << formrows::addField(measure, document, Kind::Number,
                                   {tr("Timeout (s):"), "/measurement/timeout_seconds",
                                    tr("A configuration running longer is killed (status "
                                       "timeout)"),
                                    tr("30")})
             << formrows::addField(measure, document, Kind::Integer,
                                   {tr("Process rounds:"), "/measurement/process_rounds",
                                    tr("After the search, measure the finalists again this many "
                                       "times in all, each round in fresh worker processes"),
                                    tr("3")})
             << formrows::addField(measure, document, Kind::Integer,
                                   {tr("Max process rounds:"), "/measurement/max_process_rounds",
                                    tr("More rounds, up to this many, for finalists whose rounds "
                                       "still differ by more than the target relative CI"),
                                    tr("= process rounds")})
             << formrows::addField(measure, document, Kind::Integer,
                                   {tr("Finalists per size:"), "/measurement/finalists_per_size",
                                    tr("How many of each size's best configurations the extra "
                                       "rounds measure again"),
                                    tr("3")})
             << formrows::addField(measure, document, Kind::Number,
                                   {tr("Early exit factor:"), "/measurement/early_exit_factor",
                                    tr("Stop sampling a configuration once its median is surely "
                                       "more than this factor times its size's best so far (after "
                                       "3 samples); 0 turns it off"),
                                    tr("1.5")});
    m_warmCache = new JsonCheckBox(document, tr("Warm cache (GPU: no L2 flush between samples)"),
                                   measurement);
    m_warmCache->setObjectName(QStringLiteral("measurement_warm_cache"));
    m_warmCache->setPointer(QStringLiteral("/measurement/warm_cache"));
    measure->addRow(m_warmCache);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(strategy, 1, Qt::AlignTop);
    layout->addWidget(measurement, 1, Qt::AlignTop);
}

JsonField *RunSettingsEditor::field(const QString &pointer) const
{
    for (auto *field : m_fields) {
        if (field->pointer() == pointer)
            return field;
    }
    return nullptr;
}

} // namespace tb
