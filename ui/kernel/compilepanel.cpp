#include "compilepanel.h"

#include "codeview.h"
#include "compilereport.h"
#include "compilerlogparser.h"
#include "compilermessagesmodel.h"
#include "measuredfiguresview.h"
#include "resourceusageview.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTreeView>
#include <QVBoxLayout>

namespace tb {

CompilePanel::CompilePanel(QWidget *parent)
    : QSplitter(Qt::Horizontal, parent), m_messages(new CompilerMessagesModel(this)),
      m_messagesView(new QTreeView(this)), m_log(new QPlainTextEdit(this)),
      m_code(new CodeView(this)), m_resources(new ResourceUsageView(this)),
      m_measured(new MeasuredFiguresView(this)), m_tabs(new QTabWidget(this))
{
    m_messagesView->setModel(m_messages);
    m_messagesView->setRootIsDecorated(false);
    m_messagesView->setUniformRowHeights(true);
    m_messagesView->setAllColumnsShowFocus(true);
    m_messagesView->header()->setStretchLastSection(true);
    m_messagesView->setToolTip(tr("Click a message, or press Enter on it, to go to its line"));
    connect(m_messagesView, &QTreeView::clicked, this, &CompilePanel::messageActivated);
    connect(m_messagesView, &QTreeView::activated, this, &CompilePanel::messageActivated);
    m_log->setReadOnly(true);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setPlaceholderText(tr("The compiler's output appears here after a compile"));
    m_tabs->addTab(m_messagesView, tr("Messages"));
    m_tabs->addTab(m_log, tr("Compile log"));
    m_tabs->addTab(m_code, tr("Code"));
    m_tabs->setTabToolTip(2,
                          tr("The built code of the configuration: PTX and SASS (CUDA), TTIR, "
                             "TTGIR, LLIR, PTX and SASS (Triton), the entry's disassembly (cpu)"));
    addWidget(m_tabs);
    addWidget(buildFigures());
    setStretchFactor(0, 3);
    setStretchFactor(1, 2);
}

// What the compiler says the configuration uses over what the run measured for it.
QWidget *CompilePanel::buildFigures()
{
    auto *figures = new QWidget(this);
    auto *figuresLayout = new QVBoxLayout(figures);
    figuresLayout->setContentsMargins(0, 0, 0, 0);
    figuresLayout->addWidget(m_resources);
    figuresLayout->addWidget(m_measured);
    figuresLayout->addStretch();
    return figures;
}

void CompilePanel::clear()
{
    m_messages->clear();
    m_log->clear();
    m_resources->showPlaceholder(tr("Pick a configuration and press Compile config "
                                    "(Ctrl+B) to see its resource usage."));
}

void CompilePanel::showCompiling(const QString &configLabel)
{
    m_messages->clear();
    m_tabs->setTabText(0, tr("Messages"));
    m_log->setPlainText(tr("Compiling %1...").arg(configLabel));
    m_code->showNote(tr("Compiling %1...").arg(configLabel));
}

QList<CompilerMessage> CompilePanel::showOutcome(const CompileOutcome &outcome,
                                                 const QString &configLabel, bool cuda)
{
    const auto messages =
        CompilerLogParser::parse(QString::fromStdString(outcome.result.compilerLog));
    showMessages(messages);
    m_resources->showOutcome(outcome, cuda);
    m_log->setPlainText(CompileReport::logText(outcome, configLabel));
    if (outcome.built)
        m_code->showListings(outcome.code, QString::fromStdString(outcome.target));
    else
        m_code->showNote(tr("No code for %1: it did not build (see Messages and the Compile "
                            "log).")
                             .arg(configLabel));
    // Bad news with something to click goes to the messages; otherwise the log explains.
    if (CompileReport::isProblem(outcome))
        m_tabs->setCurrentIndex(messages.isEmpty() ? 1 : 0);
    return messages;
}

void CompilePanel::showMessages(const QList<CompilerMessage> &messages)
{
    m_messages->setMessages(messages);
    m_tabs->setTabText(0, messages.isEmpty() ? tr("Messages")
                                             : tr("Messages (%1)").arg(messages.size()));
    for (int column = 0; column < CompilerMessagesModel::TextColumn; ++column)
        m_messagesView->resizeColumnToContents(column);
}

} // namespace tb
