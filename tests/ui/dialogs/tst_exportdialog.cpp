// The Export dialog over a real workspace (the CPU matmul example run with real workers):
// every engine format, as the engine renders it, both scopes, the options of each format, the
// engine's errors, the preview, saving and the clipboard.
#include "dialogs/exportdialog.h"
#include "exampleworkspace.h"
#include "export/exporter.h"
#include "export/kernelset.h"
#include "export/kernelsetexport.h"
#include "session/workspacefiles.h"

#include "filesizelimit.h"
#include "testfiles.h"

#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <map>

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

Result failedResult()
{
    Result result;
    result.status = ResultStatus::CompileError;
    result.message = "error: expected ';'";
    return result;
}

// A run of `count` made-up results of the matmul spec, all of problem size 0, in a real store.
std::int64_t fakeRun(const QString &path, int count, const std::function<Result(int)> &result)
{
    auto store = Store::open(path.toStdString());
    if (!store)
        qFatal("cannot open %s", qPrintable(path));
    auto specId = store->saveSpec(tbtest::matmulSpec());
    RunRecord record;
    record.specId = *specId;
    record.strategy = "brute_force";
    const std::int64_t runId = *store->createRun(record);
    for (int i = 0; i < count; ++i) {
        Configuration config;
        config.values = {16, 32, double(i), 1};
        const std::string key = "BM=16,BN=32,BK=" + std::to_string(i) + ",UNROLL=1";
        if (!store->saveResult(runId, *specId, key, config, 0, result(i)))
            qFatal("cannot save a result");
    }
    return runId;
}

// The text each format must hold: the engine functions called as the CLI's `export` calls
// them, on the run as the workspace stores it.
Expected<std::string> engineText(const StoredRun &run, const ExportOptions &options)
{
    const std::string version = TUNEBENCH_VERSION;
    switch (options.format) {
    case ExportFormat::Json:
        return exportJson(run.spec, run.record, run.results,
                          currentHost(version, run.record.device), run.rounds);
    case ExportFormat::Csv:
        return exportCsv(run.spec, run.results); // every result
    case ExportFormat::KernelTuner: {
        auto cache = exportKernelTuner(run.spec, run.record, run.results, options.sizeIndex,
                                       options.deviceName);
        if (!cache)
            return cache.error();
        return cache->text;
    }
    case ExportFormat::CppHeader:
        return exportCppHeader(run.spec, run.record, run.results, version);
    case ExportFormat::KernelSetJson:
    case ExportFormat::KernelSetHeader:
        break;
    }
    auto set = selectKernelSet(run.spec, run.record, run.results, options.maxSlowdownPct / 100);
    if (!set)
        return set.error();
    return options.format == ExportFormat::KernelSetJson
               ? exportKernelSetJson(run.spec, run.record, *set, version)
               : exportKernelSetHeader(run.spec, run.record, *set, version);
}

// The JSON export says when it was made, to the second: the one part two renders may differ in.
QString withoutExportTime(QString text)
{
    static const QRegularExpression stamp(QStringLiteral("\"exported_at\":\\s*\"[^\"]*\""));
    return text.replace(stamp, QStringLiteral("\"exported_at\": \"\""));
}

// The form label that names a field ("&Format:").
QLabel *labelOf(QWidget *dialog, QWidget *field)
{
    for (auto *label : dialog->findChildren<QLabel *>())
        if (label->buddy() == field)
            return label;
    return nullptr;
}

