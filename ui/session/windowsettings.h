#pragma once

#include <QString>

class QMainWindow;
class QTabWidget;
class QWidget;

namespace tb {

// How the main window looked when it closed, kept in QSettings: geometry, toolbar and dock
// state, the page shown, and the state of every splitter that has an objectName (pages keep
// their layout however they are ordered or added).
class WindowSettings
{
public:
    static void save(const QMainWindow *window, const QTabWidget *pages);
    // Geometry and state now; returns the objectName of the page to show once it exists.
    static QString restore(QMainWindow *window);
    // Splitters under root, by objectName.
    static void restoreSplitters(QWidget *root);
};

} // namespace tb
