// The Export dialog's preview and output over a real workspace (the CPU matmul example run
// with real workers, and made-up runs in a real store): the preview of a large run and of one
// long line, the engine's errors in the preview's place, a run that is missing, saving (whole
// or not at all) and the clipboard.
#include "exportdialogtesting.h"

#include "filesizelimit.h"
#include "testfiles.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QGuiApplication>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace tb;
using namespace tbtest;

class TestExportDialog : public ExportDialogFixture
{
    Q_OBJECT
private slots:
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

    // Saved to a file, each format is exactly the preview (a small run is previewed whole).
    void theSavedFileIsThePreview()
    {
        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(waitReady(dialog));
        QTemporaryDir out;
        for (const ExportFormat format : kAllFormats) {
            if (format == ExportFormat::TritonConfigs)
                continue; // refused for a CPU kernel (anEngineErrorTakesThePreviewsPlace)
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
        // The triton.Config list refuses it for its kernel, a CPU matmul, before its results.
        for (const ExportFormat format :
             {ExportFormat::CppHeader, ExportFormat::KernelSetJson, ExportFormat::KernelSetHeader,
              ExportFormat::TritonConfigs}) {
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

    // Save to file starts beside the workspace, not in the home folder (issue 34, item 14);
    // once an export is saved elsewhere, it starts there next time.
    void saveToFileStartsInTheWorkspacesFolder()
    {
        QApplication::setAttribute(Qt::AA_DontUseNativeDialogs); // the dialog Qt draws itself
        QSettings().remove(QStringLiteral("export/directory"));
        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(waitReady(dialog));
        QCOMPARE(fileDialogFolder(dialog, QString()), QFileInfo(m_workspace).absolutePath());

        QTemporaryDir elsewhere;
        QSignalSpy saved(&dialog, &ExportDialog::saved);
        fileDialogFolder(dialog, elsewhere.filePath(QStringLiteral("mine.json")));
        QVERIFY(saved.wait(20000));
        QVERIFY2(QFile::exists(elsewhere.filePath(QStringLiteral("mine.json"))),
                 qPrintable(saved.at(0).at(0).toString()));
        QCOMPARE(fileDialogFolder(dialog, QString()), QDir(elsewhere.path()).absolutePath());
        QSettings().remove(QStringLiteral("export/directory"));
    }

private:
    // Clicks Save to file; returns the folder its file dialog opens in, then saves to `path`
    // there (or cancels when it is empty).
    static QString fileDialogFolder(ExportDialog &dialog, const QString &path)
    {
        QString folder;
        QTimer poll; // until the file dialog is up, in its own event loop
        poll.setInterval(20);
        QObject::connect(&poll, &QTimer::timeout, &dialog, [&poll, &folder, path] {
            auto *files = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
            if (!files)
                return;
            poll.stop();
            folder = files->directory().absolutePath();
            if (path.isEmpty()) {
                files->reject();
                return;
            }
            // As typed into its file name field: a whole path to another folder.
            files->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"))->setText(path);
            static_cast<QDialog *>(files)->accept(); // public on the base
        });
        poll.start();
        dialog.saveToFile();
        return folder;
    }
};

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
