#pragma once

#include "session/verificationcontroller.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace tb {

class VerificationModel;

// Run > Verify export...: the check `tunebench-cli verify EXPORT --threshold PCT
// --on-env-change warn|fail` makes, in the workbench. The user picks a JSON export, the
// threshold and what a changed environment does; Verify measures the export's shipped
// configurations again off the GUI thread (VerificationController) with a progress bar and
// Cancel, then shows the CLI's table (size, configuration, exported and new median with their
// intervals, change, verdict), what differs in the environment, and whether it passed. A file
// that is no export, or an export too old to carry its spec, is said in place of the table.
class VerifyExportDialog : public QDialog
{
    Q_OBJECT
public:
    explicit VerifyExportDialog(QWidget *parent = nullptr);
    ~VerifyExportDialog() override;

    void setExportPath(const QString &path);
    QString exportPath() const;
    void setPolicy(const VerifyPolicy &policy);
    VerifyPolicy policy() const;
    // tunebench-worker to measure with; empty (the default): the workbench's own.
    void setWorkerPath(const QString &path) { m_workerPath = path; }
    bool isRunning() const { return m_controller->isRunning(); }

    VerificationModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QProgressBar *progressBar() const { return m_progress; }
    QLabel *errorLabel() const { return m_error; }
    QLabel *environmentLabel() const { return m_environment; }
    QLabel *outcomeLabel() const { return m_outcome; }
    QPushButton *verifyButton() const { return m_verify; }
    QPushButton *cancelButton() const { return m_cancel; }
    QComboBox *envChangeBox() const { return m_onEnvChange; }
    QDoubleSpinBox *thresholdBox() const { return m_threshold; }

public slots:
    // Starts the check of exportPath() (nothing while one is going).
    void verify();
    // Stops the measurement cleanly; the configurations not measured yet read MISSING.
    void cancel();
    void browse();
    // While measuring: cancels, and closes once the workers are down.
    void reject() override;

signals:
    // The check ran to its verdict (also after Cancel: then it did not pass).
    void verified(bool passed);
    // The file is no usable export, or the run failed.
    void verificationFailed(const QString &message);

private:
    void buildForm();
    void buildLayout();
    void setRunning(bool running);
    void showPlan(const VerificationPlanInfo &info);
    void showProgress(const Progress &progress);
    void showVerification(const ExportVerification &verification, bool stopped);
    void showFailure(const QString &message);

    VerificationController *m_controller;
    VerificationModel *m_model;
    QLineEdit *m_path;
    QPushButton *m_browse;
    QDoubleSpinBox *m_threshold;
    QComboBox *m_onEnvChange;
    QLabel *m_plan;
    QProgressBar *m_progress;
    QTableView *m_table;
    QLabel *m_environment;
    QLabel *m_error;
    QLabel *m_outcome;
    QPushButton *m_verify;
    QPushButton *m_cancel;
    QString m_workerPath;
    bool m_closeWhenDone = false;
};

} // namespace tb
