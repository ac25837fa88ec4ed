#pragma once

#include <QObject>

class QWidget;

namespace tb {

class SpecPages;
class UnsavedChanges;

// File > Open capture folder...: a folder tunebench-capture wrote opens as its spec.json in the
// Space page, as File > Open spec opens a spec (the Run form follows it). The engine writes the
// skeleton there first when the folder has none, and keeps the user's spec.json when it has one
// (tasks/captureskeletonfile.h: what `tunebench-cli capture-skeleton` and the launcher run),
// off the GUI thread. What is still left to fill in, and an incomplete capture's messages, are
// shown; edits of the spec open are offered for saving first.
class OpenCaptureFolder : public QObject
{
    Q_OBJECT
public:
    OpenCaptureFolder(SpecPages *pages, UnsavedChanges *unsaved, QWidget *window);

public slots:
    // Asks for a capture folder, then open()s it.
    void choose();
    void open(const QString &directory);

signals:
    // The capture's spec is open in the Space page; `left` lists what is left to fill in.
    void opened(const QString &specPath, const QString &left);
    // Why it could not be opened (no capture.json, a hostile manifest, no launch recorded).
    void failed(const QString &title, const QString &text);

private:
    struct Outcome;
    void finish(const Outcome &outcome, const QString &directory);

    SpecPages *m_pages;
    UnsavedChanges *m_unsaved;
    QWidget *m_window;
};

} // namespace tb
