#pragma once

#include <QString>

namespace tb {

// A page that edits a document the user may lose (a kernel source, a spec). The main window
// asks every registered Savable before it closes, creates or opens a workspace, and offers to
// save those that are modified (MainWindow::addSavable).
class Savable
{
public:
    virtual ~Savable();
    virtual bool isModified() const = 0;
    // Saves the document; false when it could not be saved (the page has told the user why).
    virtual bool save() = 0;
    // How the prompt names the document: "matmul.c", "Space of matmul.json".
    virtual QString documentName() const = 0;
};

} // namespace tb