const std::vector<ExportFormat> kAllFormats = {
    ExportFormat::Json,      ExportFormat::Csv,           ExportFormat::KernelTuner,
    ExportFormat::CppHeader, ExportFormat::KernelSetJson, ExportFormat::KernelSetHeader};

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

    // Sets every option, then waits for the text (or the engine's error) of those options:
    // a render whose options changed meanwhile is dropped unseen, so the next update is theirs.
    // The dialog must have read its run (waitReady()): the size box is filled then.
    static bool apply(ExportDialog &dialog, const ExportOptions &options)
    {
        QSignalSpy updated(&dialog, &ExportDialog::previewUpdated);
        dialog.setOptions(options);
        emit dialog.deviceNameEdit()->editingFinished(); // renders once more, changed or not
        if (!updated.wait(20000))
            return false;
        const ExportOptions shown = dialog.options();
        return shown.format == options.format && shown.sizeIndex == options.sizeIndex &&
               shown.deviceName == options.deviceName &&
               shown.maxSlowdownPct == options.maxSlowdownPct;
    }

    StoredRun storedRun() const
    {
        auto run = readStoredRun(m_workspace.toStdString(), m_runId, true);
        if (!run)
            qFatal("cannot read run %lld", static_cast<long long>(m_runId));
        return run.value();
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
        const std::int64_t runId =
            fakeRun(path, 300, [](int i) { return fakeResult(1e-3 + i * 1e-6); });
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

    // Each format's text, options included, is what the engine function returns for the run.
    void everyFormatMatchesTheEngine_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("sizeIndex");
        QTest::addColumn<QString>("deviceName");
        QTest::addColumn<double>("maxSlowdownPct");
        QTest::newRow("json") << int(ExportFormat::Json) << 0 << QString() << 2.0;
        QTest::newRow("csv") << int(ExportFormat::Csv) << 0 << QString() << 2.0;
        QTest::newRow("kerneltuner size 0")
            << int(ExportFormat::KernelTuner) << 0 << QString() << 2.0;
        QTest::newRow("kerneltuner size 1, named device")
            << int(ExportFormat::KernelTuner) << 1 << QStringLiteral("NVIDIA A100") << 2.0;
        QTest::newRow("cpp header") << int(ExportFormat::CppHeader) << 0 << QString() << 2.0;
        QTest::newRow("kernel set json")
            << int(ExportFormat::KernelSetJson) << 0 << QString() << 2.0;
        QTest::newRow("kernel set json 50%")
            << int(ExportFormat::KernelSetJson) << 0 << QString() << 50.0;
        QTest::newRow("kernel set header 10%")
            << int(ExportFormat::KernelSetHeader) << 0 << QString() << 10.0;
    }

    void everyFormatMatchesTheEngine()
    {
        QFETCH(int, format);
        QFETCH(int, sizeIndex);
        QFETCH(QString, deviceName);
        QFETCH(double, maxSlowdownPct);
        ExportOptions options;
        options.format = ExportFormat(format);
        options.scope = options.format == ExportFormat::Csv ? ExportScope::AllResults
                                                            : ExportScope::BestPerSize;
        options.sizeIndex = std::size_t(sizeIndex);
        options.deviceName = deviceName.toStdString();
        options.maxSlowdownPct = maxSlowdownPct;

        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(waitReady(dialog));
        QVERIFY(apply(dialog, options));
        const auto expected = engineText(storedRun(), options);
        QVERIFY2(expected.hasValue(),
                 expected.hasValue() ? "" : expected.error().toString().c_str());
        QVERIFY(dialog.isReady());
        QCOMPARE(withoutExportTime(dialog.exportedText()),
                 withoutExportTime(QString::fromStdString(*expected)));
        QCOMPARE(dialog.previewText(), dialog.exportedText()); // a small run: previewed whole
        QVERIFY(dialog.saveButton()->isEnabled());
        QVERIFY(!dialog.errorLabel()->isVisibleTo(&dialog));
        if (!deviceName.isEmpty())
            QVERIFY(dialog.exportedText().contains(deviceName));
    }

    // Kernel Tuner's problem-size selector lists the spec's sizes; a changed tolerance changes
    // the kernel set's text.
    void theOptionsChangeTheText()
    {
        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(waitReady(dialog));
        QCOMPARE(dialog.sizeBox()->count(), 2); // the matmul example's two sizes
        ExportOptions options;
        options.format = ExportFormat::KernelTuner;
        QVERIFY(apply(dialog, options));
        const QString size0 = dialog.exportedText();
        options.sizeIndex = 1;
        QVERIFY(apply(dialog, options));
        QVERIFY(dialog.exportedText() != size0);

        options.format = ExportFormat::KernelSetJson;
        QVERIFY(apply(dialog, options));
        QCOMPARE(dialog.maxSlowdownBox()->value(), 2.0); // the CLI's default
        const auto tolerance = [&dialog] {
            return QJsonDocument::fromJson(dialog.exportedText().toUtf8())["max_slowdown_pct"]
                .toDouble();
        };
        QCOMPARE(tolerance(), 2.0);
        options.maxSlowdownPct = 25;
        QVERIFY(apply(dialog, options));
        QCOMPARE(tolerance(), 25.0);
    }

    // Each option row shows, label and field, only for the formats that read it.
    void optionsAppearOnlyWhereTheyApply()
    {
        ExportDialog dialog(m_workspace, m_runId);
        dialog.show();
        QVERIFY(waitReady(dialog));
        for (const ExportFormat format : kAllFormats) {
            dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(int(format)));
            const bool csv = format == ExportFormat::Csv;
            const bool kernelTuner = format == ExportFormat::KernelTuner;
            const bool kernelSet =
                format == ExportFormat::KernelSetJson || format == ExportFormat::KernelSetHeader;
            const auto shown = [&dialog](QWidget *field) {
                QLabel *label = labelOf(&dialog, field);
                return label && field->isVisible() && label->isVisible();
            };
            const auto hidden = [&dialog](QWidget *field) {
                QLabel *label = labelOf(&dialog, field);
                return label && !field->isVisible() && !label->isVisible();
            };
            const QByteArray name = dialog.formatBox()->currentText().toUtf8();
            QVERIFY2(csv ? shown(dialog.scopeBox()) : hidden(dialog.scopeBox()), name);
            QVERIFY2(kernelTuner ? shown(dialog.sizeBox()) : hidden(dialog.sizeBox()), name);
            QVERIFY2(kernelTuner ? shown(dialog.deviceNameEdit()) : hidden(dialog.deviceNameEdit()),
                     name);
            QVERIFY2(kernelSet ? shown(dialog.maxSlowdownBox()) : hidden(dialog.maxSlowdownBox()),
                     name);
        }
    }

    // The suggested file name's extension follows the format.
    void theFileNameFollowsTheFormat()
    {
        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(waitReady(dialog));
        const std::map<ExportFormat, QString> extensions = {
            {ExportFormat::Json, QStringLiteral(".json")},
            {ExportFormat::Csv, QStringLiteral(".csv")},
            {ExportFormat::KernelTuner, QStringLiteral(".json")},
            {ExportFormat::CppHeader, QStringLiteral(".h")},
            {ExportFormat::KernelSetJson, QStringLiteral(".json")},
            {ExportFormat::KernelSetHeader, QStringLiteral(".h")}};
        QSet<QString> names;
        for (const ExportFormat format : kAllFormats) {
            dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(int(format)));
            const QString name = dialog.suggestedFileName();
            QVERIFY2(name.endsWith(extensions.at(format)), qPrintable(name));
            QVERIFY2(name.contains(QStringLiteral("run%1").arg(m_runId)), qPrintable(name));
            names.insert(name);
        }
        QCOMPARE(names.size(), qsizetype(kAllFormats.size())); // none replaces another
    }

    // Saved to a file, each format is exactly the preview (a small run is previewed whole).
    void theSavedFileIsThePreview()
    {
        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(waitReady(dialog));
        QTemporaryDir out;
        for (const ExportFormat format : kAllFormats) {
            ExportOptions options;
            options.format = format;
            QVERIFY(apply(dialog, options));
            QVERIFY(dialog.isReady());
            const QString target = out.filePath(dialog.suggestedFileName());
            QSignalSpy saved(&dialog, &ExportDialog::saved);
            dialog.saveTo(target);
            QVERIFY(saved.wait(20000));
            QCOMPARE(QString::fromUtf8(tbtest::readFile(target)), dialog.previewText());
        }
    }

    // A format the run cannot be exported in: the engine's reason takes the preview's place,
    // and nothing can be saved; a format it can be exported in brings the preview back.
    void anEngineErrorTakesThePreviewsPlace()
    {
        const QString path = m_dir.filePath("failed.tbw");
        const std::int64_t runId = fakeRun(path, 4, [](int) { return failedResult(); });
        ExportDialog dialog(path, runId);
        QSignalSpy loaded(&dialog, &ExportDialog::previewUpdated);
        dialog.show();
        QVERIFY(loaded.wait(20000)); // whatever the remembered format makes of it

        StoredRun run;
        {
            auto stored = readStoredRun(path.toStdString(), runId, true);
            QVERIFY(stored.hasValue());
            run = *stored;
        }
        for (const ExportFormat format : {ExportFormat::CppHeader, ExportFormat::KernelSetJson,
                                          ExportFormat::KernelSetHeader}) {
            ExportOptions options;
            options.format = format;
            QVERIFY(apply(dialog, options));
            const auto expected = engineText(run, options);
            QVERIFY(!expected.hasValue());
            QVERIFY(!dialog.isReady());
            QVERIFY(dialog.errorLabel()->isVisible());
            QVERIFY(!dialog.preview()->isVisible());
            const QString reason = QString::fromStdString(expected.error().message);
            QVERIFY2(dialog.errorLabel()->text().contains(reason),
                     qPrintable(dialog.errorLabel()->text()));
            QVERIFY(!dialog.saveButton()->isEnabled());
            QVERIFY(!dialog.copyButton()->isEnabled());
            QCOMPARE(dialog.exportedText(), QString());
            dialog.saveTo(m_dir.filePath("never.h")); // ignored: nothing to save
            QVERIFY(!QFile::exists(m_dir.filePath("never.h")));
        }

        // The Kernel Tuner cache of a size without results is refused too.
        ExportOptions kernelTuner;
        kernelTuner.format = ExportFormat::KernelTuner;
        kernelTuner.sizeIndex = 1;
        QVERIFY(apply(dialog, kernelTuner));
        QVERIFY(!engineText(run, kernelTuner).hasValue());
        QVERIFY(dialog.errorLabel()->isVisible());
        QVERIFY(!dialog.saveButton()->isEnabled());

        ExportOptions csv;
        csv.format = ExportFormat::Csv;
        csv.scope = ExportScope::AllResults;
        QVERIFY(apply(dialog, csv));
        QVERIFY(dialog.isReady());
        QVERIFY(!dialog.errorLabel()->isVisible());
        QVERIFY(dialog.preview()->isVisible());
        QCOMPARE(lineCount(dialog.previewText()), 1 + 4);
        QVERIFY(dialog.saveButton()->isEnabled());
    }

    // A Kernel Tuner cache is one line however large the run: the preview stops at a size too,
    // between characters, and says it is cut.
    void aLongLineIsPreviewedInPart()
    {
        int lines = 0;
        bool truncated = false;
        const std::string text = std::string(10, 'x') + "\xc3\xa9\xc3\xa9" + "\n";
        QCOMPARE(firstLines(text, 200, &lines, 11, &truncated), QStringLiteral("xxxxxxxxxx"));
        QCOMPARE(lines, 1);
        QVERIFY(truncated);
        QCOMPARE(firstLines(text, 200, &lines, 12, &truncated),
                 QString::fromUtf8("xxxxxxxxxx\xc3\xa9"));
        QCOMPARE(firstLines(text, 200, &lines, 1000, &truncated), QString::fromStdString(text));
        QVERIFY(!truncated);
    }

    // The format box is reached from the keyboard through its label's mnemonic.
    void theFormatBoxHasAMnemonic()
    {
        ExportDialog dialog(m_workspace, m_runId);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QLabel *label = labelOf(&dialog, dialog.formatBox());
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("&Format:"));
        dialog.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        dialog.copyButton()->setFocus();
        QTest::keyClick(&dialog, Qt::Key_F, Qt::AltModifier);
        QTRY_VERIFY(dialog.formatBox()->hasFocus());
    }

    // The last format is offered again next time.
    void theLastFormatIsRemembered()
    {
        {
            ExportDialog dialog(m_workspace, m_runId);
            QVERIFY(waitReady(dialog));
            ExportOptions options;
            options.format = ExportFormat::KernelSetHeader;
            options.maxSlowdownPct = 7.5;
            QVERIFY(apply(dialog, options));
        }
        ExportDialog dialog(m_workspace, m_runId);
        QCOMPARE(dialog.options().format, ExportFormat::KernelSetHeader);
        QCOMPARE(dialog.options().maxSlowdownPct, 7.5);
        QVERIFY(dialog.maxSlowdownBox()->isVisibleTo(&dialog));
        QVERIFY(waitReady(dialog));
        QVERIFY(dialog.exportedText().contains(QStringLiteral("kMaxSlowdownPct")));
        ExportOptions json;
        QVERIFY(apply(dialog, json)); // back to the default for any test after this one
    }
};

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
