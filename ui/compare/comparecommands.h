#pragma once

#include <QObject>
#include <QVector>

class QTabWidget;
class QWidget;

namespace tb {

class CompareView;
class ResultsPage;
class RunPage;
class WorkspaceController;
struct CompareEntry;
struct ResultEvent;

// The Compare page's ways in: the results selected in the Results page side by side, the best
// configurations of whole runs of the workspace open (with what each winner costs on the other
// device, for two runs on different devices), and one result as the comparison's baseline.
// Each shows the Compare page; what it cannot do it says in the status bar.
class CompareCommands : public QObject
{
    Q_OBJECT
public:
    // The pages compared from and into; `tabs` shows the Compare page.
    struct Pages
    {
        RunPage *runPage;
        ResultsPage *resultsPage;
        CompareView *compare;
        QTabWidget *tabs;
    };
    // window parents the Compare Runs dialog.
    CompareCommands(const Pages &pages, WorkspaceController *workspace, QWidget *window);

public slots:
    void compareSelected();
    // Offers the workspace's runs; the checked ones' best configurations are compared.
    void compareRuns();
    // Loads the runs off the GUI thread and compares their best configurations.
    void compareRunIds(const QVector<qint64> &runIds);
    // Among several selected rows, those are compared with this one as the baseline; alone,
    // it joins the results already compared.
    void setBaseline(const ResultEvent &event);

signals:
    void statusMessage(const QString &text);
    // Something went wrong that needs a message box: what, and why.
    void message(const QString &title, const QString &text);

private:
    // A result of the run on show, as Compare captions it: its configuration.
    CompareEntry entryOf(const ResultEvent &event) const;
    void showComparePage();

    Pages m_pages;
    WorkspaceController *m_workspace;
    QWidget *m_window;
};

} // namespace tb
