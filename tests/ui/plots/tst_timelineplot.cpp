#include "axischecks.h"
#include "plotevents.h"
#include "plots/densescattergraph.h"
#include "plots/timelineplot.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QTest>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <cmath>
#include <random>

using namespace tb;
using namespace plottest;

namespace {

void wheel(QWidget *widget, int delta)
{
    const QPointF at(widget->width() / 2.0, widget->height() / 2.0);
    QWheelEvent event(at, widget->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
}

// The event as the session stamps it: `seconds` after the run started.
ResultEvent at(double seconds, ResultEvent event)
{
    event.elapsedSeconds = seconds;
    return event;
}

// Six evaluations over two sizes, one failed, at increasing seconds.
QVector<ResultEvent> sixTimedEvaluations()
{
    return {at(0.5, measured(4e-3, 0)), at(0.9, measured(9e-3, 1)), at(1.4, failed(0)),
            at(2.0, measured(5e-3, 0)), at(3.5, measured(2e-3, 0)), at(4.25, measured(3e-3, 0))};
}

} // namespace

class TestTimelinePlot : public QObject
{
    Q_OBJECT
private slots:
    void countsPointsAndBestSoFarPerSize()
    {
        TimelinePlot plot;
        plot.addResults({measured(4e-3, 0), measured(9e-3, 1), failed(0), measured(5e-3, 0)});
        ResultEvent unmeasured = measured(1e-9, 0); // ok but no samples: nothing to plot
        unmeasured.result.summary.count = 0;
        plot.addResults({unmeasured, measured(2e-3, 0), measured(8e-3, 1), measured(3e-3, 0)});
        plot.addResults({});
        QCOMPARE(plot.evaluationCount(), 8);
        QCOMPARE(plot.pointCount(), 6);
        QCOMPARE(plot.bestSoFar(0).value(), 2e-3);
        QCOMPARE(plot.bestSoFar(1).value(), 8e-3);
        QVERIFY(!plot.bestSoFar(2).has_value());
        QVERIFY(plot.pointsGraph(2) == nullptr);
        QCOMPARE(keys(plot.pointsGraph(0)), QVector<double>({1, 4, 6, 8}));
        QCOMPARE(values(plot.pointsGraph(0)), QVector<double>({4e-3, 5e-3, 2e-3, 3e-3}));
        // The step line holds where the best changed, and reaches the size's last point.
        QCOMPARE(keys(plot.bestGraph(0)), QVector<double>({1, 6, 8}));
        QCOMPARE(values(plot.bestGraph(0)), QVector<double>({4e-3, 2e-3, 2e-3}));
        QCOMPARE(keys(plot.bestGraph(1)), QVector<double>({2, 7}));
        QCOMPARE(values(plot.bestGraph(1)), QVector<double>({9e-3, 8e-3}));
    }

