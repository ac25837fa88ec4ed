#pragma once

#include <QObject>
#include <QStringList>

#include <functional>

class QWidget;

namespace tb {

class MainWindow;

// Renders every page of the workbench to PNG files for the docs, each staged to show what the
// page is for: the Run page after the run (saved as workbench.png), the Results page with the
// best configurations selected, Compare comparing them, the Space page, the Kernel page after
// compiling the best configuration and its Code tab (PTX/SASS or disassembly), the Results
// page's Importance and Roofline tabs, and the Preferences dialog. Asynchronous: a page needs a
// few event-loop turns to lay out and replot, and the compile runs in a worker.
class ScreenshotTour : public QObject
{
    Q_OBJECT
public:
    static constexpr int kCompared = 3; // best results selected and compared
    static constexpr int kSettleMs = 500;
    static constexpr int kCompileTimeoutMs = 120000;

    ScreenshotTour(MainWindow *window, const QString &directory, QObject *parent = nullptr);

    // The file names, without .png, in the order they are taken.
    static QStringList shotNames();

    void start();
    QStringList savedFiles() const { return m_saved; }
    QStringList failures() const { return m_failures; }

signals:
    void finished(bool allSaved);

private:
    using Ready = std::function<void(QWidget *shown)>;

    void next();
    void stage(int step, const Ready &ready);
    void stageResults(const Ready &ready);
    void stageKernel(const Ready &ready);
    QWidget *showResultsTab(QWidget *tab);
    void stagePreferences(const Ready &ready);
    void capture(QWidget *widget, const QString &name);
    QWidget *showPage(QWidget *page);

    MainWindow *m_window;
    QString m_directory;
    QStringList m_saved;
    QStringList m_failures;
    int m_step = 0;
};

} // namespace tb
