#include "opencapturefolder.h"

#include "pages/specpages.h"
#include "pages/unsavedchanges.h"
#include "session/asynccall.h"
#include "tasks/captureskeletonfile.h"

#include <QDir>
#include <QFileDialog>

namespace tb {

// What the engine made of the folder: its spec file and what is left, or why not.
struct OpenCaptureFolder::Outcome
{
    QString specPath;
    QString left;
    QString error;
};

OpenCaptureFolder::OpenCaptureFolder(SpecPages *pages, UnsavedChanges *unsaved, QWidget *window)
    : QObject(window), m_pages(pages), m_unsaved(unsaved), m_window(window)
{}

void OpenCaptureFolder::choose()
{
    const QString directory =
        QFileDialog::getExistingDirectory(m_window, tr("Open capture folder"), QString());
    if (!directory.isEmpty())
        open(directory);
}

void OpenCaptureFolder::open(const QString &directory)
{
    const std::string folder = directory.toStdString();
    runAsync<Outcome>(
        this,
        [folder] {
            Outcome outcome;
            // The user's spec.json, begun or finished, is never replaced here.
            auto file = writeCaptureSkeleton({folder, std::nullopt, ExistingCaptureSpec::Keep});
            if (!file) {
                outcome.error = QString::fromStdString(file.error().toString());
                return outcome;
            }
            outcome.specPath = QString::fromStdString(file->specPath);
            outcome.left = QString::fromStdString(describeCaptureSpec(*file));
            return outcome;
        },
        [this, directory](const Outcome &outcome) { finish(outcome, directory); });
}

void OpenCaptureFolder::finish(const Outcome &outcome, const QString &directory)
{
    if (!outcome.error.isEmpty()) {
        emit failed(tr("Cannot open the capture folder %1").arg(QDir(directory).dirName()),
                    outcome.error);
        return;
    }
    if (!m_unsaved->resolve(m_window)) // the spec open has edits the user keeps
        return;
    if (m_pages->open(outcome.specPath)) // else the pages say why
        emit opened(outcome.specPath, outcome.left);
}

} // namespace tb
