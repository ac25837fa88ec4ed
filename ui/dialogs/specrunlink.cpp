#include "specrunlink.h"

#include "document/specdocument.h"
#include "kernel/kernelpage.h"
#include "pages/runform.h"
#include "pages/savable.h"
#include "pages/specpages.h"
#include "pages/unsavedchanges.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QPushButton>
#include <QTimer>

namespace tb {

SpecRunLink::SpecRunLink(RunForm *form, SpecPages *pages, UnsavedChanges *unsaved, QWidget *window)
    : QObject(window), m_form(form), m_pages(pages), m_unsaved(unsaved), m_window(window),
      m_prompt(&SpecRunLink::askWithMessageBox)
{
    connect(m_form, &RunForm::specPathChanged, this, &SpecRunLink::followForm);
    connect(m_pages->document(), &SpecDocument::filePathChanged, this, &SpecRunLink::followPages);
    m_form->setStartGuard([this] { return prepareRun(); });
}

bool SpecRunLink::sameFile(const QString &a, const QString &b)
{
    if (a.isEmpty() || b.isEmpty())
        return a.isEmpty() && b.isEmpty();
    const QFileInfo first(a);
    const QFileInfo second(b);
    if (first.absoluteFilePath() == second.absoluteFilePath())
        return true;
    // Another spelling of the same file (a symbolic link, "..").
    const QString canonical = first.canonicalFilePath();
    return !canonical.isEmpty() && canonical == second.canonicalFilePath();
}

void SpecRunLink::followForm(const QString &path)
{
    const QString edited = m_pages->document()->filePath();
    if (path.isEmpty() || sameFile(path, edited))
        return;
    if (!m_unsaved->resolve(m_window)) {
        // Kept: the form names the spec the pages still edit.
        if (!edited.isEmpty())
            m_form->setSpecPath(edited);
        return;
    }
    m_pages->open(path); // a spec that cannot be opened is reported; the form keeps its path
}

void SpecRunLink::followPages(const QString &path)
{
    if (!path.isEmpty() && !sameFile(path, m_form->specPath()))
        m_form->setSpecPath(path);
}

QList<Savable *> SpecRunLink::editedRunSavables() const
{
    const QString run = m_form->specPath();
    QList<Savable *> edited;
    Savable *spec = m_pages->specSavable();
    if (spec->isModified() && sameFile(m_pages->document()->filePath(), run))
        edited << spec;
    // The kernel page edits the kernel of the spec it was given last.
    Savable *kernel = m_pages->kernelSavable();
    if (kernel->isModified() && sameFile(m_pages->kernelPage()->specPath(), run))
        edited << kernel;
    return edited;
}

QStringList SpecRunLink::editedRunDocuments() const
{
    QStringList names;
    for (const Savable *savable : editedRunSavables())
        names << savable->documentName();
    return names;
}

QString SpecRunLink::knownSpecProblem() const
{
    SpecDocument *document = m_pages->document();
    if (!sameFile(document->filePath(), m_form->specPath()))
        return {}; // the pages edit another spec: the run will say what is wrong with this one
    if (document->isValidationPending()) {
        // An edit just made is being checked: wait for the verdict (bounded), with the event
        // loop running, rather than run or save a spec that may be broken.
        QEventLoop wait;
        connect(document, &SpecDocument::validated, &wait, &QEventLoop::quit);
        QTimer::singleShot(5000, &wait, &QEventLoop::quit);
        wait.exec();
    }
    const auto &issues = document->issues();
    if (issues.empty())
        return {};
    const SpecIssue &first = issues.front();
    return tr("Fix the spec first: the Space page shows %n problem(s), the first at %1: %2. "
              "Nothing was saved or run.",
              nullptr, int(issues.size()))
        .arg(QString::fromStdString(first.path.empty() ? "/" : first.path),
             QString::fromStdString(first.message));
}

bool SpecRunLink::prepareRun()
{
    // A spec the Space page knows is invalid is neither written over the user's file nor run.
    if (const QString problem = knownSpecProblem(); !problem.isEmpty()) {
        emit runCancelled(problem);
        return false;
    }
    const QList<Savable *> edited = editedRunSavables();
    if (edited.isEmpty())
        return true;
    QStringList names;
    for (const Savable *savable : edited)
        names << savable->documentName();
    if (m_prompt(m_window, names) != QMessageBox::Save) {
        emit runCancelled(tr("Run cancelled: %1 not saved").arg(names.join(QStringLiteral(", "))));
        return false;
    }
    for (Savable *savable : edited) {
        if (!savable->save()) { // its page has said why
            emit runCancelled(
                tr("Run cancelled: %1 could not be saved").arg(savable->documentName()));
            return false;
        }
    }
    return true;
}

QMessageBox::StandardButton SpecRunLink::askWithMessageBox(QWidget *parent,
                                                           const QStringList &documents)
{
    QMessageBox box(
        QMessageBox::Question, QObject::tr("Run the edited spec?"),
        documents.size() == 1
            ? QObject::tr("%1 has unsaved changes.").arg(documents.first())
            : QObject::tr("%1 have unsaved changes.").arg(documents.join(QStringLiteral(" and "))),
        QMessageBox::Save | QMessageBox::Cancel, parent);
    box.setObjectName(QStringLiteral("saveBeforeRunBox"));
    box.setInformativeText(
        QObject::tr("A run reads the files on disk: save the changes and run them?"));
    box.button(QMessageBox::Save)->setText(QObject::tr("Save and &Run"));
    box.setDefaultButton(QMessageBox::Save);
    box.setEscapeButton(QMessageBox::Cancel);
    return QMessageBox::StandardButton(box.exec());
}

} // namespace tb
