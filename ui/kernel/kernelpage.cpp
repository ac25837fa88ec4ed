#include "kernelpage.h"

#include "codeview.h"
#include "compilepanel.h"
#include "compilereport.h"
#include "compilermessagesmodel.h"
#include "configcompiler.h"
#include "configpicker.h"
#include "configurationcode.h"
#include "findbar.h"
#include "kerneleditor.h"
#include "kernelsourcefile.h"
#include "kerneltoolbar.h"
#include "measuredfiguresview.h"
#include "model/tritonkernel.h"
#include "resourceusageview.h"
#include "session/sessioncontroller.h"
#include "tasks/kernelfacts.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QSplitter>
#include <QStandardPaths>
#include <QTreeView>
#include <QVBoxLayout>

namespace tb {

namespace {

// The worker's default build cache (app/worker): tuning runs and this page share builds.
QString defaultCacheDirectory()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation))
        .filePath(QStringLiteral("tunebench/builds"));
}

} // namespace

KernelPage::KernelPage(QWidget *parent)
    : QWidget(parent), m_cacheDirectory(defaultCacheDirectory()),
      m_compiler(new ConfigCompiler(this)), m_toolbar(new KernelToolbar(this)),
      m_picker(m_toolbar->configPicker()), m_editor(new KernelEditor(this)),
      m_findBar(new FindBar(this)), m_panel(new CompilePanel(this)), m_error(new QLabel(this)),
      m_status(new QLabel(this))
{
    createActions();
    buildLayout();
    connect(m_editor, &KernelEditor::modificationChanged, this, [this](bool modified) {
        if (m_loading)
            return; // a load is not an edit: loadSource() reports the outcome once
        updateFileLabel();
        emit modificationChanged(modified);
    });
    connect(m_editor, &KernelEditor::textChanged, this, [this] {
        m_undoAction->setEnabled(m_editor->isUndoAvailable());
        m_redoAction->setEnabled(m_editor->isRedoAvailable());
    });
    connect(m_findBar, &FindBar::findRequested, this,
            [this](const QString &, bool forward, bool) { find(forward); });
    connect(m_findBar, &FindBar::closed, this, [this] { m_editor->setFocus(); });
    connect(m_toolbar, &KernelToolbar::compileRequested, this, [this] { compileConfig(); });
    connect(m_compiler, &ConfigCompiler::finished, this, &KernelPage::onCompileFinished);
    connect(m_picker, &ConfigPicker::changed, this, &KernelPage::showPickedBranches);
    connect(m_picker, &ConfigPicker::changed, this, &KernelPage::showMeasured);
    connect(m_panel, &CompilePanel::messageActivated, this, &KernelPage::jumpToMessage);
    m_editor->setReadOnly(true); // until a spec names a kernel
    updateFileLabel();
}

KernelPage::~KernelPage() = default;

void KernelPage::createActions()
{
    const auto make = [this](const QString &text, const QKeySequence &keys, const QString &tip,
                             void (KernelPage::*slot)()) {
        auto *action = new QAction(text, this);
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        action->setToolTip(tip);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
        return action;
    };
    m_saveAction = new QAction(tr("&Save kernel"), this);
    m_saveAction->setShortcut(QKeySequence::Save);
    m_saveAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_saveAction->setToolTip(tr("Write the kernel source file (Ctrl+S)"));
    connect(m_saveAction, &QAction::triggered, this, [this] { save(); });
    addAction(m_saveAction);
    m_compileAction = new QAction(tr("&Compile config"), this);
    m_compileAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    m_compileAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_compileAction, &QAction::triggered, this, [this] { compileConfig(); });
    addAction(m_compileAction);
    m_findAction = make(tr("&Find..."), QKeySequence::Find, tr("Find in the kernel (Ctrl+F)"),
                        &KernelPage::openFind);
    m_findNextAction = make(tr("Find &next"), QKeySequence(Qt::Key_F3), tr("Next match (F3)"),
                            &KernelPage::findNext);
    m_findPreviousAction = make(tr("Find &previous"), QKeySequence(Qt::SHIFT | Qt::Key_F3),
                                tr("Previous match (Shift+F3)"), &KernelPage::findPrevious);
    // QScintilla handles Ctrl+Z / Ctrl+Y itself; these are for menus.
    m_undoAction = new QAction(tr("&Undo"), this);
    m_undoAction->setToolTip(tr("Undo the last edit (Ctrl+Z)"));
    m_undoAction->setEnabled(false);
    connect(m_undoAction, &QAction::triggered, this, [this] { m_editor->undo(); });
    m_redoAction = new QAction(tr("&Redo"), this);
    m_redoAction->setToolTip(tr("Redo (Ctrl+Y)"));
    m_redoAction->setEnabled(false);
    connect(m_redoAction, &QAction::triggered, this, [this] { m_editor->redo(); });
}

