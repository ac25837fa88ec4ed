#include "sessioncontroller.h"

#include "postedcalls.h"
#include "run/session.h"
#include "runchoices.h"
#include "sessionbridge.h"
#include "spec/specloader.h"
#include "tasks/workerlocation.h"

namespace tb {

namespace {

void registerMetaTypes()
{
    qRegisterMetaType<tb::SpecOutline>();
    qRegisterMetaType<tb::SpaceSummary>();
    qRegisterMetaType<tb::ResultEvent>();
    qRegisterMetaType<tb::Progress>();
    qRegisterMetaType<tb::RunSummary>();
    qRegisterMetaType<tb::RoundStart>();
    qRegisterMetaType<tb::RoundEvent>();
    qRegisterMetaType<tb::BenchLane>();
}

QString describeError(const QString &specPath, const EngineError &error)
{
    QString text = specPath + QStringLiteral(": ") + QString::fromStdString(error.message);
    if (!error.detail.empty())
        text += QLatin1Char('\n') + QString::fromStdString(error.detail);
    return text;
}

} // namespace

SessionController::SessionController(QObject *parent)
    : QObject(parent), m_posted(new PostedCalls(this))
{
    registerMetaTypes();
}

SessionController::~SessionController()
{
    m_stop.store(true);
    if (m_thread.joinable())
        m_thread.join();
}

QString SessionController::defaultWorkerPath()
{
    return QString::fromStdString(tb::defaultWorkerPath());
}

bool SessionController::start(const RunRequest &request)
{
    if (m_running)
        return false;
    if (m_thread.joinable())
        m_thread.join(); // a finished run whose end has not been handled yet
    m_stop.store(false);
    m_pauseFlag.store(false);
    m_running = true;
    m_thread = std::thread([this, request] { runOnThread(request); });
    return true;
}

void SessionController::stop()
{
    m_stop.store(true);
}

void SessionController::pause()
{
    if (m_running)
        setPaused(true);
}

void SessionController::resume()
{
    setPaused(false);
}

void SessionController::setPaused(bool paused)
{
    if (paused == m_paused)
        return;
    m_paused = paused;
    m_pauseFlag.store(paused);
    emit pausedChanged(paused);
}

void SessionController::post(std::function<void()> call)
{
    m_posted->post(std::move(call));
}

// Runs on the GUI thread after the run's thread posted its last event.
void SessionController::endRun()
{
    if (m_thread.joinable())
        m_thread.join();
    m_running = false;
    setPaused(false);
}

// The launchers' and the CUDA plan's lines for the log, in the order the policy decided them.
void SessionController::announce(const RunSetup &setup)
{
    if (!setup.launcherAnnouncement.empty())
        post([this, line = QString::fromStdString(setup.launcherAnnouncement)] {
            emit logLine(line);
        });
    if (setup.cudaAnnouncement.empty())
        return;
    const QString line = QString::fromStdString(setup.cudaAnnouncement);
    post([this, line] { emit logLine(line); });
    if (setup.options.compileOnly)
        post([this, line] { emit compilingOnly(line); });
}

void SessionController::runOnThread(RunRequest request)
{
    SpecLoader loader(request.measurementDefaults);
    auto spec = loader.loadFile(request.specPath.toStdString());
    if (!spec) {
        const QString message = describeError(request.specPath, spec.error());
        post([this, message] {
            endRun();
            emit failed(message);
        });
        return;
    }
    SpecOutline outline = specOutline(*spec);

    RunChoices choices = runChoices(request);
    choices.stopRequested = &m_stop;
    choices.pauseRequested = &m_pauseFlag;
    auto setup = prepareRun(*spec, choices);
    if (setup)
        announce(*setup);
    // Announced once the GPUs are known: the results are judged against their peaks.
    if (setup && !setup->options.gpus.empty())
        outline.peaks = effectivePeaks(spec->peaks, setup->options.gpus.front().peaks);
    post([this, outline] { emit specLoaded(outline); });
    if (!setup) {
        const QString message =
            request.specPath + QStringLiteral(": ") + QString::fromStdString(setup.error().message);
        post([this, message] {
            endRun();
            emit failed(message);
        });
        return;
    }
    const SessionOptions &options = setup->options;

    SessionBridge bridge(this, m_posted);
    Session session(*spec, options, bridge);
    auto summary = session.run();
    if (summary) {
        post([this, result = *summary] {
            endRun();
            emit finished(result);
        });
    } else {
        const QString message = describeError(request.specPath, summary.error());
        post([this, message] {
            endRun();
            emit failed(message);
        });
    }
}

} // namespace tb
