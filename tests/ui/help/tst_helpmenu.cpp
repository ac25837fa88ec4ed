// The Help menu (issue 21): its entries and F1, the guide and the spec reference rendered from
// their resources, the shortcut list read from the window's own actions, and About's versions.
#include "help/aboutdialog.h"
#include "help/buildinfo.h"
#include "help/helpmenu.h"
#include "help/markdowndialog.h"
#include "help/shortcutlist.h"
#include "help/shortcutsdialog.h"
#include "mainwindow.h"
#include "pages/runpage.h"
#include "testpaths.h"

#include <QAction>
#include <QFile>
#include <QLineEdit>
#include <QMenuBar>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>

#include <algorithm>

#include <dlfcn.h>

using namespace tb;

namespace {

QStringList actionTexts(const QMenu *menu)
{
    QStringList texts;
    for (const QAction *action : menu->actions())
        if (!action->isSeparator())
            texts << withoutMnemonic(action->text());
    return texts;
}

const ShortcutEntry *findEntry(const QList<ShortcutEntry> &entries, const QString &place,
                               const QString &action)
{
    for (const ShortcutEntry &entry : entries)
        if (entry.place == place && entry.action == action)
            return &entry;
    return nullptr;
}

QString keys(const QKeySequence &sequence)
{
    return sequence.toString(QKeySequence::NativeText);
}

} // namespace

