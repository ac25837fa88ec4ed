// Every plot follows the application palette: after the Dark appearance its background, axes
// and text are the palette's, and back to light after Light.
#include "plotevents.h"
#include "plots/groupedbarchart.h"
#include "plots/overlaidhistogram.h"
#include "plots/parametereffectplot.h"
#include "plots/resourceplot.h"
#include "plots/samplehistogram.h"
#include "plots/timelineplot.h"
#include "settings/appearance.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QTest>
#include <QVBoxLayout>

using namespace tb;

namespace {

// The colour the plot paints where nothing is drawn: a corner of its rendering.
QColor backgroundOf(QCustomPlot *plot)
{
    return plot->toPixmap(plot->width(), plot->height()).toImage().pixelColor(1, 1);
}

bool isDark(const QColor &color)
{
    return color.lightness() < 90;
}

} // namespace

class TestPlotPalette : public QObject
{
    Q_OBJECT
private:
    QWidget m_window;
    QVector<QCustomPlot *> m_plots;
    ParameterEffectPlot *m_effect = nullptr;

private slots:
    void initTestCase()
    {
        // One of every plot, with data, in a shown window.
        auto *layout = new QVBoxLayout(&m_window);
        auto *timeline = new TimelinePlot(&m_window);
        timeline->addResults({plottest::measured(1e-3), plottest::measured(2e-3)});
        m_effect = new ParameterEffectPlot(&m_window);
        QVector<ResultEvent> grid;
        for (int block = 1; block <= 12; ++block) { // 12 colour values: a colour scale
            ResultEvent event = plottest::measured(1e-3 * block);
            event.config.values = {double(block), double(block)};
            event.objective = 1e-3 * block;
            grid.append(event);
        }
        m_effect->setParameters({QStringLiteral("A"), QStringLiteral("B")});
        m_effect->addResults(grid);
        auto *resources = new ResourcePlot(&m_window);
        auto *samples = new SampleHistogram(&m_window);
        samples->setSamples({1e-3, 1.1e-3, 1.05e-3});
        auto *overlaid = new OverlaidHistogram(&m_window);
        overlaid->setSeries({{QStringLiteral("a"), {1e-3, 1.1e-3}}});
        auto *bars = new GroupedBarChart(&m_window);
        bars->setData({QStringLiteral("a")}, {{QStringLiteral("registers"), {32}, false}});
        for (QWidget *plot : std::initializer_list<QWidget *>{timeline, m_effect, resources,
                                                              samples, overlaid, bars})
            layout->addWidget(plot);
        m_plots = {timeline->plot(), m_effect->plot(), resources->plot(),
                   samples->plot(),  overlaid->plot(), bars->plot()};
        m_window.resize(500, 1400);
        m_window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&m_window));
        m_effect->replotIfDirty();
        QVERIFY(m_effect->usesColorScale());
    }

    void cleanupTestCase()
    {
        applyAppearance(Appearance::System); // as the test found it
    }

    void everyPlotFollowsDarkAndLight()
    {
        applyAppearance(Appearance::Dark);
        QCoreApplication::processEvents();
        for (QCustomPlot *plot : std::as_const(m_plots)) {
            const QString name = plot->parentWidget()->metaObject()->className();
            QVERIFY2(isDark(backgroundOf(plot)), qPrintable(name));
            QVERIFY2(!isDark(plot->xAxis->tickLabelColor()), qPrintable(name));
            QVERIFY2(!isDark(plot->yAxis->labelColor()), qPrintable(name));
            QVERIFY2(!isDark(plot->xAxis->basePen().color()), qPrintable(name));
        }
        QVERIFY(!isDark(m_effect->colorScale()->axis()->tickLabelColor()));

        applyAppearance(Appearance::Light);
        QCoreApplication::processEvents();
        for (QCustomPlot *plot : std::as_const(m_plots)) {
            const QString name = plot->parentWidget()->metaObject()->className();
            QVERIFY2(!isDark(backgroundOf(plot)), qPrintable(name));
            QVERIFY2(isDark(plot->xAxis->tickLabelColor()), qPrintable(name));
        }
        QVERIFY(isDark(m_effect->colorScale()->axis()->tickLabelColor()));
    }
};

QTEST_MAIN(TestPlotPalette)
#include "tst_plotpalette.moc"
