// Strategy options: described with their defaults, applied by makeStrategy(), and refused with a
// message naming the option and the strategy when unknown or out of range.
#include "strategytestsupport.h"

#include <QTest>

using namespace tb;
using namespace tbtest;

namespace {

bool mentions(const EngineError &error, const std::string &text)
{
    return error.message.find(text) != std::string::npos ||
           error.detail.find(text) != std::string::npos;
}

} // namespace

class TestStrategyOptions : public QObject
{
    Q_OBJECT

private slots:
    void everyGuidedStrategyDescribesItsOptions()
    {
        for (const auto &name : guidedStrategyNames()) {
            const auto options = strategyOptionDescriptions(name);
            QVERIFY2(!options.empty(), name.c_str());
            for (const auto &option : options) {
                QVERIFY(!option.name.empty() && !option.help.empty());
                QVERIFY2(option.minimum <= option.defaultValue &&
                             option.defaultValue <= option.maximum,
                         option.name.c_str());
                // Each default, given explicitly, is accepted.
                QVERIFY2(makeStrategy(name, *m_space, 1, {{option.name, option.defaultValue}}),
                         option.name.c_str());
            }
        }
        QVERIFY(strategyOptionDescriptions("brute_force").empty());
        QVERIFY(strategyOptionDescriptions("random").empty());
        QVERIFY(strategyOptionDescriptions("no_such_strategy").empty());
    }

    void documentedDefaults()
    {
        auto defaultOf = [](const std::string &strategy, const std::string &option) {
            for (const auto &description : strategyOptionDescriptions(strategy)) {
                if (description.name == option)
                    return description.defaultValue;
            }
            return -1.0;
        };
        QCOMPARE(defaultOf("genetic_algorithm", "population_size"), 20.0);
        QCOMPARE(defaultOf("bayesian_optimization", "initial_samples"), 15.0);
        QCOMPARE(defaultOf("coordinate_descent", "max_radius"), 2.0);
        QCOMPARE(defaultOf("greedy_ils", "restart_after"), 50.0);
    }

    // An option changes what the strategy does: a bigger initial design stays random longer.
    void optionsTakeEffect()
    {
        const auto objective = rippledBowl(*m_space, {0.5, 0.5, 0.5, 0.5});
        auto proposals = [&](const StrategyOptions &options) {
            auto strategy = makeStrategy("bayesian_optimization", *m_space, 3, options);
            return drive(**strategy, *m_space, objective, {1, 1, 40}).proposals;
        };
        QCOMPARE(proposals({}), proposals({{"initial_samples", 15}}));
        QVERIFY(proposals({}) != proposals({{"initial_samples", 30}}));
    }

    void unknownOptionNamesItAndTheStrategy()
    {
        auto made = makeStrategy("simulated_annealing", *m_space, 1, {{"temprature", 1.0}});
        QVERIFY(!made);
        QCOMPARE(made.error().code, EngineError::Code::InvalidArgument);
        QVERIFY(mentions(made.error(), "'temprature'"));
        QVERIFY(mentions(made.error(), "'simulated_annealing'"));
        QVERIFY(mentions(made.error(), "initial_temperature")); // the known ones are listed
    }

    void outOfRangeValuesAreRefused_data()
    {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<QString>("option");
        QTest::addColumn<double>("value");
        QTest::newRow("negative rate") << "genetic_algorithm"
                                       << "mutation_rate" << -0.1;
        QTest::newRow("rate above 1") << "genetic_algorithm"
                                      << "mutation_rate" << 1.5;
        QTest::newRow("fractional count") << "genetic_algorithm"
                                          << "population_size" << 10.5;
        QTest::newRow("population of 1") << "genetic_algorithm"
                                         << "population_size" << 1.0;
        QTest::newRow("zero radius") << "coordinate_descent"
                                     << "max_radius" << 0.0;
        QTest::newRow("cooling above 1") << "simulated_annealing"
                                         << "cooling" << 1.01;
        QTest::newRow("NaN") << "greedy_ils"
                             << "perturbation" << std::nan("");
        QTest::newRow("infinite") << "bayesian_optimization"
                                  << "exploration" << std::numeric_limits<double>::infinity();
    }
    void outOfRangeValuesAreRefused()
    {
        QFETCH(QString, strategy);
        QFETCH(QString, option);
        QFETCH(double, value);
        auto made =
            makeStrategy(strategy.toStdString(), *m_space, 1, {{option.toStdString(), value}});
        QVERIFY(!made);
        QCOMPARE(made.error().code, EngineError::Code::InvalidArgument);
        QVERIFY(mentions(made.error(), "'" + option.toStdString() + "'"));
        QVERIFY(mentions(made.error(), "'" + strategy.toStdString() + "'"));
    }

    void strategiesWithoutOptionsRefuseAny()
    {
        for (const char *name : {"brute_force", "random"}) {
            auto made = makeStrategy(name, *m_space, 1, {{"seed", 3}});
            QVERIFY(!made);
            QVERIFY(mentions(made.error(), "'seed'"));
            QVERIFY(mentions(made.error(), std::string("'") + name + "'"));
            QVERIFY(makeStrategy(name, *m_space, 1, {}));
        }
    }

    void unknownStrategyIsRefusedBeforeItsOptions()
    {
        auto made = makeStrategy("annealing", *m_space, 1, {{"cooling", 0.9}});
        QVERIFY(!made);
        QVERIFY(mentions(made.error(), "'annealing'"));
        QVERIFY(mentions(made.error(), "simulated_annealing"));
    }

private:
    const Spec m_spec = mediumSpec();
    Expected<SearchSpace> m_space = SearchSpace::build(m_spec, 0);
};

QTEST_GUILESS_MAIN(TestStrategyOptions)
#include "tst_strategyoptions.moc"
