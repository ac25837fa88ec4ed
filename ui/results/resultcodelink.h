#pragma once

#include <QObject>
#include <QString>

class QTabWidget;

namespace tb {

class CompareCommands;
class DeviceModelList;
class ResultsPage;
class RunPage;
class SpecPages;
struct ResultEvent;

// From a result to its code: the Results table's row actions answered with the pages that hold
// it. The Kernel page compiles a result's configuration and tells its -D flags (for the row
// action and the details pane, with a template kernel's instantiation) and launch geometry; the
// Compare page takes it as its baseline. The Kernel page shows the run on show's figures for
// what it picked (the Run page's results model).
class ResultCodeLink : public QObject
{
    Q_OBJECT
public:
    struct Pages
    {
        RunPage *runPage;
        ResultsPage *resultsPage;
        SpecPages *specPages;
        QTabWidget *tabs; // shows the Kernel page
    };
    ResultCodeLink(const Pages &pages, DeviceModelList *deviceModels, CompareCommands *compare,
                   QObject *parent);

    // "-DBM=64 -DBN=32", and for a template entry " # sgemm<64, 32>" after them: what the
    // configuration was built with, or "" for a result of another spec.
    QString buildFlags(const ResultEvent &event) const;

signals:
    void statusMessage(const QString &text);

private:
    void compileInKernelPage(const ResultEvent &event);
    void copyDefineFlags(const ResultEvent &event);
    void copyLaunchGeometry(const ResultEvent &event);

    Pages m_pages;
};

} // namespace tb
