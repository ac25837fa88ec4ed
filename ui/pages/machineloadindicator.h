#pragma once

#include "run/sessionevents.h"

#include <QLabel>
#include <QVector>

#include <memory>
#include <optional>

class QTimer;

namespace tb {

class HostLoad;

// Beside the Run page's progress: how busy the rest of the machine is, the figure that makes a
// kernel's time less comparable (measurementCaveats). Between runs it reads the machine itself
// every two seconds (HostLoad: busy CPUs less this process's own), so an engineer sees a build
// running elsewhere before starting a run. During a run the GUI's reading would count the
// workers as others, so it shows the workers' own readings taken around each measurement, and
// how many of the latest results carry a caveat (a GPU that slowed down, a clock mismatch).
// Amber from kOtherCpuLoadCaveat CPUs on, or while results carry caveats.
class MachineLoadIndicator : public QLabel
{
    Q_OBJECT
public:
    explicit MachineLoadIndicator(QWidget *parent = nullptr);
    ~MachineLoadIndicator() override;

    // During a run the figures come from addResults(); between runs from the machine.
    void setRunning(bool running);
    bool isRunning() const { return m_running; }
    void addResults(const QVector<ResultEvent> &batch);

    // Between runs: reads the machine now, over the time since the previous reading.
    void sample();

    bool busy() const { return m_busy; }
    // The other CPUs' load last shown; nullopt before the first figure.
    std::optional<double> otherCpus() const { return m_otherCpus; }

private:
    void showLoad(double cpus, int caveated, int measured);

    QTimer *m_timer;
    std::unique_ptr<HostLoad> m_previous;
    std::optional<double> m_otherCpus;
    bool m_running = false;
    bool m_busy = false;
};

} // namespace tb
