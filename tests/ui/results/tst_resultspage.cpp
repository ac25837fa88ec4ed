// The Results page over a ResultsFeed: filter words and status, header-click sorting, the
// details of the selected row and the parameter-effect plot, driven with QTest.
#include "model/parameter.h"
#include "models/resultsmodel.h"
#include "pages/resultdetails.h"
#include "plots/parametereffectplot.h"
#include "plots/samplehistogram.h"
#include "results/resultsfilterproxy.h"
#include "results/winnersummary.h"
#include "resultsfixture.h"

#include <qcustomplot.h>

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace tb;
using namespace tbtest;

namespace {

void clickHeader(QHeaderView *header, int section)
{
    const QPoint center(header->sectionViewportPosition(section) + header->sectionSize(section) / 2,
                        header->height() / 2);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, center);
}

// A stand-in for the Kernel page's defineFlags(): which result the pane asked about.
QString flagsOfKey(const ResultEvent &event)
{
    return QStringLiteral("flags of ") + QString::fromStdString(event.configKey);
}

} // namespace

class TestResultsPage : public ResultsPageFixture
{
    Q_OBJECT
private slots:
    void filtersByWordsAndStatus()
    {
        QAbstractItemModelTester tester(m_page->proxy(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(m_page->view()->model()->rowCount(), 12);
        QCOMPARE(m_page->countText(), QStringLiteral("12 results"));

        // Ctrl+F goes to the filter field.
        QVERIFY(QTest::qWaitForWindowActive(m_page));
        m_page->view()->setFocus();
        QTest::keyClick(m_page->view(), Qt::Key_F, Qt::ControlModifier);
        QVERIFY(m_page->filterEdit()->hasFocus());
        QTest::keyClicks(m_page->filterEdit(), QStringLiteral("bm=64"));
        QCOMPARE(m_page->proxy()->rowCount(), 4);
        QTest::keyClicks(m_page->filterEdit(), QStringLiteral(" wrong"));
        QCOMPARE(m_page->proxy()->rowCount(), 2);
        QTest::keyClicks(m_page->filterEdit(), QStringLiteral(" n=512"));
        QCOMPARE(m_page->proxy()->rowCount(), 1);
        QCOMPARE(m_page->countText(), QStringLiteral("1 of 12 results"));
        m_page->filterEdit()->selectAll();
        QTest::keyClick(m_page->filterEdit(), Qt::Key_Backspace);
        QCOMPARE(m_page->proxy()->rowCount(), 12);

        // The status filter: ok only, then failed only.
        QComboBox *status = m_page->statusCombo();
        status->setFocus();
        QTest::keyClick(status, Qt::Key_Down);
        QCOMPARE(m_page->proxy()->rowCount(), okCount(events()));
        QTest::keyClick(status, Qt::Key_Down);
        QCOMPARE(m_page->proxy()->rowCount(), 12 - okCount(events()));
        for (int row = 0; row < m_page->proxy()->rowCount(); ++row)
            QCOMPARE(m_page->proxy()->index(row, 0).data().toString(), QString("wrong_result"));

        // Results arriving later are filtered too, and counted in the total.
        m_feed->append({events().at(5), events().at(0)});
        QCOMPARE(m_page->proxy()->rowCount(), 13 - okCount(events()));
        QCOMPARE(m_page->countText(), QStringLiteral("3 of 14 results"));
    }

    // Comparisons on a field's whole name, and a failure's message (issue 34, item 14): the
    // filter read `>=` as text, searched no message, and found "N=256" inside "BN=256".
    void filtersByComparisonsAndMessages()
    {
        const auto shown = [this](const QString &filter) {
            m_page->filterEdit()->setText(filter);
            return m_page->proxy()->rowCount();
        };
        QCOMPARE(shown(QStringLiteral("BM>=32")), 8);
        QCOMPARE(shown(QStringLiteral("bm>=32 UNROLL!=4")), 4);
        QCOMPARE(shown(QStringLiteral("BM<32")), 4);
        QCOMPARE(shown(QStringLiteral("UNROLL<=1 N>256")), 3);
        // A time with its unit: 62.5 us and above (a failure has no median: never shown).
        QCOMPARE(shown(QStringLiteral("median>=50us")), 3);
        QCOMPARE(shown(QStringLiteral("GB/s>100000")), 1);
        // The failure's message, a word or a "quoted phrase"; the state by name.
        QCOMPARE(shown(QStringLiteral("differs")), 2);
        QCOMPARE(shown(QStringLiteral("\"differs at index\" N=512")), 1);
        QCOMPARE(shown(QStringLiteral("status=wrong_result")), 2);
        QCOMPARE(shown(QStringLiteral("status!=ok")), 2);
        // A config key pasted whole is each of its parameters.
        QCOMPARE(shown(QStringLiteral("BM=64,UNROLL=1")), 2);
        // A name the run has no field of is a plain word.
        QCOMPARE(shown(QStringLiteral("index=7")), 0);

        // N=256 is the size N, never the parameter BN whose value is 256.
        SpecOutline named = outline();
        named.parameterNames = {QStringLiteral("BN"), QStringLiteral("UNROLL")};
        m_feed->reset(named);
        m_feed->setSizeLabel(0, QStringLiteral("N=256"));
        m_feed->setSizeLabel(1, QStringLiteral("N=512"));
        QVector<ResultEvent> rows = events();
        for (ResultEvent &row : rows) {
            row.config.values[0] *= 4; // BN 64, 128, 256
            row.configKey = "BN=" + formatValue(row.config.values[0]) +
                            row.configKey.substr(row.configKey.find(','));
        }
        m_feed->append(rows);
        QCOMPARE(shown(QStringLiteral("N=256")), 6);
        QCOMPARE(shown(QStringLiteral("BN=256")), 4);
        QCOMPARE(shown(QStringLiteral("N=256 BN=256")), 2);
        QCOMPARE(shown(QStringLiteral("N=512 BN=256 UNROLL=1")), 1);
    }

    void sortsByClickingTheHeader()
    {
        QHeaderView *header = m_page->view()->horizontalHeader();
        const int median = model()->column(ResultsModel::Median);
        clickHeader(header, median);
        QCOMPARE(header->sortIndicatorSection(), median);
        QCOMPARE(header->sortIndicatorOrder(), Qt::AscendingOrder);
        const QAbstractItemModel *view = m_page->view()->model();
        double last = 0;
        for (int row = 0; row < okCount(events()); ++row) {
            const double value = view->index(row, median).data(ResultsModel::SortRole).toDouble();
            QVERIFY(value >= last);
            last = value;
        }
        QCOMPARE(view->index(view->rowCount() - 1, 0).data().toString(), QString("wrong_result"));

        // A parameter column sorts by its number: 16 < 32 < 64 (as text "16" < "32" < "64"
        // too, so descending checks the numbers).
        const int bm = model()->column(ResultsModel::Parameter, 0);
        clickHeader(header, bm);
        clickHeader(header, bm);
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
        QCOMPARE(view->index(0, bm).data().toString(), QString("64"));
        QCOMPARE(view->index(view->rowCount() - 1, bm).data().toString(), QString("16"));
    }

    // A compile-only result (ok, no samples) reads "compiled", not "ok", and has a filter.
    void compiledButUntimedResultsHaveTheirOwnState()
    {
        ResultEvent compiled = events().at(0);
        compiled.sizeIndex = 1;
        compiled.configKey = "BM=8,UNROLL=1";
        compiled.result.samples.clear();
        compiled.result.summary = {};
        compiled.result.metrics.clear();
        m_feed->append({compiled});
        const QAbstractItemModel *view = m_page->view()->model();
        QCOMPARE(view->index(12, 0).data().toString(), QString("compiled"));
        QComboBox *status = m_page->statusCombo();
        status->setCurrentIndex(status->findData(ResultsFilterProxy::CompiledOnly));
        QCOMPARE(status->currentText(), QString("Compiled, not timed"));
        QCOMPARE(m_page->proxy()->rowCount(), 1);
        QCOMPARE(view->index(0, 2).data().toString(), QString("BM=8,UNROLL=1"));
        status->setCurrentIndex(status->findData(ResultsFilterProxy::OkOnly));
        QCOMPARE(m_page->proxy()->rowCount(), okCount(events())); // not among the timed
        status->setCurrentIndex(status->findData(ResultsFilterProxy::AnyStatus));
        m_page->filterEdit()->setText(QStringLiteral("compiled"));
        QCOMPARE(m_page->proxy()->rowCount(), 1);
    }

    // Rows without a value (the failed configuration has no median) sort last both ways.
    void failuresSortLastInBothDirections()
    {
        QHeaderView *header = m_page->view()->horizontalHeader();
        const QAbstractItemModel *view = m_page->view()->model();
        const int median = model()->column(ResultsModel::Median);
        clickHeader(header, median);
        clickHeader(header, median);
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
        const int last = view->rowCount() - 1;
        QCOMPARE(view->index(last, 0).data().toString(), QString("wrong_result"));
        QCOMPARE(view->index(last - 1, 0).data().toString(), QString("wrong_result"));
        const double first = view->index(0, median).data(ResultsModel::SortRole).toDouble();
        for (int row = 1; row < okCount(events()); ++row)
            QVERIFY(view->index(row, median).data(ResultsModel::SortRole).toDouble() <= first);
    }

    // The first click on a maximised objective's column puts the best (highest) first.
    void aMaximisedObjectiveSortsBestFirstOnTheFirstClick()
    {
        SpecOutline maximised = outline();
        maximised.objectiveMetric = QStringLiteral("GB/s");
        maximised.minimize = false;
        m_feed->reset(maximised);
        m_feed->append(events());
        QHeaderView *header = m_page->view()->horizontalHeader();
        const QAbstractItemModel *view = m_page->view()->model();
        const int gbps = model()->column(ResultsModel::Metric, 0);
        clickHeader(header, gbps);
        QCOMPARE(header->sortIndicatorSection(), gbps);
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
        double previous = view->index(0, gbps).data(ResultsModel::SortRole).toDouble();
        QVERIFY(std::fabs(previous - 32 * 4 / 1e-3) < 1e-6); // BM=32,UNROLL=4 on N=256
        for (int row = 1; row < okCount(events()); ++row) {
            const double value = view->index(row, gbps).data(ResultsModel::SortRole).toDouble();
            QVERIFY(value <= previous);
            previous = value;
        }
        QCOMPARE(view->index(view->rowCount() - 1, 0).data().toString(), QString("wrong_result"));
        clickHeader(header, gbps); // the second click reverses, as usual
        QCOMPARE(header->sortIndicatorOrder(), Qt::AscendingOrder);
        QCOMPARE(view->index(view->rowCount() - 1, 0).data().toString(), QString("wrong_result"));
    }

    // Over the table: each size's winner and whether it is decided (fixture: 7.8 us against
    // the runner-up's 15.6 us, twice as long, medians uncertain by 1% each).
    void saysWhetherEachSizesWinnerIsDecided()
    {
        const QString line = m_page->winnerSummary()->text();
        QVERIFY2(line.contains(QStringLiteral("N=256: BM=32,UNROLL=4 best by 100.00% (uncertain by "
                                              "2.00%)")),
                 qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("N=512: ")), qPrintable(line));
        QVERIFY(m_page->winnerSummary()->isVisibleTo(m_page));
    }

    // A finalist's rounds timed at different SM clock steps: each round names its clock.
    void detailsNameTheRoundsClocksAcrossClockSteps()
    {
        ResultDetails details;
        ResultEvent event;
        event.configKey = "BM=64";
        event.result.summary = {130.6e-6, 127e-6, 130e-6, 1e-6, 90, 0.01};
        event.roundMedians = {130.8e-6, 127.9e-6, 130.6e-6};
        event.roundClocks = {1980.1, 1994.6, 1979.4};
        details.showResult(event);
        QVERIFY2(
            details.summaryText().contains(QStringLiteral("round 2\n 128 \u00b5s at 1995 MHz")),
            qPrintable(details.summaryText()));
        event.roundClocks = {1980.1, 1980.0, 1979.4}; // one step: no clocks named
        details.showResult(event);
        QVERIFY2(!details.summaryText().contains(QStringLiteral("MHz")) &&
                     details.summaryText().contains(QStringLiteral("round 2")),
                 qPrintable(details.summaryText()));
    }

    // The details pane reads a backend figure as the table does (issue 34, item 14): a count
    // whole, occupancy in percent, a time in its unit; not "32.00" or "0.50".
    void detailsFormatFiguresAsTheTableDoes()
    {
        ResultDetails details;
        ResultEvent event;
        event.configKey = "BM=64,ALPHA=0.5";
        event.result.resources = {{"registers", 32},
                                  {"static_shared", 16384},
                                  {"occupancy", 0.5},
                                  {"verify_seconds", 0.0125}};
        event.result.metrics = {{"GB/s", 1234.5678}};
        details.showResult(event);
        const QString text = details.summaryText();
        for (const char *line :
             {"BM\n 64\n", "ALPHA\n 0.5\n", "registers\n 32\n", "static_shared\n 16384\n",
              "occupancy\n 50.0 %\n", "verify_seconds\n 12.5 ms", "GB/s\n 1235\n"})
            QVERIFY2(text.contains(QString::fromUtf8(line)),
                     qPrintable(QStringLiteral("%1 not in:\n%2").arg(line, text)));
    }

    // The Status column shows every state whole, with its icon (issue 34, item 14).
    void theStatusColumnFitsEveryState()
    {
        QVector<ResultEvent> rows;
        for (int status = 1; status <= int(ResultStatus::SkippedByConstraint); ++status) {
            ResultEvent event = events().at(5);
            event.result.status = ResultStatus(status);
            rows.append(event);
        }
        m_feed->append(rows);
        QTableView *view = m_page->view();
        // What the view's delegate needs for the widest cell (public on the base class).
        const int needed =
            static_cast<QAbstractItemView *>(view)->sizeHintForColumn(ResultsModel::StatusColumn);
        const int has = view->columnWidth(ResultsModel::StatusColumn);
        QVERIFY2(needed <= has,
                 qPrintable(QStringLiteral("needs %1, has %2").arg(needed).arg(has)));
    }

    void detailsGiveAnOkResultsCaveats()
    {
        ResultDetails details;
        ResultEvent event;
        event.configKey = "BM=16";
        event.result.resources = {
            {"clock_mismatch", 1}, {"sm_clock_mhz", 1980}, {"sm_clock_effective_mhz", 1994.6}};
        details.showResult(event);
        QVERIFY2(details.messageText().startsWith(
                     QStringLiteral("Caveat: timed at 1994.6 MHz by the GPU's own timer")),
                 qPrintable(details.messageText()));
        event.result.resources.clear();
        details.showResult(event);
        QCOMPARE(details.messageText(), QString());
    }

    void detailsFollowTheSelection()
    {
        QTableView *view = m_page->view();
        const int row = 5; // BM=64,UNROLL=4 of the first size: a failure
        ResultDetails *details = m_page->details();
        // Without the spec, no -D flags: the pane says where they come from.
        details->setDefinesSource({});
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->visualRect(view->model()->index(row, 0)).center());
        QCOMPARE(details->definesText(), QString());
        QVERIFY(details->findChild<QLineEdit *>(QStringLiteral("definesEdit"))
                    ->placeholderText()
                    .contains(QStringLiteral("spec")));
        // With a source (the main window's is the Kernel page), the flags it gives this result.
        details->setDefinesSource(flagsOfKey);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->visualRect(view->model()->index(row - 1, 0)).center());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->visualRect(view->model()->index(row, 0)).center());
        QVERIFY(details->statusText().contains(QStringLiteral("wrong_result")));
        QCOMPARE(details->messageText(), QStringLiteral("output differs at index 7"));
        QCOMPARE(details->definesText(), QStringLiteral("flags of BM=64,UNROLL=4"));
        QTest::keyClick(view, Qt::Key_Up); // the ok one before it
        QVERIFY(details->statusText().contains(QStringLiteral("ok")));
        QCOMPARE(details->histogram()->sampleCount(), 4);
        QCOMPARE(details->definesText(), QStringLiteral("flags of BM=64,UNROLL=1"));

        // Shift+Down selects two rows: both are the selection, in view order.
        QTest::keyClick(view, Qt::Key_Down, Qt::ShiftModifier);
        const QVector<ResultEvent> selected = m_page->selectedResults();
        QCOMPARE(selected.size(), 2);
        QCOMPARE(selected.at(0).configKey, std::string("BM=64,UNROLL=1"));
        QCOMPARE(selected.at(1).configKey, std::string("BM=64,UNROLL=4"));

        m_feed->reset(outline()); // a new run: nothing selected any more
        QVERIFY(details->statusText().startsWith(QStringLiteral("Select")));
    }

    void effectPlotShowsEveryBatch()
    {
        ParameterEffectPlot *plot = m_page->effectPlot();
        QCOMPARE(plot->xParameter(), QStringLiteral("BM"));
        QCOMPARE(plot->colorParameter(), QStringLiteral("UNROLL"));
        QCOMPARE(plot->data().count(), okCount(events()));   // both sizes
        QCOMPARE(plot->pointCount(), okCount(events()) / 2); // the shown size
        QCOMPARE(plot->sizeCombo()->count(), 2);
        QCOMPARE(plot->sizeCombo()->itemText(1), QStringLiteral("N=512"));
        m_feed->append(events());
        QCOMPARE(plot->data().count(), 2 * okCount(events()));

        // Another spec's outline: its names and objective.
        SpecOutline other = outline();
        other.parameterNames = {QStringLiteral("TILE")};
        other.objectiveMetric = QStringLiteral("GB/s");
        other.minimize = false;
        m_feed->reset(other);
        QCOMPARE(plot->data().count(), 0);
        QCOMPARE(plot->xParameter(), QStringLiteral("TILE"));
        QCOMPARE(plot->xCombo()->count(), 1);
        // A run starting (no outline yet) empties the plot but keeps the chosen axes.
        m_feed->reset({});
        QCOMPARE(plot->data().count(), 0);
        QCOMPARE(plot->xParameter(), QStringLiteral("TILE"));
    }

    void clickingAPlotPointSelectsItsRow()
    {
        ParameterEffectPlot *plot = m_page->effectPlot();
        plot->replotIfDirty();
        QCustomPlot *customPlot = plot->plot();
        customPlot->replot();
        // The point of BM=32,UNROLL=4 on N=256 (the shown size), where the plot draws it.
        const ParameterEffectData &data = plot->data();
        int row = 0;
        while (row < data.count() &&
               (data.configKey(row) != "BM=32,UNROLL=4" || data.sizeIndex(row) != 0))
            ++row;
        QVERIFY(row < data.count());
        const auto pixelOf = [&](int at) {
            const double x = data.category(0, data.value(at, 0)) + data.jitter(at);
            return QPoint(int(std::lround(customPlot->xAxis->coordToPixel(x))),
                          int(std::lround(customPlot->yAxis->coordToPixel(data.objective(at)))));
        };
        m_page->details()->setDefinesSource(flagsOfKey);
        // Sorted by median and filtered to BM=16, the row is hidden; the click shows it.
        clickHeader(m_page->view()->horizontalHeader(), model()->column(ResultsModel::Median));
        QTest::keyClicks(m_page->filterEdit(), QStringLiteral("bm=16"));
        QTest::mouseClick(customPlot, Qt::LeftButton, {}, pixelOf(row));
        QVERIFY(m_page->filterEdit()->text().isEmpty());
        const QVector<ResultEvent> selected = m_page->selectedResults();
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected.first().configKey, std::string("BM=32,UNROLL=4"));
        QCOMPARE(selected.first().sizeIndex, std::size_t(0));
        QTableView *view = m_page->view();
        const QModelIndex current = view->currentIndex();
        QCOMPARE(model()->resultAt(m_page->proxy()->mapToSource(current).row()).configKey,
                 std::string("BM=32,UNROLL=4"));
        QVERIFY(view->viewport()->rect().intersects(view->visualRect(current)));
        QCOMPARE(m_page->details()->definesText(), QStringLiteral("flags of BM=32,UNROLL=4"));

        // A row out of sight is scrolled to.
        QVector<ResultEvent> more;
        for (int copy = 1; copy <= 6; ++copy) {
            for (ResultEvent event : events()) {
                event.configKey += ",COPY=" + std::to_string(copy);
                more.append(event);
            }
        }
        m_feed->append(more);
        plot->replotIfDirty();
        customPlot->replot();
        const std::string key = "BM=16,UNROLL=1,COPY=6";
        int target = 0;
        while (target < data.count() && data.configKey(target) != key)
            ++target;
        QVERIFY(target < data.count() && data.sizeIndex(target) == 0);
        int source = 0;
        while (model()->resultAt(source).configKey != key || model()->resultAt(source).sizeIndex)
            ++source;
        const QModelIndex before = m_page->proxy()->mapFromSource(model()->index(source, 0));
        const auto visible = [view](const QModelIndex &index) {
            return view->viewport()->rect().intersects(view->visualRect(index));
        };
        view->scrollToTop();
        if (visible(before))
            view->scrollToBottom();
        QVERIFY(!visible(before));
        QTest::mouseClick(customPlot, Qt::LeftButton, {}, pixelOf(target));
        QCOMPARE(view->currentIndex().row(), before.row());
        QVERIFY(visible(view->currentIndex()));
    }
};

QTEST_MAIN(TestResultsPage)
#include "tst_resultspage.moc"
