#include "kernelpage.h"

#include "codeview.h"
#include "compilermessagesmodel.h"
#include "configcompiler.h"
#include "configpicker.h"
#include "findbar.h"
#include "kerneleditor.h"
#include "measuredfiguresview.h"
#include "resourceusageview.h"
#include "tasks/kernelfacts.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
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
      m_compiler(new ConfigCompiler(this)), m_picker(new ConfigPicker(this)),
      m_editor(new KernelEditor(this)), m_findBar(new FindBar(this)),
      m_messages(new CompilerMessagesModel(this)), m_messagesView(new QTreeView(this)),
      m_log(new QPlainTextEdit(this)), m_code(new CodeView(this)),
      m_resources(new ResourceUsageView(this)), m_measured(new MeasuredFiguresView(this)),
      m_tabs(new QTabWidget(this)), m_fileLabel(new QLabel(this)), m_error(new QLabel(this)),
      m_status(new QLabel(this)), m_targetLabel(new QLabel(tr("Target:"), this)),
      m_target(new QComboBox(this)), m_compileButton(new QPushButton(tr("Compile config"), this)),
      m_busy(new QProgressBar(this))
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
    connect(m_compiler, &ConfigCompiler::finished, this, &KernelPage::onCompileFinished);
    connect(m_picker, &ConfigPicker::changed, this, &KernelPage::showPickedBranches);
    connect(m_picker, &ConfigPicker::changed, this, &KernelPage::showMeasured);
    connect(m_messagesView, &QTreeView::clicked, this, &KernelPage::jumpToMessage);
    connect(m_messagesView, &QTreeView::activated, this, &KernelPage::jumpToMessage);
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
    vertical->addWidget(buildResultsPane());
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(buildToolbar());
    layout->addWidget(m_status);
    layout->addWidget(m_error);
    layout->addWidget(m_findBar);
    layout->addWidget(vertical, 1);
}

QWidget *KernelPage::buildToolbar()
{
    m_target->addItem(tr("Automatic"), QString());
    for (const auto &arch : knownDeviceArchitectures())
        m_target->addItem(QString::fromStdString(arch), QString::fromStdString(arch));
    m_target->setToolTip(tr("Architecture NVRTC compiles for. Automatic: as a run on this machine "
                            "would: this machine's GPU, else the spec's kernel.arch, else %1. "
                            "No GPU is needed to compile.")
                             .arg(QString::fromLatin1(kDefaultCompileArch)));
    m_targetLabel->setBuddy(m_target);
    m_compileButton->setToolTip(tr("Compile the picked configuration with the editor's text, "
                                   "saved or not, and show its resource usage (Ctrl+B)"));
    connect(m_compileButton, &QPushButton::clicked, this, [this] { compileConfig(); });
    m_busy->setRange(0, 0); // indeterminate: a compile has no progress to report
    m_busy->setMaximumWidth(90);
    m_busy->setToolTip(tr("Compiling..."));
    m_busy->hide();
    m_fileLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *bar = new QWidget(this);
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_fileLabel);
    row->addSpacing(12);
    row->addWidget(m_picker, 1);
    row->addWidget(m_targetLabel);
    row->addWidget(m_target);
    row->addWidget(m_compileButton);
    row->addWidget(m_busy);
    return bar;
}

QWidget *KernelPage::buildResultsPane()
{
    m_messagesView->setModel(m_messages);
    m_messagesView->setRootIsDecorated(false);
    m_messagesView->setUniformRowHeights(true);
    m_messagesView->setAllColumnsShowFocus(true);
    m_messagesView->header()->setStretchLastSection(true);
    m_messagesView->setToolTip(tr("Click a message, or press Enter on it, to go to its line"));
    m_log->setReadOnly(true);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setPlaceholderText(tr("The compiler's output appears here after a compile"));
    m_tabs->addTab(m_messagesView, tr("Messages"));
    m_tabs->addTab(m_log, tr("Compile log"));
    m_tabs->addTab(m_code, tr("Code"));
    m_tabs->setTabToolTip(2, tr("The built code of the configuration: PTX and SASS (CUDA), the "
                                "entry's disassembly (cpu)"));

    // What the compiler says the configuration uses over what the run measured for it.
    auto *figures = new QWidget(this);
    auto *figuresLayout = new QVBoxLayout(figures);
    figuresLayout->setContentsMargins(0, 0, 0, 0);
    figuresLayout->addWidget(m_resources);
    figuresLayout->addWidget(m_measured);
    figuresLayout->addStretch();
    auto *pane = new QSplitter(Qt::Horizontal, this);
    pane->addWidget(m_tabs);
    pane->addWidget(figures);
    pane->setStretchFactor(0, 3);
    pane->setStretchFactor(1, 2);
    return pane;
}

bool KernelPage::isModified() const
{
    return m_editor->isModified();
}

bool KernelPage::isCompiling() const
{
    return m_compiler->isBusy();
}

} // namespace tb