QList<QAction *> KernelPage::editActions() const
{
    return {m_saveAction,         m_compileAction, m_findAction, m_findNextAction,
            m_findPreviousAction, m_undoAction,    m_redoAction};
}

ConfigPicker *KernelPage::configPicker() const
{
    return m_picker;
}

CompilerMessagesModel *KernelPage::messagesModel() const
{
    return m_panel->messagesModel();
}

QTreeView *KernelPage::messagesView() const
{
    return m_panel->messagesView();
}

ResourceUsageView *KernelPage::resourceView() const
{
    return m_panel->resourceView();
}

MeasuredFiguresView *KernelPage::measuredView() const
{
    return m_panel->measuredView();
}

QPlainTextEdit *KernelPage::compileLog() const
{
    return m_panel->log();
}

CodeView *KernelPage::codeView() const
{
    return m_panel->codeView();
}

QTabWidget *KernelPage::resultTabs() const
{
    return m_panel->tabs();
}

QPushButton *KernelPage::compileButton() const
{
    return m_toolbar->compileButton();
}

QComboBox *KernelPage::targetCombo() const
{
    return m_toolbar->targetCombo();
}

QProgressBar *KernelPage::busyIndicator() const
{
    return m_toolbar->busyIndicator();
}

void KernelPage::buildLayout()
{
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828; font-weight: bold;"));
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);

    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(m_editor);
    vertical->addWidget(m_panel);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_toolbar);
    layout->addWidget(m_status);
    layout->addWidget(m_error);
    layout->addWidget(m_findBar);
    layout->addWidget(vertical, 1);
}

bool KernelPage::isModified() const
{
    return m_editor->isModified();
}

bool KernelPage::isCompiling() const
{
    return m_compiler->isBusy();
}

void KernelPage::setSpec(const Spec &spec, const QString &specPath)
{
    const QString source = KernelSourceFile::resolvePath(spec, specPath);
    const bool keepEdits =
        m_spec && !source.isEmpty() && source == m_source.path() && m_editor->isModified();
    const bool cuda = spec.backend == BackendKind::Cuda;
    m_spec = spec;
    m_specPath = specPath;
    m_editor->setHighlighting(isTritonKernel(spec.kernel) ? KernelEditor::Highlighting::Python
                              : cuda                      ? KernelEditor::Highlighting::Cuda
                                                          : KernelEditor::Highlighting::C);
    m_toolbar->setCuda(cuda);
    m_picker->setSpec(spec);
    if (!keepEdits) {
        loadSource(spec, source);
        m_panel->clear();
        m_status->clear();
    }
    showPickedBranches();
    updateFileLabel();
}

// The editor greys the #if branches the picked configuration does not build, with the macros
// a build of it defines (the builders' own parameterDefines(), template parameters included).
void KernelPage::showPickedBranches()
{
    if (!m_spec)
        return;
    QStringList definitions;
    for (const std::string &define : parameterDefines(m_spec->parameters, m_picker->configuration(),
                                                      m_editor->text().toStdString()))
        definitions << QString::fromStdString(define.substr(2)); // "-DBM=64" -> "BM=64"
    m_editor->setPreprocessorDefinitions(definitions);
}