    void axesFitTheData()
    {
        TimelinePlot plot;
        plot.resize(600, 300);
        QCOMPARE(plot.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
        plot.addResults({measured(1e-4, 0), measured(3e-3, 0), failed(0)});
        plot.replotIfDirty();
        QCOMPARE(plot.plot()->xAxis->range().lower, 0.0);
        QCOMPARE(plot.plot()->xAxis->range().upper, 10.0); // a few points still get room
        QCOMPARE(plot.plot()->yAxis->range().lower, 1e-4 / 1.5);
        QCOMPARE(plot.plot()->yAxis->range().upper, 3e-3 * 1.5);
        QVector<ResultEvent> many;
        for (int i = 0; i < 97; ++i)
            many.append(measured(2e-4, 1));
        plot.addResults(many);
        plot.replotIfDirty();
        QCOMPARE(plot.plot()->xAxis->range().upper, 100 * 1.02);
    }

    void timeAxisReadsInDurations()
    {
        TimelinePlot plot;
        plot.resize(600, 300);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        QVector<ResultEvent> batch;
        for (const double median : {0.7e-3, 0.9e-3, 1.2e-3, 1.6e-3, 2.2e-3})
            batch.append(measured(median, 0));
        plot.addResults(batch);
        plot.replotIfDirty();
        QStringList labels;
        const QString problem = timeAxisProblem(plot.plot()->yAxis, &labels);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(labels.contains(QStringLiteral("1 ms")));
    }

    void userZoomStopsFollowingUntilDoubleClick()
    {
        TimelinePlot plot;
        plot.resize(600, 300);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.addResults({measured(1e-4, 0), measured(2e-4, 0)});
        plot.replotIfDirty();
        QVERIFY(plot.followsData());
        wheel(plot.plot(), 120);
        QVERIFY(!plot.followsData());
        const QCPRange zoomed = plot.plot()->xAxis->range();
        QVERIFY(zoomed.upper < 10.0);
        QVector<ResultEvent> more(50, measured(5e-5, 0));
        plot.addResults(more);
        plot.replotIfDirty();
        QCOMPARE(plot.plot()->xAxis->range(), zoomed); // the user's view stays
        QTest::mouseDClick(plot.plot(), Qt::LeftButton, {}, plot.plot()->rect().center());
        QVERIFY(plot.followsData());
        QCOMPARE(plot.plot()->xAxis->range().upper, 52 * 1.02);
        QCOMPARE(plot.plot()->yAxis->range().lower, 5e-5 / 1.5);
    }

    void xAxisSwitchesBetweenEvaluationsAndSeconds()
    {
        TimelinePlot plot;
        QCOMPARE(plot.xAxis(), TimelinePlot::XAxis::Evaluations);
        plot.addResults(sixTimedEvaluations());
        QCOMPARE(keys(plot.pointsGraph(0)), QVector<double>({1, 4, 5, 6}));
        QCOMPARE(keys(plot.bestGraph(0)), QVector<double>({1, 5, 6}));
        QCOMPARE(keys(plot.bestGraph(1)), QVector<double>({2}));
        QCOMPARE(plot.plot()->xAxis->label(), QStringLiteral("evaluation #"));
        const QVector<double> best = values(plot.bestGraph(0));
        QCOMPARE(best, QVector<double>({4e-3, 2e-3, 2e-3}));

        plot.setXAxis(TimelinePlot::XAxis::Seconds);
        QCOMPARE(plot.xAxis(), TimelinePlot::XAxis::Seconds);
        QCOMPARE(plot.xAxisControl()->currentText(), QStringLiteral("Seconds"));
        QCOMPARE(plot.plot()->xAxis->label(), QStringLiteral("seconds since start"));
        QCOMPARE(keys(plot.pointsGraph(0)), QVector<double>({0.5, 2.0, 3.5, 4.25}));
        QCOMPARE(values(plot.pointsGraph(0)), QVector<double>({4e-3, 5e-3, 2e-3, 3e-3}));
        QCOMPARE(keys(plot.bestGraph(0)), QVector<double>({0.5, 3.5, 4.25}));
        QCOMPARE(values(plot.bestGraph(0)), best);
        QCOMPARE(keys(plot.bestGraph(1)), QVector<double>({0.9}));
        QCOMPARE(values(plot.bestGraph(1)), QVector<double>({9e-3}));
        QCOMPARE(plot.pointCount(), 5);
        QCOMPARE(plot.evaluationCount(), 6);

        plot.setXAxis(TimelinePlot::XAxis::Evaluations);
        QCOMPARE(plot.xAxisControl()->currentText(), QStringLiteral("Evaluations"));
        QCOMPARE(plot.plot()->xAxis->label(), QStringLiteral("evaluation #"));
        QCOMPARE(keys(plot.pointsGraph(0)), QVector<double>({1, 4, 5, 6}));
        QCOMPARE(keys(plot.bestGraph(0)), QVector<double>({1, 5, 6}));
        QCOMPARE(values(plot.bestGraph(0)), best);
        QCOMPARE(keys(plot.bestGraph(1)), QVector<double>({2}));
    }

    // Failures have no time: markers in a strip along the bottom, one graph (a shape and a
    // colour) per failing status, at the evaluation or second they arrived.
    void failuresAreMarkersPerStatus()
    {
        TimelinePlot plot;
        ResultEvent crashed = failed(0);
        crashed.result.status = ResultStatus::WorkerCrashed;
        plot.addResults({at(0.5, measured(4e-3, 0)), at(0.9, failed(0)), at(1.2, failed(1))});
        plot.addResults({at(2.0, crashed), at(2.5, measured(3e-3, 0)), at(3.0, failed(0))});
        QCOMPARE(plot.failureCount(), 4);
        QCOMPARE(plot.pointCount(), 2);
        QVERIFY(!plot.failureGraph(ResultStatus::Timeout));
        QCPGraph *compile = plot.failureGraph(ResultStatus::CompileError);
        QCPGraph *crash = plot.failureGraph(ResultStatus::WorkerCrashed);
        QVERIFY(compile && crash);
        QCOMPARE(keys(compile), QVector<double>({2, 3, 6}));
        QCOMPARE(keys(crash), QVector<double>({4}));
        QVERIFY(compile->scatterStyle().shape() != crash->scatterStyle().shape());
        QCOMPARE(compile->name(), QStringLiteral("compile_error (3)"));
        // On the hidden, fixed right axis: zooming the times leaves them in their strip.
        QCOMPARE(compile->valueAxis(), plot.plot()->yAxis2);
        QVERIFY(!plot.plot()->yAxis2->visible());
        for (const double value : values(compile))
            QVERIFY(value > 0 && value < 0.1);

        plot.setXAxis(TimelinePlot::XAxis::Seconds);
        QCOMPARE(keys(compile), QVector<double>({0.9, 1.2, 3.0}));
        QCOMPARE(keys(crash), QVector<double>({2.0}));
        plot.setXAxis(TimelinePlot::XAxis::Evaluations);
        QCOMPARE(keys(compile), QVector<double>({2, 3, 6}));

        // A failures-only run shows its legend too.
        TimelinePlot onlyFailures;
        onlyFailures.addResults({failed(0)});
        onlyFailures.replotIfDirty();
        QVERIFY(onlyFailures.plot()->legend->visible());

        plot.clear();
        QCOMPARE(plot.failureCount(), 0);
        QVERIFY(!plot.failureGraph(ResultStatus::CompileError));
    }

    void resultsAddedInSecondsLandAtTheirSeconds()
    {
        TimelinePlot plot;
        plot.resize(600, 300);
        plot.addResults(sixTimedEvaluations());
        plot.setXAxis(TimelinePlot::XAxis::Seconds);
        plot.addResults(
            {at(5.0, measured(1e-3, 0)), at(6.0, measured(7e-3, 1)), at(8.0, failed(1))});
        QCOMPARE(keys(plot.pointsGraph(0)), QVector<double>({0.5, 2.0, 3.5, 4.25, 5.0}));
        QCOMPARE(keys(plot.bestGraph(0)), QVector<double>({0.5, 3.5, 5.0}));
        QCOMPARE(values(plot.bestGraph(0)), QVector<double>({4e-3, 2e-3, 1e-3}));
        QCOMPARE(keys(plot.bestGraph(1)), QVector<double>({0.9, 6.0}));
        QCOMPARE(values(plot.bestGraph(1)), QVector<double>({9e-3, 7e-3}));
        plot.replotIfDirty();
        // The view covers the latest result, failed ones too, as it does in evaluations.
        QCOMPARE(plot.plot()->xAxis->range().lower, 0.0);
        QCOMPARE(plot.plot()->xAxis->range().upper, 8.0 * 1.02);
        // Those results kept their evaluation numbers.
        plot.setXAxis(TimelinePlot::XAxis::Evaluations);
        QCOMPARE(keys(plot.pointsGraph(0)), QVector<double>({1, 4, 5, 6, 7}));
        QCOMPARE(keys(plot.bestGraph(0)), QVector<double>({1, 5, 7}));
        QCOMPARE(plot.plot()->xAxis->range().upper, 10.0);
        plot.setXAxis(TimelinePlot::XAxis::Seconds);
        plot.clear(); // a new run keeps the user's axis, and forgets the old run's seconds
        QCOMPARE(plot.xAxis(), TimelinePlot::XAxis::Seconds);
        plot.addResults({at(0.5, measured(1e-3, 0))});
        plot.replotIfDirty();
        QCOMPARE(keys(plot.bestGraph(0)), QVector<double>({0.5}));
        QCOMPARE(plot.plot()->xAxis->range().upper, 1.0);
    }

    void secondsThatStepBackStaySorted()
    {
        // A stored run's clock can step back, within a batch too: each point keeps its own
        // median all the same, and the step line holds each best from the latest time seen.
        TimelinePlot plot;
        plot.setXAxis(TimelinePlot::XAxis::Seconds);
        plot.addResults(
            {at(2.0, measured(4e-3, 0)), at(3.0, measured(6e-3, 0)), at(1.0, measured(5e-3, 0))});
        QCOMPARE(keys(plot.pointsGraph(0)), QVector<double>({1.0, 2.0, 3.0}));
        QCOMPARE(values(plot.pointsGraph(0)), QVector<double>({5e-3, 4e-3, 6e-3}));
        plot.addResults({at(2.5, measured(3e-3, 0)), at(0.5, measured(7e-3, 0))});
        QCOMPARE(keys(plot.pointsGraph(0)), QVector<double>({0.5, 1.0, 2.0, 2.5, 3.0}));
        QCOMPARE(values(plot.pointsGraph(0)), QVector<double>({7e-3, 5e-3, 4e-3, 3e-3, 6e-3}));
        QCOMPARE(keys(plot.bestGraph(0)), QVector<double>({2.0, 3.0}));
        QCOMPARE(values(plot.bestGraph(0)), QVector<double>({4e-3, 3e-3}));
        QCOMPARE(plot.bestSoFar(0).value(), 3e-3);
    }

    void viewFollowsInSecondsUntilZoomed()
    {
        TimelinePlot plot;
        plot.resize(600, 300);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.addResults({at(0.2, measured(1e-4, 0)), at(0.4, measured(2e-4, 0))});
        plot.replotIfDirty();
        wheel(plot.plot(), 120); // zoomed in evaluations ...
        QVERIFY(!plot.followsData());
        plot.setXAxis(TimelinePlot::XAxis::Seconds); // ... means nothing in seconds
        QVERIFY(plot.followsData());
        QCOMPARE(plot.plot()->xAxis->range().upper, 1.0); // a first second gets room
        plot.addResults({at(30.0, measured(5e-5, 0))});
        plot.replotIfDirty();
        QCOMPARE(plot.plot()->xAxis->range().upper, 30 * 1.02);
        wheel(plot.plot(), 120);
        QVERIFY(!plot.followsData());
        const QCPRange zoomed = plot.plot()->xAxis->range();
        QVERIFY(zoomed.upper < 30.0);
        plot.addResults({at(50.0, measured(6e-5, 0))});
        plot.replotIfDirty();
        QCOMPARE(plot.plot()->xAxis->range(), zoomed); // the user's view stays
        QTest::mouseDClick(plot.plot(), Qt::LeftButton, {}, plot.plot()->rect().center());
        QVERIFY(plot.followsData());
        QCOMPARE(plot.plot()->xAxis->range().upper, 50 * 1.02);
        QCOMPARE(plot.plot()->yAxis->range().lower, 5e-5 / 1.5);
    }

    void xAxisControlTakesTheKeyboard()
    {
        QWidget window;
        auto *before = new QLineEdit(&window);
        auto *plot = new TimelinePlot(&window);
        auto *layout = new QVBoxLayout(&window);
        layout->addWidget(before);
        layout->addWidget(plot);
        window.resize(600, 400);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        plot->addResults(sixTimedEvaluations());
        QComboBox *control = plot->xAxisControl();
        QVERIFY(!control->toolTip().isEmpty());
        before->setFocus();
        QTest::keyClick(before, Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), control);
        QTest::keyClick(control, Qt::Key_Down);
        QCOMPARE(plot->xAxis(), TimelinePlot::XAxis::Seconds);
        QCOMPARE(keys(plot->bestGraph(0)), QVector<double>({0.5, 3.5, 4.25}));
        QTest::keyClick(control, Qt::Key_Up);
        QCOMPARE(plot->xAxis(), TimelinePlot::XAxis::Evaluations);
        QCOMPARE(keys(plot->bestGraph(0)), QVector<double>({1, 5, 6}));
    }

