#pragma once

#include "compilemetatypes.h"
#include "compilermessage.h"

#include <QList>
#include <QSplitter>

class QModelIndex;
class QPlainTextEdit;
class QTabWidget;
class QTreeView;

namespace tb {

class CodeView;
class CompilerMessagesModel;
class MeasuredFiguresView;
class ResourceUsageView;

// The Kernel page's lower pane: what the last "Compile config" gave. Tabs of the compiler's
// messages, its log and the built code (PTX and SASS for CUDA, TTIR to SASS for Triton, the
// entry's disassembly for cpu), beside the resource usage over what the run on show measured
// for the configuration.
// A click or Enter on a message asks to go to its line (messageActivated()).
class CompilePanel : public QSplitter
{
    Q_OBJECT
public:
    explicit CompilePanel(QWidget *parent = nullptr);

    CompilerMessagesModel *messagesModel() const { return m_messages; }
    QTreeView *messagesView() const { return m_messagesView; }
    QPlainTextEdit *log() const { return m_log; }
    CodeView *codeView() const { return m_code; }
    ResourceUsageView *resourceView() const { return m_resources; }
    MeasuredFiguresView *measuredView() const { return m_measured; }
    QTabWidget *tabs() const { return m_tabs; }

    // Another kernel: nothing compiled yet.
    void clear();
    // A compile of `configLabel` started: what the last one showed is gone.
    void showCompiling(const QString &configLabel);
    // A compile finished: its messages (also returned, parsed from its log), resources, log
    // and code. Bad news with something to click turns to the messages, else to the log.
    QList<CompilerMessage> showOutcome(const CompileOutcome &outcome, const QString &configLabel,
                                       bool cuda);

signals:
    void messageActivated(const QModelIndex &index);

private:
    QWidget *buildFigures();
    void showMessages(const QList<CompilerMessage> &messages);

    CompilerMessagesModel *m_messages;
    QTreeView *m_messagesView;
    QPlainTextEdit *m_log;
    CodeView *m_code;
    ResourceUsageView *m_resources;
    MeasuredFiguresView *m_measured;
    QTabWidget *m_tabs;
};

} // namespace tb
