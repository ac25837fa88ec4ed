#include "spacepage.h"

#include "argumentcontentsview.h"
#include "argumentseditor.h"
#include "constraintseditor.h"
#include "document/specdocument.h"
#include "errorlabel.h"
#include "launcheditor.h"
#include "metricseditor.h"
#include "parameterseditor.h"
#include "runsettingseditor.h"
#include "sizeseditor.h"
#include "specbasicseditor.h"
#include "verificationeditor.h"

#include <QAction>
#include <QApplication>
#include <QGroupBox>
#include <QLabel>
#include <QScrollArea>
#include <QUndoStack>
#include <QVBoxLayout>

namespace tb {

namespace {

constexpr int kIssuesShown = 8; // the rest are in the tooltip

} // namespace

SpacePage::SpacePage(SpecDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_status(new QLabel(this)),
      m_issues(new ErrorLabel(this)), m_scroll(new QScrollArea(this))
{
    m_status->setObjectName(QStringLiteral("specStatus"));
    m_issues->setObjectName(QStringLiteral("specIssues"));
    auto *content = new QWidget(m_scroll);
    m_basics = new SpecBasicsEditor(document, content);
    m_parameters = new ParametersEditor(document, content);
    m_constraints = new ConstraintsEditor(document, content);
    m_sizes = new SizesEditor(document, content);
    m_launch = new LaunchEditor(document, content);
    m_arguments = new ArgumentsEditor(document, content);
    m_contents = new ArgumentContentsView(document, content);
    m_verification = new VerificationEditor(document, content);
    m_metrics = new MetricsEditor(document, content);
    m_runSettings = new RunSettingsEditor(document, content);

    auto *sections = new QVBoxLayout(content);
    addSection(sections, tr("Kernel"), m_basics);
    addSection(sections, tr("Parameters"), m_parameters,
               tr("The tunable parameters; each configuration picks one value of each"));
    addSection(sections, tr("Constraints"), m_constraints,
               tr("Conditions a configuration must meet to be tried"));
    addSection(sections, tr("Problem sizes"), m_sizes, tr("Each size is tuned separately"));
    addSection(sections, tr("Launch geometry"), m_launch);
    addSection(sections, tr("Arguments"), m_arguments);
    addSection(sections, tr("Argument contents"), m_contents,
               tr("What each argument holds when a kernel starts: its source, its element "
                  "count and its first values"));
    addSection(sections, tr("Verification"), m_verification);
    addSection(sections, tr("Metrics and objective"), m_metrics);
    sections->addWidget(m_runSettings);
    sections->addStretch();
    m_scroll->setWidget(content);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_issues);
    layout->addWidget(m_scroll, 1);

    createActions();
    connect(m_document, &SpecDocument::validated, this, &SpacePage::refreshStatus);
    // Edits keep the last verdict on screen until the next one (no flicker while typing); a
    // new document clears it at once.
    connect(m_document, &SpecDocument::changed, this, [this](const QString &pointer) {
        if (pointer.isEmpty())
            refreshStatus();
    });
    refreshStatus();
}

SpacePage::~SpacePage()
{
    // An edit still open (a table cell, a field) commits when it loses focus: let it happen now,
    // while every editor is whole, not halfway through tearing the page down.
    if (QWidget *focus = QApplication::focusWidget(); focus && isAncestorOf(focus))
        focus->clearFocus();
    disconnect(m_document, nullptr, this, nullptr);
}

void SpacePage::addSection(QLayout *layout, const QString &title, QWidget *editor,
                           const QString &help)
{
    auto *box = new QGroupBox(title, editor->parentWidget());
    box->setToolTip(help);
    box->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum); // spare height: below
    auto *boxLayout = new QVBoxLayout(box);
    editor->setParent(box);
    boxLayout->addWidget(editor);
    layout->addWidget(box);
}

void SpacePage::createActions()
{
    QUndoStack *stack = m_document->undoStack();
    m_undo = stack->createUndoAction(this, tr("&Undo"));
    m_undo->setShortcuts(QKeySequence::Undo);
    m_redo = stack->createRedoAction(this, tr("&Redo"));
    QList<QKeySequence> redoKeys{QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)};
    for (const auto &key : QKeySequence::keyBindings(QKeySequence::Redo)) {
        if (!redoKeys.contains(key))
            redoKeys << key;
    }
    m_redo->setShortcuts(redoKeys);
    m_save = new QAction(tr("&Save spec"), this);
    m_save->setShortcut(QKeySequence::Save);
    m_save->setToolTip(tr("Write the spec file; values not edited keep their formatting "
                          "(Ctrl+S)"));
    m_save->setEnabled(m_document->isModified());
    connect(m_document, &SpecDocument::modificationChanged, m_save, &QAction::setEnabled);
    for (auto *action : {m_undo, m_redo, m_save}) {
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(action);
    }
}

void SpacePage::refreshStatus()
{
    if (m_document->isValidationPending()) {
        m_status->setText(tr("Checking the spec..."));
        return;
    }
    const auto &issues = m_document->issues();
    if (issues.empty()) {
        m_status->setText(tr("The spec is valid."));
        m_issues->setErrors({});
        return;
    }
    m_status->setText(issues.size() == 1
                          ? tr("The spec has 1 problem; nothing can run until it is fixed.")
                          : tr("The spec has %1 problems; nothing can run until they are fixed.")
                                .arg(issues.size()));
    QStringList lines;
    for (const auto &issue : issues) {
        const QString path = issue.path.empty() ? tr("(spec)") : QString::fromStdString(issue.path);
        lines << path + QStringLiteral(": ") + QString::fromStdString(issue.message);
    }
    QStringList shown = lines.mid(0, kIssuesShown);
    if (lines.size() > kIssuesShown)
        shown << tr("... and %1 more (see the tooltip)").arg(lines.size() - kIssuesShown);
    m_issues->setErrors(shown);
    m_issues->setToolTip(lines.join(QLatin1Char('\n')));
}

} // namespace tb
