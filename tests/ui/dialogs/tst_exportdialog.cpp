// The Export dialog over a real workspace (the CPU matmul example run with real workers):
// every engine format, both scopes, the preview, saving and the clipboard.
#include "dialogs/exportdialog.h"
#include "exampleworkspace.h"
#include "export/exporter.h"

#include "filesizelimit.h"
#include "testfiles.h"

#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

int lineCount(const QString &text)
{
    return int(text.count(QLatin1Char('\n')));
}

// A result the store accepts; the numbers are made up, the storage is real.
Result fakeResult(double median)
{
    Result result;
    result.status = ResultStatus::Ok;
    result.summary.count = 3;
    result.summary.median = result.summary.min = result.summary.mean = median;
    result.samples = {median, median, median};
    return result;
}

} // namespace

class TestExportDialog : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_workspace;
    std::int64_t m_runId = 0;

    // Waits until the dialog shows the text for its current options.
    static bool waitReady(ExportDialog &dialog)
    {
        QSignalSpy updated(&dialog, &ExportDialog::previewUpdated);
        return dialog.isReady() || (updated.wait(20000) && dialog.isReady());
    }

    // Picks the options as a user would and waits until their text is rendered.
    static bool choose(ExportDialog &dialog, ExportFormat format, ExportScope scope)
    {
        QSignalSpy updated(&dialog, &ExportDialog::previewUpdated);
        dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(int(format)));
        dialog.scopeBox()->setCurrentIndex(dialog.scopeBox()->findData(int(scope)));
        while (!dialog.isReady())
            if (!updated.wait(20000))
                return false;
        return dialog.options().format == format && dialog.options().scope == scope;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_workspace = m_dir.filePath("matmul.tbw");
        auto summary = tbtest::runMatmulInto(m_workspace, 3); // 6 results over 2 sizes
        QVERIFY2(summary.hasValue(), summary.hasValue() ? "" : summary.error().toString().c_str());
        m_runId = summary->runId;
    }

    void jsonHoldsTheBestOfEachSize()
    {
        ExportDialog dialog(m_workspace, m_runId);
        dialog.show();
        QVERIFY(waitReady(dialog));
        QCOMPARE(dialog.options().format, ExportFormat::Json); // the default
        QVERIFY(choose(dialog, ExportFormat::Json, ExportScope::BestPerSize));
        QVERIFY(!dialog.scopeBox()->isEnabled()); // JSON is the winners by definition

        const QString text = dialog.exportedText();
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QCOMPARE(document["format"].toString(), QStringLiteral("tunebench-export"));
        QCOMPARE(document["run"]["id"].toInteger(), qint64(m_runId));
        const QJsonArray best = document["best"].toArray();
        const Spec spec = tbtest::matmulSpec();
        const auto expected = bestPerSize(spec, tbtest::storedResults(m_workspace, m_runId));
        QCOMPARE(best.size(), qsizetype(expected.size()));
        for (qsizetype i = 0; i < best.size(); ++i) {
            QVERIFY(expected[std::size_t(i)].has_value());
            QCOMPARE(best[i]["config_key"].toString(),
                     QString::fromStdString(expected[std::size_t(i)]->configKey));
        }
        QCOMPARE(dialog.previewText(), text); // short enough to preview whole
    }

    void csvFollowsTheScope()
    {
        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(waitReady(dialog));
        const Spec spec = tbtest::matmulSpec();
        const auto results = tbtest::storedResults(m_workspace, m_runId);

        QVERIFY(choose(dialog, ExportFormat::Csv, ExportScope::AllResults));
        QVERIFY(dialog.scopeBox()->isEnabled());
        QCOMPARE(dialog.exportedText(), QString::fromStdString(*exportCsv(spec, results)));
        QCOMPARE(lineCount(dialog.exportedText()), 1 + 6);
        QCOMPARE(dialog.previewText(), dialog.exportedText());

        QVERIFY(choose(dialog, ExportFormat::Csv, ExportScope::BestPerSize));
        std::vector<StoredResult> winners;
        for (const auto &winner : bestPerSize(spec, results))
            winners.push_back(*winner);
        QCOMPARE(winners.size(), std::size_t(2));
        QCOMPARE(dialog.exportedText(), QString::fromStdString(*exportCsv(spec, winners)));
        QCOMPARE(lineCount(dialog.exportedText()), 1 + 2);
        QCOMPARE(dialog.previewText(), dialog.exportedText());

        // Back to JSON: the scope box goes back to "best" and locks.
        QVERIFY(choose(dialog, ExportFormat::Json, ExportScope::BestPerSize));
        QVERIFY(dialog.exportedText().startsWith(QLatin1Char('{')));
        QVERIFY(!dialog.scopeBox()->isEnabled());
    }

    void savesTheWholeTextOrNamesTheError()
    {
        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(choose(dialog, ExportFormat::Csv, ExportScope::AllResults));
        QTemporaryDir out;
        const QString target = out.filePath("results.csv");
        QSignalSpy saved(&dialog, &ExportDialog::saved);
        QSignalSpy failed(&dialog, &ExportDialog::saveFailed);
        dialog.saveTo(target);
        QVERIFY(saved.wait(20000));
        QFile file(target);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(file.readAll()), dialog.exportedText());
        QCOMPARE(QDir(out.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("results.csv")}); // nothing left beside it

        // A target that cannot be written: the error names it; nothing is written.
        const QString nowhere = out.filePath("missing-dir/results.csv");
        dialog.saveTo(nowhere);
        QVERIFY(failed.wait(20000));
        QVERIFY2(failed.at(0).at(0).toString().contains(nowhere),
                 qPrintable(failed.at(0).at(0).toString()));
        QVERIFY(dialog.statusText().contains(nowhere));
        QVERIFY(!dialog.findChildren<QMessageBox *>().isEmpty());
        QVERIFY(!QFile::exists(nowhere));
    }

    // A write that fails part way (a full disk; here the file-size limit, which stops root
    // too): the error is reported and the file already there keeps its content.
    void aFailedWriteLeavesTheExistingFileIntact()
    {
        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(choose(dialog, ExportFormat::Csv, ExportScope::AllResults));
        QVERIFY(dialog.exportedText().size() > 64);
        QTemporaryDir out;
        const QString target = out.filePath("results.csv");
        const QByteArray before("an earlier export\n");
        QVERIFY(tbtest::writeFile(target, before));
        QSettings().sync(); // nothing of ours is written while the limit holds
        QSignalSpy saved(&dialog, &ExportDialog::saved);
        QSignalSpy failed(&dialog, &ExportDialog::saveFailed);
        tbtest::FileSizeLimit limit(32);
        QVERIFY(limit.isSet());
        dialog.saveTo(target);
        QVERIFY(failed.wait(20000));
        QVERIFY(limit.restore());
        QCOMPARE(saved.count(), 0);
        const QString error = failed.at(0).at(0).toString();
        QVERIFY2(error.contains(target) && error.contains(QStringLiteral("cannot write")),
                 qPrintable(error));
        QCOMPARE(dialog.statusText(), error);
        QCOMPARE(tbtest::readFile(target), before);
        QCOMPARE(QDir(out.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("results.csv")}); // no temporary file left
    }

    // A folder that cannot be written, in a way that holds for root too (CI runs as root):
    // the target's "folder" is a regular file, so no temporary file can be made beside it.
    void aFolderThatCannotBeWrittenIsReported()
    {
        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(choose(dialog, ExportFormat::Csv, ExportScope::AllResults));
        QTemporaryDir out;
        const QString notAFolder = out.filePath("notes.txt");
        const QByteArray before("not a folder\n");
        QVERIFY(tbtest::writeFile(notAFolder, before));
        const QString target = notAFolder + QStringLiteral("/results.csv");
        QSignalSpy failed(&dialog, &ExportDialog::saveFailed);
        QSignalSpy saved(&dialog, &ExportDialog::saved);
        dialog.saveTo(target);
        QVERIFY(failed.wait(20000));
        QCOMPARE(saved.count(), 0);
        QVERIFY2(failed.at(0).at(0).toString().contains(target),
                 qPrintable(failed.at(0).at(0).toString()));
        QCOMPARE(tbtest::readFile(notAFolder), before);
        QCOMPARE(QDir(out.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("notes.txt")});
    }

    void copiesTheWholeTextToTheClipboard()
    {
        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(choose(dialog, ExportFormat::Csv, ExportScope::AllResults));
        QGuiApplication::clipboard()->clear();
        QTest::mouseClick(dialog.copyButton(), Qt::LeftButton);
        QCOMPARE(QGuiApplication::clipboard()->text(), dialog.exportedText());
    }

    void previewShowsTheFirstLinesOfALargeRun()
    {
        // 300 results in a real store (made-up timings), so the preview must cut.
        const QString path = m_dir.filePath("large.tbw");
        std::int64_t runId = 0;
        {
            auto store = Store::open(path.toStdString());
            QVERIFY(store.hasValue());
            const Spec spec = tbtest::matmulSpec();
            auto specId = store->saveSpec(spec);
            QVERIFY(specId.hasValue());
            RunRecord record;
            record.specId = *specId;
            record.strategy = "brute_force";
            runId = *store->createRun(record);
            for (int i = 0; i < 300; ++i) {
                Configuration config;
                config.values = {16, 32, double(i), 1};
                const std::string key = "BM=16,BN=32,BK=" + std::to_string(i) + ",UNROLL=1";
                QVERIFY(
                    store->saveResult(runId, *specId, key, config, 0, fakeResult(1e-3 + i * 1e-6))
                        .hasValue());
            }
        }
        ExportDialog dialog(path, runId);
        QVERIFY(choose(dialog, ExportFormat::Csv, ExportScope::AllResults));
        QCOMPARE(lineCount(dialog.exportedText()), 301);
        QCOMPARE(dialog.preview()->blockCount() - 1, ExportDialog::kPreviewLines); // + empty last
        QVERIFY(dialog.exportedText().startsWith(dialog.previewText()));
        QVERIFY2(dialog.statusText().contains(QStringLiteral("200 of 301")),
                 qPrintable(dialog.statusText()));
        QVERIFY(dialog.preview()->isReadOnly());
    }

    void aMissingRunIsReported()
    {
        ExportDialog dialog(m_workspace, 999);
        QSignalSpy failed(&dialog, &ExportDialog::loadFailed);
        QVERIFY(failed.wait(20000));
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("999")));
        QVERIFY(!dialog.isReady());
        QVERIFY(!dialog.saveButton()->isEnabled());
        QVERIFY(!dialog.copyButton()->isEnabled());
    }
};

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