    void sizeLabelsNameTheSeries()
    {
        TimelinePlot plot;
        plot.setSizeLabel(0, QStringLiteral("N=512"));
        plot.addResults({measured(1e-3, 0), measured(1e-3, 1)});
        QCOMPARE(plot.pointsGraph(0)->name(), QStringLiteral("N=512"));
        QCOMPARE(plot.pointsGraph(1)->name(), QStringLiteral("size 2"));
        plot.setSizeLabel(1, QStringLiteral("N=4096"));
        QCOMPARE(plot.pointsGraph(1)->name(), QStringLiteral("N=4096"));
        QCOMPARE(plot.bestGraph(1)->name(), QStringLiteral("best N=4096"));
        plot.clear();
        QCOMPARE(plot.pointCount(), 0);
        QCOMPARE(plot.evaluationCount(), 0);
        QCOMPARE(plot.plot()->graphCount(), 0);
        plot.addResults({measured(1e-3, 0)});
        QCOMPARE(plot.pointsGraph(0)->name(), QStringLiteral("size 1")); // labels were cleared
    }

    void holdsEveryPointOfALargeRun()
    {
        TimelinePlot plot;
        plot.resize(900, 300);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        std::mt19937 rng(7);
        std::lognormal_distribution<double> time(std::log(2e-4), 0.6);
        int ok = 0;
        for (int batch = 0; batch < 200; ++batch) {
            QVector<ResultEvent> events;
            for (int i = 0; i < 500; ++i) {
                const int evaluation = batch * 500 + i;
                const bool fails = evaluation % 10 == 9;
                events.append(at(evaluation * 0.01, fails
                                                        ? failed(std::size_t(i % 2))
                                                        : measured(time(rng), std::size_t(i % 2))));
                ok += fails ? 0 : 1;
            }
            plot.addResults(events);
        }
        QCOMPARE(plot.evaluationCount(), 100000);
        QCOMPARE(plot.pointCount(), ok);
        QCOMPARE(plot.pointsGraph(0)->dataCount() + plot.pointsGraph(1)->dataCount(), ok);
        QVERIFY(plot.bestGraph(0)->dataCount() < 100); // change points only
        plot.replotIfDirty();
        plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
        // Every point is drawn, stamped into an image rather than painted one by one.
        QVERIFY(static_cast<DenseScatterGraph *>(plot.pointsGraph(0))->lastDrawRasterized());
        // A switch re-keys every point, once.
        QElapsedTimer clock;
        clock.start();
        plot.setXAxis(TimelinePlot::XAxis::Seconds);
        plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
        qInfo("switched 100,000 points to seconds and redrew in %lld ms", clock.elapsed());
        QCOMPARE(plot.pointsGraph(0)->dataCount() + plot.pointsGraph(1)->dataCount(), ok);
        // The last evaluation (99,999) failed; size 2's last ok one is 99,997.
        QCOMPARE(keys(plot.pointsGraph(1)).last(), 999.97);
        QCOMPARE(keys(plot.bestGraph(1)).last(), 999.97); // the line reaches the last point
        QVERIFY(plot.bestGraph(0)->dataCount() < 100);
        QCOMPARE(plot.plot()->xAxis->range().upper, 999.99 * 1.02);
    }
};

QTEST_MAIN(TestTimelinePlot)
#include "tst_timelineplot.moc"
