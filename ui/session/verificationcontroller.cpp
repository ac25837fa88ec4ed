#include "verificationcontroller.h"

#include "postedcalls.h"
#include "runchoices.h"
#include "tasks/scratchdirectory.h"
#include "verificationlistener.h"

#include <algorithm>

namespace tb {

namespace {

// "PATH: not a Tunebench JSON export" and, on its own line, the engine's hint.
QString describe(const EngineError &error)
{
    QString text = QString::fromStdString(error.message);
    if (!error.detail.empty())
        text += QLatin1Char('\n') + QString::fromStdString(error.detail);
    return text;
}

VerificationPlanInfo planInfo(const ExportCheckPlan &plan)
{
    VerificationPlanInfo info;
    info.specName = QString::fromStdString(plan.spec.name);
    info.device = QString::fromStdString(plan.device);
    info.toolVersion = QString::fromStdString(plan.toolVersion);
    info.configurations = int(plan.shipped.size());
    return info;
}

} // namespace

VerificationController::VerificationController(QObject *parent)
    : QObject(parent), m_posted(new PostedCalls(this))
{
    qRegisterMetaType<tb::VerificationPlanInfo>();
    qRegisterMetaType<tb::ExportVerification>();
    qRegisterMetaType<tb::Progress>();
}

VerificationController::~VerificationController()
{
    m_stop.store(true);
    if (m_thread.joinable())
        m_thread.join();
}

bool VerificationController::start(const VerificationRequest &request)
{
    if (m_running)
        return false;
    if (m_thread.joinable())
        m_thread.join(); // a finished verification whose end has not been handled yet
    m_stop.store(false);
    m_running = true;
    m_thread = std::thread([this, request] { runOnThread(request); });
    return true;
}

void VerificationController::stop()
{
    m_stop.store(true);
}

void VerificationController::post(std::function<void()> call)
{
    m_posted->post(std::move(call));
}

// Run thread: the last call it posts.
void VerificationController::fail(const QString &message)
{
    post([this, message] {
        endRun();
        emit failed(message);
    });
}

// GUI thread, after the run's thread posted its last event.
void VerificationController::endRun()
{
    if (m_thread.joinable())
        m_thread.join();
    m_running = false;
}

void VerificationController::runOnThread(VerificationRequest request)
{
    const auto plan = readExportCheckPlanFile(request.exportPath.toStdString());
    if (!plan)
        return fail(describe(plan.error()));
    post([this, info = planInfo(*plan)] { emit planRead(info); });
    measureOnThread(request, *plan);
}

void VerificationController::measureOnThread(const VerificationRequest &request,
                                             const ExportCheckPlan &plan)
{
    // A workspace of its own, gone with the check: a verification adds no run to the user's.
    const ScratchDirectory scratch;
    if (scratch.path().empty())
        return fail(tr("Cannot make a temporary directory for the run"));
    RunChoices choices;
    choices.workspacePath = scratch.path() + "/verify.tbw";
    choices.workerPath = request.workerPath.toStdString();
    choices.workers = request.workers;
    choices.toolVersion = TUNEBENCH_VERSION;
    choices.stopRequested = &m_stop;
    applyEnabledGpus(request.enabledGpus, choices);
    const auto setup = prepareRun(plan.spec, choices);
    if (!setup)
        return fail(request.exportPath + QStringLiteral(": ") +
                    QString::fromStdString(setup.error().message));
    if (!setup->cudaAnnouncement.empty())
        post(
            [this, line = QString::fromStdString(setup->cudaAnnouncement)] { emit logLine(line); });
    const SessionOptions &options = setup->options;
    VerificationListener listener(this, m_posted);
    // The CLI's call: the same verdicts, and the same extra rounds for inconclusive ones.
    const auto verification = verifyShippedAgain(plan, options, listener, request.policy);
    if (!verification)
        return fail(describe(verification.error()));
    post([this, result = *verification, stopped = verification->stopped] {
        endRun();
        emit finished(result, stopped);
    });
}

} // namespace tb
