// EnergyWindow: average power from a counter that moves in steps, driven by simulated counters
// (a steady draw sampled every millisecond, steps every 100 ms as NVML's on the H200).
#include "measure/energywindow.h"

#include <QTest>

#include <cmath>
#include <cstdint>
#include <functional>

using namespace tb;

namespace {

// Polls a counter every `poll` seconds for `seconds`; the counter holds the energy drawn up to
// its last 100 ms step, `watts(t)` the power at time t.
void pollSteppedCounter(EnergyWindow &window, double seconds, double poll,
                        const std::function<double(double)> &watts, double stepSeconds = 0.1,
                        double offset = 0.037)
{
    double joules = 0;
    double stepped = 0;
    double nextStep = offset;
    for (double t = 0; t < seconds; t += poll) {
        joules += watts(t) * poll;
        if (t >= nextStep) {
            stepped = joules;
            nextStep += stepSeconds;
        }
        window.observe(t, static_cast<std::uint64_t>(std::llround(stepped * 1000)), poll);
    }
}

} // namespace

class TestEnergyWindow : public QObject
{
    Q_OBJECT

private slots:
    void aSteadyDrawReadsAsItsPower()
    {
        EnergyWindow window;
        pollSteppedCounter(window, 1.0, 0.001, [](double) { return 300.0; });
        QVERIFY(window.ticks() >= 8);
        QVERIFY(std::abs(window.spanSeconds() - 0.1 * double(window.ticks() - 1)) < 0.003);
        QVERIFY2(std::abs(*window.averageWatts() - 300.0) < 3.0,
                 qPrintable(QString::number(*window.averageWatts())));
        QVERIFY(*window.relativeUncertainty() < 0.01);
    }

    // The GPU idles at 60 W before the load starts at 0.25 s: the lead-in tick and the time
    // before it stay out of the window.
    void idleBeforeTheLoadStaysOut()
    {
        EnergyWindow window(2);
        pollSteppedCounter(window, 1.5, 0.001, [](double t) { return t < 0.25 ? 60.0 : 400.0; });
        QVERIFY2(std::abs(*window.averageWatts() - 400.0) < 4.0,
                 qPrintable(QString::number(*window.averageWatts())));
    }

    // A draw that swings from tick to tick is less certain than a steady one.
    void aSwingingDrawIsLessCertain()
    {
        EnergyWindow steady;
        pollSteppedCounter(steady, 1.0, 0.001, [](double) { return 300.0; });
        EnergyWindow swinging;
        pollSteppedCounter(swinging, 1.0, 0.001,
                           [](double t) { return std::fmod(t, 0.2) < 0.1 ? 200.0 : 400.0; });
        QVERIFY(std::abs(*swinging.averageWatts() - 300.0) < 15.0);
        QVERIFY(*swinging.relativeUncertainty() > 5 * *steady.relativeUncertainty());
    }

    // Polled every 20 ms, each end may be seen 20 ms late: over a 0.5 s window that alone is
    // an uncertainty of 8%.
    void slowPollsWidenTheUncertainty()
    {
        EnergyWindow window;
        pollSteppedCounter(window, 0.7, 0.02, [](double) { return 300.0; });
        QVERIFY(*window.relativeUncertainty() >= 0.04 / window.spanSeconds() - 1e-9);
    }

    // A job's time limit grows by the energy run and its waits: never less than the run itself
    // and the counter's 2-s give-up, and nothing without a run.
    void anEnergyRunExtendsTheJobsTimeLimit()
    {
        QCOMPARE(energyRunAllowance(0), 0.0);
        QVERIFY(energyRunAllowance(2) >= 2 + 2);
        QVERIFY(energyRunAllowance(10) >= 10 + 2);
    }

    void tooFewTicksSayNothing()
    {
        EnergyWindow window;
        QVERIFY(!window.averageWatts());
        window.observe(0.0, 5'000'000, 0.001);
        window.observe(0.1, 5'030'000, 0.001); // the lead-in tick
        window.observe(0.2, 5'060'000, 0.001);
        QCOMPARE(window.ticks(), std::size_t(1));
        QVERIFY(!window.averageWatts());
        QCOMPARE(window.spanSeconds(), 0.0);
        window.observe(0.3, 5'090'000, 0.001);
        QVERIFY(std::abs(*window.averageWatts() - 300.0) < 1e-6);
        QVERIFY(!window.relativeUncertainty()); // one interval: no spread to judge
        window.observe(0.35, 5'090'000, 0.001); // no step: not a tick
        QCOMPARE(window.ticks(), std::size_t(2));
    }
};

QTEST_APPLESS_MAIN(TestEnergyWindow)
#include "tst_energywindow.moc"