void KernelPage::loadSource(const Spec &spec, const QString &path)
{
    const bool wasModified = m_editor->isModified();
    m_loading = true;
    readSource(spec, path);
    m_loading = false;
    if (wasModified != m_editor->isModified())
        emit modificationChanged(m_editor->isModified());
}

void KernelPage::readSource(const Spec &spec, const QString &path)
{
    m_lastError.clear();
    m_error->hide();
    const KernelSourceFile::Loaded loaded = m_source.load(spec, path);
    m_editor->loadText(loaded.text);
    m_editor->setReadOnly(!loaded.ok());
    m_saveAction->setEnabled(m_source.canSave());
    if (!loaded.ok()) {
        showError(loaded.error);
        return;
    }
    m_saveAction->setToolTip(m_source.isInline()
                                 ? tr("The kernel is inline in the spec (kernel.code): there is "
                                      "no kernel file to save")
                                 : tr("Write %1 (Ctrl+S)").arg(path));
}

void KernelPage::updateFileLabel()
{
    if (!m_spec) {
        m_toolbar->showNoSpec();
        return;
    }
    const QString path = m_source.path();
    const QString name = m_source.isInline() ? tr("inline kernel") : QFileInfo(path).fileName();
    m_toolbar->showFile(
        name, m_editor->isModified(),
        m_source.isInline() ? tr("The kernel's code is inline in %1").arg(m_specPath) : path);
}

bool KernelPage::save()
{
    if (const QString problem = m_source.save(m_editor->text().toUtf8()); !problem.isEmpty()) {
        showError(problem);
        return false;
    }
    m_lastError.clear();
    m_error->hide();
    m_editor->setModified(false);
    emit saved(m_source.path());
    emit statusMessage(tr("Saved %1").arg(m_source.path()));
    return true;
}

void KernelPage::showError(const QString &text)
{
    m_lastError = text;
    m_error->setText(text);
    m_error->show();
    emit statusMessage(text);
}

void KernelPage::setStatus(const QString &text, bool problem)
{
    m_status->setText(text);
    m_status->setStyleSheet(problem ? QStringLiteral("color: #c62828;") : QString());
    emit statusMessage(text);
}

bool KernelPage::codeHasFocus() const
{
    const QWidget *focus = QApplication::focusWidget();
    return focus && (focus == codeView() || codeView()->isAncestorOf(focus));
}

void KernelPage::openFind()
{
    if (codeHasFocus()) {
        codeView()->openFind();
        return;
    }
    m_findBar->open(m_editor->selectedText().contains(QLatin1Char('\n'))
                        ? QString()
                        : m_editor->selectedText());
}

void KernelPage::findNext()
{
    find(true);
}

void KernelPage::findPrevious()
{
    find(false);
}

void KernelPage::find(bool forward)
{
    if (codeHasFocus()) {
        codeView()->find(forward);
        return;
    }
    if (m_findBar->text().isEmpty()) {
        openFind();
        return;
    }
    m_findBar->setFound(m_editor->find(m_findBar->text(), forward, m_findBar->caseSensitive()));
}

bool KernelPage::compileConfig()
{
    if (m_compiler->isBusy()) {
        setStatus(tr("A compile is already running: wait for it to finish, then compile again."),
                  true);
        return false;
    }
    if (!m_spec) {
        setStatus(tr("No spec loaded: open a spec to compile its kernel."), true);
        return false;
    }
    CompileRequest request;
    request.spec = *m_spec;
    if (!m_source.isInline())
        request.spec.kernel.sourcePath = m_source.path().toStdString();
    request.code = m_editor->text().toStdString();
    request.config = m_picker->configuration();
    request.sizeIndex = m_picker->sizeIndex();
    request.arch = m_toolbar->arch().toStdString();
    request.workerPath =
        (m_workerPath.isEmpty() ? SessionController::defaultWorkerPath() : m_workerPath)
            .toStdString();
    request.cacheDirectory = m_cacheDirectory.toStdString();
    request.timeoutSeconds = m_compileTimeout;
    m_compilingLabel = m_picker->label();
    m_compilingCuda = m_spec->backend == BackendKind::Cuda;
    m_compiler->start(std::move(request));

    // Markers and messages belong to the previous compile.
    m_editor->clearMarkers();
    m_panel->showCompiling(m_compilingLabel);
    setBusy(true);
    setStatus(tr("Compiling %1...").arg(m_compilingLabel));
    emit compileStarted();
    return true;
}

