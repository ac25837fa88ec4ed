// The Results page's Energy view (issue 39 item 4): each ok result's energy per launch against
// its median time, the time-energy front marked, the note naming what the most frugal result
// saves and costs, a run without energy saying how to have it; and the table's Energy and
// Power columns.
#include "model/resultfigure.h"
#include "model/spec.h"
#include "plots/energyplot.h"
#include "results/energyview.h"
#include "resultsfixture.h"

#include <QLabel>
#include <QTabWidget>
#include <QTest>

using namespace tb;
using namespace tbtest;

namespace {

// The SGEMM clock sweep's kind of spec: the objective energy, the clock a parameter.
Spec energySpec()
{
    Spec spec;
    spec.name = "sgemm";
    spec.backend = BackendKind::Cuda;
    spec.parameters = {{"BK", {8, 16}}, {"gpu_clock_mhz", {1980, 1200}}};
    spec.objective = {"energy", true};
    spec.measurement.energySeconds = 1;
    return spec;
}

ResultEvent withEnergy(std::size_t size, int bk, int clock, double seconds, double joules)
{
    ResultEvent event;
    event.sizeIndex = size;
    event.config.values = {double(bk), double(clock)};
    event.configKey = "BK=" + std::to_string(bk) + ",gpu_clock_mhz=" + std::to_string(clock);
    event.result.summary = {seconds, seconds, seconds, 0, 10, 0.01};
    event.result.resources = {{figures::kEnergyJoules, joules},
                              {figures::kPowerWatts, joules / seconds}};
    event.objective = joules;
    return event;
}

// Size 0: the fastest at 1980 MHz, the most frugal at 1200, one beaten on both, a failure.
QVector<ResultEvent> sweepEvents()
{
    ResultEvent failed = withEnergy(0, 8, 1980, 1e-3, 0.1);
    failed.result.status = ResultStatus::WrongResult;
    return {withEnergy(0, 16, 1980, 4.87e-3, 2.51), withEnergy(0, 8, 1980, 4.95e-3, 2.50),
            withEnergy(0, 8, 1200, 7.73e-3, 1.73),  withEnergy(0, 16, 1200, 7.83e-3, 1.75),
            withEnergy(1, 8, 1200, 1e-3, 0.2),      failed};
}

} // namespace

class TestEnergyView : public ResultsPageFixture
{
    Q_OBJECT

    EnergyView *view() const { return m_page->energyView(); }

    void showSweep()
    {
        m_page->plotTabs()->setCurrentWidget(view());
        m_feed->reset(specOutline(energySpec()));
        m_feed->setSizeLabel(0, QStringLiteral("N=4096"));
        m_feed->setSizeLabel(1, QStringLiteral("N=1024"));
        m_feed->append(sweepEvents());
        view()->recompute();
    }

private slots:
    void isATabBesideRoofline()
    {
        QCOMPARE(m_page->plotTabs()->tabText(3), QString("Energy"));
        QCOMPARE(m_page->plotTabs()->widget(3), static_cast<QWidget *>(view()));
    }

    void marksTheFrontAndNamesTheTrade()
    {
        showSweep();
        QCOMPARE(view()->plot()->pointCount(), 4); // the ok results of size 0
        QCOMPARE(view()->plot()->frontCount(), 3); // BK=16 at 1200 MHz is beaten on both
        const QString note = view()->note()->text();
        QVERIFY2(note.startsWith("3 of 4 results on the time-energy front."), qPrintable(note));
        QVERIFY2(note.contains("Most frugal: BK=8,gpu_clock_mhz=1200, 31.1 % less energy for "
                               "58.7 % more time than the fastest, BK=16,gpu_clock_mhz=1980."),
                 qPrintable(note));
        view()->setSizeIndex(1);
        QCOMPARE(view()->plot()->pointCount(), 1);
        QVERIFY2(view()->note()->text().contains("is both the fastest and the most frugal"),
                 qPrintable(view()->note()->text()));
    }

    void aRunWithoutEnergySaysHowToHaveIt()
    {
        // The fixture's run: a time objective, no energy run.
        m_page->plotTabs()->setCurrentWidget(view());
        view()->recompute();
        QCOMPARE(view()->plot()->pointCount(), 0);
        QVERIFY2(view()->note()->text().contains("Tune with the objective energy or edp"),
                 qPrintable(view()->note()->text()));
    }

    void theTableGivesEnergyAndPower()
    {
        showSweep();
        const int energy = model()->column(ResultsModel::Energy);
        const int power = model()->column(ResultsModel::Power);
        QVERIFY(energy > 0 && power == energy + 1);
        QCOMPARE(model()->headerData(energy, Qt::Horizontal).toString(), QString("Energy"));
        QCOMPARE(model()->columnId(power), QString("power_w"));
        QCOMPARE(model()->index(2, energy).data().toString(), QString("1.73 J"));
        QCOMPARE(model()->index(2, power).data().toString(), QString("224 W"));
        // A run without an energy run has neither column.
        Spec plain = energySpec();
        plain.objective = {};
        plain.measurement.energySeconds = 0;
        m_feed->reset(specOutline(plain));
        QCOMPARE(model()->column(ResultsModel::Energy), -1);
    }
};

QTEST_MAIN(TestEnergyView)
#include "tst_energyview.moc"
