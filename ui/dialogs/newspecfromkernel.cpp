#include "newspecfromkernel.h"

#include "pages/specpages.h"
#include "pages/unsavedchanges.h"
#include "session/asynccall.h"
#include "tasks/startingspecfile.h"
#include "tasks/tritonkernelfile.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>

#include <optional>

namespace tb {

// What the engine made of a kernel file: the spec, or the kernels to choose between, or why
// neither.
struct NewSpecFromKernel::Draft
{
    std::optional<StartingSpec> spec;
    std::string specPath;
    QStringList kernels; // several, and no entry named: the user chooses
    QString error;
};

NewSpecFromKernel::NewSpecFromKernel(SpecPages *pages, UnsavedChanges *unsaved, QWidget *window)
    : QObject(window), m_pages(pages), m_unsaved(unsaved), m_window(window),
      m_entryPrompt(&NewSpecFromKernel::askWithInputDialog)
{}

void NewSpecFromKernel::choose()
{
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("New spec from kernel"), QString(),
                                     tr("Triton kernels (*.py);;All files (*)"));
    if (!path.isEmpty())
        open(path);
}

void NewSpecFromKernel::open(const QString &kernelPath, const QString &entry)
{
    const std::string kernel = kernelPath.toStdString();
    const std::string chosen = entry.toStdString();
    // The engine's work runs on a pool thread: it starts the Triton helper and waits for it.
    runAsync<Draft>(
        this,
        [kernel, chosen] {
            Draft draft;
            auto file = TritonKernelFile::open(kernel);
            if (!file) {
                draft.error = QString::fromStdString(file.error().toString());
                return draft;
            }
            if (chosen.empty()) {
                auto kernels = file->kernels();
                if (kernels && kernels->size() > 1) {
                    for (const std::string &name : *kernels)
                        draft.kernels << QString::fromStdString(name);
                    return draft;
                }
            }
            auto name = file->chooseEntry(chosen);
            if (!name) {
                draft.error = QString::fromStdString(name.error().toString());
                return draft;
            }
            draft.specPath = unusedSpecPathBeside(file->path());
            auto spec = file->startingSpec(*name, draft.specPath);
            if (spec)
                draft.spec = std::move(*spec);
            else
                draft.error = QString::fromStdString(spec.error().toString());
            return draft;
        },
        [this, kernelPath](const Draft &draft) { finish(draft, kernelPath); });
}

void NewSpecFromKernel::finish(const Draft &draft, const QString &kernelPath)
{
    if (!draft.kernels.isEmpty()) {
        const QString entry = m_entryPrompt(m_window, draft.kernels);
        if (!entry.isEmpty())
            open(kernelPath, entry);
        return;
    }
    if (!draft.spec) {
        emit failed(tr("Cannot make a spec from %1").arg(QFileInfo(kernelPath).fileName()),
                    draft.error);
        return;
    }
    if (!m_unsaved->resolve(m_window)) // the spec open has edits the user keeps
        return;
    const QString specPath = QString::fromStdString(draft.specPath);
    m_pages->openUnsaved(draft.spec->document, specPath);
    emit opened(specPath, QString::fromStdString(describeGuesses(*draft.spec)));
}

QString NewSpecFromKernel::askWithInputDialog(QWidget *parent, const QStringList &kernels)
{
    bool chosen = false;
    const QString entry = QInputDialog::getItem(
        parent, tr("New spec from kernel"), tr("The file has several @triton.jit functions; tune:"),
        kernels, 0, false, &chosen);
    return chosen ? entry : QString();
}

} // namespace tb
