#pragma once

#include "guioptions.h"

#include <functional>

namespace tb {

class MainWindow;

// How the workbench starts, shared by tunebench and tunebench-screenshots so that the pictures
// show the workbench as a user opens it: the same application name (so the same settings), icon
// and appearance, and the window opened from the same options.

// Before the QApplication exists.
void setApplicationInfo();

// The icon and the appearance, before any window exists, so that none is first drawn in the
// wrong colours. Needs resources/app/app.qrc in the executable.
void applyApplicationLook();

// The spec, workspace and workers of options, before anything is shown.
void prepareWindow(MainWindow &window, const GuiOptions &options);

// Calls act once there is something to show: with --run when the run ends, however it ends;
// without, once the workspace's stored run is shown (a run measured elsewhere, e.g. on a GPU
// node). Connect it before showWindow.
void whenRunShown(MainWindow &window, const GuiOptions &options, const std::function<void()> &act);

// Shows the window, then starts the run (--run) or opens the last workspace, which shows its
// stored results and runs nothing.
void showWindow(MainWindow &window, const GuiOptions &options);

} // namespace tb