void KernelPage::setBusy(bool busy)
{
    m_toolbar->setBusy(busy);
}

void KernelPage::onCompileFinished(const CompileOutcome &outcome)
{
    setBusy(false);
    const QList<CompilerMessage> messages =
        m_panel->showOutcome(outcome, m_compilingLabel, m_compilingCuda);
    markMessages(messages);
    setStatus(CompileReport::statusLine(outcome, messages, m_compilingLabel, m_compilingCuda),
              CompileReport::isProblem(outcome));
    emit compileFinished(outcome);
}

void KernelPage::markMessages(const QList<CompilerMessage> &messages)
{
    for (const auto &message : messages) {
        if (message.hasLocation() && isInKernel(message))
            m_editor->addMarker(message.line, message.severity);
    }
}

bool KernelPage::isInKernel(const CompilerMessage &message) const
{
    return m_source.isAbout(message);
}

void KernelPage::jumpToMessage(const QModelIndex &index)
{
    const CompilerMessagesModel *model = m_panel->messagesModel();
    if (!index.isValid() || index.row() >= model->rowCount())
        return;
    const CompilerMessage &message = model->messageAt(index.row());
    if (!message.hasLocation()) {
        setStatus(tr("This message has no line to go to."));
        return;
    }
    if (!isInKernel(message)) {
        setStatus(tr("This message is about %1, not the kernel file.").arg(message.file));
        return;
    }
    m_editor->goTo(message.line, message.column);
}

void KernelPage::setResultsModel(const ResultsModel *model, const DeviceModelList *deviceModels)
{
    measuredView()->setResultsModel(model);
    measuredView()->setDeviceModels(deviceModels);
    showMeasured();
}

void KernelPage::showMeasured()
{
    if (!m_spec)
        return;
    measuredView()->showConfiguration(
        QString::fromStdString(m_picker->configuration().key(m_spec->parameters)),
        m_picker->sizeIndex());
}

bool KernelPage::pickConfiguration(const QStringList &parameterNames, const Configuration &config,
                                   std::size_t sizeIndex)
{
    if (!m_spec) {
        setStatus(tr("No spec loaded: open the run's spec to compile its configurations here."),
                  true);
        return false;
    }
    // Values alone could fit another spec's parameters by chance: the names must be these.
    if (!ConfigurationCode(*m_spec).isOfSpec(parameterNames) ||
        !m_picker->setConfiguration(config)) {
        setStatus(tr("That result is of another spec (parameters %1): open its spec to compile "
                     "it here.")
                      .arg(parameterNames.join(QStringLiteral(", "))),
                  true);
        return false;
    }
    m_picker->setSizeIndex(sizeIndex);
    return true;
}

QString KernelPage::defineFlags(const QStringList &parameterNames,
                                const Configuration &config) const
{
    return m_spec ? ConfigurationCode(*m_spec).defineFlags(parameterNames, config) : QString();
}

QString KernelPage::launchGeometry(const QStringList &parameterNames, const Configuration &config,
                                   std::size_t sizeIndex, QString *problem) const
{
    if (!m_spec) {
        if (problem)
            *problem = tr("that result is of another spec than the one open");
        return QString();
    }
    return ConfigurationCode(*m_spec).launchGeometry(parameterNames, config, sizeIndex, problem);
}

} // namespace tb