class TestHelpMenu : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // QSettings away from the user's
    }

    void theHelpMenuHasItsEntriesAndF1()
    {
        MainWindow window;
        HelpMenu *help = window.helpMenu();
        QVERIFY(help);
        QVERIFY(window.menuBar()->actions().contains(help->menuAction()));
        QCOMPARE(actionTexts(help),
                 QStringList({"Getting started", "Spec reference", "Keyboard shortcuts",
                              "About Tunebench", "About Qt"}));
        QCOMPARE(help->guideAction()->shortcut(), QKeySequence(Qt::Key_F1));
    }

    void f1OpensTheGuideBesideTheWindow()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window)); // shortcuts need the active window
        QTest::keyClick(&window, Qt::Key_F1);
        const QList<MarkdownDialog *> dialogs = window.findChildren<MarkdownDialog *>();
        QCOMPARE(dialogs.size(), 1);
        MarkdownDialog *guide = dialogs.first();
        QVERIFY(guide->isVisible());
        QVERIFY(!guide->isModal());
        QCOMPARE(guide->windowTitle(), QStringLiteral("Getting started"));
        const QString text = guide->browser()->toPlainText();
        QVERIFY2(text.contains("Read the results"), qPrintable(text.left(200)));
        QVERIFY(text.contains("Ctrl+D"));
        QVERIFY(!text.contains("missing from this build"));
        // A second F1 shows the same window again rather than another.
        QTest::keyClick(&window, Qt::Key_F1);
        QCOMPARE(window.findChildren<MarkdownDialog *>().size(), 1);
    }

    // The reference is FORMAT.md itself: its first heading, and a find through it.
    void theSpecReferenceRendersFormatMd()
    {
        QFile format(tbtest::sourceDir() + "/engine/spec/FORMAT.md");
        QVERIFY(format.open(QIODevice::ReadOnly));
        const QString heading =
            QString::fromUtf8(format.readLine()).remove(QLatin1Char('#')).trimmed();
        QCOMPARE(heading, QStringLiteral("Spec format, version 1"));

        MainWindow window;
        MarkdownDialog *reference = window.helpMenu()->showSpecReference();
        QVERIFY(reference->isVisible());
        QVERIFY(!reference->isModal());
        const QString text = reference->browser()->toPlainText();
        QVERIFY2(text.startsWith(heading), qPrintable(text.left(200)));
        QVERIFY(text.contains("Search strategies"));
        QVERIFY(!text.contains("## ")); // rendered, not shown as Markdown source

        reference->findField()->setText(QStringLiteral("process_rounds"));
        QVERIFY(reference->findNext());
        QCOMPARE(reference->browser()->textCursor().selectedText(),
                 QStringLiteral("process_rounds"));
        reference->findField()->setText(QStringLiteral("no such words in the format"));
        QVERIFY(!reference->findNext());
    }

    void theShortcutListIsTheWindowsActions()
    {
        MainWindow window;
        const QList<ShortcutEntry> entries = collectShortcuts(&window, window.pages());
        const ShortcutEntry *verify = findEntry(entries, "Run", "Verify export...");
        QVERIFY(verify);
        QCOMPARE(verify->keys, QStringLiteral("Ctrl+Shift+E"));
        QCOMPARE(verify->source, window.verifyAction());
        const ShortcutEntry *guide = findEntry(entries, "Help", "Getting started");
        QVERIFY(guide);
        QCOMPARE(guide->keys, keys(Qt::Key_F1));
        const ShortcutEntry *exportEntry = findEntry(entries, "File", "Export results...");
        QVERIFY(exportEntry);
        QCOMPARE(exportEntry->keys, keys(QKeySequence(Qt::CTRL | Qt::Key_E)));
        // Off the menus: the Kernel page's own actions, placed by their page.
        const ShortcutEntry *compile = findEntry(entries, "Kernel page", "Compile config");
        QVERIFY(compile);
        QCOMPARE(compile->keys, keys(QKeySequence(Qt::CTRL | Qt::Key_B)));
        // Stop has two keys.
        const ShortcutEntry *stop = findEntry(entries, "Run", "Stop");
        QVERIFY(stop);
        QCOMPARE(stop->keys,
                 keys(Qt::Key_Escape) + ", " + keys(QKeySequence(Qt::CTRL | Qt::Key_Period)));

        // Every action of the window with a shortcut is listed with its keys (alike actions,
        // as each table editor's Ins, in one row).
        for (const ShortcutEntry &entry : entries)
            QVERIFY2(!entry.keys.isEmpty(), qPrintable(entry.place + " " + entry.action));
        for (const QAction *action : window.findChildren<QAction *>()) {
            if (action->shortcuts().isEmpty())
                continue;
            QStringList actionKeys;
            for (const QKeySequence &key : action->shortcuts())
                actionKeys << keys(key);
            QString name = withoutMnemonic(action->text());
            if (name.isEmpty())
                name = QStringLiteral("(no name)");
            const bool listed =
                std::any_of(entries.begin(), entries.end(), [&](const ShortcutEntry &entry) {
                    return entry.source == action ||
                           (entry.action == name && entry.keys == actionKeys.join(", "));
                });
            QVERIFY2(listed, qPrintable(name + " " + actionKeys.join(", ")));
        }
        // Keys of a group box on a page name the box.
        QVERIFY(std::any_of(entries.begin(), entries.end(), [](const ShortcutEntry &entry) {
            return entry.place == QStringLiteral("Space page > Parameters") &&
                   entry.keys == keys(Qt::Key_Insert);
        }));
    }

    void theShortcutsDialogShowsAndFilters()
    {
        MainWindow window;
        ShortcutsDialog *dialog = window.helpMenu()->showShortcuts();
        QVERIFY(dialog->isVisible());
        QTableWidget *table = dialog->table();
        QCOMPARE(table->rowCount(), collectShortcuts(&window, window.pages()).size());
        int verifyRow = -1;
        for (int row = 0; row < table->rowCount(); ++row)
            if (table->item(row, 1)->text() == QStringLiteral("Verify export..."))
                verifyRow = row;
        QVERIFY(verifyRow >= 0);
        QCOMPARE(table->item(verifyRow, 0)->text(), QStringLiteral("Run"));
        QCOMPARE(table->item(verifyRow, 2)->text(), QStringLiteral("Ctrl+Shift+E"));

        auto *filter = dialog->findChild<QLineEdit *>();
        QVERIFY(filter);
        filter->setText(QStringLiteral("verify"));
        int shown = 0;
        for (int row = 0; row < table->rowCount(); ++row)
            shown += table->isRowHidden(row) ? 0 : 1;
        QCOMPARE(shown, 1);
        QVERIFY(!table->isRowHidden(verifyRow));

        // An action a page adds later is listed the next time the list is shown.
        auto *late = new QAction(QStringLiteral("&Late action"), window.runPage());
        late->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_T));
        window.runPage()->addAction(late);
        dialog->hide();
        window.helpMenu()->showShortcuts();
        filter->setText(QStringLiteral("late"));
        bool listed = false;
        for (int row = 0; row < table->rowCount(); ++row)
            listed = listed || (!table->isRowHidden(row) &&
                                table->item(row, 0)->text() == QStringLiteral("Run page") &&
                                table->item(row, 1)->text() == QStringLiteral("Late action") &&
                                table->item(row, 2)->text() == keys(late->shortcut()));
        QVERIFY(listed);
    }

    // The real versions of this build and machine: the commit, Qt's, and the CUDA lines as
    // the build and the driver make them.
    void aboutShowsThisBuildsVersions()
    {
        MainWindow window;
        AboutDialog *about = window.helpMenu()->showAbout();
        QVERIFY(!about->isModal());
        QTRY_VERIFY_WITH_TIMEOUT(about->cudaShown(), 20000);
        const QString summary = about->summary();
        QVERIFY2(summary.contains("Qt: " + QString::fromLatin1(qVersion())), qPrintable(summary));
        QVERIFY2(summary.contains("Commit: " + tunebenchCommit()), qPrintable(summary));
        QVERIFY(
            QRegularExpression("^([0-9a-f]{7,40}|unknown)$").match(tunebenchCommit()).hasMatch());
        QVERIFY(summary.contains("Version: " + tunebenchVersion()));
#if TUNEBENCH_HAVE_CUDA
        QVERIFY2(QRegularExpression("NVRTC: [0-9]+\\.[0-9]+").match(summary).hasMatch(),
                 qPrintable(summary));
        void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
        if (driver) {
            dlclose(driver);
            QVERIFY2(
                QRegularExpression("CUDA driver: CUDA [0-9]+\\.[0-9]+").match(summary).hasMatch(),
                qPrintable(summary));
        } else {
            QVERIFY2(summary.contains("CUDA driver: no CUDA driver found"), qPrintable(summary));
        }
#else
        QVERIFY2(summary.contains("NVRTC: none: this build has no CUDA backend"),
                 qPrintable(summary));
        QVERIFY2(summary.contains("CUDA driver: this build of Tunebench has no CUDA backend"),
                 qPrintable(summary));
#endif
    }

    // Both forms of the CUDA lines, whatever this machine has.
    void aboutSaysPlainlyWhetherThereIsADriver()
    {
        AboutDialog without(nullptr, [] {
            CudaVersions versions;
            versions.backendBuilt = true;
            versions.nvrtc = "13.0";
            versions.whyNoDriver = "no CUDA driver found";
            versions.whyNoDriverDetail = "libcuda.so.1: cannot open shared object file";
            return versions;
        });
        QTRY_VERIFY(without.cudaShown());
        QVERIFY(without.summary().contains("NVRTC: 13.0"));
        QVERIFY2(without.summary().contains("CUDA driver: no CUDA driver found"),
                 qPrintable(without.summary()));

        AboutDialog with(nullptr, [] {
            CudaVersions versions;
            versions.backendBuilt = true;
            versions.nvrtc = "13.0";
            versions.driver = "13.1";
            return versions;
        });
        QTRY_VERIFY(with.cudaShown());
        QVERIFY2(with.summary().contains("CUDA driver: CUDA 13.1"), qPrintable(with.summary()));
    }

    void mnemonicsAreDropped()
    {
        QCOMPARE(withoutMnemonic("&Verify export..."), QStringLiteral("Verify export..."));
        QCOMPARE(withoutMnemonic("About &Qt"), QStringLiteral("About Qt"));
        QCOMPARE(withoutMnemonic("Save && run"), QStringLiteral("Save & run"));
    }
};

QTEST_MAIN(TestHelpMenu)
#include "tst_helpmenu.moc"
